import ReceiptCore
import ReceiptStore

/// The item names still without a category, most bought first, as the page's list shows them.
struct UncategorizedNames: Encodable {
    struct Name: Encodable {
        let name: String
        let key: String
        let total: Int64
        let totalText: String
        let itemsText: String
    }

    let names: [Name]
    let empty: String?

    init(_ names: [NameSpending], words: WebWords) {
        self.names = names.map { name in
            Name(
                name: name.name, key: name.key, total: name.total.kopecks,
                totalText: name.total.formatted(in: words.language), itemsText: words.items(name.items, pending: false))
        }
        empty = names.isEmpty ? words.noUncategorized : nil
    }
}

/// `{"name", "category"}`: a category chosen for an item name, or (`undo`) the choice forgotten.
struct CategoryChange: Decodable {
    let name: String
    let category: String?
}
