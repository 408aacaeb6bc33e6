// A household on the server: its members and their roles, invitations by a one-time code, and a
// receipt's shares (who paid, who each line was for), versioned so that two members changing them
// at once cannot both win. Requests are Codable (the client writes them with JSONEncoder, the server
// reads them through Hummingbird); answers have a JSONWriter and a JSONReader, as the rest.

/// What a member of a household may do: an owner invites and removes, an editor changes receipts'
/// shares and adds receipts, a viewer only reads.
public enum HouseholdRole: String, Codable, Sendable, CaseIterable {
    case owner
    case editor
    case viewer

    /// Whether the role may change the household's receipts (add them, change their shares).
    public var mayChange: Bool { self != .viewer }
}

/// A member of a household.
public struct HouseholdMember: Sendable, Equatable {
    /// The member's login.
    public var login: String
    /// What the member may do.
    public var role: HouseholdRole
    /// When the member joined (or created the household), ISO 8601 UTC.
    public var joinedAt: String

    /// A member as the server answers it.
    public init(login: String, role: HouseholdRole, joinedAt: String) {
        self.login = login
        self.role = role
        self.joinedAt = joinedAt
    }
}

/// The household of the session's account: its members, first joined first, and the account's role.
public struct HouseholdInfo: Sendable, Equatable {
    /// The members, in the order they joined.
    public var members: [HouseholdMember]
    /// The role of the account that asked.
    public var role: HouseholdRole

    /// A household as the server answers it.
    public init(members: [HouseholdMember], role: HouseholdRole) {
        self.members = members
        self.role = role
    }
}

/// An invitation to make: the role the one who joins with its code will have.
public struct InvitationRequest: Codable, Sendable, Equatable {
    /// `owner`, `editor` or `viewer`.
    public var role: HouseholdRole

    /// An invitation to ask for.
    public init(role: HouseholdRole) {
        self.role = role
    }
}

/// A one-time code to join a household: the server keeps only its hash, so it is shown once.
public struct Invitation: Sendable, Equatable {
    /// The code to pass on, `XXXXX-XXXXX` (letters and digits that cannot be mistaken for each other).
    public var code: String
    /// The role it gives.
    public var role: HouseholdRole
    /// When it stops working unless used first, ISO 8601 UTC.
    public var expiresAt: String

    /// An invitation as the server answers it.
    public init(code: String, role: HouseholdRole, expiresAt: String) {
        self.code = code
        self.role = role
        self.expiresAt = expiresAt
    }
}

/// Joining a household with an invitation's code.
public struct JoinRequest: Codable, Sendable, Equatable {
    /// The code, as given (any case; spaces and dashes are ignored).
    public var code: String

    /// A join to send.
    public init(code: String) {
        self.code = code
    }
}

/// A person's part of a receipt or of a line: a member's login and a whole weight.
public struct ShareWeight: Codable, Sendable, Equatable {
    /// A member's login.
    public var login: String
    /// From 1 to 1,000,000: the shares are in proportion to the weights.
    public var weight: Int64

    /// A part to send or as answered.
    public init(login: String, weight: Int64) {
        self.login = login
        self.weight = weight
    }
}

/// Who one line of a receipt is for.
public struct LineShares: Codable, Sendable, Equatable {
    /// The line's number, from 1, in the document's order.
    public var line: Int
    /// Its people and their weights.
    public var people: [ShareWeight]

    /// A line's shares.
    public init(line: Int, people: [ShareWeight]) {
        self.line = line
        self.people = people
    }
}

/// Who paid a receipt and who its lines are for, with the version they are at: a change names the
/// version it was made from, and the server takes it only when that is still the current one.
public struct ReceiptShares: Codable, Sendable, Equatable {
    /// The version these shares are at (0: never set); a change sends the version it read.
    public var version: Int64
    /// The login of the member who paid; nil: whoever added it.
    public var payer: String?
    /// The receipt's people, which every line without its own follows; empty: everyone evenly.
    public var receipt: [ShareWeight]
    /// Lines with people of their own.
    public var lines: [LineShares]

    /// Shares to send or as answered.
    public init(version: Int64, payer: String?, receipt: [ShareWeight], lines: [LineShares]) {
        self.version = version
        self.payer = payer
        self.receipt = receipt
        self.lines = lines
    }
}

extension ReceiptShares {
    enum CodingKeys: String, CodingKey {
        case version, payer, receipt, lines
    }

    /// Decodes every member, all required: `payer` may be null, never missing, as the contract says.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            version: try container.decode(Int64.self, forKey: .version),
            payer: try container.decode(String?.self, forKey: .payer),
            receipt: try container.decode([ShareWeight].self, forKey: .receipt),
            lines: try container.decode([LineShares].self, forKey: .lines))
    }

    /// Encodes every member, `payer` as null when nobody is named: the contract requires it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(payer, forKey: .payer)
        try container.encode(receipt, forKey: .receipt)
        try container.encode(lines, forKey: .lines)
    }
}

extension HouseholdRole: JSONWritable, JSONReadable {
    /// `"owner"`, `"editor"` or `"viewer"`; any other string is an error listing them.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        self = try reader.read(oneOf: Self.allCases)
    }
}

extension HouseholdMember: JSONWritable, JSONReadable {
    /// Writes the HouseholdMember as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("joinedAt", joinedAt)
        writer.member("login", login)
        writer.member("role", role)
        writer.endObject()
    }

    /// Reads `{"login", "role", "joinedAt"}`, all required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var login: String?
        var role: HouseholdRole?
        var joinedAt: String?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "login": try reader.read(into: &login, for: key)
            case "role": try reader.read(into: &role, for: key)
            case "joinedAt": try reader.read(into: &joinedAt, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            login: try reader.required(login, "login"), role: try reader.required(role, "role"),
            joinedAt: try reader.required(joinedAt, "joinedAt"))
    }
}

extension HouseholdInfo: JSONWritable, JSONReadable {
    /// Writes the HouseholdInfo as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("members", members)
        writer.member("role", role)
        writer.endObject()
    }

    /// Reads `{"members", "role"}`, both required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var members: [HouseholdMember]?
        var role: HouseholdRole?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "members": try reader.read(into: &members, for: key)
            case "role": try reader.read(into: &role, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(members: try reader.required(members, "members"), role: try reader.required(role, "role"))
    }
}

extension Invitation: JSONWritable, JSONReadable {
    /// Writes the Invitation as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("code", code)
        writer.member("expiresAt", expiresAt)
        writer.member("role", role)
        writer.endObject()
    }

    /// Reads `{"code", "role", "expiresAt"}`, all required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var code: String?
        var role: HouseholdRole?
        var expiresAt: String?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "code": try reader.read(into: &code, for: key)
            case "role": try reader.read(into: &role, for: key)
            case "expiresAt": try reader.read(into: &expiresAt, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            code: try reader.required(code, "code"), role: try reader.required(role, "role"),
            expiresAt: try reader.required(expiresAt, "expiresAt"))
    }
}

extension ShareWeight: JSONWritable, JSONReadable {
    /// Writes the ShareWeight as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("login", login)
        writer.member("weight", weight)
        writer.endObject()
    }

    /// Reads `{"login", "weight"}`, both required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var login: String?
        var weight: Int64?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "login": try reader.read(into: &login, for: key)
            case "weight": try reader.read(into: &weight, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(login: try reader.required(login, "login"), weight: try reader.required(weight, "weight"))
    }
}

extension LineShares: JSONWritable, JSONReadable {
    /// Writes the LineShares as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("line", line)
        writer.member("people", people)
        writer.endObject()
    }

    /// Reads `{"line", "people"}`, both required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var line: Int?
        var people: [ShareWeight]?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "line": try reader.read(into: &line, for: key)
            case "people": try reader.read(into: &people, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(line: try reader.required(line, "line"), people: try reader.required(people, "people"))
    }
}

extension ReceiptShares: JSONWritable, JSONReadable {
    /// Writes the ReceiptShares as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("lines", lines)
        writer.member("payer", payer)
        writer.member("receipt", receipt)
        writer.member("version", version)
        writer.endObject()
    }

    /// Reads `{"version", "payer", "receipt", "lines"}`, all required; `payer` may be null.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        var version: Int64?
        var payer: String??
        var receipt: [ShareWeight]?
        var lines: [LineShares]?
        try reader.beginObject()
        while let key = try reader.nextKey() {
            switch key {
            case "version": try reader.read(into: &version, for: key)
            case "payer": try reader.read(into: &payer, for: key)
            case "receipt": try reader.read(into: &receipt, for: key)
            case "lines": try reader.read(into: &lines, for: key)
            default: try reader.skipValue()
            }
        }
        self.init(
            version: try reader.required(version, "version"), payer: try reader.required(payer, "payer"),
            receipt: try reader.required(receipt, "receipt"), lines: try reader.required(lines, "lines"))
    }
}
