public import Foundation

/// Netpbm files: binary graymaps (P5) and pixmaps (P6), 8 or 16 bits a sample.
public enum PNMDecoder {
    /// Reads a P5 or P6 file as 8-bit grayscale; refuses more than `pixelLimit` pixels after reading
    /// the header and before allocating for them.
    public static func decode(_ data: Data, pixelLimit: Int = GrayImage.defaultPixelLimit) throws(ScanError)
        -> GrayImage
    {
        guard ImageFormat(sniffing: data) == .pnm else { throw .notAnImage }
        let bytes = [UInt8](data)
        let channels = bytes[1] == UInt8(ascii: "6") ? 3 : 1
        var header = HeaderReader(bytes: bytes, offset: 2)
        guard let width = header.number(), let height = header.number(), let maximum = header.number() else {
            throw bytes.count < 64 ? .truncated(.pnm) : .damaged(.pnm, detail: "header")
        }
        guard width > 0, height > 0, (1...65_535).contains(maximum) else { throw .damaged(.pnm, detail: "header") }
        let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixelCount <= pixelLimit else {
            throw .tooManyPixels(width: width, height: height, limit: pixelLimit)
        }
        // Exactly one whitespace byte separates the header from the samples.
        let start = header.offset + 1
        let sampleBytes = maximum > 255 ? 2 : 1
        guard start + pixelCount * channels * sampleBytes <= bytes.count else { throw .truncated(.pnm) }
        var pixels = [UInt8](repeating: 0, count: pixelCount)
        bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                for index in 0..<pixelCount {
                    var sum = 0
                    for channel in 0..<channels {
                        let at = start + (index * channels + channel) * sampleBytes
                        let sample = sampleBytes == 2 ? Int(input[at]) << 8 | Int(input[at + 1]) : Int(input[at])
                        // ITU-R BT.601 weights, as libjpeg and libpng use for grayscale.
                        sum += sample * (channels == 1 ? 1000 : [299, 587, 114][channel])
                    }
                    output[index] = UInt8(min(255, (sum / 1000 * 255 + maximum / 2) / maximum))
                }
            }
        }
        guard let image = GrayImage(width: width, height: height, pixels: pixels) else {
            throw .damaged(.pnm, detail: "size")
        }
        return image
    }

    /// Reads the whitespace-separated decimal numbers of a Netpbm header, skipping `#` comments.
    private struct HeaderReader {
        let bytes: [UInt8]
        var offset: Int

        mutating func number() -> Int? {
            while offset < bytes.count {
                if bytes[offset] == UInt8(ascii: "#") {
                    while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) {
                    offset += 1
                } else {
                    break
                }
            }
            var value = 0
            var digits = 0
            while offset < bytes.count, (0x30...0x39).contains(bytes[offset]), digits < 10 {
                value = value * 10 + Int(bytes[offset] - 0x30)
                digits += 1
                offset += 1
            }
            guard digits > 0, offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) else {
                return nil
            }
            return value
        }
    }
}
