import ReceiptCore
import ReceiptReports
import ReceiptStore

/// A page of the receipts feed as the app's page shows it: month sections newest first, each with
/// the month's total and count, 50 receipts a page. Amounts are kopecks, and every text the page
/// shows is written here, in the page's language: the page formats nothing itself.
struct FeedView: Encodable {
    struct MonthSection: Encodable {
        let month: String
        let title: String
        let total: Int64
        let totalText: String
        let count: Int
        let countText: String
        let receipts: [Entry]
    }

    struct Entry: Encodable {
        let id: Int64
        let date: String
        let dateText: String
        let shop: String?
        let total: Int64
        let totalText: String
        let items: Int
        let itemsText: String
        let pending: Bool
        /// What it counts when that is not its total (``ReceiptStore/ListedReceipt/countedNote(in:)``); null otherwise.
        @NullWhenAbsent var countedText: String?
    }

    let months: [MonthSection]
    /// Where the next page starts (the last receipt's ``ListingPosition``, for `after=`); nil on the
    /// last.
    @NullWhenAbsent var next: String?

    static let size = 50

    init(_ listings: [MonthListing], words: WebWords) {
        let language = words.language
        months = listings.map { listing in
            let name = listing.month.name(in: language)
            return MonthSection(
                month: listing.month.description, title: name.prefix(1).uppercased() + name.dropFirst(),
                total: listing.total.kopecks, totalText: listing.total.formatted(in: language),
                count: listing.receiptCount, countText: words.receipts(listing.receiptCount),
                receipts: listing.receipts.map { receipt in
                    Entry(
                        id: receipt.id, date: receipt.dateTime.description,
                        dateText: receipt.dateTime.formatted(in: language), shop: receipt.shop,
                        total: receipt.spending.kopecks, totalText: receipt.spending.formatted(in: language),
                        items: receipt.itemCount,
                        itemsText: words.items(receipt.itemCount, pending: receipt.status == .pending),
                        pending: receipt.status == .pending, countedText: receipt.countedNote(in: language))
                })
        }
        let listed = listings.flatMap(\.receipts)
        next = listed.count == Self.size ? listed.last?.position.description : nil
    }
}
