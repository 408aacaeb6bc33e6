import Foundation
import Hummingbird
import NIOCore

/// Adding photos and payloads as `scan --add` and `add --qr` do.
struct AddRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.post("/api/add/photo") { request, context in
            let words = RequestValues(request, context).words
            let body: ByteBuffer
            do {
                body = try await request.body.collect(upTo: WebApp.largestPhoto)
            } catch is NIOTooManyBytesError {
                return try WebApp.json(
                    AddingView(added: [], problem: words.photoTooLarge(WebApp.largestPhoto)), status: .contentTooLarge)
            }
            let data = Data(body.readableBytesView)
            return try answer(
                try await AddingView.photo(data, adding: try await app.adding(), language: words.language))
        }
        router.post("/api/add/qr") { request, context in
            let language = RequestValues(request, context).words.language
            let pasted = try await request.decode(as: PayloadRequest.self, context: context)
            return try answer(
                try await AddingView.payload(pasted.qr, adding: try await app.adding(), language: language))
        }
    }

    /// What was added, each code with its outcome; 422 when the picture or the text held no receipt.
    private func answer(_ view: AddingView) throws -> Response {
        try WebApp.json(view, status: view.problem == nil ? .ok : .unprocessableContent)
    }
}
