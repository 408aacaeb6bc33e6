import CWebP
public import Foundation

/// WebP files through libwebp: the luma plane of its YUV output is the grayscale picture.
public enum WebPDecoder {
    /// Reads a WebP file as 8-bit grayscale; refuses more than `pixelLimit` pixels before decoding.
    public static func decode(_ data: Data, pixelLimit: Int = GrayImage.defaultPixelLimit) throws(ScanError)
        -> GrayImage
    {
        guard ImageFormat(sniffing: data) == .webp else { throw .notAnImage }
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBufferPointer { buffer throws(ScanError) -> GrayImage in
            guard let base = buffer.baseAddress else { throw .notAnImage }
            var width: Int32 = 0
            var height: Int32 = 0
            // The RIFF header states the file's length: fewer bytes than that is a file cut short.
            let stated = 8 + (buffer.count >= 8 ? (4..<8).reduce(0) { $0 | Int(buffer[$1]) << (8 * ($1 - 4)) } : 0)
            guard WebPGetInfo(base, buffer.count, &width, &height) != 0 else {
                throw buffer.count < stated ? .truncated(.webp) : .damaged(.webp, detail: "header")
            }
            let (pixelCount, overflow) = Int(width).multipliedReportingOverflow(by: Int(height))
            guard !overflow, pixelCount <= pixelLimit else {
                throw .tooManyPixels(width: Int(width), height: Int(height), limit: pixelLimit)
            }
            var u: UnsafeMutablePointer<UInt8>?
            var v: UnsafeMutablePointer<UInt8>?
            var stride: Int32 = 0
            var uvStride: Int32 = 0
            guard let luma = WebPDecodeYUV(base, buffer.count, &width, &height, &u, &v, &stride, &uvStride) else {
                throw buffer.count < stated ? .truncated(.webp) : .damaged(.webp, detail: "data")
            }
            defer { WebPFree(luma) }
            var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height))
            for row in 0..<Int(height) {
                let source = UnsafeBufferPointer(start: luma + row * Int(stride), count: Int(width))
                pixels.replaceSubrange(row * Int(width)..<(row + 1) * Int(width), with: source)
            }
            guard let image = GrayImage(width: Int(width), height: Int(height), pixels: pixels) else {
                throw .damaged(.webp, detail: "size")
            }
            return image
        }
    }
}
