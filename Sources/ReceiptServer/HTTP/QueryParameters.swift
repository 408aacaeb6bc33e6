import Hummingbird

/// Reads and checks query parameters, answering 400 with the parameter's name when one is wrong.
struct QueryParameters {
    let values: [String: String]

    init(_ request: Request) {
        var values: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { values[String(key)] = String(value) }
        self.values = values
    }

    func string(_ name: String) -> String? {
        values[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    func integer(_ name: String, in range: ClosedRange<Int64>, default value: Int64? = nil) throws -> Int64? {
        guard let text = string(name) else { return value }
        guard let number = Int64(text), range.contains(number) else {
            throw APIError.badRequest("\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = string(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw APIError.badRequest("\(name) must be a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// `limit`: 1…100, 50 when absent.
    func pageSize() throws -> Int {
        Int(try integer("limit", in: 1...100, default: 50) ?? 50)
    }
}
