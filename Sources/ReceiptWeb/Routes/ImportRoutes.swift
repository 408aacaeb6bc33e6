import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import ReceiptCore
import ReceiptSync

extension WebApp {
    /// Signing in to the receipts server and importing from it, as `receipts login` and `receipts
    /// import` do, with the session they keep; the import's progress as server-sent events.
    func addImportRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/session") { request, _ in
            let words = Self.words(request)
            guard let account = self.account else {
                return try Self.json(["problem": words.noServer], status: .badGateway)
            }
            let session = try await NIOThreadPool.singleton.runIfActive { try account.saved() }
            return try Self.json(SessionAnswer(server: account.server.absoluteString, session: session, words: words))
        }
        router.post("/api/session") { request, context in
            let words = Self.words(request)
            guard let account = self.account else {
                return try Self.json(["problem": words.noServer], status: .badGateway)
            }
            let form = try await request.decode(as: SignInForm.self, context: context)
            guard let way = form.signIn else { throw HTTPError(.badRequest) }
            do {
                let session = try await account.signIn(way)
                return try Self.json(
                    SessionAnswer(server: account.server.absoluteString, session: session, words: words))
            } catch {
                let (refusal, status) = SignInRefusal.answer(error, words: words)
                return try Self.json(refusal, status: HTTPResponse.Status(code: status))
            }
        }
        router.get("/api/import") { request, _ in
            try Self.json(ImportAnswer(self.importRun.snapshot, words: Self.words(request)))
        }
        router.post("/api/import") { request, _ in
            let words = Self.words(request)
            guard let account = self.account else {
                return try Self.json(["problem": words.noServer], status: .badGateway)
            }
            guard let session = try await NIOThreadPool.singleton.runIfActive({ try account.saved() }) else {
                return try Self.json(["problem": words.signInFirst], status: .conflict)
            }
            let started = self.importRun.start(database: self.database, account: account, session: session)
            return try Self.json(
                ImportAnswer(self.importRun.snapshot, words: words), status: started ? .accepted : .conflict)
        }
        router.get("/api/import/events") { request, _ in
            let words = Self.words(request)
            let events = self.importRun.updates().map { snapshot in
                var buffer = ByteBuffer(string: "data: ")
                buffer.writeBytes((try? JSONOutput.data(ImportAnswer(snapshot, words: words))) ?? Data("{}".utf8))
                buffer.writeString("\n\n")
                return buffer
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(asyncSequence: events))
        }
    }
}
