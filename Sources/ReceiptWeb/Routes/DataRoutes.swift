import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ReceiptCore
import ReceiptStore

/// Keeping the data: where the database lives, and a checked copy of it downloaded, as `receipts
/// backup` writes one.
struct DataRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/database") { request, context in
            let words = RequestValues(request, context).words
            let database = app.database
            let receipts = try await app.inDatabase { try $0.receiptCount() }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: database.path))?[.size] as? Int64 ?? 0
            return try WebApp.json(DatabaseView(path: database.path, bytes: bytes, receipts: receipts, words: words))
        }
        router.get("/api/backup") { request, context in try await backup(RequestValues(request, context)) }
    }

    /// A copy made as `receipts backup` makes it (SQLite's online backup, then its integrity check)
    /// in a file only this user can read, sent as `receipts-YYYY-MM-DD.sqlite` and gone from the
    /// disk as soon as it is open: nothing stays behind, even when the download is left unfinished.
    /// `X-Backup-Text` says what it holds, percent-encoded UTF-8 (`receipts backup`'s line).
    private func backup(_ asked: RequestValues) async throws -> Response {
        let file = NSTemporaryDirectory() + "/receipts-web-backup-\(UUID().uuidString).sqlite"
        let (backup, handle) = try await app.inDatabase { database in
            let backup = try database.backUp(to: file)
            defer { unlink(file) }
            return (backup, try FileHandle(forReadingFrom: URL(fileURLWithPath: file)))
        }
        let today = try app.now()
        let name = "receipts-\(today.iso.prefix(10)).sqlite"
        let text = asked.words.backupMade(name: name, receipts: backup.receipts, bytes: backup.bytes)
        let app = self.app
        let body = ResponseBody(contentLength: Int(backup.bytes)) { writer in
            defer { try? handle.close() }
            while true {
                let chunk = try await app.offLoop { try handle.read(upToCount: 1 << 20) ?? Data() }
                if chunk.isEmpty { break }
                try await writer.write(ByteBuffer(bytes: chunk))
            }
            try await writer.finish(nil)
        }
        var headers: HTTPFields = [
            .contentType: "application/vnd.sqlite3", .contentDisposition: "attachment; filename=\"\(name)\"",
        ]
        if let field = HTTPField.Name("X-Backup-Text") {
            headers[field] = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}

/// Where the database lives: `{"path", "bytes", "receipts", "text"}`.
struct DatabaseView: Encodable {
    let path: String
    let bytes: Int64
    let receipts: Int
    /// `The database: /home/…/receipts.sqlite, 1.6 MB, 1,234 receipts.`
    let text: String

    init(path: String, bytes: Int64, receipts: Int, words: WebWords) {
        self.path = path
        self.bytes = bytes
        self.receipts = receipts
        text = words.databaseAt(path, bytes: bytes, receipts: receipts)
    }
}
