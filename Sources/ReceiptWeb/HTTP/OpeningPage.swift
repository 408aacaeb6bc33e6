import Foundation
import ReceiptCore

/// The file `receipts web --open` hands the browser: a page only this user may read that sends the
/// browser on to the app with a one-time code. Its path, not the code, is what the opener's
/// arguments show to other users of the machine (`ps`, `/proc/*/cmdline`), as Jupyter does.
///
/// The file lies in `$XDG_RUNTIME_DIR/receipts` when the session has such a folder of this user's
/// only, else in a folder of its own made 0700 in the temporary folder; it is mode 0600 from its
/// first byte and is removed, with the folder the tool made, by ``remove()``.
public struct OpeningPage: Sendable {
    /// The file's path, for the opener.
    public let path: String
    /// The folder made for it alone, removed with it; nil inside the runtime folder.
    let madeFolder: String?

    /// Writes the page that opens `address` (the app's address with its code) for the app on `port`.
    public init(opening address: String, port: Int, environment: [String: String]) throws {
        let folder: String
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), PrivateFile.isPrivateFolder(runtime) {
            folder = runtime + "/receipts"
            try PrivateFile.makeFolders(for: folder + "/page")
            guard PrivateFile.isPrivateFolder(folder) else {
                throw ForeignFile(path: folder, owner: PrivateFile.owner(of: folder))
            }
            madeFolder = nil
        } else {
            let pattern = (NSTemporaryDirectory() as NSString).appendingPathComponent("receipts-web-XXXXXX")
            var template = Array(pattern.utf8CString)
            guard let made = mkdtemp(&template) else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            folder = String(cString: made)
            madeFolder = folder
        }
        path = folder + "/web-\(port)-open.html"
        unlink(path)
        let descriptor = try PrivateFile.create(path)
        let page = Self.page(address)
        let written = page.withCString { write(descriptor, $0, strlen($0)) }
        close(descriptor)
        guard written == page.utf8.count else {
            remove()
            throw POSIXError(.EIO)
        }
    }

    /// Removes the file, and the folder made for it.
    public func remove() {
        unlink(path)
        if let madeFolder { rmdir(madeFolder) }
    }

    /// The page: it sends the browser on at once, and links the address for a browser that does not.
    static func page(_ address: String) -> String {
        let escaped = address.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "\"", with: "&quot;"
        )
        .replacingOccurrences(of: "<", with: "&lt;")
        return """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8">
            <meta http-equiv="refresh" content="0; url=\(escaped)">
            <title>receipts</title></head>
            <body><p><a href="\(escaped)">receipts</a></p></body></html>

            """
    }
}
