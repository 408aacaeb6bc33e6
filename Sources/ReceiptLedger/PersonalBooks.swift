import ReceiptCore
import ReceiptStore

/// One person's books of a household's receipts (`export beancount|hledger --person NAME`): their
/// own parts of the lines as expenses, and what the others owe them, or they owe the others, as a
/// receivable a person (`Assets:Receivable:Boris`, below zero for what the person owes).
///
/// A receipt the person paid books its payment as the household's books do, their parts as
/// expenses and each other person's part to that person's receivable; a receipt another paid books
/// the person's parts as expenses against the payer's receivable; a receipt with nothing of theirs
/// is left out. Recorded settlements move money between a receivable and the payment account.
/// Each receivable ends at what the receipts and settlements between the two people say, and the
/// expenses add up to `stats --person`.
struct PersonalBooks {
    /// The person's part of one receipt.
    struct Part {
        /// Who paid it.
        let payer: Int64
        /// The person's part of each line (by position from 0; −1 for the money no line carries).
        let own: [Int: Int64]
        /// Each other person's part, when the person paid.
        let others: [(person: Int64, amount: Int64)]
        /// The person's whole part.
        var mine: Int64 { own.values.reduce(0, +) }
    }

    let person: Person
    let people: [Person]
    /// The parts of the receipts that are the person's, by receipt id.
    let parts: [Int64: Part]

    /// The books of `person` over `months` (all when nil).
    init(of person: Person, in database: ReceiptDatabase, months: ClosedRange<Month>?) throws {
        self.person = person
        people = try database.people()
        var parts: [Int64: Part] = [:]
        let me = person.id
        try database.forEachSharedReceipt(months: months) { receipt in
            var own: [Int: Int64] = [:]
            var others: [Int64: Int64] = [:]
            for part in receipt.parts {
                for share in part.shares {
                    if share.person == me {
                        own[part.position, default: 0] += share.amount
                    } else {
                        others[share.person, default: 0] += share.amount
                    }
                }
            }
            let paid = receipt.payer == me
            guard paid || !own.isEmpty else { return }
            parts[receipt.id] = Part(
                payer: receipt.payer, own: own,
                others: paid ? others.sorted { $0.key < $1.key }.map { (person: $0.key, amount: $0.value) } : [])
        }
        self.parts = parts
    }

    /// `Assets:Receivable:` and the person's name in Latin letters.
    func receivable(_ id: Int64) -> String {
        "Assets:Receivable:" + LedgerAccounts.component(people.first { $0.id == id }?.name ?? String(id))
    }

    /// Every other person's receivable, for the `open` directives.
    var receivables: [String] { people.filter { $0.id != person.id }.map { receivable($0.id) } }
}

extension LedgerEntry {
    /// The entry of `receipt` in `books`' person's books: their parts as expenses (by category, or
    /// by line), then either the payment and the others' receivables, or the payer's receivable.
    init(
        _ receipt: LedgerReceipt, part: PersonalBooks.Part, books: PersonalBooks, postings kind: LedgerPostings,
        accounts: LedgerAccounts
    ) {
        self.receipt = receipt
        var postings: [Posting] = []
        var order: [Category] = []
        for line in receipt.lines where !order.contains(line.category) { order.append(line.category) }
        for category in order {
            let account = accounts.account(of: category)
            let lines = receipt.lines.enumerated().filter { $0.element.category == category }
            switch kind {
            case .category:
                let amount = lines.reduce(Int64(0)) { $0 + (part.own[$1.offset] ?? 0) }
                if amount != 0 { postings.append(Posting(account: account, amount: Money(kopecks: amount))) }
            case .item:
                for (position, line) in lines {
                    guard let amount = part.own[position], amount != 0 else { continue }
                    postings.append(
                        Posting(
                            account: account, amount: Money(kopecks: amount), item: line.name,
                            quantity: Self.quantity(line.quantity, unit: line.unit)))
                }
            }
        }
        if let rest = part.own[-1], rest != 0 {
            postings.append(Posting(account: accounts.account(of: receipt.restCategory), amount: Money(kopecks: rest)))
        }
        if part.payer == books.person.id {
            for other in part.others where other.amount != 0 {
                postings.append(Posting(account: books.receivable(other.person), amount: Money(kopecks: other.amount)))
            }
            postings += Self.payments(of: receipt, accounts: accounts)
        } else if part.mine != 0 {
            postings.append(Posting(account: books.receivable(part.payer), amount: Money(kopecks: -part.mine)))
        }
        self.postings = postings
    }
}
