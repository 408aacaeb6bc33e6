/// What the server accepts as a login and a password.
enum AccountRules {
    static let loginLength = 3...64
    static let minimumPasswordLength = 8
    /// bcrypt reads only the first 72 bytes; longer passwords would silently share a hash.
    static let maximumPasswordBytes = 72

    /// The problems with a registration, field by field; empty when it is acceptable.
    static func problems(login: String, password: String) -> [String] {
        var problems: [String] = []
        let allowed = login.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
        }
        if !loginLength.contains(login.count) || !allowed {
            problems.append("login: 3 to 64 Latin letters, digits, '.', '_' or '-'")
        }
        if password.count < minimumPasswordLength {
            problems.append("password: at least \(minimumPasswordLength) characters")
        } else if password.utf8.count > maximumPasswordBytes {
            problems.append("password: at most \(maximumPasswordBytes) bytes")
        }
        return problems
    }
}
