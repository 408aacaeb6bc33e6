import Foundation
import ReceiptCore
import ReceiptScan
import ReceiptSync

/// What adding a photo or a payload did, as the page shows it: each fiscal code found, and what
/// adding it did; or why nothing was added.
struct AddingView: Encodable {
    struct Added: Encodable {
        let qr: String
        let outcome: String
        let text: String
    }

    let added: [Added]
    let problem: String?

    /// The codes of `photo` (any format ImageLoader reads) added one by one, as `scan --add` adds them.
    static func photo(_ data: Data, adding: ReceiptAdding, language: Language) async throws -> AddingView {
        let codes: [FiscalCode]
        do throws(ScanError) {
            let image = try ImageLoader.load(data)
            codes = try ReceiptCodeReader().read(image).codes.compactMap(\.fiscal)
        } catch {
            return AddingView(added: [], problem: error.message(in: language))
        }
        guard !codes.isEmpty else {
            return AddingView(
                added: [],
                problem: language == .russian
                    ? "В этом снимке не найден QR-код чека." : "No receipt QR code was found in this picture.")
        }
        return try await add(codes, adding: adding, language: language)
    }

    /// The receipt of a pasted payload added, or why the payload is not a receipt's.
    static func payload(_ text: String, adding: ReceiptAdding, language: Language) async throws -> AddingView {
        let code: FiscalCode
        do {
            code = try FiscalCode(parsing: text)
        } catch {
            return AddingView(added: [], problem: error.message(in: language))
        }
        return try await add([code], adding: adding, language: language)
    }

    private static func add(_ codes: [FiscalCode], adding: ReceiptAdding, language: Language) async throws
        -> AddingView
    {
        var added: [Added] = []
        for code in codes where !added.contains(where: { $0.qr == code.canonical }) {
            let outcome = try await adding.add(code)
            added.append(Added(qr: code.canonical, outcome: outcome.rawValue, text: outcome.message(in: language)))
        }
        return AddingView(added: added, problem: nil)
    }
}

/// `{"qr"}`: a payload pasted into the page.
struct PayloadRequest: Decodable {
    let qr: String
}
