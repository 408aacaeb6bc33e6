import Foundation
import Hummingbird

extension WebApp {
    /// Adding photos and payloads as `scan --add` and `add --qr` do.
    func addAddRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/add/photo") { request, context in
            let language = Self.words(request).language
            let data = Data(try await request.body.collect(upTo: Self.largestPhoto).readableBytesView)
            let report = try await AddingReport.photo(data, adding: try await self.adding(), language: language)
            return try Self.json(report, status: report.problem == nil ? .ok : .unprocessableContent)
        }
        router.post("/api/add/qr") { request, context in
            let language = Self.words(request).language
            let pasted = try await request.decode(as: PastedPayload.self, context: context)
            let report = try await AddingReport.payload(pasted.qr, adding: try await self.adding(), language: language)
            return try Self.json(report, status: report.problem == nil ? .ok : .unprocessableContent)
        }
    }
}
