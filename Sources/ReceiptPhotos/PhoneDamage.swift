import ReceiptCore

/// The damage of phone photos of real receipts, for the yardstick that is not calibrated against
/// our own reader: every photo is taken by hand (turned, a little slanted, saved as a phone's
/// JPEG), and each kind adds one thing that makes real photos hard, over five levels.
///
/// Calibrated against zxing-cpp from PyPI (the scan benchmark's outside yardstick) so that it
/// reads about four in five of the set; ``PhotoDamage`` is the older set, calibrated against zbar.
public enum PhoneDamage: String, Sendable, CaseIterable {
    /// The receipt's plane turned 15–45° away from the camera.
    case perspective
    /// Curled thermal paper.
    case curl
    /// Camera shake: motion blur of up to two modules.
    case motion
    /// Out of focus.
    case focus
    /// Spots of shop light reflected by the glossy paper.
    case glare
    /// A dim shop: little contrast and strong sensor noise.
    case lowLight = "low-light"
    /// Saved at JPEG quality 70 down to 40.
    case jpeg
    /// Codes with modules of 3 down to 1.5 pixels.
    case small
    /// Faded thermal print, lighter in patches.
    case faded
    /// A little of everything at once.
    case mixed

    /// The `variant`-th photo of this damage: the severity (five levels) and the framing vary with
    /// it, the same for the same arguments on every run. `width × height` is the frame.
    public func photo(of payload: String, width: Int, height: Int, variant: Int) -> ReceiptPhoto {
        let index = Self.allCases.firstIndex(of: self) ?? 0
        var generator = SeededRandom(seed: UInt64(variant) &* 104_729 &+ UInt64(index) &* 31 &+ 5)
        var photo = ReceiptPhoto.framed(payload, width: width, height: height, using: &generator)
        photo.seed = UInt64(variant) &+ 101
        // Every photo is taken by hand: turned, slanted a little, noisy, a phone's JPEG.
        photo.degrees = .random(in: -20...20, using: &generator)
        photo.perspective = .random(in: 0...10, using: &generator)
        photo.perspectiveAxis = .random(in: 0..<180, using: &generator)
        photo.noise = 4
        photo.jpegQuality = Int.random(in: 75...90, using: &generator)
        let strength = Double(variant % 5) / 4  // 0, ¼, ½, ¾, 1
        switch self {
        case .perspective:
            photo.perspective = 15 + 30 * strength
        case .curl:
            photo.curl = 0.4 + 0.6 * strength
        case .motion:
            photo.motionLength = photo.modulePixels * (0.6 + 1.4 * strength)
            photo.motionDegrees = .random(in: 0..<180, using: &generator)
        case .focus:
            photo.blur = max(1, Int((photo.modulePixels * (0.2 + 0.3 * strength)).rounded()))
        case .glare:
            photo.glareSpots = 1 + Int(3 * strength)
            photo.glareStrength = 0.75 + 0.25 * strength
        case .lowLight:
            photo.black = 10
            photo.white = UInt8(110 - 45 * strength)
            photo.noise = 8 + 10 * strength
        case .jpeg:
            photo.jpegQuality = 70 - Int(30 * strength)
            photo.modulePixels = max(2, photo.modulePixels * 0.8)
        case .small:
            photo.modulePixels = 3 - 1.5 * strength + .random(in: 0...0.2, using: &generator)
        case .faded:
            photo.fade = 0.6 + 0.35 * strength
        case .mixed:
            photo.perspective = 20
            photo.curl = 0.3
            photo.motionLength = photo.modulePixels * 0.5
            photo.motionDegrees = .random(in: 0..<180, using: &generator)
            photo.glareSpots = 1
            photo.fade = 0.4
            photo.noise = 6
            photo.jpegQuality = 60
        }
        return photo
    }
}
