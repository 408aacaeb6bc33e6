/// Reads the QR codes of a receipt photo: a cascade of passes over ever more worked versions of the
/// picture, cheapest first, that stops as soon as a pass yields a fiscal payload.
///
/// Each step of a pass hands its pictures to zbar; where zbar found no fiscal payload in them,
/// zxing-cpp is asked about the same pictures, so an easy photo costs zbar alone. What is returned
/// is only what one of the two decoded, never a guess. Codes found along the way (a shop's web
/// address, say) are returned too.
public struct ReceiptCodeReader: Sendable {
    /// The passes, in the order they are tried.
    public enum Pass: String, Sendable, CaseIterable {
        /// Small crops around the finder patterns found in the photo (as it is, then smoothed).
        case regions
        /// The whole photo (shrunk by a whole factor to about 2000 pixels when larger).
        case whole
        /// The crops smoothed, sharpened, made black and white, turned and enlarged; then crops found
        /// in the sharpened photo (blur) and in the full-size one (small codes in a large photo); then
        /// a crumpled label against a darker ground, flattened; then a code read module by module, a
        /// small one along its grid fitted to its own module edges (a crease), a large one along its
        /// alignment patterns (a sheet bent across).
        case workedRegions
        /// The whole photo smoothed, sharpened, made black and white and shrunk; at full size; and in
        /// negative, for a code printed light on dark.
        case workedWhole
        /// A photo too blurred for its finder patterns to show: the squares that look most like a
        /// code, enlarged twice and deblurred as a shaken hand or a lens out of focus would have
        /// blurred them (`BlurredCodeLocator`, `Deconvolution`).
        case deblurred
    }

    /// Codes found, fiscal ones first, each text once; and the pass that found the first fiscal one.
    public struct Result: Sendable, Equatable {
        /// Every distinct code found, fiscal payloads first; empty when the photo shows none.
        public var codes: [FoundCode]
        /// The pass that found the first fiscal payload; nil when no pass found one.
        public var pass: Pass?
    }

    /// The engines a reader asks, in order.
    public let engines: [FoundCode.Engine]

    /// A reader; each ``read(_:)`` sets up its own zbar scanner, so one reader serves many threads.
    /// `engines` leaves one out, for measuring each alone.
    public init(engines: [FoundCode.Engine] = FoundCode.Engine.allCases) {
        self.engines = engines
    }

    /// The codes the engines read in the photo; empty when none is found, which is no error.
    public func read(_ photo: GrayImage) throws(ScanError) -> Result {
        let scanner = try ZBarScanner()
        var result = Result(codes: [], pass: nil)
        var seen: Set<String> = []
        let views = PhotoViews(photo)
        for pass in Pass.allCases {
            for step in views.steps(for: pass) {
                let pictures = step()
                for engine in engines where !result.codes.contains(where: { $0.fiscal != nil }) {
                    for picture in pictures {
                        let whole = pass == .whole || pass == .workedWhole || pass == .deblurred
                        for symbol in try engine.scan(picture, zbar: scanner, thorough: whole)
                        where seen.insert(symbol.text).inserted {
                            result.codes.append(FoundCode(text: symbol.text, engine: engine))
                        }
                    }
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
