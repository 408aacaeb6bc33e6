import Hummingbird
import NIOPosix
import ReceiptStore

extension WebApp {
    /// Search as `receipts search` does, and the searches remembered. A search is a POST (its words
    /// and filters in the query, as the page's address has them): like `receipts search`, it keeps
    /// the last searches and filters, and every change comes from the app's own page.
    func addSearchRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/search") { request, _ in
            let words = Self.words(request)
            var query: [String: String] = [:]
            for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
            let asked: SearchRequest
            do throws(SearchRequestError) {
                asked = try SearchRequest(query, words: words)
            } catch {
                return try Self.json(["error": error.message], status: .badRequest)
            }
            let database = self.database
            let hits = try await NIOThreadPool.singleton.runIfActive {
                let hits = try database.search(
                    SearchQuery(text: asked.text, filters: asked.filters, offset: asked.offset, limit: SearchPage.size))
                // As `receipts search` does: the last five searches and the last filters are kept.
                if asked.offset == 0 { try database.remember(search: asked.text, filters: asked.filters) }
                return hits
            }
            return try Self.json(SearchPage(hits, offset: asked.offset, words: words))
        }
        router.get("/api/search/memory") { request, _ in
            let part = request.uri.queryParameters["part"].map(String.init)
            let database = self.database
            let memory = try await NIOThreadPool.singleton.runIfActive {
                SearchMemory(
                    texts: try database.searchHistory(containing: part), filters: try database.lastSearchFilters())
            }
            return try Self.json(memory)
        }
    }
}
