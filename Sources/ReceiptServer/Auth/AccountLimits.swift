import Foundation
import ReceiptAPI

/// What one account may do in a while, however many sessions or addresses it uses: receipts added
/// (an anonymous account costs nothing to open, so its adds are what must be bounded) and calls on
/// the operator's provider to complete them (each spends the operator's credentials and daily
/// quota). Counted in the storage like ``LoginThrottle``'s attempts, so every instance counts together.
struct AccountLimits: Sendable {
    let storage: any ServerStorage
    let limits: ThrottleLimits

    /// Starts adding a receipt to `account` from `address` (as throttling counts it): the seconds to
    /// wait when the hour's or the day's count is reached, else nil after counting it. An anonymous
    /// account's adds count against its address too, shared by every anonymous account adding from
    /// there: opening more accounts does not multiply what one address may add.
    func beginAdding(account: Account, from address: String, now: Date = Date()) async throws -> Int? {
        var attempts = [
            Attempt(key: LoginThrottle.key("added-hour", String(account.id)), rate: limits.receiptsAddedPerHour),
            Attempt(key: LoginThrottle.key("added-day", String(account.id)), rate: limits.receiptsAddedPerDay),
        ]
        if account.kind == .anonymous {
            attempts += [
                Attempt(key: LoginThrottle.key("anonymous-added-hour", address), rate: limits.receiptsAddedPerHour),
                Attempt(key: LoginThrottle.key("anonymous-added-day", address), rate: limits.receiptsAddedPerDay),
            ]
        }
        return try await storage.admit(attempts, now: now)
    }

    /// Starts a provider call for one of `account`'s receipts: the seconds to wait when the day's
    /// count is reached, else nil after counting it.
    func beginProviderCall(account: Int64, now: Date) async throws -> Int? {
        try await storage.admit(
            [Attempt(key: LoginThrottle.key("provider", String(account)), rate: limits.providerCallsPerAccount)],
            now: now)
    }
}
