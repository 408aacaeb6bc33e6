import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import ReceiptAPI
import ReceiptCore
import ReceiptServerTesting
import ReceiptTesting
import Synchronization
import Testing

@testable import ReceiptServer

/// The server's SQLite storage with a switch that makes it stop answering, as a database does that
/// restarts or goes away: every call fails with ``StorageUnavailable`` while it is down.
final class OutageStorage: ServerStorage {
    let real: SQLiteStorage
    let down = Mutex(false)
    /// The real storage's generation, not trusted while it is down, as a PostgreSQL storage's is not
    /// once its listening connection breaks.
    var changes: StorageChanges { real.changes }

    /// Takes the database away (`true`) or gives it back.
    func setDown(_ isDown: Bool) {
        down.withLock { $0 = isDown }
        if isDown { real.changes.distrust() } else { real.changes.trust() }
    }

    init(path: String) throws { real = try SQLiteStorage(path: path) }

    private func check() throws {
        if down.withLock({ $0 }) { throw StorageUnavailable(description: "the stand-in database is down") }
    }

    func register(login: String, passwordHash: String, at date: Date) async throws -> Account? {
        try check()
        return try await real.register(login: login, passwordHash: passwordHash, at: date)
    }
    func openAnonymous(at date: Date) async throws -> Account {
        try check()
        return try await real.openAnonymous(at: date)
    }
    func credentials(login: String) async throws -> (account: Account, hash: String)? {
        try check()
        return try await real.credentials(login: login)
    }
    func insertSession(tokenHash: Data, account: Int64, createdAt: Date, expiresAt: Date) async throws {
        try check()
        try await real.insertSession(tokenHash: tokenHash, account: account, createdAt: createdAt, expiresAt: expiresAt)
    }
    func session(tokenHash: Data) async throws -> (account: Account, expiresAt: Date)? {
        try check()
        return try await real.session(tokenHash: tokenHash)
    }
    func deleteSession(tokenHash: Data) async throws {
        try check()
        try await real.deleteSession(tokenHash: tokenHash)
    }
    func deleteSessions(account: Int64, keeping: Data?) async throws {
        try check()
        try await real.deleteSessions(account: account, keeping: keeping)
    }
    func changePassword(account: Int64, passwordHash: String, keeping: Data?) async throws -> Bool {
        try check()
        return try await real.changePassword(account: account, passwordHash: passwordHash, keeping: keeping)
    }
    func household(of account: Int64) async throws -> StoredHousehold? {
        try check()
        return try await real.household(of: account)
    }
    func createHousehold(owner account: Int64, at date: Date) async throws -> StoredHousehold? {
        try check()
        return try await real.createHousehold(owner: account, at: date)
    }
    func invite(by account: Int64, codeHash: Data, role: HouseholdRole, at date: Date, expiresAt: Date) async throws
        -> MembershipChange
    {
        try check()
        return try await real.invite(by: account, codeHash: codeHash, role: role, at: date, expiresAt: expiresAt)
    }
    func join(account: Int64, codeHash: Data, at date: Date) async throws -> MembershipChange {
        try check()
        return try await real.join(account: account, codeHash: codeHash, at: date)
    }
    func leave(account: Int64) async throws -> MembershipChange {
        try check()
        return try await real.leave(account: account)
    }
    func remove(login: String, by account: Int64) async throws -> MembershipChange {
        try check()
        return try await real.remove(login: login, by: account)
    }
    func shares(receipt: Int64, account: Int64) async throws -> ReceiptShares? {
        try check()
        return try await real.shares(receipt: receipt, account: account)
    }
    func changeShares(receipt: Int64, account: Int64, to shares: ReceiptShares) async throws -> SharesChange {
        try check()
        return try await real.changeShares(receipt: receipt, account: account, to: shares)
    }
    func feed(session tokenHash: Data, after position: FeedPosition?, limit: Int) async throws -> SessionFeed? {
        try check()
        return try await real.feed(session: tokenHash, after: position, limit: limit)
    }
    func changes(account: Int64, since: Int64, limit: Int) async throws -> StoredPage {
        try check()
        return try await real.changes(account: account, since: since, limit: limit)
    }
    func receipt(id: Int64, account: Int64) async throws -> StoredPage? {
        try check()
        return try await real.receipt(id: id, account: account)
    }
    func add(_ code: FiscalCode, account: Int64) async throws -> (StoredPage, created: Bool) {
        try check()
        return try await real.add(code, account: account)
    }
    func accountExists(login: String) async throws -> Bool {
        try check()
        return try await real.accountExists(login: login)
    }
    func unclaimedDocument() async throws -> String? {
        try check()
        return try await real.unclaimedDocument()
    }
    func seed(
        login: String, passwordHash: String, receipts: [NewReceipt], unclaimed: [NewReceipt], at date: Date
    ) async throws -> Bool {
        try check()
        return try await real.seed(
            login: login, passwordHash: passwordHash, receipts: receipts, unclaimed: unclaimed, at: date)
    }
    func upsert(places: [Place]) async throws {
        try check()
        try await real.upsert(places: places)
    }
    func places() async throws -> [Place] {
        try check()
        return try await real.places()
    }
    func secret(named name: String) async throws -> Data {
        try check()
        return try await real.secret(named: name)
    }
    func counts() async throws -> (receipts: Int, places: Int) {
        try check()
        return try await real.counts()
    }
    func admit(_ attempts: [Attempt], now: Date) async throws -> Int? {
        try check()
        return try await real.admit(attempts, now: now)
    }
    func forgetAttempts(of key: String) async throws {
        try check()
        try await real.forgetAttempts(of: key)
    }
    func withdrawLatestAttempt(of key: String) async throws {
        try check()
        try await real.withdrawLatestAttempt(of: key)
    }
    func watchPlaces(_ changed: @escaping @Sendable () async -> Void) async {
        await real.watchPlaces(changed)
    }
    func takeCompletionJob(now: Date, until: Date) async throws -> CompletionJob? {
        try check()
        return try await real.takeCompletionJob(now: now, until: until)
    }
    func finishCompletionJob(_ job: CompletionJob, _ outcome: CompletionOutcome) async throws {
        try check()
        try await real.finishCompletionJob(job, outcome)
    }
    func completionCounts() async throws -> (open: Int, invalid: Int) {
        try check()
        return try await real.completionCounts()
    }
    func changeCompleterValue(named name: String, _ change: @escaping @Sendable (Data?) async throws -> Data?)
        async throws -> Data?
    {
        try check()
        return try await real.changeCompleterValue(named: name, change)
    }
    func close() async { await real.close() }
    var timings: StorageTimings { real.timings }
    func watchChanges() async {}
}

@Suite("Server: a database that stops answering", .tags(.server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct StorageOutageTests {
    @Test(
        "while the database is down every call is 503 with Retry-After and the JSON error, never 500; then it recovers")
    func outage() async throws {
        let folder = try TemporaryFolder("outage")
        let storage = try OutageStorage(path: folder.file("server.sqlite"))
        let settings = ServerSettings.forTests(databasePath: folder.file("server.sqlite"))
        let server = try await ReceiptsServer(settings: settings, storage: storage)
        try await server.application().test(.live) { test in
            let harness = ServerHarness(port: test.port ?? 0, server: server)
            let client = try await harness.anonymous()
            let code = "t=20250214T1130&s=899.00&fn=9960440301234567&i=5501&fp=2702394115&n=2"
            let added = try await client.post("/api/v1/receipts", json: AddReceiptRequest(qr: code))
            #expect(added.status == .created)

            storage.setDown(true)
            let requests: [(HTTPRequest.Method, String, Data?)] = [
                (.get, "/health", nil), (.get, "/api/v1/receipts", nil), (.get, "/api/v1/changes?since=0", nil),
                (.get, "/api/v1/receipts/1", nil), (.get, "/api/v1/sessions/current", nil),
                (.post, "/api/v1/receipts", try JSONEncoder().encode(AddReceiptRequest(qr: code))),
                (.post, "/api/v1/sessions/anonymous", nil),
                (.post, "/api/v1/sessions", try JSONEncoder().encode(Credentials(login: "demo", password: "demo"))),
            ]
            for (method, uri, body) in requests {
                let response = try await client.send(
                    uri, method: method, body: body, headers: [.acceptLanguage: "ru"])
                #expect(response.status == .serviceUnavailable, "\(uri): \(response.status)")
                #expect(response.headers[.retryAfter] == "1", "\(uri)")
                let error = try response.decode(APIErrorBody.self)
                #expect(error.error == "storage_unavailable", "\(uri)")
                #expect(error.message.hasPrefix("база данных сервера не отвечает"), "\(uri)")
            }
            // The places index lives in memory: places are still found.
            #expect(try await client.send("/api/v1/places?lat=55&lon=37", method: .get, body: nil).status == .ok)

            storage.setDown(false)
            let health = try await client.send("/health", method: .get, body: nil)
            #expect(health.status == .ok)
            let feed = try await client.send("/api/v1/receipts", method: .get, body: nil).decode(ReceiptFeedPage.self)
            #expect(feed.receipts.count == 1)
        }
    }
}
