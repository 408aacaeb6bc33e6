import ReceiptCore
import ReceiptReports
import ReceiptStats

/// Personal inflation as the insights view shows it: the numbers as `receipts inflation --json
/// --by category` gives them (``inflation``), and beside them the texts.
struct InflationView: Encodable {
    struct PairRow: Encodable {
        let monthsText: String
        let changeText: String
        let matched: Int
    }

    struct CategoryRow: Encodable {
        let category: String
        let name: String
        let changeText: String
    }

    let inflation: InflationJSON?
    let title: String
    /// The change over the months and the share of spending it rests on.
    let summary: String?
    /// That the index is not all spending.
    let coverageNote: String?
    let pairs: [PairRow]
    /// The pairs skipped, each with why.
    let skipped: [String]
    /// The spending left out of the index, each part with why, under its title.
    let leftOut: [String]
    let leftOutTitle: String
    /// Росстат's index over the same months, under its title.
    let official: [String]
    let officialTitle: String
    let categories: [CategoryRow]
    let empty: String?

    /// The index over its months; nil when the database has no receipts.
    init(_ inflation: PersonalInflation?, words: WebWords) {
        let text = ReportText(words.language)
        let official = inflation.flatMap { OfficialInflation.over(from: $0.from, to: $0.to) }
        leftOutTitle = text.leftOutTitle
        officialTitle = text.officialTitle
        self.inflation = inflation.map { InflationJSON($0, official: official) }
        guard let inflation else {
            title = text.inflation
            summary = nil
            coverageNote = nil
            pairs = []
            skipped = []
            leftOut = []
            self.official = []
            categories = []
            empty = words.noInflation
            return
        }
        title = "\(text.inflation): \(text.rangeName(inflation.from...inflation.to))"
        let counted = !inflation.pairs.isEmpty
        summary = counted ? text.inflationSummary(inflation) : nil
        coverageNote = counted ? words.coverageNote(text.percent(inflation.coverage)) : nil
        pairs = inflation.pairs.map {
            PairRow(
                monthsText: "\(words.shortMonth($0.from)) → \(words.shortMonth($0.to))",
                changeText: text.signedPercent($0.factor - 1), matched: $0.matched)
        }
        skipped = inflation.skipped.map(text.inflationSkipped)
        leftOut = inflation.leftOut.map { text.inflationLeftOut($0, of: inflation.spending) }
        self.official = official.map(text.officialInflation) ?? []
        categories = inflation.categories.map {
            CategoryRow(
                category: $0.category.rawValue, name: text.name($0.category),
                changeText: text.signedPercent($0.index - 1))
        }
        empty = counted ? nil : (inflation.skipped.isEmpty ? words.noInflation : words.noInflationPairs)
    }
}

/// The regular payments as the insights view shows them: as `receipts recurring --json` gives them
/// (``recurring``), with their texts; the running ones by their next date, then the stopped ones.
struct RecurringView: Encodable {
    struct Payment: Encodable {
        let shop: String
        let amountText: String
        let periodText: String
        let timesText: String
        /// The next date due, or when a stopped one was last paid.
        let nextText: String
        let stopped: Bool
    }

    let recurring: RecurringJSON
    let payments: [Payment]
    let empty: String?

    init(_ payments: [RecurringPayment], words: WebWords) {
        let text = ReportText(words.language)
        recurring = RecurringJSON(payments)
        self.payments = payments.map {
            Payment(
                shop: $0.shop, amountText: text.money($0.amount), periodText: $0.period.name(in: words.language),
                timesText: words.times($0.times),
                nextText: $0.stopped ? words.stoppedSince(words.date($0.last)) : words.date($0.next),
                stopped: $0.stopped)
        }
        empty = payments.isEmpty ? words.noRecurring : nil
    }
}
