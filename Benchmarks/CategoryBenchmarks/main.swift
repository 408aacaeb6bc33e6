import BenchmarkSupport
import Foundation
import ReceiptCore
import ReceiptStats

// `make bench`: how well the shipped categories place real printed names, on the hand-labelled set
// of `Tests/Fixtures/real-names` (its tuning part, which the vocabulary is written from, and its
// held-out part, which nothing is tuned on). `--misses` lists the tuning part's wrong and missing
// lines, for whoever grows the vocabulary (it never lists the held-out part); `--conflicts` the
// patterns that contradict each other; `--unseen FILE` (a labelled file in the same columns, kept
// outside the project and never tuned on) adds a part to the measure of 20 corrections; `--explain
// NAME…` prints each name's key and the pattern that places it.

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
    let text = try String(contentsOfFile: file.hasPrefix("/") ? file : root + "/" + file, encoding: .utf8)
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
    let bag = ShopKind.isCarrierBag(key: ItemName.key(line.name))
    guard let category = kind?.category(ofLineRuledAs: rule, carrierBag: bag) ?? rule else { return (nil, "none") }
    return (category, category == rule ? "rules" : "shop")
}

// `--explain NAME…`: each name's key and the pattern that places it, then nothing else.
if let flag = CommandLine.arguments.firstIndex(of: "--explain") {
    for name in CommandLine.arguments[(flag + 1)...] {
        let key = ItemName.key(name)
        let deciding = rules.deciding(key: key).map { "\($0.category.rawValue) by \($0.pattern) (\($0.location))" }
        print("\(name) | \(key) | \(deciding ?? "no pattern")")
    }
    exit(0)
}

let tuning = try read("tuning.tsv")
let holdout = try read("holdout.tsv")

/// The model a database would train with no choices made: the shipped vocabulary's patterns, and
/// the names the rules placed (every name of both parts the rules place, by the rules' category:
/// what the database holds, no label read), plus the user's choices when there are some.
func model(choices: [(String, Category)] = []) -> NameClassifier {
    var examples = rules.examples
    for line in tuning + holdout {
        let key = ItemName.key(line.name)
        if let rule = rules.category(forKey: key) { examples.append(.init(key: key, category: rule)) }
    }
    for (name, category) in choices { examples.append(.init(key: ItemName.key(name), category: category, weight: 3)) }
    return NameClassifier(examples: examples)
}

func percent(_ n: Int, of total: Int) -> String { String(format: "%.1f %%", 100 * Double(n) / Double(max(total, 1))) }

print("category benchmark — \(machineDescription()); shipped rules and shop kinds, no user choices")
print("| part | lines | categorised | by rules | by the shop | right of categorised | right of all |")
print("|---|---:|---:|---:|---:|---:|---:|")
for (part, lines) in [("tuning", tuning), ("holdout", holdout)] {
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
// How sure the labels themselves are: the held-out names labelled a second time, by someone who saw
// neither the first labels nor the rules (LABELS.md). Two people agree on this share of the names;
// the tool's accuracy is measured against each.
let second = try read("holdout-second-labelling.tsv")
let firstLabels = Dictionary(holdout.map { ($0.name + "\t" + $0.seller, $0.category) }, uniquingKeysWith: { a, _ in a })
var agreeing = 0
var compared = 0
var categorisedSecond = 0
var rightSecond = 0
var rightFirst = 0
for line in second {
    guard let first = firstLabels[line.name + "\t" + line.seller] else { continue }
    compared += 1
    if first == line.category { agreeing += 1 }
    if let category = categorize(line).0 {
        categorisedSecond += 1
        if category == line.category { rightSecond += 1 }
        if category == first { rightFirst += 1 }
    }
}
print(
    "\nThe held-out names labelled twice, independently: the labels agree on \(percent(agreeing, of: compared)) of \(compared); "
        + "the rules and shop kinds categorise \(percent(categorisedSecond, of: compared)) of them and are right on "
        + "\(percent(rightFirst, of: categorisedSecond)) of those against the first labels, "
        + "\(percent(rightSecond, of: categorisedSecond)) against the second."
)
summaryRow(
    "categories of real names against a second labelling", data: "\(compared) lines",
    median: percent(rightSecond, of: categorisedSecond) + " right",
    compared: "labels agree on " + percent(agreeing, of: compared),
    target: "≥ 92 % right")

// The classifier for what rules and shops leave: applied above a confidence, on the held-out part,
// first with no choices, then after the user chose a category for 20 of their own names that the
// rules and shops leave (the held-out part stands for the user's receipts, each name bought once, so
// the first 20 in the file's order; their labels are what the user would choose). The choices teach
// the classifier; no rule is changed.
func evaluate(_ lines: [Labelled], model: NameClassifier, threshold: Double, choices: [String: Category] = [:])
    -> (categorised: Int, right: Int)
{
    var categorised = 0
    var right = 0
    for line in lines {
        var (category, _) = categorize(line)
        if let chosen = choices[ItemName.key(line.name)] { category = chosen }
        if category == nil, let guess = model.guess(ItemName.key(line.name)), guess.confidence >= threshold {
            category = guess.category
        }
        guard let category else { continue }
        categorised += 1
        if category == line.category { right += 1 }
    }
    return (categorised, right)
}
let leftByRules = holdout.filter { line in categorize(line).0 == nil }.prefix(20)
let choices = leftByRules.map { ($0.name, $0.category) }
let choiceKeys = Dictionary(choices.map { (ItemName.key($0.0), $0.1) }, uniquingKeysWith: { first, _ in first })
var trainingSeconds = 0.0
var plain = NameClassifier(examples: [])
trainingSeconds = seconds { plain = model() }
let taught = model(choices: choices)
print(
    "\nWith the classifier for what rules and shops leave (\(plain.featureCount) features, trained in \(formatted(seconds: trainingSeconds))):"
)
print("| held-out part | threshold | categorised | right of categorised | right of all |")
print("|---|---:|---:|---:|---:|")
for threshold in [0.5, 0.7, 0.9] {
    for (label, classifier, chosen) in [
        ("no choices", plain, [String: Category]()), ("after \(choices.count) choices", taught, choiceKeys),
    ] {
        let (categorised, right) = evaluate(holdout, model: classifier, threshold: threshold, choices: chosen)
        print(
            "| \(label) | \(threshold) | \(percent(categorised, of: holdout.count)) | \(percent(right, of: categorised)) | \(percent(right, of: holdout.count)) |"
        )
        if threshold == NameClassifier.appliedConfidence {
            summaryRow(
                "categories of real names (held out), \(label), guesses applied", data: "\(holdout.count) lines",
                median: percent(categorised, of: holdout.count) + " categorised",
                compared: percent(right, of: categorised) + " of them right",
                target: chosen.isEmpty ? "≥ 90 % categorised, ≥ 92 % right" : "≥ 95 % right")
        }
    }
}

// Corrections: the user moves the first 20 lines the tool placed wrongly (file order: the part
// stands for one person's receipts) to their labels; a choice teaches the classifier (for names no
// rule places) and the rules' corrections (RuleCorrections, for names the rules place). Measured on
// the other lines, right of categorised: before, with the 20 only taken out (nothing learned), and
// with what they teach. `--unseen FILE` (a labelled file kept outside the project, never tuned on)
// adds its lines as a part of their own.
func corrected(_ lines: [Labelled], model plain: NameClassifier) -> (before: String, removed: String, learned: String) {
    func decide(_ line: Labelled, model: NameClassifier, corrections: RuleCorrections) -> Category? {
        let key = ItemName.key(line.name)
        if let rule = rules.category(forKey: key), let learned = corrections.category(forKey: key, ruledAs: rule) {
            return learned
        }
        if let category = categorize(line).0 { return category }
        guard let guess = model.guess(key), guess.confidence >= NameClassifier.appliedConfidence else { return nil }
        return guess.category
    }
    func score(_ lines: [Labelled], _ decide: (Labelled) -> Category?) -> String {
        var categorised = 0
        var right = 0
        for line in lines {
            guard let category = decide(line) else { continue }
            categorised += 1
            if category == line.category { right += 1 }
        }
        return percent(right, of: categorised) + " of \(categorised)"
    }
    let keys = Set(lines.map { ItemName.key($0.name) })
    let before = score(lines) { decide($0, model: plain, corrections: .none) }
    let wrong = lines.enumerated().filter { _, line in
        decide(line, model: plain, corrections: .none).map { $0 != line.category } ?? false
    }.prefix(20)
    let moved = Set(wrong.map(\.offset))
    let chosen = Dictionary(wrong.map { (ItemName.key($0.element.name), $0.element.category) }) { first, _ in first }
    let rest = lines.enumerated().filter { !moved.contains($0.offset) && chosen[ItemName.key($0.element.name)] == nil }
        .map(\.element)
    let removed = score(rest) { decide($0, model: plain, corrections: .none) }
    let taught = model(choices: wrong.map { ($0.element.name, $0.element.category) })
    let corrections = RuleCorrections(
        corrections: wrong.compactMap { _, line in
            // A move to what the shop is teaches nothing (as the database reads corrections).
            let key = ItemName.key(line.name)
            guard ShopKind.of(names: [line.shop, line.seller])?.category != line.category else { return nil }
            return rules.category(forKey: key).map { .init(key: key, rule: $0, chosen: line.category) }
        }, names: keys)
    let learned = score(rest) { decide($0, model: taught, corrections: corrections) }
    return (before, removed, learned)
}
var parts = [("tuning", tuning), ("holdout", holdout)]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--unseen", let file = arguments.popFirst() {
        parts.append(("unseen: " + (file as NSString).lastPathComponent, try read(file)))
    }
}
print("\nAfter the user moves 20 lines the tool placed wrongly (right of categorised, on the other lines):")
print("| part | lines | before | the 20 taken out, nothing learned | after, learned |")
print("|---|---:|---:|---:|---:|")
for (part, lines) in parts {
    let (before, removed, learned) = corrected(lines, model: plain)
    print("| \(part) | \(lines.count) | \(before) | \(removed) | \(learned) |")
    if part != "tuning" {
        summaryRow(
            "categories of real names (\(part)) after 20 corrections", data: "\(lines.count) lines",
            median: learned + " right", compared: "before: " + before + "; nothing learned: " + removed,
            target: "≥ 92 % before, ≥ 95 % after")
    }
}

// Training at the size of a long history: 100,000 categorised lines, made of the vocabulary's
// patterns two at a time (seeded), as many distinct names as a heavy user has.
var random = SeededRandom(seed: 30)
let patterns = rules.examples
var large: [NameClassifier.Example] = []
large.reserveCapacity(100_000)
while large.count < 100_000 {
    let first = patterns[random.below(patterns.count)]
    let second = patterns[random.below(patterns.count)]
    large.append(.init(key: first.key + " " + second.key, category: first.category))
}
var times: [Double] = []
for _ in 0..<5 { times.append(seconds { _ = NameClassifier(examples: large) }) }
print("\nTraining on 100,000 categorised lines: \(formatted(seconds: median(times))) (median of 5).")
summaryRow(
    "training the category classifier", data: "100,000 lines", median: formatted(seconds: median(times)),
    compared: "", target: "≤ 2 s")

if CommandLine.arguments.contains("--conflicts") {
    print("\nPatterns that contradict each other (CategoryRuleSet.conflicts):")
    for conflict in rules.conflicts() { print(conflict) }
}
