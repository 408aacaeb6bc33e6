import FiscalProviders
import Foundation
import Hummingbird
import NIOCore
import ReceiptCore
import ReceiptMail
import ReceiptReports
import ReceiptStore
import ReceiptSync

/// Signing in to the receipts server and importing from it, as `receipts login` and `receipts
/// import` do, with the session they keep; the import's progress as server-sent events.
struct ImportRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/session") { request, context in try await session(RequestValues(request, context)) }
        router.post("/api/session") { request, context in
            try await signIn(
                RequestValues(request, context), try await request.decode(as: SignInRequest.self, context: context))
        }
        router.get("/api/import") { request, context in
            try WebApp.json(ImportProgressView(app.importRun.snapshot, words: RequestValues(request, context).words))
        }
        router.post("/api/import") { request, context in try await start(RequestValues(request, context)) }
        router.get("/api/import/events") { request, context in events(RequestValues(request, context)) }
        router.post("/api/import/file") { request, context in
            try await importFile(request, RequestValues(request, context))
        }
    }

    /// One export file (the body, its name in `?name=`) imported as `receipts import FILE` imports
    /// it: in one transaction, then the guesses settled; a file that is not an export is 422 with
    /// the command's reason, and nothing of it is saved.
    private func importFile(_ request: Request, _ asked: RequestValues) async throws -> Response {
        let name = asked.text("name") ?? "—"
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: WebApp.largestExport)
        } catch is NIOTooManyBytesError {
            throw WebError(status: .contentTooLarge, message: asked.words.exportTooLarge(WebApp.largestExport))
        }
        if body.withUnsafeReadableBytes({ MailFiles.looksLikeMail($0) }) {
            return try await importLetters(body, name: name, asked)
        }
        do {
            let summary = try await app.inDatabase { database in
                let summary = try body.withUnsafeReadableBytes { bytes in
                    // The body's own bytes, not a copy of them: the buffer outlives the import.
                    try ImportSummary.savingFile(Self.data(viewing: bytes), into: database)
                }
                // As the command does after its files: the new names' guesses made again with all of them.
                try? database.settleGuesses()
                return summary
            }
            return try WebApp.json(FileImportView(file: name, summary: summary, language: asked.words.language))
        } catch let error as ExportError {
            return try WebApp.json(
                FileImportView(file: name, problem: error.message(in: asked.words.language)),
                status: .unprocessableContent)
        }
    }

    /// A letter or an mbox, as `receipts mail import FILE` reads it: put in a private temporary file
    /// (an mbox is read a letter at a time from a file), its letters remembered as read.
    private func importLetters(_ body: ByteBuffer, name: String, _ asked: RequestValues) async throws -> Response {
        let summary = try await app.inDatabase { database in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "receipts-letters-" + UUID().uuidString)
            try PrivateFile.makeFolders(for: folder.appendingPathComponent("letters").path)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("letters").path
            try PrivateFile.write(Data(body.readableBytesView), to: path)
            return try MailImport(database: database).run(MailFiles(paths: [path]))
        }
        return try WebApp.json(FileImportView(file: name, letters: summary, language: asked.words.language))
    }

    /// Bytes seen as `Data` without copying them; the caller keeps them alive while it is used.
    private static func data(viewing bytes: UnsafeRawBufferPointer) -> Data {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count, deallocator: .none)
    }

    /// The receipts server the app imports from; 502 when none is set.
    private func account(_ words: WebWords) throws(WebError) -> ServerAccount {
        guard let account = app.account else { throw .badGateway(words.noServerToImport) }
        return account
    }

    private func session(_ asked: RequestValues) async throws -> Response {
        let account = try account(asked.words)
        let session = try await app.offLoop { try account.saved() }
        return try WebApp.json(
            SessionView(
                server: account.server.absoluteString, session: session, chosen: app.settings.serverChosen,
                words: asked.words))
    }

    private func signIn(_ asked: RequestValues, _ form: SignInRequest) async throws -> Response {
        let account = try account(asked.words)
        guard let way = form.signIn else { throw WebError.badRequest(asked.words.unknownSignInWay, field: "way") }
        let session: SavedSession
        do {
            session = try await account.signIn(way)
        } catch {
            throw SignInRefusal.error(error, words: asked.words)
        }
        return try WebApp.json(
            SessionView(
                server: account.server.absoluteString, session: session, chosen: app.settings.serverChosen,
                words: asked.words))
    }

    private func start(_ asked: RequestValues) async throws -> Response {
        let account = try account(asked.words)
        guard let session = try await app.offLoop({ try account.saved() }) else {
            throw WebError.conflict(asked.words.signInFirst)
        }
        let started = app.importRun.start(database: app.database, account: account, session: session)
        return try WebApp.json(
            ImportProgressView(app.importRun.snapshot, words: asked.words), status: started ? .accepted : .conflict)
    }

    private func events(_ asked: RequestValues) -> Response { app.importRun.events(words: asked.words) }
}
