/// How a camera says its picture must be turned to stand upright: the TIFF orientation tag (0x0112)
/// of the Exif block in a JPEG's APP1 segment.
public enum ExifOrientation: UInt16, Sendable, Equatable, CaseIterable {
    case up = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    case leftMirrored = 5
    case rotatedClockwise = 6
    case rightMirrored = 7
    case rotatedCounterclockwise = 8

    /// The orientation a JPEG file states, `.up` when it states none or the Exif block is unreadable.
    /// Every offset is checked against the data: a broken block is ignored, never trusted.
    public init(jpeg bytes: [UInt8]) {
        self = Self.exifBlock(in: bytes).flatMap(Self.orientation(inTIFF:)) ?? .up
    }

    /// The payload of the first APP1 segment that starts with `Exif\0\0`, found by walking the
    /// segments from the start of the file to the start of the scan.
    private static func exifBlock(in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            let body = bytes[(offset + 4)..<(offset + 2 + length)]
            if marker == 0xE1, body.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { return body.dropFirst(6) }
            offset += 2 + length
        }
        return nil
    }

    /// The orientation entry of IFD0 in a TIFF structure, either byte order.
    private static func orientation(inTIFF block: ArraySlice<UInt8>) -> ExifOrientation? {
        let tiff = Array(block)
        guard tiff.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func read16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            let (a, b) = (Int(tiff[at]), Int(tiff[at + 1]))
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func read32(_ at: Int) -> Int? {
            guard let low = read16(littleEndian ? at : at + 2), let high = read16(littleEndian ? at + 2 : at) else {
                return nil
            }
            return high << 16 | low
        }
        guard read16(2) == 42, let directory = read32(4), let count = read16(directory) else { return nil }
        for index in 0..<count {
            let entry = directory + 2 + index * 12
            guard let tag = read16(entry) else { return nil }
            // Type 3 is SHORT: the value sits in the first two bytes of the value field.
            if tag == 0x0112, read16(entry + 2) == 3, let value = read16(entry + 8) {
                return ExifOrientation(rawValue: UInt16(value))
            }
        }
        return nil
    }

    /// A minimal Exif block (big-endian TIFF, one IFD0 entry) that states this orientation.
    var exifSegment: [UInt8] {
        let value = rawValue
        return [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
            + [0x4D, 0x4D, 0, 42, 0, 0, 0, 8]  // TIFF header, IFD0 at 8
            + [0, 1]  // one entry
            + [0x01, 0x12, 0, 3, 0, 0, 0, 1, UInt8(value >> 8), UInt8(value & 0xFF), 0, 0]
            + [0, 0, 0, 0]  // no next IFD
    }
}
