import ReceiptCore

/// The kinds of damage a phone photo of a receipt suffers, each of which alone defeats plain zbar
/// at its harder settings.
public enum PhotoDamage: String, Sendable, CaseIterable {
    case rotation, tilt, blur, noise, dark, shrink, jpeg, mixed

    /// The `variant`-th photo of this damage: the severity and the framing vary with it, the same
    /// for the same arguments on every run. `width × height` is the frame (1.5 or 12 MP, say).
    public func photo(of payload: String, width: Int, height: Int, variant: Int) -> ReceiptPhoto {
        var generator = SeededRandom(seed: UInt64(variant) &* 7919 &+ UInt64(hashSeed))
        var photo = ReceiptPhoto.framed(payload, width: width, height: height, using: &generator)
        photo.seed = UInt64(variant) &+ 1
        photo.degrees = .random(in: -4...4, using: &generator)
        photo.noise = 3
        let strength = Double(variant % 5) / 4  // 0, ¼, ½, ¾, 1: five levels of the damage
        switch self {
        case .rotation:
            photo.degrees = [20, 45, 90, 135, 180, 250, 315][variant % 7] + .random(in: -10...10, using: &generator)
        case .tilt:
            photo.tilt = 0.25 + 0.3 * strength
            photo.degrees = .random(in: -25...25, using: &generator)
        case .blur:
            photo.blur = max(1, Int((photo.modulePixels * (0.15 + 0.25 * strength)).rounded()))
        case .noise:
            photo.noise = 20 + 25 * strength
        case .dark:
            photo.black = UInt8(20 + 25 * strength)
            photo.white = UInt8(max(70, 130 - 50 * strength))
            photo.shadow = 0.2 + 0.4 * strength
        case .shrink:
            photo.modulePixels = 1.6 + 1.0 * (1 - strength) + .random(in: 0...0.3, using: &generator)
        case .jpeg:
            photo.jpegQuality = 30 - Int(25 * strength)
            photo.modulePixels = max(2.5, photo.modulePixels * 0.7)
        case .mixed:
            photo.degrees = .random(in: -30...30, using: &generator)
            photo.tilt = 0.15
            photo.blur = Int(photo.modulePixels / 5)
            photo.noise = 8
            photo.black = 40
            photo.white = 180
            photo.shadow = 0.3
            photo.jpegQuality = 60
        }
        return photo
    }

    private var hashSeed: Int {
        Self.allCases.firstIndex(of: self) ?? 0
    }
}
