/// A household's money: each line's counted money shared among people, what each paid and
/// consumed, and the fewest transfers that bring everyone to zero. Amounts are kopecks; people are
/// their ids, in the order given.
public enum Household {
    /// One person's part of a line (or of a receipt without lines): a weight above zero.
    public struct Weight: Sendable, Hashable, Codable {
        /// The person's id.
        public let person: Int64
        /// Their part, relative to the others' (1 each: evenly).
        public let weight: Int64

        /// A part of `weight` for `person`.
        public init(person: Int64, weight: Int64) {
            self.person = person
            self.weight = weight
        }
    }

    /// One person's part of an amount, in kopecks.
    public struct Share: Sendable, Hashable, Codable {
        /// The person's id.
        public let person: Int64
        /// Kopecks, signed as the amount shared.
        public let amount: Int64

        /// `person`'s `amount`.
        public init(person: Int64, amount: Int64) {
            self.person = person
            self.amount = amount
        }
    }

    /// `amount` shared by `weights` to the kopeck (largest remainder, so the shares add up to it
    /// exactly); no weights at all means everyone in `people` evenly. Each person once, in the order
    /// the weights (or the people) come; empty when there is nobody to share with.
    public static func shares(of amount: Int64, weights: [Weight], everyone people: [Int64]) -> [Share] {
        guard weights.isEmpty else {
            guard let split = LargestRemainder.split(amount, by: weights.map(\.weight)) else { return [] }
            return zip(weights, split).map { Share(person: $0.person, amount: $1) }
        }
        // Evenly: what largest remainder gives equal weights, without its work (every remainder is
        // the same, so the kopecks left go to the first people).
        guard !people.isEmpty else { return [] }
        let count = UInt64(people.count)
        let (each, left) = amount.magnitude.quotientAndRemainder(dividingBy: count)
        return people.enumerated().map { index, person in
            let share = Int64(each + (UInt64(index) < left ? 1 : 0))
            return Share(person: person, amount: amount < 0 ? -share : share)
        }
    }

    /// A transfer that settles: `from` pays `to` `amount` kopecks (above zero).
    public struct Transfer: Sendable, Hashable, Codable {
        /// Who pays.
        public let from: Int64
        /// Who is paid.
        public let to: Int64
        /// Kopecks, above zero.
        public let amount: Int64

        /// `from` pays `to` `amount`.
        public init(from: Int64, to: Int64, amount: Int64) {
            self.from = from
            self.to = to
            self.amount = amount
        }
    }

    /// The fewest transfers that bring every balance (kopecks, positive for a person owed money) to
    /// zero; the balances must add up to zero. Every person who owes pays someone who is owed, so
    /// n people with a balance need at most n − 1; a group whose balances add up to zero on their
    /// own settles among itself, and each such group saves a transfer. Up to 16 people with a
    /// balance, the groups are found exactly (every subset is tried); beyond, the largest debtor
    /// pays the largest creditor until all are even.
    public static func settle(_ balances: [(person: Int64, balance: Int64)]) -> [Transfer] {
        let open = balances.filter { $0.balance != 0 }
        guard !open.isEmpty else { return [] }
        guard open.count <= 16 else { return greedy(open) }
        return groups(open).flatMap(greedy)
    }

    /// The people split into as many groups as can be, each adding up to zero (dynamic programming
    /// over subsets: the most zero-sum groups a set of people can be cut into).
    private static func groups(_ open: [(person: Int64, balance: Int64)]) -> [[(person: Int64, balance: Int64)]] {
        let count = open.count
        let full = (1 << count) - 1
        var sums = [Int64](repeating: 0, count: full + 1)
        var best = [Int](repeating: 0, count: full + 1)
        for mask in 1...full {
            let lowest = mask.trailingZeroBitCount
            sums[mask] = sums[mask & (mask - 1)] &+ open[lowest].balance
            var most = 0
            var rest = mask
            while rest != 0 {
                let bit = rest & -rest
                most = max(most, best[mask ^ bit])
                rest ^= bit
            }
            best[mask] = most + (sums[mask] == 0 ? 1 : 0)
        }
        // Walk back from everyone, taking one person off at a time the way the best count was
        // reached; each set on the way that adds up to zero closes a group.
        var result: [[(person: Int64, balance: Int64)]] = []
        var group: [(person: Int64, balance: Int64)] = []
        var mask = full
        while mask != 0 {
            let closes = sums[mask] == 0 ? 1 : 0
            var rest = mask
            var taken = rest & -rest
            while rest != 0 {
                let bit = rest & -rest
                if best[mask ^ bit] + closes == best[mask] {
                    taken = bit
                    break
                }
                rest ^= bit
            }
            if closes == 1, !group.isEmpty {
                result.append(group)
                group = []
            }
            group.append(open[taken.trailingZeroBitCount])
            mask ^= taken
        }
        if !group.isEmpty { result.append(group) }
        return result
    }

    /// The largest debtor pays the largest creditor as much as both allow, until all are even:
    /// each transfer evens at least one of them, so k people need at most k − 1.
    private static func greedy(_ group: [(person: Int64, balance: Int64)]) -> [Transfer] {
        var owed = group.filter { $0.balance > 0 }
        var owing = group.filter { $0.balance < 0 }.map { (person: $0.person, balance: -$0.balance) }
        var transfers: [Transfer] = []
        while let creditor = owed.indices.max(by: { owed[$0].balance < owed[$1].balance }),
            let debtor = owing.indices.max(by: { owing[$0].balance < owing[$1].balance })
        {
            let amount = min(owed[creditor].balance, owing[debtor].balance)
            transfers.append(Transfer(from: owing[debtor].person, to: owed[creditor].person, amount: amount))
            owed[creditor].balance -= amount
            owing[debtor].balance -= amount
            if owed[creditor].balance == 0 { owed.remove(at: creditor) }
            if owing[debtor].balance == 0 { owing.remove(at: debtor) }
        }
        return transfers
    }
}
