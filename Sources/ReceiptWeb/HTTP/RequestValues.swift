import Foundation
import Hummingbird
import NIOPosix
import ReceiptCore
import ReceiptStore

/// What a request of the page carries, read one way for every route: its words (the language it
/// asks for), the query's values, months and ranges of months, a path's receipt number. What is
/// wrong is a ``WebError`` saying which value, in the page's language.
struct RequestValues {
    let words: WebWords
    private let query: [String: String]
    private let context: WebContext

    init(_ request: Request, _ context: WebContext) {
        words = WebWords(
            query: request.uri.queryParameters["lang"].map(String.init),
            acceptLanguage: request.headers[.acceptLanguage])
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where query[String(key)] == nil {
            query[String(key)] = String(value)
        }
        self.query = query
        self.context = context
    }

    /// The query's value of `name`; nil when absent.
    func string(_ name: String) -> String? { query[name] }

    /// The query's value of `name` trimmed; nil when absent or blank.
    func text(_ name: String) -> String? {
        let text = query[name]?.trimmingCharacters(in: .whitespaces) ?? ""
        return text.isEmpty ? nil : text
    }

    /// A month (`2026-10`) of the query; nil when absent or blank, 400 when not a month.
    func month(_ name: String) throws(WebError) -> Month? {
        guard let text = text(name) else { return nil }
        guard let month = Month(text) else { throw .badRequest(words.badMonth(text), field: name) }
        return month
    }

    /// The months `from` and `to` (either may be open), as `--from` and `--to` take them; 400 when
    /// one is not a month or `from` comes after `to`.
    func monthRange() throws(WebError) -> (from: Month?, to: Month?) {
        let (from, to) = (try month("from"), try month("to"))
        if let from, let to, from > to { throw .badRequest(words.fromAfterTo, field: "from") }
        return (from, to)
    }

    /// A whole number of the query at least `minimum` (`offset`); `fallback` when absent.
    func number(_ name: String, atLeast minimum: Int, fallback: Int) throws(WebError) -> Int {
        guard let text = query[name] else { return fallback }
        guard let number = Int(text), number >= minimum else {
            throw .badRequest(words.badNumber(name, atLeast: minimum), field: name)
        }
        return number
    }

    /// The person a query names (`person`, an id), as a positive whole number; nil when absent or
    /// blank, 400 otherwise.
    func person() throws(WebError) -> Int64? {
        guard let text = text("person") else { return nil }
        guard let id = Int64(text), id > 0 else {
            throw .badRequest(words.badNumber("person", atLeast: 1), field: "person")
        }
        return id
    }

    /// The `:id` of the path: a receipt's number, a positive whole number; else 400.
    func receiptID() throws(WebError) -> Int64 {
        guard let id = context.parameters.get("id").flatMap({ Int64($0) }), id > 0 else {
            throw .badRequest(words.badNumber("id", atLeast: 1), field: "id")
        }
        return id
    }
}

extension WebApp {
    /// Runs `work` on NIO's thread pool, never on an event loop: the one way the routes reach the
    /// database and the session files.
    func offLoop<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(work)
    }

    /// Runs `work` on the database, off the event loop.
    func inDatabase<T: Sendable>(_ work: @escaping @Sendable (ReceiptDatabase) throws -> T) async throws -> T {
        let database = self.database
        return try await offLoop { try work(database) }
    }
}
