public import ReceiptCore

/// What a server accepts as a login and a password; clients check the same rules before sending.
public enum AccountRules {
    /// How many characters a login has: Latin letters, digits, `.`, `_` and `-`.
    public static let loginLength = 3...64
    /// The fewest characters (Unicode code points, as JSON Schema counts) a password may have.
    public static let minimumPasswordLength = 8
    /// bcrypt reads only the first 72 bytes; longer passwords would silently share a hash.
    public static let maximumPasswordBytes = 72

    /// A rule a registration breaks.
    public enum Problem: Sendable, Equatable, LocalizedMessage {
        case login
        case passwordTooShort
        case passwordTooLong

        /// The rule, as a registration form shows it beside the field.
        public func message(in language: Language) -> String {
            switch (self, language) {
            case (.login, .russian): return "логин: от 3 до 64 латинских букв, цифр, «.», «_» или «-»"
            case (.login, .english): return "login: 3 to 64 Latin letters, digits, '.', '_' or '-'"
            case (.passwordTooShort, .russian): return "пароль: не короче \(minimumPasswordLength) символов"
            case (.passwordTooShort, .english): return "password: at least \(minimumPasswordLength) characters"
            case (.passwordTooLong, .russian): return "пароль: не длиннее \(maximumPasswordBytes) байт"
            case (.passwordTooLong, .english): return "password: at most \(maximumPasswordBytes) bytes"
            }
        }
    }

    /// The rules a registration breaks, field by field; empty when it is acceptable.
    public static func problems(login: String, password: String) -> [Problem] {
        var problems: [Problem] = []
        let allowed = login.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
        }
        if !loginLength.contains(login.count) || !allowed { problems.append(.login) }
        if password.unicodeScalars.count < minimumPasswordLength {
            problems.append(.passwordTooShort)
        } else if password.utf8.count > maximumPasswordBytes {
            problems.append(.passwordTooLong)
        }
        return problems
    }
}
