/// A part of a picture that probably holds a QR code: the square around finder patterns (the three
/// nested squares in a QR code's corners), with the module size they suggest.
struct CodeRegion: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    /// Estimated pixels a module.
    var module: Double
    /// How many finder patterns the region holds, 1…3.
    var finders: Int

    /// True when most of the smaller of the two regions lies inside the other.
    func overlaps(_ other: CodeRegion) -> Bool {
        let width = min(x + self.width, other.x + other.width) - max(x, other.x)
        let height = min(y + self.height, other.y + other.height) - max(y, other.y)
        guard width > 0, height > 0 else { return false }
        return width * height * 2 > min(self.width * self.height, other.width * other.height)
    }

    /// The region in a picture `factor` times larger.
    func scaled(by factor: Int) -> CodeRegion {
        CodeRegion(
            x: x * factor, y: y * factor, width: width * factor, height: height * factor,
            module: module * Double(factor), finders: finders)
    }
}
