import Hummingbird
import ReceiptStore

/// Search as `receipts search` does, and the searches remembered. A search is a POST (its words and
/// filters in the query, as the page's address has them): like `receipts search`, it keeps the last
/// searches and filters, and every change comes from the app's own page.
struct SearchRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.post("/api/search") { request, context in try await search(RequestValues(request, context)) }
        router.get("/api/search/memory") { request, context in try await memory(RequestValues(request, context)) }
    }

    private func search(_ asked: RequestValues) async throws -> Response {
        let search = try SearchRequest(asked)
        let hits = try await app.inDatabase { database in
            let hits = try database.search(
                SearchQuery(text: search.text, filters: search.filters, offset: search.offset, limit: SearchView.size))
            // As `receipts search` does: the last five searches and the last filters are kept.
            if search.offset == 0 { try database.remember(search: search.text, filters: search.filters) }
            return hits
        }
        return try WebApp.json(SearchView(hits, offset: search.offset, words: asked.words))
    }

    private func memory(_ asked: RequestValues) async throws -> Response {
        let part = asked.string("part")
        let memory = try await app.inDatabase { database in
            SearchMemoryView(
                texts: try database.searchHistory(containing: part), filters: try database.lastSearchFilters())
        }
        return try WebApp.json(memory)
    }
}
