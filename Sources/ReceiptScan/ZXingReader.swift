import CZXingShim

/// Finds QR codes in grayscale images through zxing-cpp, the second engine of
/// ``ReceiptCodeReader``: asked where zbar found no fiscal payload.
///
/// As with zbar, only what zxing-cpp decoded (its Reed–Solomon check passed) is returned.
enum ZXingReader {
    /// Every QR code zxing-cpp finds in the image. `thorough` lets it also look at downscaled copies:
    /// for whole photos; crops around a code are read as they are.
    static func scan(_ image: GrayImage, thorough: Bool) throws(ScanError) -> [DecodedSymbol] {
        guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height else {
            return []
        }
        var codes: UnsafeMutablePointer<receipts_zxing_code>?
        var count: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(RECEIPTS_ZXING_MESSAGE_LENGTH))
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            receipts_zxing_read(
                pixels.baseAddress, Int32(image.width), Int32(image.height), thorough ? 1 : 0, &codes, &count,
                &message)
        }
        defer { receipts_zxing_free(codes, count) }
        guard status == RECEIPTS_ZXING_OK else {
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .library("zxing-cpp: \(detail)")
        }
        guard let codes else { return [] }
        return (0..<Int(count)).map { index in
            let code = codes[index]
            let bytes = UnsafeRawBufferPointer(start: code.text, count: code.length)
            return DecodedSymbol(text: String(decoding: bytes, as: UTF8.self))
        }
    }
}
