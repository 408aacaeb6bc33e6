import Foundation
import ReceiptAPI

/// Households: accounts that share their receipts, each with a role; invitations by one-time codes
/// (only their hashes kept); leaving and removal; and each receipt's shares, changed only from the
/// version they were read at.
///
/// A member's feeds hold every member's receipts: each receipt another member added is entered in
/// the account's own change sequence (when it is added, when the account joins, when it changes), so
/// a sync that follows the change feed gets the household's older receipts after joining, and a
/// position it has read is never passed by a change numbered below it. Leaving takes the member's
/// receipts out of the others' feeds and theirs out of the member's (copies already synced stay).
protocol HouseholdStorage: Sendable {
    /// The household of `account` with its members (first joined first), or nil.
    func household(of account: Int64) async throws -> StoredHousehold?
    /// A new household with `account` its owner; nil when the account is in one already.
    func createHousehold(owner account: Int64, at date: Date) async throws -> StoredHousehold?
    /// Keeps an invitation of `account`'s household (only its code's hash) when the account is an
    /// owner of one, and forgets those expired by `date`; otherwise nothing is kept and the answer
    /// says why.
    func invite(by account: Int64, codeHash: Data, role: HouseholdRole, at date: Date, expiresAt: Date) async throws
        -> MembershipChange
    /// Joins `account` to the household of the live invitation whose code hashes to `codeHash`, and
    /// uses the invitation up: one transaction.
    func join(account: Int64, codeHash: Data, at date: Date) async throws -> MembershipChange
    /// Takes `account` out of its household; the last owner stays while others remain, and the last
    /// member leaving ends the household.
    func leave(account: Int64) async throws -> MembershipChange
    /// Takes the member `login` out of `account`'s household, when `account` is one of its owners.
    func remove(login: String, by account: Int64) async throws -> MembershipChange
    /// The shares of a receipt the account sees (its own or a member's); nil when it sees none of that id.
    func shares(receipt: Int64, account: Int64) async throws -> ReceiptShares?
    /// Sets a receipt's shares when they are still at `shares.version`, to the next version: one
    /// statement, so two changes from the same version cannot both be taken, and nothing is half
    /// written. A viewer's change, and one of a receipt the account does not see, change nothing.
    func changeShares(receipt: Int64, account: Int64, to shares: ReceiptShares) async throws -> SharesChange
}

/// A household as stored.
struct StoredHousehold: Sendable, Equatable {
    let id: Int64
    let members: [StoredMember]

    /// The role of `account` in it, when a member.
    func role(of account: Int64) -> HouseholdRole? {
        members.first { $0.account == account }?.role
    }
}

/// A member of a household as stored.
struct StoredMember: Sendable, Equatable {
    let account: Int64
    let login: String
    let role: HouseholdRole
    let joinedAt: Date
}

/// How a change of membership went.
enum MembershipChange: Sendable, Equatable {
    /// Done; the household as it is now (nil once it ended, its last member gone).
    case done(StoredHousehold?)
    /// The account is in no household.
    case notMember
    /// The account is in a household already (creating or joining).
    case alreadyMember
    /// Only an owner may do it (inviting, removing).
    case notOwner
    /// No member of the household has that login.
    case noSuchMember
    /// No live invitation has that code (never made, used, or expired).
    case unknownCode
    /// The last owner cannot leave while others remain.
    case lastOwner
}

/// How a change of shares went.
enum SharesChange: Sendable, Equatable {
    /// Taken: the shares as they are now, at the next version.
    case changed(ReceiptShares)
    /// Another change came first: the shares stay as they are, at this current version.
    case conflict(ReceiptShares)
    /// The account is a viewer of its household: it changes nothing.
    case readOnly
    /// The account sees no receipt of that id.
    case notFound
}
