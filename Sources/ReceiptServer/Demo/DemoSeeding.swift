import Foundation
import ReceiptAPI
public import ReceiptCore

/// What seeding the demo did.
public struct DemoSummary: Sendable, Equatable {
    /// False when the demo account already existed and nothing was written.
    public let seeded: Bool
    /// Places the server knows after seeding.
    public let places: Int
    /// Receipts the server keeps after seeding, in all accounts.
    public let receipts: Int
    /// A QR payload the server knows but the demo account has not added: adding it gives a
    /// complete receipt.
    public let sampleQR: String?
}

extension ReceiptsServer {
    /// The demo account's login.
    public static let demoLogin = "demo"
    /// Its password: known to all, so `serve --demo` warns when it listens beyond loopback.
    public static let demoPassword = "demo"

    /// Seeds the deterministic demo: places over Moscow, the `demo`/`demo` account with two years of
    /// receipts ending on `until`, and documents the server knows for adding by QR. Does nothing when
    /// the demo account exists already.
    public func seedDemo(seed: UInt64 = 1, until: LocalDateTime, receiptCount: Int? = nil) async throws -> DemoSummary {
        if try await storage.accountExists(login: Self.demoLogin) { return try await seededBefore() }
        let data = try DemoData.generate(seed: seed, until: until, receiptCount: receiptCount)
        // The demo password is known to all; its hash needs no more than the minimum cost.
        let hash = try await PasswordHasher(cost: 4).hash(Self.demoPassword)
        let receipts = data.receipts.map { NewReceipt($0.document, status: $0.status, placeID: $0.placeID) }
        let unclaimed = data.unclaimed.map { NewReceipt($0.document, status: .complete, placeID: $0.placeID) }
        try await storage.upsert(places: data.places)
        places.insert(data.places)
        let seeded = try await storage.seed(
            login: Self.demoLogin, passwordHash: hash, receipts: receipts, unclaimed: unclaimed, at: Date())
        // Another instance on the same database seeded it in the meantime.
        guard seeded else { return try await seededBefore() }
        let sample = try data.unclaimed.first.map {
            try $0.document.receipt(status: .complete, placeID: nil).fiscalCode.canonical
        }
        return DemoSummary(seeded: true, places: data.places.count, receipts: data.receipts.count, sampleQR: sample)
    }

    /// The demo account's receipts and the places they name, as ``seedDemo(seed:until:receiptCount:)``
    /// stores them and the account's change feed hands them to an importer: the same documents,
    /// statuses and places, in the same order. For a test that wants the demo's history in a local
    /// database without serving it and importing it.
    public static func demoHistory(seed: UInt64 = 1, until: LocalDateTime, receiptCount: Int? = nil) throws
        -> (receipts: [Receipt], places: [Place])
    {
        let data = try DemoData.generate(seed: seed, until: until, receiptCount: receiptCount)
        let places = Dictionary(data.places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var named: [String: Place] = [:]
        let receipts = try data.receipts.map { stored in
            let place = stored.placeID.flatMap { places[$0] }
            if let place { named[place.id] = place }
            return try stored.document.receipt(status: stored.status, placeID: place?.id)
        }
        return (receipts, named.values.sorted { $0.id < $1.id })
    }

    /// What the demo seeded earlier holds, and a QR code of a document no account has added yet.
    private func seededBefore() async throws -> DemoSummary {
        let sample = try await storage.unclaimedDocument()
        let counts = try await storage.counts()
        return DemoSummary(
            seeded: false, places: counts.places, receipts: counts.receipts,
            sampleQR: sample.flatMap { try? JSONReader.read(FiscalDocument.self, from: Data($0.utf8)) }
                .flatMap { try? $0.receipt(status: .complete, placeID: nil).fiscalCode.canonical })
    }
}
