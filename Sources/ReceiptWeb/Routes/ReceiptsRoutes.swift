import Foundation
import Hummingbird
import NIOPosix
import ReceiptCore
import ReceiptScan
import ReceiptStore

extension WebApp {
    /// The page's words, the feed by month, a receipt's detail and its QR picture.
    func addReceiptsRoutes(to router: Router<BasicRequestContext>) {
        router.get("/api/words") { request, _ in
            try Self.json(Self.words(request).page)
        }
        router.get("/api/feed") { request, _ in
            let offset = request.uri.queryParameters["offset"].flatMap { Int(String($0)) } ?? 0
            guard offset >= 0 else { throw HTTPError(.badRequest) }
            let words = Self.words(request)
            let database = self.database
            let listings = try await NIOThreadPool.singleton.runIfActive {
                try database.listing(from: nil, through: nil, offset: offset, limit: FeedPage.size)
            }
            return try Self.json(FeedPage(listings, offset: offset, words: words))
        }
        router.get("/api/receipts/:id") { request, context in
            let id = try Self.receiptID(context)
            let words = Self.words(request)
            let database = self.database
            let found = try await NIOThreadPool.singleton.runIfActive { () throws -> ReceiptDetail? in
                guard let (receipt, place) = try database.receipt(id: id) else { return nil }
                return ReceiptDetail(
                    id: id, receipt: receipt, place: place, shop: try database.shopName(ofReceipt: id),
                    categories: try database.lineCategories(ofReceipt: id),
                    check: receipt.status == .pending ? try database.check(of: receipt.identity) : nil,
                    link: try database.purchaseLink(ofReceipt: id), words: words)
            }
            guard let found else { throw HTTPError(.notFound, message: words.page["notFound"] ?? "") }
            return try Self.json(found)
        }
        router.get("/api/receipts/:id/qr.png") { _, context in
            let id = try Self.receiptID(context)
            let database = self.database
            let png = try await NIOThreadPool.singleton.runIfActive { () throws -> Data? in
                guard let (receipt, _) = try database.receipt(id: id) else { return nil }
                return try PNGCodec.encode(try QRRenderer.render(receipt.fiscalCode.canonical, scale: 6))
            }
            guard let png else { throw HTTPError(.notFound) }
            return Response(
                status: .ok, headers: [.contentType: "image/png", .cacheControl: "private, max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: png)))
        }
    }
}
