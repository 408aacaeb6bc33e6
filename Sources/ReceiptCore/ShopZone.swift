/// The clock a receipt's time was printed by: the shop's offset from UTC at that time, and what said
/// it, best first: the tax service's region code, the address (its postcode, else the region or
/// city it names), else Moscow, assumed.
public struct ShopZone: Sendable, Hashable {
    /// What the offset was read from.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// The document's `region`.
        case region
        /// The postcode that begins the address.
        case postcode
        /// A region or city the address names.
        case address
        /// Nothing: Moscow time.
        case assumed
    }

    /// Minutes east of UTC.
    public let offsetMinutes: Int
    /// What said it.
    public let source: Source
    /// The region's code, when one was found.
    public let region: Int?

    /// A zone as found: `offsetMinutes` east of UTC, said by `source`, in region `region`.
    public init(offsetMinutes: Int, source: Source, region: Int?) {
        self.offsetMinutes = offsetMinutes
        self.source = source
        self.region = region
    }

    /// The zone of a receipt printed at `local` by a shop of region code `region` (the document's,
    /// nil or unknown when it gives none) at `address`.
    public init(region code: String?, address: String?, at local: LocalDateTime) {
        var found: (Int, Source)?
        if let code, let number = RegionClock.number(region: code) {
            found = (number, .region)
        } else if let address, let read = RegionClock.region(ofAddress: address) {
            found = read
        }
        if let (region, source) = found, let offset = RegionClock.offsetMinutes(region: region, at: local) {
            self.init(offsetMinutes: offset, source: source, region: region)
        } else {
            self.init(offsetMinutes: ZonedDateTime.moscowOffset, source: .assumed, region: nil)
        }
    }

    /// `UTC+7`, `UTC+3`, `UTC+5:30`.
    public var utcText: String {
        let sign = offsetMinutes < 0 ? "−" : "+"
        let minutes = abs(offsetMinutes)
        return "UTC\(sign)\(minutes / 60)"
            + (minutes % 60 == 0 ? "" : ":\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)")
    }

    /// What a person reads: `UTC+7 (by postcode)`, `UTC+3 (assumed: Moscow time)`.
    public func text(in language: Language) -> String {
        let said =
            switch source {
            case .region: language.pick("код региона \(region ?? 0)", "region code \(region ?? 0)")
            case .postcode: language.pick("по индексу", "by postcode")
            case .address: language.pick("по адресу", "by address")
            case .assumed: language.pick("предположено: московское время", "assumed: Moscow time")
            }
        return "\(utcText) (\(said))"
    }
}

extension RegionClock {
    /// The region an address names, and how: the six-digit postcode it holds (its first three
    /// digits are the region's, `Data` below), else a region named as one (`Новосибирская обл`,
    /// `Красноярский край`, `Респ Татарстан`) or a city after `г`/`город` (`г. Новосибирск`), else
    /// a city's own name alone (`Москва`; a street named after a city is not one: `Новосибирская ул`
    /// names no region). Nil when it names none.
    public static func region(ofAddress address: String) -> (region: Int, source: ShopZone.Source)? {
        let words = addressWords(address)
        for word in words where word.count == 6 && word.allSatisfy(\.isASCII) && word.allSatisfy(\.isNumber) {
            if let prefix = Int(word.prefix(3)), let region = postcodeRegion(prefix) { return (region, .postcode) }
        }
        for (index, word) in words.enumerated() {
            // A region named as one: a word of a region's before or after `обл`, `край`, `респ`, `ао`.
            if ["обл", "область", "край", "респ", "республика", "ао", "аобл", "округ"].contains(word) {
                // The Altai Republic; the Altai Krai is `алтайский край`.
                if word.hasPrefix("респ"), index + 1 < words.count, words[index + 1] == "алтай" { return (4, .address) }
                for near in [index - 1, index + 1, index + 2] where words.indices.contains(near) {
                    if let region = regionNamed(words[near]) { return (region, .address) }
                }
            }
            if ["г", "город", "гор"].contains(word), index + 1 < words.count {
                let city = words[index + 1] + (index + 2 < words.count ? " " + words[index + 2] : "")
                if let region = cities[city] ?? cities[words[index + 1]] { return (region, .address) }
            }
        }
        for (index, word) in words.enumerated() {
            let pair = index + 1 < words.count ? word + " " + words[index + 1] : word
            if let region = cities[pair] ?? cities[word] { return (region, .address) }
        }
        return nil
    }

    /// The words of an address in lower case, ё as е, split at anything but letters, digits and `-`.
    private static func addressWords(_ address: String) -> [String] {
        String(address.lowercased().map { $0 == "ё" ? "е" : $0 })
            .split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(String.init)
    }

    /// The region of a word that begins as a region's adjective or name does.
    private static func regionNamed(_ word: String) -> Int? {
        guard word.count >= 4 else { return nil }
        return stemsByLength.first { word.hasPrefix($0.0) }?.1
    }

    /// ``regionStems``, the longest first (`сахалин` before `саха`).
    private static let stemsByLength = regionStems.sorted { $0.0.count > $1.0.count }

    /// The region whose postcodes begin with `prefix`, the first three digits.
    static func postcodeRegion(_ prefix: Int) -> Int? {
        postcodeRanges.first { $0.0.contains(prefix) }?.1
    }
}
