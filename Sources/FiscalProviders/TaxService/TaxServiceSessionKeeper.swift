/// Where a tax-service session lives when several clients use it at once (the instances of a
/// server on one database). The service turns the refresh token over at every renewal and refuses a
/// used one, so two clients renewing the same session would leave one of them signed out: a client
/// whose session was refused asks the keeper instead, which lets one client renew at a time and
/// hands the others the session already renewed.
public protocol TaxServiceSessionKeeper: Sendable {
    /// The session to go on with after `stale` was refused: the kept one when another client has
    /// renewed it since, else the one `renew` makes from the kept one (and keeps). No other client
    /// of the same keeper renews while `renew` runs.
    func renewed(
        after stale: TaxServiceSession,
        renew: @escaping @Sendable (TaxServiceSession) async throws(ProviderError) -> TaxServiceSession
    ) async throws(ProviderError) -> TaxServiceSession
}
