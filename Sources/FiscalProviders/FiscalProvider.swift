public import ReceiptCore

/// Where a receipt's full document comes from when its QR code is all we have.
public enum ProviderName: String, Sendable, CaseIterable, Codable {
    /// The tax service's mobile API, the one its app «Проверка чеков» uses.
    case fns
    /// proverkacheka.com, a paid service for people without a tax-service account.
    case proverkacheka
}

/// What a provider says of a receipt it was asked for.
public enum FiscalAnswer: Sendable, Equatable {
    /// The whole document: items, shop, payment.
    case document(Receipt)
    /// The provider does not have it yet: ask again on a later run.
    case notYet
    /// A final answer that there is no such receipt, or it is not valid, and why: the provider's own
    /// answer, as it gave it (a status, its words), for the user's language to frame.
    case invalid(reason: String)
}

/// A source of fiscal documents: given a receipt's QR code, its full document, or why not yet.
public protocol FiscalProvider: Sendable {
    /// Which provider this is.
    var name: ProviderName { get }

    /// The document of the receipt `code` identifies, or why not (yet); a limit reached, a session
    /// that cannot go on or a provider out of reach are errors.
    func document(for code: FiscalCode) async throws(ProviderError) -> FiscalAnswer
}
