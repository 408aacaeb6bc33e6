import Foundation
import ReceiptCore

/// The chains known by their seller's INN, shipped as `shop-brands.txt` (`INN | brand | kind |
/// source` a line): what names a shop whose receipt prints no shop name of its own.
public struct ShopBrands: Sendable {
    /// A chain: its name as people know it and what kind of shop it is (`grocery`, `fuel`, …).
    public struct Brand: Sendable, Equatable {
        /// The name as people know it: `Пятёрочка`.
        public let name: String
        /// What kind of shop: `grocery`, `pharmacy`, `fuel`, `online`…
        public let kind: String
    }

    private let brands: [String: Brand]

    /// The table in `text`; lines that are not `INN | brand | kind …` (comments, blanks) are skipped.
    public init(parsing text: String) {
        var brands: [String: Brand] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "|").map { $0.trimmingWhitespace() }
            guard fields.count >= 3, fields[0].count >= 10, fields[0].allSatisfy(\.isNumber), !fields[1].isEmpty
            else { continue }
            brands[fields[0]] = Brand(name: fields[1], kind: fields[2])
        }
        self.brands = brands
    }

    /// The chain of a seller by its INN, if the table knows it.
    public func brand(ofINN inn: String) -> Brand? { brands[inn] }

    /// How many sellers the table knows.
    public var count: Int { brands.count }

    /// The table shipped with the tool.
    public static let shipped: ShopBrands = {
        guard let url = Bundle.module.url(forResource: "shop-brands", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return ShopBrands(parsing: "") }
        return ShopBrands(parsing: text)
    }()
}
