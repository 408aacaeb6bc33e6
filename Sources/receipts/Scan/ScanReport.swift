import ReceiptCore
import ReceiptScan

/// The `--json` shape of `scan`: a list of `{"file", "codes": [{"payload", "canonical", "fiscal"}],
/// "error"}`, `canonical` and `fiscal` null for a code that is not a fiscal payload, `error` null
/// when the image was read; with `--add`, each fiscal code also says what adding it did.
struct ScanReport: Encodable {
    let file: String
    let codes: [Code]
    let error: String?

    struct Code: Encodable {
        let payload: String
        let canonical: String?
        let fiscal: FiscalCode?
        var added: AddOutcome?

        private enum CodingKeys: String, CodingKey { case payload, canonical, fiscal, added }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(payload, forKey: .payload)
            try container.encode(canonical, forKey: .canonical)
            try container.encode(fiscal, forKey: .fiscal)
            try container.encodeIfPresent(added, forKey: .added)
        }
    }

    private enum CodingKeys: String, CodingKey { case file, codes, error }

    init(_ image: ScannedImage, added: [String: AddOutcome] = [:]) {
        file = image.file
        codes = image.codes.map {
            Code(payload: $0.text, canonical: $0.fiscal?.canonical, fiscal: $0.fiscal, added: added[$0.text])
        }
        error = image.error?.message(in: Strings.language)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(codes, forKey: .codes)
        try container.encode(error, forKey: .error)
    }
}
