import FiscalProviders
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptSync

/// What adding a fiscal code did.
enum AddOutcome: String, Encodable, Sendable {
    /// The account on the server had no such receipt and now has it.
    case addedToServer = "added-to-server"
    /// The account on the server had it already.
    case onServerAlready = "on-server-already"
    /// Nobody is logged in: the local database has it now, pending until its details arrive.
    case addedPending = "added-pending"
    /// Nobody is logged in and the local database had it already.
    case inDatabaseAlready = "in-database-already"
}

/// Adds receipts known by their QR codes: to the account on the server when a session is saved for
/// it (and then to the local database as the server returns them), else to the local database as
/// pending, with the date and total from the code. A receipt is never added twice.
struct ReceiptAdder {
    let database: ReceiptDatabase
    let client: ReceiptsClient?
    let server: URL

    init(_ global: GlobalOptions, console: Console) throws {
        let connection = try Connection(global)
        database = try global.openDatabase()
        client = connection.saved == nil ? nil : connection.client()
        server = connection.server
        console.detail(client == nil ? Strings.addingLocally(global.database()) : Strings.addingToServer(server))
    }

    func add(_ code: FiscalCode) async throws -> AddOutcome {
        guard let client else {
            return try database.save(Receipt(pendingFrom: code)) == .inserted ? .addedPending : .inDatabaseAlready
        }
        let (envelope, created) = try await client.add(qr: code.canonical)
        try database.save(try envelope.document.receipt(status: envelope.status, placeID: nil))
        return created ? .addedToServer : .onServerAlready
    }

    /// `--complete`: asks a source of fiscal documents (`provider`, else the one set up) for those of
    /// `codes` whose receipts are pending here, as `receipts complete` does.
    func complete(
        _ codes: [FiscalCode], provider: ProviderOption?, global: GlobalOptions, console: Console, quiet: Bool
    )
        async throws -> PendingCompletion.Outcome
    {
        var pending: [Receipt] = []
        for code in Set(codes) {
            if let stored = try database.receipt(code.identity), stored.status == .pending { pending.append(stored) }
        }
        guard !pending.isEmpty else { return PendingCompletion.Outcome() }
        let source = try ProviderChoice.provider(provider, global: global)
        let completion = PendingCompletion(provider: source, database: database, console: console)
        return try await completion.run(pending.sorted { $0.dateTime < $1.dateTime }, quiet: quiet)
    }
}
