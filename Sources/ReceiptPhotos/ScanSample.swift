import Foundation
import ReceiptCore

/// One photo of the scan benchmark's two sets, by its recipe: the damage, the frame and the
/// variant. The benchmark makes every photo it measures from these, and the tests replay the ones
/// the cascade missed (`Data/scan-misses.txt`) from the same recipes, photo for photo.
public struct ScanSample: Sendable, Hashable, CustomStringConvertible {
    /// The damage, of the phone set (``PhoneDamage``) or of the older easy set (``PhotoDamage``).
    public enum Damage: Sendable, Hashable {
        /// A kind of the phone set.
        case phone(PhoneDamage)
        /// A kind of the easy set.
        case easy(PhotoDamage)

        /// `phone` or `easy`.
        public var set: String {
            switch self {
            case .phone: "phone"
            case .easy: "easy"
            }
        }

        /// The damage's own name (`motion`, `low-light`).
        public var name: String {
            switch self {
            case .phone(let damage): damage.rawValue
            case .easy(let damage): damage.rawValue
            }
        }

        /// Every damage of `set`.
        public static func all(of set: String) -> [Damage] {
            switch set {
            case "phone": PhoneDamage.allCases.map(Damage.phone)
            case "easy": PhotoDamage.allCases.map(Damage.easy)
            default: []
            }
        }

        /// A number of its own, so that every photo's payload differs.
        var number: Int {
            switch self {
            case .phone(let damage): 50 + (PhoneDamage.allCases.firstIndex(of: damage) ?? 0)
            case .easy(let damage): PhotoDamage.allCases.firstIndex(of: damage) ?? 0
            }
        }
    }

    /// The benchmark's frames: 1.5 MP and 12 MP.
    public static let frames: [(name: String, width: Int, height: Int)] = [
        ("1.5 MP", 1_500, 1_000), ("12 MP", 4_000, 3_000),
    ]

    /// The damage.
    public let damage: Damage
    /// The frame's width, pixels.
    public let width: Int
    /// The frame's height, pixels.
    public let height: Int
    /// Which photo of the damage: its severity and framing.
    public let variant: Int

    /// The `variant`-th photo of `damage` in a `width × height` frame.
    public init(_ damage: Damage, width: Int, height: Int, variant: Int) {
        self.damage = damage
        self.width = width
        self.height = height
        self.variant = variant
    }

    /// A sample as ``description`` writes it: `phone motion 1500 7`; nil for anything else (the
    /// frame must be one of ``frames``).
    public init?(_ line: some StringProtocol) {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 4, let width = Int(words[2]), let variant = Int(words[3]), variant >= 0,
            let frame = Self.frames.first(where: { $0.width == width }),
            let damage = Damage.all(of: String(words[0])).first(where: { $0.name == words[1] })
        else { return nil }
        self.init(damage, width: width, height: frame.height, variant: variant)
    }

    /// `phone motion 1500 7`.
    public var description: String { "\(damage.set) \(damage.name) \(width) \(variant)" }

    /// The name of the frame (`1.5 MP`).
    public var frameName: String { Self.frames.first { $0.width == width }?.name ?? "\(width)×\(height)" }

    /// The payload printed in it: a plausible fiscal payload, its own for every sample.
    public var payload: String { Self.payload(damage.number * 100_000 + width * 10 + variant) }

    /// The photo, as the benchmark makes it.
    public func photo() -> ReceiptPhoto {
        switch damage {
        case .phone(let kind): kind.photo(of: payload, width: width, height: height, variant: variant)
        case .easy(let kind): kind.photo(of: payload, width: width, height: height, variant: variant)
        }
    }

    /// A fiscal payload with plausible fields, different for every index.
    public static func payload(_ index: Int) -> String {
        var generator = SeededRandom(seed: UInt64(index) &+ 1_000)
        let day = Int.random(in: 1...28, using: &generator)
        let month = Int.random(in: 1...12, using: &generator)
        let kopecks = Int.random(in: 100...2_000_000, using: &generator)
        let fn = (0..<16).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        let hour = Int.random(in: 8...22, using: &generator)
        let minute = Int.random(in: 0...59, using: &generator)
        let time =
            "2025" + [month, day].map(Self.twoDigits).joined() + "T" + Self.twoDigits(hour) + Self.twoDigits(minute)
        let total = "\(kopecks / 100)." + Self.twoDigits(kopecks % 100)
        let i = Int.random(in: 1...200_000, using: &generator)
        let fp = Int.random(in: 100_000_000...4_294_967_295, using: &generator)
        return "t=\(time)&s=\(total)&fn=\(fn)&i=\(i)&fp=\(fp)&n=\(Int.random(in: 1...2, using: &generator))"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// The benchmark's photos the cascade has missed, kept in `Data/scan-misses.txt` as recipes, one a
/// line: `missed phone motion 1500 3` (still missed) or `read phone focus 1500 0` (missed once,
/// read since). The tests replay them: a photo marked read must stay read, and one marked missed
/// that is read now must be marked read, so the list says what the cascade does today.
public struct KnownMisses: Sendable {
    /// What became of a missed photo.
    public enum Outcome: String, Sendable {
        /// Still missed.
        case missed
        /// Missed once, read since.
        case read
    }

    /// Every listed photo, in the file's order.
    public let entries: [(sample: ScanSample, outcome: Outcome)]

    /// Reads the list; `#` starts a comment. A line that is not a recipe throws, naming it.
    public init(parsing text: String) throws(KnownMissesError) {
        var entries: [(ScanSample, Outcome)] = []
        var seen: Set<ScanSample> = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty else { continue }
            let words = line.split(separator: " ", maxSplits: 1)
            guard words.count == 2, let outcome = Outcome(rawValue: String(words[0])),
                let sample = ScanSample(words[1])
            else { throw KnownMissesError(line: index + 1, text: String(raw)) }
            guard seen.insert(sample).inserted else { throw KnownMissesError(line: index + 1, text: String(raw)) }
            entries.append((sample, outcome))
        }
        self.entries = entries
    }

    /// The outcome listed for `sample`, nil when it is not listed.
    public func outcome(of sample: ScanSample) -> Outcome? {
        entries.first { $0.sample == sample }?.outcome
    }
}

/// A line of the known misses that is not `missed|read SET DAMAGE WIDTH VARIANT`, or repeats one.
public struct KnownMissesError: Error, Equatable, CustomStringConvertible {
    /// The line's number, from 1.
    public let line: Int
    /// The line as written.
    public let text: String

    /// The error of line `line`, written `text`.
    public init(line: Int, text: String) {
        self.line = line
        self.text = text
    }

    /// What is wrong, and where.
    public var description: String { "line \(line) is not a new `missed|read set damage width variant`: \(text)" }
}
