import CZBar
import Foundation

/// A code found in an image: its text exactly as the engine decoded it.
public struct DecodedSymbol: Sendable, Hashable {
    /// The text exactly as the engine decoded it, its bytes read as UTF-8.
    public let text: String

    /// A symbol with this text, for comparing with what a decoder found.
    public init(text: String) {
        self.text = text
    }
}

/// Finds QR codes in grayscale images through libzbar or zxing-cpp, in one pass over the picture
/// as it is (zxing-cpp also looks at downscaled copies of a large one).
///
/// Only what the engine itself decodes is returned: nothing is guessed or repaired afterwards.
public enum QRDecoder {
    /// Every QR code the engine finds in the image, in the order it reports them.
    public static func decode(_ image: GrayImage, engine: FoundCode.Engine = .zbar) throws(ScanError)
        -> [DecodedSymbol]
    {
        try engine.scan(image, zbar: ZBarScanner(), thorough: true)
    }
}

extension FoundCode.Engine {
    /// The codes this engine finds in one picture: zbar through the caller's scanner (made once for
    /// a whole cascade), zxing-cpp looking at downscaled copies too when `thorough`.
    func scan(_ picture: GrayImage, zbar scanner: ZBarScanner, thorough: Bool) throws(ScanError) -> [DecodedSymbol] {
        switch self {
        case .zbar: try scanner.scan(picture)
        case .zxing: try ZXingReader.scan(picture, thorough: thorough)
        }
    }
}

/// One zbar image scanner set up for QR codes only; not shared between threads.
final class ZBarScanner {
    private let scanner: OpaquePointer

    /// `density`: zbar looks along every `density`-th row and column for finder patterns.
    init(density: Int = 1) throws(ScanError) {
        guard let scanner = zbar_image_scanner_create() else { throw .library("zbar_image_scanner_create") }
        self.scanner = scanner
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
        zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_X_DENSITY, Int32(density))
        zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_Y_DENSITY, Int32(density))
    }

    deinit {
        zbar_image_scanner_destroy(scanner)
    }

    /// Every QR code zbar finds in the image.
    func scan(_ image: GrayImage) throws(ScanError) -> [DecodedSymbol] {
        guard image.width > 0, image.height > 0 else { return [] }
        guard let zimage = zbar_image_create() else { throw .library("zbar_image_create") }
        defer { zbar_image_destroy(zimage) }
        // zbar keeps the pointer until the image is destroyed, so it gets a copy it frees itself.
        guard let buffer = malloc(image.pixels.count) else { throw .library("malloc") }
        image.pixels.withUnsafeBytes { source in
            if let base = source.baseAddress { memcpy(buffer, base, source.count) }
        }
        zbar_image_set_format(zimage, zbar_fourcc_parse("Y800"))
        zbar_image_set_size(zimage, UInt32(image.width), UInt32(image.height))
        zbar_image_set_data(zimage, buffer, UInt(image.pixels.count), zbar_image_free_data)

        guard zbar_scan_image(scanner, zimage) >= 0 else { throw .library("zbar_scan_image") }
        var symbols: [DecodedSymbol] = []
        var symbol = zbar_image_first_symbol(zimage)
        while let current = symbol {
            if zbar_symbol_get_type(current) == ZBAR_QRCODE, let data = zbar_symbol_get_data(current) {
                let length = Int(zbar_symbol_get_data_length(current))
                let bytes = UnsafeRawBufferPointer(start: data, count: length)
                symbols.append(DecodedSymbol(text: String(decoding: bytes, as: UTF8.self)))
            }
            symbol = zbar_symbol_next(current)
        }
        return symbols
    }
}
