/// A picture in colour, 8 bits a channel, rows top to bottom: for looking at what a screen or a
/// printed page shows in colour, where ``GrayImage`` keeps only the light.
public struct ColourImage: Sendable, Equatable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// Red, green and blue of each pixel, row after row.
    public let rgb: [UInt8]

    /// The colour of each pixel as `0xRRGGBB`, counted: how many pixels have each colour.
    public var colourCounts: [UInt32: Int] {
        var counts: [UInt32: Int] = [:]
        for index in stride(from: 0, to: rgb.count - 2, by: 3) {
            counts[UInt32(rgb[index]) << 16 | UInt32(rgb[index + 1]) << 8 | UInt32(rgb[index + 2]), default: 0] += 1
        }
        return counts
    }
}
