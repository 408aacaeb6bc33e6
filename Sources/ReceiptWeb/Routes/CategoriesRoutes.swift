import Hummingbird
import NIOPosix
import ReceiptCore
import ReceiptStore

extension WebApp {
    /// The categories, the names without one, and choosing one (`categories set`/`unset`).
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
            return try Self.json(UncategorizedNames(names, words: words))
        }
        router.post("/api/categories/choice") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryChange.self, context: context)
            guard !ItemName.key(asked.name).isEmpty else {
                return try Self.json(["error": words.noItemName], status: .badRequest)
            }
            guard let category = asked.category.flatMap(Category.init(rawValue:)) else {
                return try Self.json(["error": words.unknownCategory(asked.category ?? "")], status: .badRequest)
            }
            let database = self.database
            let choice = try await NIOThreadPool.singleton.runIfActive {
                try database.choose(category, forItemNamed: asked.name)
            }
            return try Self.json(["message": choice.chosenMessage(in: words.language)])
        }
        router.post("/api/categories/undo") { request, context in
            let words = Self.words(request)
            let asked = try await request.decode(as: CategoryChange.self, context: context)
            let database = self.database
            let forgotten = try await NIOThreadPool.singleton.runIfActive {
                try database.forgetChoice(forItemNamed: asked.name)
            }
            guard let forgotten else { return try Self.json(["error": words.noChoice(asked.name)], status: .notFound) }
            return try Self.json(["message": forgotten.forgottenMessage(in: words.language)])
        }
    }
}
