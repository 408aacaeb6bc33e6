import Foundation
import Logging
import ReceiptAPI
import ReceiptCore
import ReceiptTesting
import Testing

@testable import ReceiptServer

/// The storages the server runs on; every test of the conformance suite runs on each.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgresql

    var testDescription: String { rawValue }

    /// Runs `body` with a fresh, empty storage of this kind, closed (and its database dropped) after.
    func withStorage<T: Sendable>(_ body: (any ServerStorage) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            let folder = try TemporaryFolder("storage")
            let storage = try SQLiteStorage(path: folder.file("server.sqlite"))
            return try await body(storage)
        case .postgresql:
            return try await PostgresCluster().withDatabase { database in
                let storage = try await PostgresStorage(
                    try PostgresAddress(database), logger: Logger(label: "receipts.test.postgres"),
                    patience: .seconds(120))
                do {
                    let result = try await body(storage)
                    await storage.close()
                    return result
                } catch {
                    await storage.close()
                    throw error
                }
            }
        }
    }
}

/// One suite over both storages: what the server relies on, said once, checked on SQLite and on
/// PostgreSQL alike; a suite within it for each role of ``ServerStorage``.
@Suite(
    "Server storage: SQLite and PostgreSQL behave the same", .tags(.postgres), .wholeSuiteOnly, .storageIndependent,
    .timeLimit(.minutes(20))
)
struct StorageConformanceTests {}

/// The moment and the QR codes every role's checks use.
protocol StorageFixtures {}

extension StorageFixtures {
    static var now: Date { Date(timeIntervalSince1970: 1_790_000_000) }

    static func code(_ i: Int, day: Int = 10, fn: String = "9251440300007971") throws -> FiscalCode {
        try FiscalCode(
            parsing: "t=202601\(day < 10 ? "0" : "")\(day)T1230&s=\(100 + i).00&fn=\(fn)&i=\(i)&fp=\(1000 + i)&n=1")
    }
}

extension StorageConformanceTests {
    // MARK: SessionStorage

    /// ``SessionStorage``: accounts and sessions.
    @Suite("SessionStorage: accounts and sessions", .tags(.postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
    struct Sessions: StorageFixtures {
        @Test(
            "logins are unique without case; credentials and sessions round-trip; logout forgets",
            arguments: Backend.allCases)
        func accounts(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let account = try #require(try await storage.register(login: "Anna", passwordHash: "h1", at: Self.now))
                #expect(account.kind == .authorized && account.login == "Anna")
                #expect(try await storage.register(login: "anna", passwordHash: "h2", at: Self.now) == nil)
                #expect(try await storage.accountExists(login: "ANNA"))
                let found = try #require(try await storage.credentials(login: "anna"))
                #expect(found.account.id == account.id && found.hash == "h1")
                #expect(try await storage.credentials(login: "boris") == nil)

                let anonymous = try await storage.openAnonymous(at: Self.now)
                #expect(anonymous.kind == .anonymous && anonymous.id != account.id)

                let token = Data((0..<32).map { UInt8($0) })
                try await storage.insertSession(
                    tokenHash: token, account: account.id, createdAt: Self.now, expiresAt: Self.now + 3600)
                let session = try #require(try await storage.session(tokenHash: token))
                #expect(session.account == account)
                #expect(abs(session.expiresAt.timeIntervalSince(Self.now + 3600)) < 0.001)
                try await storage.deleteSession(tokenHash: token)
                #expect(try await storage.session(tokenHash: token) == nil)

                // Three sessions: a password change keeps the one it came from and ends the others;
                // "log out everywhere" ends them all. An anonymous account has no password to change.
                let tokens = (1...3).map { index in Data((0..<32).map { UInt8($0) ^ UInt8(index) }) }
                for token in tokens {
                    try await storage.insertSession(
                        tokenHash: token, account: account.id, createdAt: Self.now, expiresAt: Self.now + 3600)
                }
                try await storage.insertSession(
                    tokenHash: token, account: anonymous.id, createdAt: Self.now, expiresAt: Self.now + 3600)
                #expect(try await storage.changePassword(account: account.id, passwordHash: "h3", keeping: tokens[0]))
                #expect(try await storage.credentials(login: "anna")?.hash == "h3")
                #expect(try await storage.session(tokenHash: tokens[0]) != nil)
                #expect(try await storage.session(tokenHash: tokens[1]) == nil)
                #expect(try await storage.session(tokenHash: tokens[2]) == nil)
                #expect(try await !storage.changePassword(account: anonymous.id, passwordHash: "h4", keeping: nil))
                try await storage.deleteSessions(account: account.id, keeping: nil)
                #expect(try await storage.session(tokenHash: tokens[0]) == nil)
                // Another account's session stays.
                #expect(try await storage.session(tokenHash: token) != nil)
            }
        }
    }

    // MARK: ReceiptFeedStorage

    /// ``ReceiptFeedStorage``: adding and the feeds.
    @Suite("ReceiptFeedStorage: adding and the feeds", .tags(.postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
    struct ReceiptFeed: StorageFixtures {
        @Test(
            "adding a code: pending, or complete from a known document; the same code once", arguments: Backend.allCases
        )
        func adding(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let account = try await storage.openAnonymous(at: Self.now)
                let (first, created) = try await storage.add(try Self.code(1), account: account.id)
                #expect(created && first.rows.count == 1 && first.rows[0].status == .pending)
                #expect(first.rows[0].sequence == 1)
                let (again, createdAgain) = try await storage.add(try Self.code(1), account: account.id)
                #expect(!createdAgain && again.rows.map(\.id) == first.rows.map(\.id))

                // A document the server knows (the demo's) completes the receipt at once, with its place.
                let place = Place(
                    id: "p1", name: "Пятёрочка", coordinate: try Coordinate(latitude: 55.75, longitude: 37.61),
                    category: .groceries, address: "Тверская, 1")
                try await storage.upsert(places: [place])
                let known = Receipt(pendingFrom: try Self.code(2))
                let document = NewReceipt(FiscalDocument(known), status: .complete, placeID: "p1")
                #expect(
                    try await storage.seed(
                        login: "demo", passwordHash: "h", receipts: [], unclaimed: [document], at: Self.now))
                #expect(try await storage.unclaimedDocument() == document.json)
                let (completed, _) = try await storage.add(try Self.code(2), account: account.id)
                #expect(completed.rows[0].status == .complete && completed.rows[0].placeID == "p1")
                #expect(completed.places["p1"] == place)
                #expect(completed.rows[0].sequence == 2)
                #expect(try await storage.unclaimedDocument() == nil)
                #expect(try await storage.receipt(id: completed.rows[0].id, account: account.id)?.rows.count == 1)
                // A place written again after pages named it is read as it is now.
                let moved = Place(
                    id: "p1", name: "Пятёрочка у метро", coordinate: try Coordinate(latitude: 55.76, longitude: 37.6),
                    category: .groceries, address: "Тверская, 2")
                try await storage.upsert(places: [moved])
                #expect(try await storage.receipt(id: completed.rows[0].id, account: account.id)?.places["p1"] == moved)
                let other = try await storage.openAnonymous(at: Self.now)
                #expect(try await storage.receipt(id: completed.rows[0].id, account: other.id) == nil)
                #expect(try await storage.counts() == (receipts: 2, places: 1))
            }
        }

        @Test("the feed pages newest first by (date, id); changes come by sequence", arguments: Backend.allCases)
        func feedAndChanges(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let account = try await storage.openAnonymous(at: Self.now)
                // Days 1…7, two receipts on day 4: the feed breaks the tie by id.
                for (i, day) in [(1, 3), (2, 1), (3, 4), (4, 7), (5, 4), (6, 2)] {
                    _ = try await storage.add(try Self.code(i, day: day), account: account.id)
                }
                let token = Data(repeating: 7, count: 32)
                try await storage.insertSession(
                    tokenHash: token, account: account.id, createdAt: Self.now,
                    expiresAt: Self.now.addingTimeInterval(3600))
                var seen: [String] = []
                var position: FeedPosition?
                while true {
                    let found = try #require(try await storage.feed(session: token, after: position, limit: 2))
                    #expect(found.account == account)
                    #expect(found.expiresAt == Self.now.addingTimeInterval(3600))
                    let page = found.page
                    let shown = page.rows.prefix(2)
                    seen += shown.map { "\($0.dateTime) \($0.id)" }
                    guard page.rows.count > 2, let last = shown.last else { break }
                    position = FeedPosition(account: account.id, dateTime: last.dateTime, id: last.id)
                }
                #expect(seen.count == 6)
                #expect(seen == seen.sorted(by: >))
                let changes = try await storage.changes(account: account.id, since: 2, limit: 3)
                #expect(changes.rows.map(\.sequence) == [3, 4, 5, 6])
                #expect(try await storage.changes(account: account.id, since: 6, limit: 3).rows.isEmpty)
            }
        }

        @Test(
            "the feed comes with its session: none for an unknown token, an empty page for an account without receipts, never another account's receipts",
            arguments: Backend.allCases)
        func feedWithItsSession(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let empty = try await storage.openAnonymous(at: Self.now)
                let full = try await storage.openAnonymous(at: Self.now)
                for i in 1...3 { _ = try await storage.add(try Self.code(i, day: i), account: full.id) }
                let emptyToken = Data(repeating: 1, count: 32)
                let fullToken = Data(repeating: 2, count: 32)
                let expires = Self.now.addingTimeInterval(60)
                try await storage.insertSession(
                    tokenHash: emptyToken, account: empty.id, createdAt: Self.now, expiresAt: expires)
                try await storage.insertSession(
                    tokenHash: fullToken, account: full.id, createdAt: Self.now, expiresAt: expires)

                #expect(try await storage.feed(session: Data(repeating: 3, count: 32), after: nil, limit: 50) == nil)
                let none = try #require(try await storage.feed(session: emptyToken, after: nil, limit: 50))
                #expect(none.account == empty)
                #expect(none.page.rows.isEmpty)
                #expect(none.page.places.isEmpty)

                let all = try #require(try await storage.feed(session: fullToken, after: nil, limit: 50))
                #expect(all.page.rows.map(\.dateTime) == all.page.rows.map(\.dateTime).sorted(by: >))
                #expect(all.page.rows.count == 3)
                // A position names an account, but the page is always the session's: the empty account's
                // session with the full account's position still reads nothing.
                let newest = all.page.rows[0]
                let foreign = FeedPosition(account: full.id, dateTime: newest.dateTime, id: newest.id)
                let stillNone = try #require(try await storage.feed(session: emptyToken, after: foreign, limit: 50))
                #expect(stillNone.page.rows.isEmpty)
                let rest = try #require(try await storage.feed(session: fullToken, after: foreign, limit: 1))
                #expect(rest.page.rows.map(\.id) == Array(all.page.rows.dropFirst().map(\.id)))
            }
        }

        @Test(
            "the same code added at once many times is one receipt; sequences stay unique and whole",
            arguments: Backend.allCases)
        func concurrentAdds(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let account = try await storage.openAnonymous(at: Self.now)
                let created = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for i in 0..<24 {
                        let code = try Self.code(i % 2 == 0 ? 100 : i)
                        group.addTask { try await storage.add(code, account: account.id).created }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                // One for the repeated code, one each for the 12 odd ones.
                #expect(created == 13)
                let all = try await storage.changes(account: account.id, since: 0, limit: 100)
                #expect(all.rows.map(\.sequence) == Array(1...13))
            }
        }
    }

    // MARK: CompletionJobStorage

    /// ``CompletionJobStorage``: completion jobs and completers' values.
    @Suite(
        "CompletionJobStorage: completion jobs and completers' values", .tags(.postgres), .wholeSuiteOnly,
        .timeLimit(.minutes(20)))
    struct CompletionJobs: StorageFixtures {
        @Test(
            "a pending receipt's job is leased to one worker, taken again when its lease runs out, finished only by its lease",
            arguments: Backend.allCases)
        func jobs(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let account = try await storage.openAnonymous(at: Self.now)
                let (first, _) = try await storage.add(try Self.code(1), account: account.id)
                let (second, _) = try await storage.add(try Self.code(2), account: account.id)
                let ids = Set([first.rows[0].id, second.rows[0].id])
                #expect(try await storage.completionCounts() == (open: 2, invalid: 0))

                // Both are due; each is leased to one taker for a minute, so a third take finds none.
                let minute = Self.now + 60
                let a = try #require(try await storage.takeCompletionJob(now: Self.now, until: minute))
                let b = try #require(try await storage.takeCompletionJob(now: Self.now, until: minute))
                #expect(Set([a.receiptID, b.receiptID]) == ids && a.tries == 1 && b.tries == 1)
                #expect(try await storage.takeCompletionJob(now: Self.now, until: minute) == nil)

                // A waits five minutes; B's taker dies: at +100 s its lease has run out and B is taken
                // again (its second try), while A is not due yet.
                try await storage.finishCompletionJob(a, .retry(at: Self.now + 300))
                let bAgain = try #require(
                    try await storage.takeCompletionJob(now: Self.now + 100, until: Self.now + 160))
                #expect(bAgain.receiptID == b.receiptID && bAgain.tries == 2 && bAgain.lease != b.lease)
                #expect(try await storage.takeCompletionJob(now: Self.now + 100, until: Self.now + 160) == nil)

                // The dead taker's old lease finishes nothing; the new one ends B for good.
                try await storage.finishCompletionJob(b, .invalid(reason: "чек некорректен"))
                #expect(try await storage.completionCounts() == (open: 2, invalid: 0))
                try await storage.finishCompletionJob(bAgain, .invalid(reason: "чек некорректен"))
                #expect(try await storage.completionCounts() == (open: 1, invalid: 1))

                // A, due again, is completed: the receipt is complete with the account's next change
                // (two adds made changes 1 and 2, so this is 3), and no job is left to take.
                let aAgain = try #require(
                    try await storage.takeCompletionJob(now: Self.now + 400, until: Self.now + 460))
                #expect(aAgain.receiptID == a.receiptID && aAgain.tries == 2)
                let code = a.receiptID == first.rows[0].id ? try Self.code(1) : try Self.code(2)
                let document = NewReceipt(FiscalDocument(Receipt(pendingFrom: code)), status: .complete, placeID: nil)
                try await storage.finishCompletionJob(aAgain, .completed(document))
                #expect(try await storage.completionCounts() == (open: 0, invalid: 1))
                #expect(try await storage.takeCompletionJob(now: Self.now + 1_000, until: Self.now + 1_060) == nil)
                let completed = try #require(try await storage.receipt(id: a.receiptID, account: account.id))
                #expect(completed.rows[0].status == .complete && completed.rows[0].sequence == 3)
            }
        }

        @Test(
            "a completer's value changes one change at a time; a change that fails leaves it; nil leaves it",
            arguments: Backend.allCases)
        func completerValues(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                #expect(try await storage.changeCompleterValue(named: "n") { _ in nil } == nil)
                // Ten changes at once, each reading, waiting (as a provider's renewal would) and adding one:
                // none may start from a value another has not finished with.
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<10 {
                        group.addTask {
                            _ = try await storage.changeCompleterValue(named: "n") { kept in
                                let count = kept.map { Int(String(decoding: $0, as: UTF8.self)) ?? -100 } ?? 0
                                try await Task.sleep(for: .milliseconds(20))
                                return Data(String(count + 1).utf8)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                let ten = Data("10".utf8)
                #expect(try await storage.changeCompleterValue(named: "n") { _ in nil } == ten)
                struct Refused: Error {}
                await #expect(throws: Refused.self) {
                    try await storage.changeCompleterValue(named: "n") { _ in throw Refused() }
                }
                #expect(try await storage.changeCompleterValue(named: "n") { $0 } == ten)
                #expect(try await storage.changeCompleterValue(named: "other") { _ in Data([1]) } == Data([1]))
                #expect(try await storage.changeCompleterValue(named: "n") { _ in nil } == ten)
            }
        }
    }

    // MARK: AttemptStorage

    /// ``AttemptStorage``: attempts.
    @Suite("AttemptStorage: attempts", .tags(.postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
    struct Attempts: StorageFixtures {
        @Test(
            "attempts are counted per key within the window; forgetting and withdrawing take them back",
            arguments: Backend.allCases)
        func attempts(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let rate = ThrottleLimits.Rate(3, per: 60)
                let pair = [Attempt(key: "a", rate: rate), Attempt(key: "b", rate: ThrottleLimits.Rate(100, per: 60))]
                for second in 0..<3 {
                    #expect(try await storage.admit(pair, now: Self.now + Double(second)) == nil)
                }
                // The fourth waits until the first is a minute old; nothing of it is counted, not even under b.
                #expect(try await storage.admit(pair, now: Self.now + 10) == 50)
                #expect(
                    try await storage.admit(
                        [Attempt(key: "b", rate: ThrottleLimits.Rate(4, per: 60))], now: Self.now + 10)
                        == nil)
                #expect(try await storage.admit(pair, now: Self.now + 60) == nil)
                // a holds 1, 2 and 60; taking back 60 lets 60.2 in, and then 60.5 waits until 1 is a minute old.
                try await storage.withdrawLatestAttempt(of: "a")
                let one = [Attempt(key: "a", rate: rate)]
                #expect(try await storage.admit(one, now: Self.now + 60.2) == nil)
                #expect(try await storage.admit(one, now: Self.now + 60.5) == 1)
                try await storage.forgetAttempts(of: "a")
                #expect(try await storage.admit(one, now: Self.now + 60.5) == nil)
            }
        }
    }

    // MARK: PlaceStorage

    /// ``PlaceStorage``: places, and the secrets of the storage as a whole (`HousekeepingStorage`).
    @Suite("PlaceStorage: places and secrets", .tags(.postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
    struct Places: StorageFixtures {
        @Test(
            "places are upserted (the last of a repeated id wins); secrets are made once", arguments: Backend.allCases)
        func placesAndSecrets(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let coordinate = try Coordinate(latitude: 55.7, longitude: 37.6)
                let first = Place(id: "a", name: "Один", coordinate: coordinate, category: .groceries, address: "")
                let renamed = Place(id: "a", name: "Другой", coordinate: coordinate, category: .cafes, address: "x")
                let second = Place(id: "b", name: "Два", coordinate: coordinate, category: .health, address: "")
                try await storage.upsert(places: [first, second, renamed])
                let stored = try await storage.places().sorted { $0.id < $1.id }
                #expect(stored == [renamed, second])

                let secret = try await storage.secret(named: "cursor-key")
                #expect(secret.count == 32)
                #expect(try await storage.secret(named: "cursor-key") == secret)
                #expect(try await storage.secret(named: "other") != secret)
            }
        }
    }

    // MARK: DemoStorage

    /// ``DemoStorage``: the demo.
    @Suite("DemoStorage: the demo", .tags(.postgres), .wholeSuiteOnly, .timeLimit(.minutes(20)))
    struct Demo: StorageFixtures {
        @Test("the demo is seeded once: a second seed of the same login does nothing", arguments: Backend.allCases)
        func seedOnce(_ backend: Backend) async throws {
            try await backend.withStorage { storage in
                let receipts = try (1...3).map {
                    NewReceipt(FiscalDocument(Receipt(pendingFrom: try Self.code($0))), status: .complete, placeID: nil)
                }
                let both = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for _ in 0..<2 {
                        group.addTask {
                            try await storage.seed(
                                login: "demo", passwordHash: "h", receipts: receipts, unclaimed: [], at: Self.now)
                        }
                    }
                    return try await group.reduce(into: [Bool]()) { $0.append($1) }
                }
                #expect(both.filter { $0 }.count == 1 && both.count == 2)
                #expect(try await storage.counts().receipts == 3)
            }
        }
    }
}
