import FiscalProviders
import Foundation
import ReceiptAPI
import ReceiptCore
import ReceiptStore
import ReceiptSync

/// Adds receipts known by their QR codes: to the account on the server when a session is saved for
/// it (and then to the local database as the server returns them), else to the local database as
/// pending, with the date and total from the code. A receipt is never added twice.
struct ReceiptAdder {
    let database: ReceiptDatabase
    let client: ReceiptsClient?
    let server: URL

    init(_ global: GlobalOptions, console: Console) throws {
        try self.init(global, database: try global.openDatabase(), console: console)
    }

    /// Adds into `database`, already open.
    init(_ global: GlobalOptions, database: ReceiptDatabase, console: Console) throws {
        let connection = try Connection(global)
        self.database = database
        client = connection.saved == nil ? nil : connection.client()
        server = connection.server
        let words = console.words
        console.detail(client == nil ? words.addingLocally(global.database()) : words.addingToServer(server))
    }

    /// The adding itself (the web app makes its own from the session kept when it adds).
    var adding: ReceiptAdding { ReceiptAdding(database: database, client: client) }

    func add(_ code: FiscalCode) async throws -> AddOutcome {
        try await adding.add(code)
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
        let completion = PendingCompletion(provider: source, database: database)
        return try await completion.run(pending.sorted { $0.dateTime < $1.dateTime }, quiet: quiet, console: console)
    }
}
