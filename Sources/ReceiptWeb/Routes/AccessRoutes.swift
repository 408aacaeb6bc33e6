import Hummingbird

/// The exchange of a one-time code of `receipts web --open` for the key: open without the key (the
/// page has none yet), from the app's own origin like every change.
struct AccessRoutes: Sendable {
    let app: WebApp

    func register(on router: Router<WebContext>) {
        router.post("/api/exchange") { request, context in
            let words = RequestValues(request, context).words
            let asked = try? await request.decode(as: CodeRequest.self, context: context)
            guard let code = asked?.code, app.openingCodes.exchange(code) == .opened else {
                throw WebError.forbidden(words.codeSpent)
            }
            return try WebApp.json(["key": app.settings.key])
        }
    }
}

/// What the page sends to exchange a one-time code: `{"code": "…"}`.
struct CodeRequest: Decodable {
    /// The code the address carried in its fragment (`#code=`).
    let code: String
}
