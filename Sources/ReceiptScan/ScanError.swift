public import ReceiptCore

/// Why an image could not be read, written or made.
public enum ScanError: Error, Equatable, LocalizedMessage {
    /// The bytes are not an image of a supported kind (PNG, JPEG, WebP, PGM/PPM).
    case notAnImage
    /// The file claims more pixels than the limit: refused before any large allocation.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The decoder found the data damaged.
    case damaged(ImageFormat, detail: String)
    /// The file ends before its picture does.
    case truncated(ImageFormat)
    /// The text cannot be put in a QR code (too long for the largest version).
    case tooLongForQRCode(length: Int)
    /// A C library failed for a reason of its own.
    case library(String)

    /// What is wrong with the file, as `receipts scan` prints it beside the file's name.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .notAnImage:
            return ru
                ? "это не изображение (поддерживаются PNG, JPEG, WebP, PGM/PPM)"
                : "not an image (PNG, JPEG, WebP and PGM/PPM are supported)"
        case .tooManyPixels(let width, let height, let limit):
            return ru
                ? "изображение \(width)×\(height) больше допустимых \(limit / 1_000_000) мегапикселей"
                : "the image is \(width)×\(height), more than the \(limit / 1_000_000) megapixel limit"
        case .damaged(let format, let detail):
            return ru
                ? "файл \(format.rawValue.uppercased()) повреждён (\(detail))"
                : "the \(format.rawValue.uppercased()) file is damaged (\(detail))"
        case .truncated(let format):
            return ru
                ? "файл \(format.rawValue.uppercased()) обрезан: данные кончаются раньше изображения"
                : "the \(format.rawValue.uppercased()) file is truncated: the data ends before the picture"
        case .tooLongForQRCode(let length):
            return ru
                ? "текст из \(length) байт не помещается в QR-код"
                : "a text of \(length) bytes does not fit in a QR code"
        case .library(let detail):
            return ru ? "ошибка библиотеки изображений: \(detail)" : "image library error: \(detail)"
        }
    }
}
