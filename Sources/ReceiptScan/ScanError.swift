import ReceiptCore

/// Why an image could not be read, written or made.
public enum ScanError: Error, Equatable, LocalizedMessage {
    /// The bytes are not an image of a supported kind (PNG, JPEG, WebP, PGM/PPM).
    case notAnImage
    /// The image kind is recognised but this build cannot read it yet.
    case unsupportedFormat(ImageFormat)
    /// The file claims more pixels than the limit: refused before any large allocation.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The decoder found the data damaged or cut short.
    case damaged(ImageFormat, detail: String)
    /// The text cannot be put in a QR code (too long for the largest version).
    case tooLongForQRCode(length: Int)
    /// A C library failed for a reason of its own.
    case library(String)

    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .notAnImage:
            return ru
                ? "это не изображение (поддерживаются PNG, JPEG, WebP, PGM/PPM)"
                : "not an image (PNG, JPEG, WebP and PGM/PPM are supported)"
        case .unsupportedFormat(let format):
            return ru
                ? "изображения \(format.rawValue.uppercased()) эта версия пока не читает"
                : "this version cannot read \(format.rawValue.uppercased()) images yet"
        case .tooManyPixels(let width, let height, let limit):
            return ru
                ? "изображение \(width)×\(height) больше допустимых \(limit / 1_000_000) мегапикселей"
                : "the image is \(width)×\(height), more than the \(limit / 1_000_000) megapixel limit"
        case .damaged(let format, let detail):
            return ru
                ? "файл \(format.rawValue.uppercased()) повреждён или обрезан (\(detail))"
                : "the \(format.rawValue.uppercased()) file is damaged or truncated (\(detail))"
        case .tooLongForQRCode(let length):
            return ru
                ? "текст из \(length) байт не помещается в QR-код"
                : "a text of \(length) bytes does not fit in a QR code"
        case .library(let detail):
            return ru ? "ошибка библиотеки изображений: \(detail)" : "image library error: \(detail)"
        }
    }
}
