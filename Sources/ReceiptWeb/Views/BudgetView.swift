import ReceiptCore
import ReceiptReports
import ReceiptStats

/// A month's budgets as the insights view shows them: the numbers as `receipts budget --json` gives
/// them (``budget``), each line's texts, and what the form offers.
struct BudgetView: Encodable {
    struct Line: Encodable {
        let category: String
        let name: String
        let limitText: String
        let spentText: String
        let leftText: String
        let projectedText: String
        /// `over` (spent past the limit), `heading` (the pace leads past it) or `ok`.
        let state: String
        let stateText: String?
        /// The share of the limit spent, 0…1 (past 1 drawn full), for the bar.
        let used: Double
    }

    struct Choice: Encodable {
        let category: String
        let name: String
    }

    struct MonthLink: Encodable {
        let month: String
        let title: String
    }

    let month: String
    let title: String
    let budget: BudgetJSON
    let lines: [Line]
    let empty: String?
    /// The categories a limit can be set for.
    let choices: [Choice]
    /// The checkbox's words: the limit for this month only.
    let onlyThisMonth: String
    let previous: MonthLink?
    let next: MonthLink?

    init(_ status: BudgetStatus, today: LocalDateTime, words: WebWords) {
        let text = ReportText(words.language)
        let labels = words.page
        month = status.month.description
        title = words.budgetHeading(status.month, today: today)
        budget = BudgetJSON(status)
        lines = status.lines.map { line in
            let state = Self.state(line)
            return Line(
                category: line.category.rawValue, name: text.name(line.category), limitText: text.money(line.limit),
                spentText: text.money(line.spent), leftText: text.money(line.left),
                projectedText: text.money(line.projected), state: state,
                stateText: line.isOver ? labels["over"] : line.isHeadingOver ? labels["headingOver"] : nil,
                used: min(1, max(0, Double(line.spent.kopecks) / Double(max(1, line.limit.kopecks)))))
        }
        empty = status.lines.isEmpty ? words.noBudgets : nil
        choices = Category.allCases.map {
            Choice(category: $0.rawValue, name: text.name($0))
        }
        onlyThisMonth = words.onlyIn(status.month)
        let link = { (month: Month) in MonthLink(month: month.description, title: text.monthName(month)) }
        previous = status.month.previous.map(link)
        next = status.month.next.map(link)
    }
}

extension BudgetView {
    /// How a line stands: `over` (spent past the limit), `heading` (the pace leads past it) or `ok`.
    static func state(_ line: BudgetStatus.Line) -> String {
        line.isOver ? "over" : line.isHeadingOver ? "heading" : "ok"
    }
}

/// `{"category", "amount", "month"}`: a limit to set (for `month` only when given); or, without an
/// amount, the one to remove: the limit that holds in `month` (its own, else the monthly one).
struct BudgetRequest: Decodable {
    let category: String
    let amount: String?
    let month: String?
}

extension BudgetRequest {
    /// The category, the month (nil: every month) and, to set, the limit, read as `receipts budget
    /// set` reads them; else what is wrong, in the page's language.
    func read(words: WebWords, needsAmount: Bool) throws(WebError) -> (Category, Money?, Month?) {
        guard let category = Category(lookingUp: category) else {
            throw .badRequest(words.unknownCategory(category), field: "category")
        }
        var only: Month?
        if let month, !month.isEmpty {
            guard let parsed = Month(month) else { throw .badRequest(words.badMonth(month), field: "month") }
            only = parsed
        }
        guard needsAmount else { return (category, nil, only) }
        do {
            return (category, try BudgetLimit.parse(amount ?? ""), only)
        } catch {
            throw .badRequest(error.message(in: words.language), field: "amount")
        }
    }
}
