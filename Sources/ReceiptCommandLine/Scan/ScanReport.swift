import ReceiptCore
import ReceiptReports
import ReceiptScan
import ReceiptSync

/// The `--json` shape of `scan`: a list of `{"file", "codes": [{"payload", "canonical", "fiscal",
/// "engine"}], "error"}`, `canonical` and `fiscal` null for a code that is not a fiscal payload,
/// `engine` the library that read it (`zbar` or `zxing-cpp`), `error` null when the image was
/// read; with `--add`, each fiscal code also says what adding it did.
struct ScanReport: Encodable {
    let file: String
    let codes: [Code]
    @NullWhenAbsent var error: String?

    struct Code: Encodable {
        let payload: String
        @NullWhenAbsent var canonical: String?
        @NullWhenAbsent var fiscal: FiscalCode?
        let engine: FoundCode.Engine
        /// Left out unless `--add` added the code.
        var added: AddOutcome?
    }

    init(_ image: ScannedImage, added: [String: AddOutcome] = [:], language: Language) {
        file = image.file
        codes = image.codes.map {
            Code(
                payload: $0.text, canonical: $0.fiscal?.canonical, fiscal: $0.fiscal, engine: $0.engine,
                added: added[$0.text])
        }
        error = image.error?.message(in: language)
    }
}
