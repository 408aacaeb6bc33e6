public import ReceiptCore

/// The colour each category has in every chart, fixed so that a category looks the same in every
/// report and month.
public enum CategoryPalette {
    /// The category's colour as a CSS hex string (`#43a047`); uncategorized is a pale grey.
    public static func colour(_ category: Category) -> String {
        switch category {
        case .groceries: "#43a047"
        case .cafes: "#fb8c00"
        case .transport: "#1e88e5"
        case .fuel: "#6d4c41"
        case .health: "#d81b60"
        case .household: "#8e24aa"
        case .clothing: "#3949ab"
        case .electronics: "#00acc1"
        case .beauty: "#f06292"
        case .kids: "#fdd835"
        case .pets: "#7cb342"
        case .entertainment: "#5e35b1"
        case .telecom: "#546e7a"
        case .alcoholTobacco: "#b71c1c"
        case .other: "#9e9e9e"
        case .uncategorized: "#b0bec5"
        }
    }
}

/// Text made safe inside HTML and SVG; with `quotes` false, safe between tags only (quotes kept, as
/// a Markdown table shows them).
func escaped(_ text: String, quotes: Bool = true) -> String {
    var result = ""
    result.reserveCapacity(text.count)
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"" where quotes: result += "&quot;"
        case "'" where quotes: result += "&#39;"
        default: result.append(character)
        }
    }
    return result
}
