import CWebP
import Foundation
import ReceiptScan
import Testing

/// WebP files for the tests, made by libwebp's own encoder (the project only reads WebP).
enum WebPFile {
    /// A lossless WebP of the picture.
    static func encode(_ image: GrayImage) throws -> Data {
        let rgb = image.pixels.flatMap { [$0, $0, $0] }
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgb.withUnsafeBufferPointer { buffer in
            WebPEncodeLosslessRGB(
                buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 3), &output)
        }
        let encoded = try #require(output)
        defer { WebPFree(encoded) }
        return Data(bytes: encoded, count: size)
    }
}
