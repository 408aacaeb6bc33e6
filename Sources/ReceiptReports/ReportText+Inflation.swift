public import ReceiptCore
public import ReceiptStats

extension ReportText {
    /// What a kind's price rests on when some of its goods are sold by weight and priced per litre.
    public var densityAssumed: String {
        language.pick(
            "Где размер напечатан в граммах, 1 г считается за 1 мл.",
            "Where the size is printed in grams, 1 g counts as 1 ml.")
    }

    /// The title of the spending an index leaves out.
    public var leftOutTitle: String { language.pick("Не вошло в индекс:", "Left out of the index:") }
    /// The title of the country's index beside a personal one.
    public var officialTitle: String {
        language.pick("За те же месяцы по стране:", "The country's over the same months:")
    }

    /// Why a pair of months was left out of personal inflation, in words.
    public func inflationSkipped(_ skipped: PersonalInflation.Skipped) -> String {
        let months = "\(skipped.from) → \(skipped.to)"
        switch skipped.reason {
        case .noPurchases:
            return language.pick(
                "\(months): пропущено — в одном из месяцев нет покупок с ценой; считается без изменения",
                "\(months): skipped — one of the months has no purchases with a price; counted as no change")
        case .tooFew:
            return language.pick(
                "\(months): пропущено — сравнить можно \(skipped.matched) товаров и видов, нужно не меньше \(PersonalInflation.minimumMatched); считается без изменения",
                "\(months): skipped — \(skipped.matched) products and kinds to compare, at least \(PersonalInflation.minimumMatched) are needed; counted as no change"
            )
        }
    }

    /// What of the spending the index leaves out, and why: `3 120,00 ₽ (41 %) — куплено один раз…`.
    public func inflationLeftOut(_ part: PersonalInflation.LeftOut, of whole: Money) -> String {
        let share = whole.kopecks > 0 ? percent(Double(part.spending.kopecks) / Double(whole.kopecks)) : percent(0)
        let amount = "\(money(part.spending)) (\(share))"
        switch part.reason {
        case .noUnitPrice:
            return language.pick(
                "\(amount) — без цены за единицу: услуги, топливо на сумму, возвраты, чеки без строк",
                "\(amount) — no price per unit: services, fuel paid by sum, refunds, receipts without lines")
        case .noEarlierPrice:
            return language.pick(
                "\(amount) — не с чем сравнить: ни товар, ни его вид не покупались в предыдущие три месяца периода",
                "\(amount) — nothing to compare with: neither the product nor its kind was bought in the three months before within the range"
            )
        case .skippedPair:
            return language.pick(
                "\(amount) — в парах месяцев, которые пропущены", "\(amount) — in pairs of months left out")
        }
    }

    /// The country's index over the same months, or which months its table lacks.
    public func officialInflation(_ official: OfficialInflation) -> [String] {
        official.series.map { index in
            let name =
                index.series == .all
                ? language.pick("ИПЦ Росстата, все товары и услуги", "Rosstat's CPI, all goods and services")
                : language.pick("ИПЦ Росстата, продовольственные товары", "Rosstat's CPI, food")
            guard let value = index.index else {
                let months = index.missing.map(\.description).joined(separator: ", ")
                return language.pick("\(name): нет данных за \(months)", "\(name): no figure for \(months)")
            }
            return "\(name): \(signedPercent(value - 1))"
        }
    }
}
