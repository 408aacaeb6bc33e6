public import ReceiptCore

extension Receipt {
    /// The largest amount that one receipt's field may hold: `Money.largestAmount`,
    /// 10¹² ₽.
    public static let largestAmount = Money.largestAmount

    /// The largest quantity one line may hold: a billion units, kilograms or litres.
    public static let largestQuantity = 1e9

    /// This receipt, when every amount lies in 0…``largestAmount``, every quantity is at most
    /// ``largestQuantity`` and its lines' sums, added up, stay within the bound too; else the first field beyond,
    /// named as the fiscal document spells it (`totalSum`, `items[2].price`, `items` for the lines
    /// together). Checked wherever a receipt comes in, so that nothing it holds can overflow a sum.
    public func withinBounds() throws(DocumentError) -> Receipt {
        func check(_ amount: Money, _ field: String) throws(DocumentError) {
            guard amount.kopecks >= 0, amount <= Self.largestAmount else {
                throw .invalid(field: field, reason: .beyondBounds)
            }
        }
        try check(total, "totalSum")
        try check(cash, "cashTotalSum")
        try check(ecash, "ecashTotalSum")
        try check(prepaid, "prepaidSum")
        try check(credit, "creditSum")
        try check(provision, "provisionSum")
        var lines: Int64 = 0
        for (index, item) in items.enumerated() {
            try check(item.price, "items[\(index)].price")
            try check(item.sum, "items[\(index)].sum")
            guard item.quantity <= Self.largestQuantity else {
                throw .invalid(field: "items[\(index)].quantity", reason: .beyondBounds)
            }
            // Each term is 0…10¹⁴, so the running sum cannot wrap before it passes the bound.
            lines += item.sum.kopecks
            guard lines <= Self.largestAmount.kopecks else {
                throw .invalid(field: "items", reason: .beyondBounds)
            }
        }
        return self
    }
}
