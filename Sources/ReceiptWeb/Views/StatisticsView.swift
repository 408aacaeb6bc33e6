import ReceiptCore
import ReceiptReports
import ReceiptStats
import ReceiptStore

/// One month's statistics as the page shows them, the household's or one person's: the numbers
/// exactly as `receipts stats --json` (`--person`) gives them for that month (``statistics``), and beside them every text the page puts on screen,
/// written by the report's own words (``ReportText``).
struct StatisticsView: Encodable {
    struct MonthChoice: Encodable {
        let month: String
        let title: String

        /// The months to pick from, newest first, each named with a capital (`Декабрь 2024`).
        static func newestFirst(_ months: [Month], text: ReportText) -> [MonthChoice] {
            months.reversed().map { month in
                let name = text.monthName(month)
                return MonthChoice(month: month.description, title: name.prefix(1).uppercased() + name.dropFirst())
            }
        }
    }

    struct CategoryRow: Encodable {
        let category: String
        let name: String
        let colour: String
        /// Kopecks over the month or the range.
        let total: Int64
        let totalText: String
        let shareText: String
        /// The receipts with a line in the category, and its lines, as `receipts stats` counts them.
        let receipts: Int
        let items: Int
        /// Both counts in words (`1 чек · 7 позиций`), for a phone, which has no room for their columns.
        let countsText: String
        let previousText: String
        let averageText: String
        /// The month's limit for the category, when it has one (`из 5 000,00 ₽`), and how it stands
        /// (`over`, `heading`, `ok`), as the insights' budgets show it.
        var budgetText: String? = nil
        var budgetState: String? = nil
    }

    struct Row: Encodable {
        let name: String
        let detail: String
        let totalText: String
    }

    let statistics: StatisticsJSON
    /// The people whose own statistics can be asked for (`person=ID`), none without a household;
    /// the one shown, null for the whole household.
    let people: [PersonView]
    @NullWhenAbsent var person: Int64?
    let from: String
    let to: String
    let title: String
    let totalText: String
    let countText: String
    let months: [MonthChoice]
    let categories: [CategoryRow]
    let shops: [Row]
    let items: [Row]
    let labels: [String: String]
    /// Why a change is a dash when its base was too small (``ReceiptReports/ReportText/smallBaseNote``); null when none is.
    @NullWhenAbsent var changesNote: String?

    /// One month's statistics (`range` of one month) with its comparisons and the month's limits
    /// (`budget`), or a range's, each category's total over the range and its share of the range's total.
    init?(
        _ statistics: SpendingStatistics, available: [Month], budget: BudgetStatus? = nil, people: [Person] = [],
        person: Person? = nil, words: WebWords
    ) {
        guard let line = statistics.months.first else { return nil }
        let text = ReportText(words.language)
        let single = statistics.range.lowerBound == statistics.range.upperBound
        self.statistics = StatisticsJSON(statistics, language: words.language, person: person?.name)
        self.people = people.map { PersonView($0, words: words) }
        self.person = person?.id
        from = statistics.range.lowerBound.description
        to = statistics.range.upperBound.description
        let name = single ? text.monthName(line) : text.rangeName(statistics.range)
        // One person's statistics say whose they are.
        title = name.prefix(1).uppercased() + name.dropFirst() + (person.map { " · \($0.name)" } ?? "")
        totalText = text.money(statistics.total)
        countText = words.receipts(statistics.months.reduce(0) { $0 + $1.receipts })
        months = MonthChoice.newestFirst(available, text: text)
        changesNote = single && ReportText.hidesChanges(line) ? text.smallBaseNote : nil
        if single {
            categories = line.categories.map { category in
                CategoryRow(
                    category: category.category.rawValue, name: text.name(category.category),
                    colour: CategoryPalette.colour(category.category), total: category.total.kopecks,
                    totalText: text.money(category.total), shareText: text.percent(category.share),
                    receipts: category.receipts, items: category.items,
                    countsText: "\(words.receipts(category.receipts)) · \(words.items(category.items, pending: false))",
                    previousText: text.change(from: category.previous, to: category.total, in: line),
                    averageText: text.change(from: category.average, to: category.total, in: line),
                    budgetText: budget?.lines.first { $0.category == category.category }.map {
                        words.ofLimit(text.money($0.limit))
                    },
                    budgetState: budget?.lines.first { $0.category == category.category }.map {
                        BudgetView.state($0)
                    })
            }
        } else {
            let whole = max(1, statistics.total.kopecks)
            categories = statistics.categoryTotals.map { category in
                CategoryRow(
                    category: category.category.rawValue, name: text.name(category.category),
                    colour: CategoryPalette.colour(category.category), total: category.total.kopecks,
                    totalText: text.money(category.total),
                    shareText: text.percent(Double(category.total.kopecks) / Double(whole)),
                    receipts: category.receipts, items: category.items,
                    countsText: "\(words.receipts(category.receipts)) · \(words.items(category.items, pending: false))",
                    previousText: "—",
                    averageText: "—")
            }
        }
        shops = statistics.topShops.map { shop in
            Row(name: shop.label, detail: words.receipts(shop.receipts), totalText: text.money(shop.total))
        }
        items = statistics.topItems.map { item in
            Row(name: item.name, detail: text.name(item.category), totalText: text.money(item.total))
        }
        labels = [
            "category": text.category, "total": text.total, "share": text.share, "receipts": text.receipts,
            "items": text.items,
            "versusPrevious": text.versusPrevious, "versusAverage": text.versusAverage,
            "topShops": text.topShops, "topItems": text.topItems, "byMonth": text.byMonth,
        ]
    }
}

/// What one category of a month (or a range) holds: its item names by spending and its receipts, newest first.
struct CategoryView: Encodable {
    let title: String
    let items: [StatisticsView.Row]
    let receipts: [SearchView.Result]

    init(category: Category, months: ClosedRange<Month>, names: [NameSpending], hits: [SearchHit], words: WebWords) {
        let text = ReportText(words.language)
        title = text.name(category) + " · " + text.rangeName(months)
        items = names.map { name in
            StatisticsView.Row(
                name: name.name, detail: words.items(name.items, pending: false), totalText: text.money(name.total))
        }
        receipts = hits.map { SearchView.Result($0, language: words.language) }
    }
}
