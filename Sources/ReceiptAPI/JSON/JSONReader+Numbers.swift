extension JSONReader {
    /// A number literal's place in the input, its grammar already checked.
    struct NumberLiteral {
        let range: Range<Int>
        /// No fraction and no exponent: digits alone, perhaps after a minus.
        let isInteger: Bool
        /// Some digit of the significand is not zero: a value read as zero has underflowed.
        let hasNonzeroDigit: Bool
    }

    /// An integer written as one: digits, perhaps after a minus sign.
    ///
    /// Stricter than `JSONDecoder`, which also takes `5803.0` or `1e3` for an integer when the value
    /// is whole: the wire carries kopecks and counts, written by `JSONEncoder` as plain digits, so a
    /// fraction or exponent there is refused as ``JSONReadError/Problem/notAnInteger``.
    public mutating func readInt64() throws(JSONReadError) -> Int64 {
        let literal = try numberAhead()
        guard literal.isInteger else { throw JSONReadError(.notAnInteger, at: literal.range.lowerBound) }
        guard let value = integer(literal.range) else {
            throw JSONReadError(.integerOverflow, at: literal.range.lowerBound)
        }
        return value
    }

    /// An integer that fits `Int`; see ``readInt64()``.
    public mutating func readInt() throws(JSONReadError) -> Int {
        let start = offset
        guard let value = Int(exactly: try readInt64()) else { throw JSONReadError(.integerOverflow, at: start) }
        return value
    }

    /// A number, rounded to the nearest `Double` as the standard library's parser rounds it.
    public mutating func readDouble() throws(JSONReadError) -> Double {
        let literal = try numberAhead()
        // Up to 15 digits an integer converts exactly; everything else goes through the correctly
        // rounding parser of the standard library.
        if literal.isInteger, literal.range.count <= 15, let whole = integer(literal.range),
            whole != 0 || bytes[literal.range.lowerBound] != UInt8(ascii: "-")
        {
            return Double(whole)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[literal.range]), as: UTF8.self)
        guard let value = Double(text) else { throw JSONReadError(.invalidNumber, at: literal.range.lowerBound) }
        guard value.isFinite, value != 0 || !literal.hasNonzeroDigit else {
            throw JSONReadError(.numberOutOfRange, at: literal.range.lowerBound)
        }
        return value
    }

    /// The number literal that comes next, consumed.
    private mutating func numberAhead() throws(JSONReadError) -> NumberLiteral {
        skipWhitespace()
        guard offset < bytes.count,
            bytes[offset] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset])
        else { throw JSONReadError(.wrongType(found: try kindAhead(), expected: .number), at: offset) }
        return try scanNumber()
    }

    /// Consumes `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func scanNumber() throws(JSONReadError) -> NumberLiteral {
        let start = offset
        var index = offset
        var nonzero = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw JSONReadError(.leadingZero, at: start) }
        } else {
            index = try digits(from: index, nonzero: &nonzero)
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index = try digits(from: index + 1, nonzero: &nonzero)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            var exponentNonzero = false
            index = try digits(from: index, nonzero: &exponentNonzero)
        }
        offset = index
        return NumberLiteral(range: start..<index, isInteger: isInteger, hasNonzeroDigit: nonzero)
    }

    /// The end of one or more digits from `index`.
    private func digits(from index: Int, nonzero: inout Bool) throws(JSONReadError) -> Int {
        guard index < bytes.count else { throw JSONReadError(.unexpectedEnd, at: index) }
        guard isDigit(bytes[index]) else { throw JSONReadError(.missingDigit, at: index) }
        var end = index
        while end < bytes.count, isDigit(bytes[end]) {
            if bytes[end] != UInt8(ascii: "0") { nonzero = true }
            end += 1
        }
        return end
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The value of an integer literal; nil when it does not fit `Int64`.
    private func integer(_ range: Range<Int>) -> Int64? {
        let negative = bytes[range.lowerBound] == UInt8(ascii: "-")
        var magnitude: UInt64 = 0
        for index in (negative ? range.lowerBound + 1 : range.lowerBound)..<range.upperBound {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(bytes[index] &- UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return Int64(exactly: magnitude)
    }
}
