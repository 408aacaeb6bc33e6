import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

extension StorageConformanceTests {
    /// ``HouseholdStorage``: households, their feeds and the shares of their receipts.
    @Suite("HouseholdStorage: members, feeds and shares", .tags(.postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
    struct Households: StorageFixtures {
        static func code(_ text: String) -> Data { AccountStore.hash(text) }

        @Test(
            "members' feeds hold each other's receipts with who added them; one who joins later gets the older ones after the position it read; leaving takes them out",
            arguments: Backend.allCases)
        func feeds(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let anna = try #require(try await storage.register(login: "anna", passwordHash: "h", at: Self.now))
                let boris = try #require(try await storage.register(login: "boris", passwordHash: "h", at: Self.now))
                let annas = [
                    try await storage.add(try Self.code(1, day: 1), account: anna.id).0.rows[0],
                    try await storage.add(try Self.code(2, day: 2), account: anna.id).0.rows[0],
                ]
                let borisOwn = try await storage.add(try Self.code(3, day: 3), account: boris.id).0.rows[0]
                // Boris has synced his own receipt: his position is 1.
                let synced = try await storage.changes(account: boris.id, since: 0, limit: 50)
                #expect(synced.rows.map(\.id) == [borisOwn.id] && synced.rows[0].addedBy == "boris")

                let household = try #require(try await storage.createHousehold(owner: anna.id, at: Self.now))
                #expect(household.members.map(\.login) == ["anna"] && household.role(of: anna.id) == .owner)
                #expect(try await storage.createHousehold(owner: anna.id, at: Self.now) == nil)
                #expect(
                    try await storage.invite(
                        by: anna.id, codeHash: Self.code("ONE"), role: .editor, at: Self.now, expiresAt: Self.now + 3600
                    )
                        == .done(household))
                guard
                    case .done(let joined?) = try await storage.join(
                        account: boris.id, codeHash: Self.code("ONE"), at: Self.now + 60)
                else {
                    Issue.record("boris did not join")
                    return
                }
                #expect(joined.members.map(\.login) == ["anna", "boris"] && joined.role(of: boris.id) == .editor)
                // Used once.
                let carol = try #require(try await storage.register(login: "carol", passwordHash: "h", at: Self.now))
                #expect(
                    try await storage.join(account: carol.id, codeHash: Self.code("ONE"), at: Self.now) == .unknownCode)

                // Anna's older receipts come after the position Boris read, in his own sequence.
                let after = try await storage.changes(account: boris.id, since: synced.rows[0].sequence, limit: 50)
                #expect(Set(after.rows.map(\.id)) == Set(annas.map(\.id)))
                #expect(after.rows.allSatisfy { $0.addedBy == "anna" && $0.sequence > synced.rows[0].sequence })
                #expect(after.rows.map(\.sequence) == after.rows.map(\.sequence).sorted())
                // And Boris's in Anna's, after everything she had.
                let annaAfter = try await storage.changes(account: anna.id, since: 2, limit: 50)
                #expect(annaAfter.rows.map(\.id) == [borisOwn.id] && annaAfter.rows[0].addedBy == "boris")

                // A receipt added now enters both; the same code from the other member is that receipt.
                let (new, created) = try await storage.add(try Self.code(4, day: 5), account: anna.id)
                #expect(created)
                let position = try #require(after.rows.last?.sequence)
                let next = try await storage.changes(account: boris.id, since: position, limit: 50)
                #expect(next.rows.map(\.id) == new.rows.map(\.id))
                let (same, createdAgain) = try await storage.add(try Self.code(4, day: 5), account: boris.id)
                #expect(!createdAgain && same.rows.map(\.id) == new.rows.map(\.id) && same.rows[0].addedBy == "anna")
                #expect(same.rows[0].sequence == next.rows[0].sequence)

                // The feed by date holds all four for either, each with who added it.
                let token = Data(repeating: 9, count: 32)
                try await storage.insertSession(
                    tokenHash: token, account: boris.id, createdAt: Self.now, expiresAt: Self.now + 3600)
                let feed = try #require(try await storage.feed(session: token, after: nil, limit: 3))
                #expect(feed.page.rows.map(\.dateTime) == feed.page.rows.map(\.dateTime).sorted(by: >))
                #expect(feed.page.rows.count == 4)
                let rest = try #require(
                    try await storage.feed(
                        session: token,
                        after: FeedPosition(
                            account: boris.id, dateTime: feed.page.rows[2].dateTime, id: feed.page.rows[2].id),
                        limit: 3))
                #expect(rest.page.rows.map(\.id) == [annas[0].id])
                #expect(
                    (feed.page.rows.prefix(3) + rest.page.rows).map { $0.addedBy ?? "" } == [
                        "anna", "boris", "anna", "anna",
                    ])

                // A pending receipt completed later comes again in every member's change feed.
                let job = try #require(try await storage.takeCompletionJob(now: Self.now, until: Self.now + 300))
                let completed = NewReceipt(
                    try JSONReader.read(FiscalDocument.self, from: Data(job.document.utf8)), status: .complete,
                    placeID: nil)
                try await storage.finishCompletionJob(job, .completed(completed))
                let latest = try #require(
                    try await storage.changes(account: boris.id, since: 0, limit: 50).rows.map(\.sequence).max())
                let again = try await storage.changes(account: boris.id, since: next.rows[0].sequence, limit: 50)
                #expect(again.rows.map(\.id) == [job.receiptID] && again.rows.first?.status == .complete)
                #expect(again.rows.last?.sequence == latest)

                // Leaving: Anna's receipts leave Boris's feeds, his leave hers.
                #expect(try await storage.leave(account: boris.id) == .done(household))
                #expect(try await storage.receipt(id: annas[0].id, account: boris.id) == nil)
                #expect(try await storage.receipt(id: borisOwn.id, account: anna.id) == nil)
                #expect(
                    try await storage.changes(account: boris.id, since: 0, limit: 50).rows.map(\.id) == [borisOwn.id])
                #expect(try await storage.household(of: boris.id) == nil)
                // The last member leaving ends it.
                #expect(try await storage.leave(account: anna.id) == .done(nil))
                #expect(try await storage.household(of: anna.id) == nil)
                #expect(try await storage.leave(account: anna.id) == .notMember)
            }
        }

        @Test(
            "roles: owners invite and remove; the last owner stays while others remain; a viewer adds nothing and changes no shares; a removed member sees nothing more; codes expire",
            arguments: Backend.allCases)
        func roles(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let anna = try #require(try await storage.register(login: "anna", passwordHash: "h", at: Self.now))
                let boris = try #require(try await storage.register(login: "boris", passwordHash: "h", at: Self.now))
                let vera = try #require(try await storage.register(login: "vera", passwordHash: "h", at: Self.now))
                #expect(
                    try await storage.invite(
                        by: anna.id, codeHash: Self.code("X"), role: .editor, at: Self.now, expiresAt: Self.now)
                        == .notMember)
                _ = try await storage.createHousehold(owner: anna.id, at: Self.now)
                _ = try await storage.invite(
                    by: anna.id, codeHash: Self.code("E"), role: .editor, at: Self.now, expiresAt: Self.now + 60)
                _ = try await storage.invite(
                    by: anna.id, codeHash: Self.code("V"), role: .viewer, at: Self.now, expiresAt: Self.now + 60)
                _ = try await storage.invite(
                    by: anna.id, codeHash: Self.code("OLD"), role: .viewer, at: Self.now, expiresAt: Self.now + 60)
                #expect(
                    try await storage.join(account: vera.id, codeHash: Self.code("OLD"), at: Self.now + 61)
                        == .unknownCode)
                guard case .done = try await storage.join(account: boris.id, codeHash: Self.code("E"), at: Self.now),
                    case .done = try await storage.join(account: vera.id, codeHash: Self.code("V"), at: Self.now)
                else {
                    Issue.record("could not join")
                    return
                }
                #expect(
                    try await storage.invite(
                        by: boris.id, codeHash: Self.code("B"), role: .editor, at: Self.now, expiresAt: Self.now + 60)
                        == .notOwner)
                #expect(try await storage.remove(login: "vera", by: boris.id) == .notOwner)
                #expect(try await storage.leave(account: anna.id) == .lastOwner)
                #expect(try await storage.remove(login: "nobody", by: anna.id) == .noSuchMember)
                let annas = try await storage.add(try Self.code(1), account: anna.id).0.rows[0]

                // A viewer reads, and changes nothing.
                #expect(try await storage.receipt(id: annas.id, account: vera.id) != nil)
                await #expect(throws: ReadOnlyMember.self) {
                    try await storage.add(try Self.code(2), account: vera.id)
                }
                let shares = ReceiptShares(version: 0, payer: "vera", receipt: [], lines: [])
                #expect(try await storage.changeShares(receipt: annas.id, account: vera.id, to: shares) == .readOnly)
                #expect(try await storage.shares(receipt: annas.id, account: vera.id) == .unset)

                // Removed, Boris sees nothing of the household's and changes nothing.
                #expect(try await storage.remove(login: "BORIS", by: anna.id) != .noSuchMember)
                #expect(try await storage.receipt(id: annas.id, account: boris.id) == nil)
                #expect(try await storage.shares(receipt: annas.id, account: boris.id) == nil)
                #expect(try await storage.changeShares(receipt: annas.id, account: boris.id, to: shares) == .notFound)
                #expect(try await storage.household(of: anna.id)?.members.map(\.login) == ["anna", "vera"])
            }
        }

        @Test(
            "two members changing one receipt's shares from the same version: one wins, the other gets the current version and retries; nothing half written",
            arguments: Backend.allCases)
        func concurrentShares(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let anna = try #require(try await storage.register(login: "anna", passwordHash: "h", at: Self.now))
                let boris = try #require(try await storage.register(login: "boris", passwordHash: "h", at: Self.now))
                _ = try await storage.createHousehold(owner: anna.id, at: Self.now)
                _ = try await storage.invite(
                    by: anna.id, codeHash: Self.code("E"), role: .editor, at: Self.now, expiresAt: Self.now + 60)
                _ = try await storage.join(account: boris.id, codeHash: Self.code("E"), at: Self.now)
                let receipt = try await storage.add(try Self.code(1), account: anna.id).0.rows[0].id
                var version: Int64 = 0
                for round in 0..<10 {
                    let mine = ReceiptShares(
                        version: version, payer: "anna",
                        receipt: [ShareWeight(login: "anna", weight: Int64(round + 1))],
                        lines: [])
                    let theirs = ReceiptShares(
                        version: version, payer: "boris", receipt: [ShareWeight(login: "boris", weight: 7)],
                        lines: [LineShares(line: 1, people: [ShareWeight(login: "anna", weight: 1)])])
                    async let first = storage.changeShares(receipt: receipt, account: anna.id, to: mine)
                    async let second = storage.changeShares(receipt: receipt, account: boris.id, to: theirs)
                    let outcomes = try await [first, second]
                    let winners = outcomes.compactMap { outcome -> ReceiptShares? in
                        if case .changed(let shares) = outcome { return shares }
                        return nil
                    }
                    let conflicts = outcomes.compactMap { outcome -> ReceiptShares? in
                        if case .conflict(let shares) = outcome { return shares }
                        return nil
                    }
                    #expect(winners.count == 1 && conflicts.count == 1, "round \(round): \(outcomes)")
                    guard let winner = winners.first, let current = conflicts.first else { return }
                    // The loser sees the winner's shares whole, at the new version.
                    #expect(current == winner && winner.version == version + 1)
                    #expect(try await storage.shares(receipt: receipt, account: boris.id) == winner)
                    // It retries from there and is taken.
                    let loser = winner.payer == "anna" ? theirs : mine
                    var retried = loser
                    retried.version = current.version
                    guard
                        case .changed(let after) = try await storage.changeShares(
                            receipt: receipt, account: winner.payer == "anna" ? boris.id : anna.id, to: retried)
                    else {
                        Issue.record("the retry was refused")
                        return
                    }
                    version = after.version
                }
                #expect(version == 20)
            }
        }

        @Test(
            "two members adding while a third joins with receipts of its own: no lock waits in a circle, and every member's change feed ends with every receipt once",
            arguments: Backend.allCases)
        func addsWhileJoining(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let anna = try #require(try await storage.register(login: "anna", passwordHash: "h", at: Self.now))
                let boris = try #require(try await storage.register(login: "boris", passwordHash: "h", at: Self.now))
                let carol = try #require(try await storage.register(login: "carol", passwordHash: "h", at: Self.now))
                _ = try await storage.createHousehold(owner: anna.id, at: Self.now)
                for code in ["B", "C"] {
                    _ = try await storage.invite(
                        by: anna.id, codeHash: Self.code(code), role: .editor, at: Self.now, expiresAt: Self.now + 60)
                }
                _ = try await storage.join(account: boris.id, codeHash: Self.code("B"), at: Self.now)
                for i in 1...5 { _ = try await storage.add(try Self.code(100 + i), account: carol.id) }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for i in 1...10 {
                            _ = try await storage.add(try Self.code(i, day: 1 + i % 9), account: anna.id)
                        }
                    }
                    group.addTask {
                        for i in 11...20 {
                            _ = try await storage.add(try Self.code(i, day: 1 + i % 9), account: boris.id)
                        }
                    }
                    group.addTask {
                        let joined = try await storage.join(account: carol.id, codeHash: Self.code("C"), at: Self.now)
                        #expect(joined != .unknownCode && joined != .alreadyMember)
                    }
                    try await group.waitForAll()
                }
                for member in [anna, boris, carol] {
                    let rows = try await storage.changes(account: member.id, since: 0, limit: 100).rows
                    #expect(rows.count == 25, "\(member.login ?? "")")
                    #expect(Set(rows.map(\.id)).count == 25 && Set(rows.map(\.sequence)).count == 25)
                }
            }
        }
    }
}
