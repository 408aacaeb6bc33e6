import CPNG
public import Foundation

/// PNG files through libpng's simplified API, which reports errors without `setjmp`.
public enum PNGCodec {
    /// Reads a PNG of any colour type as 8-bit grayscale; refuses more than `pixelLimit` pixels
    /// before allocating for them.
    public static func decode(_ data: Data, pixelLimit: Int = GrayImage.defaultPixelLimit) throws(ScanError)
        -> GrayImage
    {
        let (width, height, pixels) = try read(
            data, format: png_uint_32(PNG_FORMAT_GRAY), channels: 1, pixelLimit: pixelLimit)
        guard let result = GrayImage(width: width, height: height, pixels: pixels) else {
            throw .damaged(.png, detail: "size")
        }
        return result
    }

    /// Reads a PNG of any colour type as 8-bit RGB, with the same checks as ``decode(_:pixelLimit:)``.
    public static func decodeColour(_ data: Data, pixelLimit: Int = GrayImage.defaultPixelLimit) throws(ScanError)
        -> ColourImage
    {
        let (width, height, pixels) = try read(
            data, format: png_uint_32(PNG_FORMAT_RGB), channels: 3, pixelLimit: pixelLimit)
        return ColourImage(width: width, height: height, rgb: pixels)
    }

    private static func read(_ data: Data, format: png_uint_32, channels: Int, pixelLimit: Int) throws(ScanError) -> (
        width: Int, height: Int, pixels: [UInt8]
    ) {
        guard ImageFormat(sniffing: data) == .png else { throw .notAnImage }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        let bytes = [UInt8](data)
        let started = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard started != 0 else { throw failure(bytes, &image) }
        defer { png_image_free(&image) }
        let width = Int(image.width)
        let height = Int(image.height)
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= pixelLimit,
            !width.multipliedReportingOverflow(by: height).overflow
        else { throw .tooManyPixels(width: width, height: height, limit: pixelLimit) }
        image.format = format
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
        guard finished != 0 else { throw failure(bytes, &image) }
        return (width, height, pixels)
    }

    /// Writes the image as an 8-bit grayscale PNG.
    public static func encode(_ gray: GrayImage) throws(ScanError) -> Data {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(gray.width)
        image.height = png_uint_32(gray.height)
        image.format = png_uint_32(PNG_FORMAT_GRAY)
        var size: png_alloc_size_t = 0
        // The first call measures, the second writes.
        let measured = gray.pixels.withUnsafeBytes {
            png_image_write_to_memory(&image, nil, &size, 0, $0.baseAddress, 0, nil)
        }
        guard measured != 0, size > 0 else { throw .library(message(of: &image)) }
        var output = [UInt8](repeating: 0, count: Int(size))
        let written = output.withUnsafeMutableBytes { target in
            gray.pixels.withUnsafeBytes {
                png_image_write_to_memory(&image, target.baseAddress, &size, 0, $0.baseAddress, 0, nil)
            }
        }
        guard written != 0 else { throw .library(message(of: &image)) }
        return Data(output.prefix(Int(size)))
    }

    /// What went wrong: a file without its closing IEND chunk was cut short, anything else is damaged.
    private static func failure(_ bytes: [UInt8], _ image: inout png_image) -> ScanError {
        let trailer: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return bytes.suffix(8).elementsEqual(trailer) ? .damaged(.png, detail: message(of: &image)) : .truncated(.png)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
