import ReceiptCore

/// The places receipts and the place search name: written from places files and the demo, read
/// whole into the place index, and watched for another instance's changes.
protocol PlaceStorage: Sendable {
    /// Adds places, or replaces those with the same id.
    func upsert(places: [Place]) async throws
    /// Every place.
    func places() async throws -> [Place]
    /// Calls `changed` whenever places change in the storage (another instance loaded some), until
    /// the task is cancelled; returns at once when no other instance can change them (SQLite).
    func watchPlaces(_ changed: @escaping @Sendable () async -> Void) async
}
