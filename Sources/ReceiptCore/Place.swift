/// A shop or other point of sale with its location.
public struct Place: Sendable, Hashable, Codable, Identifiable {
    /// A stable identifier chosen by whoever published the place (the server, a CSV file).
    public var id: String
    public var name: String
    public var coordinate: Coordinate
    /// The kind of shop, which also categorises purchases no rule recognises.
    public var category: Category
    public var address: String

    public init(id: String, name: String, coordinate: Coordinate, category: Category, address: String) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.category = category
        self.address = address
    }
}
