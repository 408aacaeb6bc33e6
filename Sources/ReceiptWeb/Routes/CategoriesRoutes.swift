import Hummingbird
import NIOPosix
import ReceiptCore
import ReceiptStore

extension WebApp {
    /// The categories; the names without one, guessed, or with some words; choosing for a name, a
    /// guess, the names with some words or one line; undoing any of them (as `receipts categories`).
    func addCategoriesRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/categories") { request, _ in
            let language = Self.words(request).language
            return try Self.json(Category.allCases.map { ["category": $0.rawValue, "name": $0.name(in: language)] })
        }
        router.get("/api/categories/uncategorized") { request, _ in
            let words = Self.words(request)
            let database = self.database
            let names = try await NIOThreadPool.singleton.runIfActive {
                try database.names(in: .uncategorized, limit: 50)
            }
            return try Self.json(NameList(names, empty: words.noUncategorized, words: words))
        }
        router.get("/api/categories/guessed") { request, _ in
            let words = Self.words(request)
            let database = self.database
            let names = try await NIOThreadPool.singleton.runIfActive { try database.guessedNames(limit: 50) }
            return try Self.json(NameList(names, empty: words.noGuesses, words: words))
        }
        router.get("/api/categories/matching") { request, _ in
            let words = Self.words(request)
            let text = request.uri.queryParameters["words"].map(String.init) ?? ""
            guard !ItemName.key(text).isEmpty else {
                return try Self.json(["error": words.noWords], status: .badRequest)
            }
            let database = self.database
            let names = try await NIOThreadPool.singleton.runIfActive { try database.names(matching: text, limit: 50) }
            return try Self.json(NameList(names, empty: words.nothingMatches(text), words: words))
        }
        router.post("/api/categories/choice") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryRequest.self, context: context)
            guard let name = asked.name, !ItemName.key(name).isEmpty else {
                return try Self.json(["error": words.noItemName], status: .badRequest)
            }
            guard let category = Self.chosen(asked.category) else {
                return try Self.json(["error": words.unknownCategory(asked.category ?? "")], status: .badRequest)
            }
            let database = self.database
            let choice = try await NIOThreadPool.singleton.runIfActive {
                try database.choose(category, forItemNamed: name)
            }
            return try Self.json(
                CategoryAnswer(message: choice.chosenMessage(in: words.language), action: choice.action))
        }
        router.post("/api/categories/confirm") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryRequest.self, context: context)
            guard let name = asked.name, !ItemName.key(name).isEmpty else {
                return try Self.json(["error": words.noItemName], status: .badRequest)
            }
            let database = self.database
            let choice = try await NIOThreadPool.singleton.runIfActive { try database.confirmGuess(forItemNamed: name) }
            guard let choice else { return try Self.json(["error": words.noGuess(name)], status: .notFound) }
            return try Self.json(
                CategoryAnswer(message: choice.chosenMessage(in: words.language), action: choice.action))
        }
        router.post("/api/categories/matching") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryRequest.self, context: context)
            guard let text = asked.words, !ItemName.key(text).isEmpty else {
                return try Self.json(["error": words.noWords], status: .badRequest)
            }
            guard let category = Self.chosen(asked.category) else {
                return try Self.json(["error": words.unknownCategory(asked.category ?? "")], status: .badRequest)
            }
            let database = self.database
            let action = try await NIOThreadPool.singleton.runIfActive { () throws -> CategoryAction? in
                guard try !database.names(matching: text, limit: 1).isEmpty else { return nil }
                return try database.choose(category, forNamesMatching: text)
            }
            guard let action else { return try Self.json(["error": words.nothingMatches(text)], status: .notFound) }
            return try Self.json(CategoryAnswer(message: action.message(in: words.language), action: action.id))
        }
        router.post("/api/categories/line") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryRequest.self, context: context)
            guard let receipt = asked.receipt, let line = asked.line, line >= 1 else {
                return try Self.json(["error": words.noLine], status: .badRequest)
            }
            let category = Self.chosen(asked.category)
            if asked.category != nil, category == nil {
                return try Self.json(["error": words.unknownCategory(asked.category ?? "")], status: .badRequest)
            }
            let database = self.database
            let action = try await NIOThreadPool.singleton.runIfActive {
                try database.choose(category, forLine: line - 1, ofReceipt: receipt)
            }
            guard let action else { return try Self.json(["error": words.noLine], status: .notFound) }
            return try Self.json(CategoryAnswer(message: action.message(in: words.language), action: action.id))
        }
        router.post("/api/categories/undo") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryRequest.self, context: context)
            guard let number = asked.action else {
                return try Self.json(["error": words.nothingToUndo], status: .badRequest)
            }
            let database = self.database
            let undone = try await NIOThreadPool.singleton.runIfActive { try database.undoCategoryAction(number) }
            guard let undone else { return try Self.json(["error": words.nothingToUndo], status: .notFound) }
            return try Self.json(CategoryAnswer(message: undone.undoneMessage(in: words.language), action: undone.id))
        }
    }

    /// A category the user can choose, by its identifier; nil for none, an unknown one, or
    /// «uncategorized».
    static func chosen(_ text: String?) -> Category? {
        guard let category = text.flatMap(Category.init(rawValue:)), category != .uncategorized else { return nil }
        return category
    }
}
