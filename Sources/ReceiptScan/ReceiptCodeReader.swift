/// Reads the QR codes of a receipt photo: a cascade of zbar passes over ever more worked versions
/// of the picture, cheapest first, that stops as soon as one pass yields a fiscal payload.
///
/// Every pass hands zbar a real picture; what is returned is only what zbar decoded in some pass,
/// never a guess. Codes found along the way (a shop's web address, say) are returned too.
public struct ReceiptCodeReader: Sendable {
    /// The passes, in the order they are tried.
    public enum Pass: String, Sendable, CaseIterable {
        /// The photo shrunk so that a phone photo's large code still has modules of a few pixels.
        case reduced
        /// The photo as it is.
        case original
        /// Each pixel black or white against its neighbourhood: uneven light, low contrast, noise.
        case binarized
        /// Edges steepened: blur.
        case sharpened
        /// The busiest regions cut out and enlarged: small codes.
        case regions
        /// The photo turned by 30 and 60 degrees: angles zbar's finder misses.
        case turned
    }

    /// Codes found, fiscal ones first, each text once; and the pass that found the first fiscal one.
    public struct Result: Sendable, Equatable {
        public var codes: [FoundCode]
        public var pass: Pass?
    }

    public init() {}

    public func read(_ image: GrayImage) throws(ScanError) -> Result {
        let scanner = try ZBarScanner()
        var result = Result(codes: [], pass: nil)
        var seen: Set<String> = []
        let work = PassImages(image)
        for pass in Pass.allCases {
            for picture in work.pictures(for: pass) {
                for symbol in try scanner.scan(picture) where seen.insert(symbol.text).inserted {
                    result.codes.append(FoundCode(text: symbol.text))
                }
                if result.codes.contains(where: { $0.fiscal != nil }) {
                    result.pass = pass
                    result.codes.sort { ($0.fiscal != nil ? 0 : 1) < ($1.fiscal != nil ? 0 : 1) }
                    return result
                }
            }
        }
        return result
    }
}
