import Foundation
import Hummingbird
import ReceiptCore
import ReceiptReports
import ReceiptStore

/// The shops as `receipts shops` lists them, renamed, merged and taken apart again as `shops
/// rename`, `shops merge` and `shops unmerge` do; each change answers the shop as it is now.
struct ShopsRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/shops") { request, context in
            let words = RequestValues(request, context).words
            let shops = try await app.inDatabase { try $0.shops() }
            return try WebApp.json(ShopsView(shops: shops.map { ShopView($0, words: words) }))
        }
        router.post("/api/shops/rename") { request, context in
            let words = RequestValues(request, context).words
            let asked = try await request.decode(as: ShopRename.self, context: context)
            let name = asked.name?.trimmingCharacters(in: .whitespacesAndNewlines)
            if let name, name.isEmpty { throw WebError.badRequest(words.shopNameMissing, field: "name") }
            guard let shop = try await app.inDatabase({ try $0.renameShop(asked.id, to: name) }) else {
                throw WebError.notFound(ShopChangeError.noShop(asked.id).message(in: words.language))
            }
            return try WebApp.json(ShopView(shop, words: words))
        }
        router.post("/api/shops/merge") { request, context in
            let words = RequestValues(request, context).words
            let asked = try await request.decode(as: ShopMerge.self, context: context)
            return try answer(try await app.inDatabase { try $0.mergeShops([asked.id], into: asked.into) }, words)
        }
        router.post("/api/shops/unmerge") { request, context in
            let words = RequestValues(request, context).words
            let asked = try await request.decode(as: ShopRename.self, context: context)
            return try answer(try await app.inDatabase { try $0.unmergeShop(asked.id) }, words)
        }
    }

    /// The shop a merge or its undoing left; 404 for a shop that is not there, 400 for a merge into
    /// itself or the undoing of a shop that was not merged.
    private func answer(_ result: Result<Shop, ShopChangeError>, _ words: WebWords) throws -> Response {
        switch result {
        case .success(let shop): return try WebApp.json(ShopView(shop, words: words))
        case .failure(let refusal):
            let message = refusal.message(in: words.language)
            if case .noShop = refusal { throw WebError.notFound(message) }
            throw WebError.badRequest(message)
        }
    }
}

/// `{"id", "name": "…"|null}`: a shop's new name (null: back to its receipts' own).
struct ShopRename: Decodable {
    let id: Int64
    var name: String?
}

/// `{"id", "into"}`: shop `id` merged into shop `into`.
struct ShopMerge: Decodable {
    let id: Int64
    let into: Int64
}

/// `{"shops": [ShopView]}`.
struct ShopsView: Encodable {
    let shops: [ShopView]
}

/// A shop as `receipts shops --json` gives it, with its figures written for the page: `{"shop":
/// ShopEntry, "spendingText", "details"}`.
struct ShopView: Encodable {
    let shop: ShopEntry
    /// `12 345,67 ₽`.
    let spendingText: String
    /// `3 receipts · last 2026-10-31 · INN 7704218694 · the address`.
    let details: String

    init(_ shop: Shop, words: WebWords) {
        self.shop = ShopEntry(shop)
        let text = ReportText(words.language)
        spendingText = text.money(shop.spending)
        details = [
            words.language.receipts(shop.receipts),
            shop.lastVisit.map { words.lastVisit(String($0.iso.prefix(10))) },
            words.inn(shop.sellerINN), shop.address,
        ].compactMap { $0 }.joined(separator: " · ")
    }
}
