import Foundation

/// What seeding the demo needs: whether its account exists, the seeding itself (once per
/// database, whichever instance comes first), and a known document no account has added yet.
protocol DemoStorage: Sendable {
    /// Whether an account has `login`.
    func accountExists(login: String) async throws -> Bool
    /// A document the server knows that no account has added.
    func unclaimedDocument() async throws -> String?
    /// Creates the authorized account `login` with `receipts`, and remembers the documents of its
    /// complete receipts and of `unclaimed`: one transaction. False, and nothing done, when the
    /// account exists (another instance seeded it first).
    func seed(
        login: String, passwordHash: String, receipts: [NewReceipt], unclaimed: [NewReceipt], at date: Date
    ) async throws -> Bool
}
