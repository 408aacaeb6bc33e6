import ReceiptAPI
public import ReceiptCore
public import ReceiptStore

/// What adding a fiscal code did.
public enum AddOutcome: String, Encodable, Sendable {
    /// The account on the server had no such receipt and now has it.
    case addedToServer = "added-to-server"
    /// The account on the server had it already.
    case onServerAlready = "on-server-already"
    /// Nobody is logged in: the local database has it now, pending until its details arrive.
    case addedPending = "added-pending"
    /// Nobody is logged in and the local database had it already.
    case inDatabaseAlready = "in-database-already"

    /// What happened, in a few words: `added, pending`.
    public func message(in language: Language) -> String {
        let ru = language == .russian
        switch self {
        case .addedToServer: return ru ? "добавлен на сервер" : "added to the server"
        case .onServerAlready: return ru ? "уже на сервере" : "already on the server"
        case .addedPending: return ru ? "добавлен, ожидает данных" : "added, pending"
        case .inDatabaseAlready: return ru ? "уже в базе" : "already in the database"
        }
    }
}

/// Adds receipts known by their QR codes, as `receipts add --qr` and `scan --add` do (and the web
/// app's "add"): to the account on the server when a session is saved for it (and then to the local
/// database as the server returns it), else to the local database as pending, with the date and
/// total from the code. A receipt is never added twice.
public struct ReceiptAdding: Sendable {
    let database: ReceiptDatabase
    let client: ReceiptsClient?

    /// Adds into `database`, through `client` when someone is logged in.
    public init(database: ReceiptDatabase, client: ReceiptsClient?) {
        self.database = database
        self.client = client
    }

    /// Adds the receipt of `code`.
    public func add(_ code: FiscalCode) async throws -> AddOutcome {
        guard let client else {
            return try database.save(Receipt(pendingFrom: code)) == .inserted ? .addedPending : .inDatabaseAlready
        }
        let (envelope, created) = try await client.add(qr: code.canonical)
        try database.save(try envelope.document.receipt(status: envelope.status, placeID: nil))
        // Its new names' guesses, made again with all of them (kept as they were when it cannot be written).
        try? database.settleGuesses()
        return created ? .addedToServer : .onServerAlready
    }
}
