import CJPEGShim
public import Foundation

/// JPEG files through libjpeg-turbo, behind a small C shim whose error handler returns instead of
/// calling `exit()`.
public enum JPEGCodec {
    /// Reads a JPEG as 8-bit grayscale, turned upright as its Exif orientation says; refuses more
    /// than `pixelLimit` pixels after reading the header and before allocating for them.
    public static func decode(_ data: Data, pixelLimit: Int = GrayImage.defaultPixelLimit) throws(ScanError)
        -> GrayImage
    {
        guard ImageFormat(sniffing: data) == .jpeg else { throw .notAnImage }
        let bytes = [UInt8](data)
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(RECEIPTS_JPEG_MESSAGE_LENGTH))
        let header = bytes.withUnsafeBufferPointer { buffer in
            receipts_jpeg_read_size(buffer.baseAddress, buffer.count, &width, &height, &message)
        }
        try check(header, message)
        let (pixelCount, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
        guard width > 0, height > 0, !overflow, pixelCount <= pixelLimit else {
            throw .tooManyPixels(width: Int(width), height: Int(height), limit: pixelLimit)
        }
        var pixels = [UInt8](repeating: 0, count: pixelCount)
        let status = pixels.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { buffer in
                receipts_jpeg_decode_gray(buffer.baseAddress, buffer.count, target.baseAddress, width, height, &message)
            }
        }
        try check(status, message)
        guard let image = GrayImage(width: Int(width), height: Int(height), pixels: pixels) else {
            throw .damaged(.jpeg, detail: "size")
        }
        return image.oriented(ExifOrientation(jpeg: bytes))
    }

    /// Writes the image as a baseline grayscale JPEG at `quality` (1…100), with an Exif block saying
    /// `orientation` when it is not the upright one.
    public static func encode(_ image: GrayImage, quality: Int = 85, orientation: ExifOrientation = .up)
        throws(ScanError) -> Data
    {
        let exif = orientation == .up ? [] : orientation.exifSegment
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: Int(RECEIPTS_JPEG_MESSAGE_LENGTH))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            exif.withUnsafeBufferPointer { app1 in
                receipts_jpeg_encode_gray(
                    pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(quality), app1.baseAddress,
                    app1.count, &output, &size, &message)
            }
        }
        guard status == RECEIPTS_JPEG_OK, let output else { throw .library(text(message)) }
        defer { receipts_jpeg_free(output) }
        return Data(bytes: output, count: Int(size))
    }

    private static func check(_ status: receipts_jpeg_status, _ message: [CChar]) throws(ScanError) {
        switch status {
        case RECEIPTS_JPEG_OK: return
        case RECEIPTS_JPEG_TRUNCATED: throw .truncated(.jpeg)
        default: throw .damaged(.jpeg, detail: text(message))
        }
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
