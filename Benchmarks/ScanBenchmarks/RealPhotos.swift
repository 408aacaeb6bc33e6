import Foundation

/// A photo of zxing-cpp's own test set (`Tests/Fixtures/qr-photos`, where they come from in its
/// SOURCES.md): the text its QR code says, as zxing-cpp's `.txt` beside it has it, or nil for a
/// photo without a code (the `falsepositives-*` folders).
struct RealPhoto {
    let file: String
    let expected: String?
    /// The folder it is in, `qrcode-4` say: the tallies' rows.
    var folder: String { URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent }
    /// The file's name inside the set, `qrcode-4/05.webp`.
    var name: String { folder + "/" + URL(fileURLWithPath: file).lastPathComponent }

    /// The set's photos, folder by folder and file by file; a QR photo without its `.txt` is left out.
    static func all(in root: String) -> [RealPhoto] {
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).filter {
            $0.hasPrefix("qrcode-") || $0.hasPrefix("falsepositives-")
        }
        var photos: [RealPhoto] = []
        for folder in folders.sorted() {
            let files = ((try? manager.contentsOfDirectory(atPath: root + "/" + folder)) ?? []).sorted()
            for file in files where ["png", "jpg", "webp"].contains(URL(fileURLWithPath: file).pathExtension) {
                let path = root + "/" + folder + "/" + file
                guard folder.hasPrefix("qrcode-") else {
                    photos.append(RealPhoto(file: path, expected: nil))
                    continue
                }
                let text = URL(fileURLWithPath: path).deletingPathExtension().path + ".txt"
                guard let data = manager.contents(atPath: text) else { continue }
                photos.append(RealPhoto(file: path, expected: String(decoding: data, as: UTF8.self)))
            }
        }
        return photos
    }
}
