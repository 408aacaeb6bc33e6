import Hummingbird

/// Reads and checks query parameters, answering 400 with the parameter's name when one is wrong:
/// a parameter given twice or given empty is wrong, never taken as the last one or as absent.
struct QueryParameters {
    let values: [String: [String]]

    init(_ request: Request) {
        var values: [String: [String]] = [:]
        for (key, value) in request.uri.queryParameters { values[String(key), default: []].append(String(value)) }
        self.values = values
    }

    /// The parameter's text; nil when absent.
    func string(_ name: String) throws -> String? {
        guard let given = values[name] else { return nil }
        guard given.count == 1, let text = given.first else {
            throw APIError.badRequest(.repeated(parameter: name, times: given.count))
        }
        guard !text.isEmpty else { throw APIError.badRequest(.empty(parameter: name)) }
        return text
    }

    func integer(_ name: String, in range: ClosedRange<Int64>, default value: Int64? = nil) throws -> Int64? {
        guard let text = try string(name) else { return value }
        return try WholeNumber.parse(text, name: name, in: range)
    }

    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = try string(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw APIError.badRequest(
                .outOfRange(parameter: name, from: Self.plain(range.lowerBound), to: Self.plain(range.upperBound)))
        }
        return number
    }

    /// A bound as people write it: `90`, not `90.0`.
    private static func plain(_ bound: Double) -> String {
        bound.rounded() == bound && abs(bound) < 1e15 ? String(Int64(bound)) : String(bound)
    }

    /// `limit`: 1…100, 50 when absent.
    func pageSize() throws -> Int {
        Int(try integer("limit", in: 1...100, default: 50) ?? 50)
    }
}

/// A whole number in a request (a query parameter, an id in the path), with a message that says
/// what is wrong with it: not a whole number, too small, or too large.
enum WholeNumber {
    static func parse(_ text: String, name: String, in range: ClosedRange<Int64>) throws -> Int64 {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw APIError.badRequest(.notWholeNumber(parameter: name, given: String(text.prefix(40))))
        }
        let negative = text.first == "-"
        guard let number = Int64(text), number <= range.upperBound else {
            if negative { throw APIError.badRequest(.belowMinimum(parameter: name, minimum: range.lowerBound)) }
            throw APIError.badRequest(.aboveMaximum(parameter: name, maximum: range.upperBound))
        }
        guard number >= range.lowerBound else {
            throw APIError.badRequest(.belowMinimum(parameter: name, minimum: range.lowerBound))
        }
        return number
    }
}
