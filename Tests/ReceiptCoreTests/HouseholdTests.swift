import PropertyBased
import ReceiptCore
import Testing

/// A household's shares and settling up: exact to the kopeck, and the fewest transfers.
@Suite("Household: shares and settling up", .timeLimit(.minutes(20)))
struct HouseholdTests {
    @Test("a line split by weights to the kopeck: 300.01 ₽ as 1:2 is 100.00 and 200.01")
    func shares() {
        // 30,001 kopecks by 1 and 2: 10,000 (remainder 1/3) and 20,000 (remainder 2/3); the kopeck
        // left goes to the larger remainder.
        let split = Household.shares(
            of: 30_001, weights: [.init(person: 1, weight: 1), .init(person: 2, weight: 2)], everyone: [1, 2])
        #expect(split.map(\.person) == [1, 2] && split.map(\.amount) == [10_000, 20_001])
        // No weights: everyone evenly, 1.00 ₽ among three: 34, 33, 33 (the earlier first on a tie).
        #expect(Household.shares(of: 100, weights: [], everyone: [7, 8, 9]).map(\.amount) == [34, 33, 33])
        // Money received (a refund) splits the same way, below zero.
        #expect(Household.shares(of: -101, weights: [], everyone: [1, 2]).map(\.amount) == [-51, -50])
        #expect(Household.shares(of: 100, weights: [], everyone: []).isEmpty)
        // Evenly is largest remainder over equal weights, for any amount and any number of people.
        var random = SeededRandom(seed: 51)
        for _ in 0..<2_000 {
            let people = (0..<Int64(1 + random.below(9))).map { $0 + 10 }
            let amount = Int64(random.below(2_000_001)) - 1_000_000
            let even = Household.shares(of: amount, weights: [], everyone: people)
            let weighed = Household.shares(
                of: amount, weights: people.map { Household.Weight(person: $0, weight: 1) }, everyone: people)
            #expect(even == weighed, "\(amount) among \(people.count)")
        }
    }

    @Test("settling up takes the fewest transfers, where the largest debtor paying the largest creditor takes more")
    func fewest() {
        // +4, +3, +2 against −5, −4: {+4, −4} and {+3, +2, −5} settle apart, 1 + 2 = 3 transfers.
        // Greedy would pay 4 of the 5 to the 4, then 3 of the 4 to the 3, then 1 and 1: four.
        let balances: [(person: Int64, balance: Int64)] = [(1, 400), (2, 300), (3, 200), (4, -500), (5, -400)]
        let transfers = Household.settle(balances)
        #expect(transfers.count == 3, "\(transfers)")
        #expect(Set(transfers).contains(Household.Transfer(from: 5, to: 1, amount: 400)))
        #expect(Self.after(balances, transfers).allSatisfy { $0 == 0 })
        #expect(Household.settle([(1, 0), (2, 0)]).isEmpty)
    }

    /// Each balance once the transfers are paid.
    static func after(_ balances: [(person: Int64, balance: Int64)], _ transfers: [Household.Transfer]) -> [Int64] {
        balances.map { person, balance in
            balance + transfers.filter { $0.from == person }.reduce(0) { $0 + $1.amount }
                - transfers.filter { $0.to == person }.reduce(0) { $0 + $1.amount }
        }
    }

    @Test(
        "for random lines, people and weights: shares add up to each line, balances to zero, settling zeroes them in at most n − 1"
    )
    func properties() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...1_000_000), Gen.int(in: 1...12), Gen.int(in: 1...40)
        ) { seed, peopleCount, lineCount in
            var random = SeededRandom(seed: UInt64(seed))
            let people = (1...peopleCount).map(Int64.init)
            var paid = [Int64: Int64]()
            var consumed = [Int64: Int64]()
            for _ in 0..<lineCount {
                // Amounts either way (a refund below zero), up to 10 million ₽.
                let amount = Int64(random.next() % 1_000_000_000) - 100_000_000
                let chosen = people.filter { _ in random.next() % 2 == 0 }
                let weights = chosen.map { Household.Weight(person: $0, weight: Int64(1 + random.next() % 1_000)) }
                let shares = Household.shares(of: amount, weights: weights, everyone: people)
                #expect(shares.reduce(0) { $0 + $1.amount } == amount)
                #expect(Set(shares.map(\.person)).count == shares.count)
                paid[people[Int(random.next() % UInt64(people.count))], default: 0] += amount
                for share in shares { consumed[share.person, default: 0] += share.amount }
            }
            let balances = people.map { (person: $0, balance: (paid[$0] ?? 0) - (consumed[$0] ?? 0)) }
            #expect(balances.reduce(0) { $0 + $1.balance } == 0)
            let transfers = Household.settle(balances)
            let open = balances.filter { $0.balance != 0 }.count
            #expect(transfers.count <= max(open - 1, 0))
            #expect(transfers.allSatisfy { $0.amount > 0 && $0.from != $0.to })
            #expect(Self.after(balances, transfers).allSatisfy { $0 == 0 })
        }
    }
}
