import BenchmarkSupport
import Foundation
import ReceiptCore
import ReceiptStats

// `make bench`: how well the shipped categories place real printed names, on the hand-labelled set
// of `Tests/Fixtures/real-names` (its tuning part, which the vocabulary is written from, and its
// held-out part, which nothing is tuned on). `--misses` lists the tuning part's wrong and missing
// lines, for whoever grows the vocabulary (it never lists the held-out part); `--conflicts` the
// patterns that contradict each other.

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/real-names").path
let showMisses = CommandLine.arguments.contains("--misses")

struct Labelled {
    let name: String
    let seller: String
    let shop: String
    let category: Category
}

func read(_ file: String) throws -> [Labelled] {
    let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().compactMap { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 4, let category = Category(rawValue: fields[3]) else { return nil }
        return Labelled(name: fields[0], seller: fields[1], shop: fields[2], category: category)
    }
}

let rules = try CategoryRuleSet.standard(configFolder: nil)

/// The category the tool gives a line, and what decided it.
func categorize(_ line: Labelled) -> (Category?, String) {
    let rule = rules.category(forKey: ItemName.key(line.name))
    let kind = ShopKind.of(names: [line.shop, line.seller])
    guard let category = kind?.category(ofLineRuledAs: rule) ?? rule else { return (nil, "none") }
    return (category, category == rule ? "rules" : "shop")
}

print("category benchmark — \(machineDescription()); shipped rules and shop kinds, no user choices")
print("| part | lines | categorised | by rules | by the shop | right of categorised | right of all |")
print("|---|---:|---:|---:|---:|---:|---:|")
for part in ["tuning", "holdout"] {
    let lines = try read(part + ".tsv")
    var categorised = 0
    var right = 0
    var by: [String: Int] = [:]
    var misses: [(Labelled, Category?)] = []
    for line in lines {
        let (category, source) = categorize(line)
        by[source, default: 0] += 1
        if let category {
            categorised += 1
            if category == line.category { right += 1 } else { misses.append((line, category)) }
        } else {
            misses.append((line, nil))
        }
    }
    func percent(_ n: Int, of total: Int) -> String {
        String(format: "%.1f %%", 100 * Double(n) / Double(max(total, 1)))
    }
    print(
        "| \(part) | \(lines.count) | \(percent(categorised, of: lines.count)) | \(percent(by["rules"] ?? 0, of: lines.count)) | \(percent(by["shop"] ?? 0, of: lines.count)) | \(percent(right, of: categorised)) | \(percent(right, of: lines.count)) |"
    )
    if part == "holdout" {
        summaryRow(
            "categories of real names (held out)", data: "\(lines.count) lines",
            median: percent(categorised, of: lines.count) + " categorised",
            compared: percent(right, of: categorised) + " of them right", target: "≥ 90 % categorised, ≥ 92 % right")
    }
    if showMisses && part == "tuning" {
        print("\nMisses of the tuning part (label ← given: name | key | shop | seller):")
        for (line, given) in misses.sorted(by: {
            ($0.0.category.rawValue, $0.0.name) < ($1.0.category.rawValue, $1.0.name)
        }) {
            print(
                "\(line.category.rawValue) ← \(given?.rawValue ?? "-"): \(line.name) | \(ItemName.key(line.name)) | \(line.shop) | \(line.seller)"
            )
        }
    }
}
if CommandLine.arguments.contains("--conflicts") {
    print("\nPatterns that contradict each other (CategoryRuleSet.conflicts):")
    for conflict in rules.conflicts() { print(conflict) }
}
