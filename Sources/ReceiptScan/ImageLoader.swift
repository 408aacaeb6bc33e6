public import Foundation

/// Reads image files of every supported kind into grayscale, choosing the decoder by content.
public enum ImageLoader {
    /// The picture in `data`, refused before any large allocation when it claims more than
    /// `pixelLimit` pixels.
    public static func load(_ data: Data, pixelLimit: Int = GrayImage.defaultPixelLimit) throws(ScanError) -> GrayImage
    {
        guard let format = ImageFormat(sniffing: data) else { throw .notAnImage }
        switch format {
        case .png: return try PNGCodec.decode(data, pixelLimit: pixelLimit)
        case .webp: return try WebPDecoder.decode(data, pixelLimit: pixelLimit)
        case .jpeg: return try JPEGCodec.decode(data, pixelLimit: pixelLimit)
        case .pnm: return try PNMDecoder.decode(data, pixelLimit: pixelLimit)
        }
    }
}
