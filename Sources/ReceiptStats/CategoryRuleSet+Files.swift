import Foundation

extension CategoryRuleSet {
    /// The name of the rules file, shipped with the tool and optionally in the user's config folder.
    public static let fileName = "category-rules.txt"

    /// The rules shipped with the tool, after the user's own file in `configFolder` when there is one.
    public static func standard(configFolder: String?) throws(CategoryRulesError) -> CategoryRuleSet {
        var texts: [(source: String, text: String)] = []
        if let configFolder {
            let path = (configFolder as NSString).appendingPathComponent(fileName)
            if FileManager.default.fileExists(atPath: path) {
                do {
                    texts.append((path, try String(contentsOfFile: path, encoding: .utf8)))
                } catch {
                    throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
                }
            }
        }
        texts.append((fileName, try shippedText()))
        return try CategoryRuleSet(texts: texts)
    }

    /// The shipped rules file's text (`Data/category-rules.txt` in the repository).
    public static func shippedText() throws(CategoryRulesError) -> String {
        guard let url = Bundle.module.url(forResource: "category-rules", withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { throw .missingShippedRules }
        return text
    }
}
