import Hummingbird
import ReceiptCore
import ReceiptStore

/// The categories; the names without one, guessed, or with some words; choosing for a name, a
/// guess, the names with some words or one line; undoing any of them (as `receipts categories`).
struct CategoriesRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/categories") { request, context in try list(RequestValues(request, context)) }
        router.get("/api/categories/uncategorized") { request, context in
            try await uncategorized(RequestValues(request, context))
        }
        router.get("/api/categories/guessed") { request, context in try await guessed(RequestValues(request, context)) }
        router.get("/api/categories/matching") { request, context in
            try await matching(RequestValues(request, context))
        }
        router.post("/api/categories/choice") { request, context in
            try await choose(
                RequestValues(request, context), try await request.decode(as: CategoryRequest.self, context: context))
        }
        router.post("/api/categories/confirm") { request, context in
            try await confirm(
                RequestValues(request, context), try await request.decode(as: CategoryRequest.self, context: context))
        }
        router.post("/api/categories/matching") { request, context in
            try await chooseMatching(
                RequestValues(request, context), try await request.decode(as: CategoryRequest.self, context: context))
        }
        router.post("/api/categories/line") { request, context in
            try await chooseLine(
                RequestValues(request, context), try await request.decode(as: CategoryRequest.self, context: context))
        }
        router.post("/api/categories/undo") { request, context in
            try await undo(
                RequestValues(request, context), try await request.decode(as: CategoryRequest.self, context: context))
        }
    }

    private func list(_ asked: RequestValues) throws -> Response {
        let language = asked.words.language
        return try WebApp.json(Category.allCases.map { ["category": $0.rawValue, "name": $0.name(in: language)] })
    }

    private func uncategorized(_ asked: RequestValues) async throws -> Response {
        let names = try await app.inDatabase { database in
            try database.withCandidates(database.names(in: .uncategorized, limit: 50))
        }
        return try WebApp.json(NameListView(names, empty: asked.words.noUncategorized, words: asked.words))
    }

    private func guessed(_ asked: RequestValues) async throws -> Response {
        let names = try await app.inDatabase { database in
            try database.withCandidates(database.guessedNames(limit: 50))
        }
        return try WebApp.json(NameListView(names, empty: asked.words.noGuesses, words: asked.words))
    }

    private func matching(_ asked: RequestValues) async throws -> Response {
        let text = try Self.words(asked.string("words"), asked.words)
        let names = try await app.inDatabase { try $0.names(matching: text, limit: 50) }
        return try WebApp.json(NameListView(names, empty: asked.words.nothingMatches(text), words: asked.words))
    }

    private func choose(_ asked: RequestValues, _ body: CategoryRequest) async throws -> Response {
        let words = asked.words
        guard let name = body.name, !ItemName.key(name).isEmpty else { throw WebError.badRequest(words.noItemName) }
        let category = try Self.category(body.category, words)
        let choice = try await app.inDatabase { try $0.choose(category, forItemNamed: name) }
        return try WebApp.json(
            CategoryActionView(message: choice.chosenMessage(in: words.language), action: choice.action))
    }

    private func confirm(_ asked: RequestValues, _ body: CategoryRequest) async throws -> Response {
        let words = asked.words
        guard let name = body.name, !ItemName.key(name).isEmpty else { throw WebError.badRequest(words.noItemName) }
        guard let choice = try await app.inDatabase({ try $0.confirmGuess(forItemNamed: name) }) else {
            throw WebError.notFound(words.noGuess(name))
        }
        return try WebApp.json(
            CategoryActionView(message: choice.chosenMessage(in: words.language), action: choice.action))
    }

    private func chooseMatching(_ asked: RequestValues, _ body: CategoryRequest) async throws -> Response {
        let words = asked.words
        let text = try Self.words(body.words, words)
        let category = try Self.category(body.category, words)
        let action = try await app.inDatabase { database throws -> CategoryAction? in
            guard try !database.names(matching: text, limit: 1).isEmpty else { return nil }
            return try database.choose(category, forNamesMatching: text)
        }
        guard let action else { throw WebError.notFound(words.nothingMatches(text)) }
        return try WebApp.json(CategoryActionView(message: action.message(in: words.language), action: action.id))
    }

    private func chooseLine(_ asked: RequestValues, _ body: CategoryRequest) async throws -> Response {
        let words = asked.words
        guard let receipt = body.receipt, let line = body.line, line >= 1 else {
            throw WebError.badRequest(words.noLine)
        }
        // No category: the line goes back to what the rules say.
        let category = body.category == nil ? nil : try Self.category(body.category, words)
        let action = try await app.inDatabase { try $0.choose(category, forLine: line - 1, ofReceipt: receipt) }
        guard let action else { throw WebError.notFound(words.noLine) }
        return try WebApp.json(CategoryActionView(message: action.message(in: words.language), action: action.id))
    }

    private func undo(_ asked: RequestValues, _ body: CategoryRequest) async throws -> Response {
        let words = asked.words
        guard let number = body.action else { throw WebError.badRequest(words.nothingToUndo) }
        guard let undone = try await app.inDatabase({ try $0.undoCategoryAction(number) }) else {
            throw WebError.notFound(words.nothingToUndo)
        }
        return try WebApp.json(CategoryActionView(message: undone.undoneMessage(in: words.language), action: undone.id))
    }

    /// The words of a choice by words: some that make a name key, else 400.
    private static func words(_ text: String?, _ words: WebWords) throws(WebError) -> String {
        guard let text, !ItemName.key(text).isEmpty else { throw .badRequest(words.noWords, field: "words") }
        return text
    }

    /// A category the user can choose, by its identifier; 400 for none, an unknown one, or
    /// «uncategorized».
    private static func category(_ text: String?, _ words: WebWords) throws(WebError) -> Category {
        guard let category = text.flatMap(Category.init(rawValue:)), category != .uncategorized else {
            throw .badRequest(words.unknownCategory(text ?? ""), field: "category")
        }
        return category
    }
}
