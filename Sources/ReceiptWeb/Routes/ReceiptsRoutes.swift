import Foundation
import Hummingbird
import ReceiptBank
import ReceiptCore
import ReceiptScan
import ReceiptStore

/// The page's words, the feed by month, a receipt's detail (with the bank's payment it is paired
/// with, who paid it and whom its lines are for) and its QR picture.
struct ReceiptsRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.get("/api/words") { request, context in try words(RequestValues(request, context)) }
        router.get("/api/feed") { request, context in try await feed(RequestValues(request, context)) }
        router.get("/api/receipts/:id") { request, context in try await receipt(RequestValues(request, context)) }
        router.get("/api/receipts/:id/qr.png") { request, context in try await qrCode(RequestValues(request, context)) }
    }

    private func words(_ asked: RequestValues) throws -> Response {
        try WebApp.json(asked.words.page)
    }

    /// A page of the feed: the first, or the one after the receipt `after` names (the page before's
    /// `next`): any page costs what the first does.
    private func feed(_ asked: RequestValues) async throws -> Response {
        var position: ListingPosition?
        if let text = asked.string("after") {
            guard let given = ListingPosition(text) else {
                throw WebError.badRequest(asked.words.badPosition(text), field: "after")
            }
            position = given
        }
        let listings = try await app.inDatabase { [position] in
            try $0.listing(from: nil, through: nil, after: position, limit: FeedView.size)
        }
        return try WebApp.json(FeedView(listings, words: asked.words))
    }

    private func receipt(_ asked: RequestValues) async throws -> Response {
        let (id, words) = (try asked.receiptID(), asked.words)
        let found = try await app.inDatabase { database throws -> ReceiptView? in
            guard let (receipt, place) = try database.receipt(id: id) else { return nil }
            let household = try database.receiptShares(of: id).map {
                ReceiptPeopleView($0, people: try database.people(), words: words)
            }
            return ReceiptView(
                id: id, receipt: receipt, place: place, shop: try database.shopName(ofReceipt: id),
                categories: try database.lineCategories(ofReceipt: id),
                check: receipt.status == .pending ? try database.check(of: receipt.identity) : nil,
                link: try database.purchaseLink(ofReceipt: id),
                pairing: try BankReconciliation(database: database).pairing(ofReceipt: id), household: household,
                words: words)
        }
        guard let found else { throw WebError.notFound(words.page["notFound"] ?? "") }
        return try WebApp.json(found)
    }

    private func qrCode(_ asked: RequestValues) async throws -> Response {
        let id = try asked.receiptID()
        let png = try await app.inDatabase { database throws -> Data? in
            guard let (receipt, _) = try database.receipt(id: id) else { return nil }
            return try PNGCodec.encode(try QRRenderer.render(receipt.fiscalCode.canonical, scale: 6))
        }
        guard let png else { throw WebError.notFound(asked.words.page["notFound"] ?? "") }
        return Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "private, max-age=3600"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
    }
}
