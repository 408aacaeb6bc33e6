/// Records of delimited text as spreadsheets and banks write it (RFC 4180 with a chosen separator):
/// a quoted field may hold the separator, line breaks and doubled quotes.
///
/// Read on Unicode scalars, not Characters: a field that begins with a combining mark (GeoNames'
/// `ِAl Taif`) would otherwise join the separator before it into one Character.
public enum DelimitedText {
    /// One record and the line of the text it starts on, counted from 1.
    public struct Record: Sendable, Equatable {
        /// The line the record starts on.
        public var line: Int
        /// The fields in order, unquoted.
        public var fields: [String]

        /// A record starting on `line` with these fields.
        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }

        /// Whether the record is an empty line (one empty field) or holds only blanks.
        public var isBlank: Bool {
            fields.allSatisfy { $0.allSatisfy(\.isWhitespace) }
        }
    }

    /// A quoted field that the text ends inside of.
    public struct UnterminatedQuote: Error, Sendable, Equatable {
        /// The line of the record whose quote is never closed.
        public let line: Int
    }

    /// The records of `text`, fields split at `separator`; `\n`, `\r\n` and `\r` each end a record.
    public static func records(_ text: String, separator: Unicode.Scalar = ",") throws(UnterminatedQuote) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var line = 1
        var recordLine = 1
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        field.append("\"")
                        scalars = scalars.dropFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty: quoted = true
            case separator:
                fields.append(String(field))
                field = String.UnicodeScalarView()
            case "\n", "\r":
                if scalar == "\r", scalars.first == "\n" { scalars = scalars.dropFirst() }
                fields.append(String(field))
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                field = String.UnicodeScalarView()
                line += 1
                recordLine = line
            default: field.append(scalar)
            }
        }
        if quoted { throw UnterminatedQuote(line: recordLine) }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(String(field))
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }
}
