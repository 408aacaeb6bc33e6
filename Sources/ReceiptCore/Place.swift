/// A shop or other point of sale with its location.
public struct Place: Sendable, Hashable, Codable, Identifiable {
    /// A stable identifier chosen by whoever published the place (the server, a CSV file).
    public var id: String
    /// The shop's name as people know it (`Пятёрочка`).
    public var name: String
    /// Where it stands.
    public var coordinate: Coordinate
    /// The kind of shop, which also categorises purchases no rule recognises.
    public var category: Category
    /// The street address, for people to read; never parsed.
    public var address: String

    /// A place from its published fields; the coordinate has been checked already.
    public init(id: String, name: String, coordinate: Coordinate, category: Category, address: String) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.category = category
        self.address = address
    }
}
