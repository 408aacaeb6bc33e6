import Hummingbird

extension WebApp {
    /// The exchange of a one-time code of `receipts web --open` for the key: open without the key
    /// (the page has none yet), from the app's own origin like every change.
    func addAccessRoutes(to router: Router<BasicRequestContext>) {
        router.post("/api/exchange") { request, context in
            let words = Self.words(request)
            let asked = try? await request.decode(as: CodeExchange.self, context: context)
            guard let code = asked?.code, self.openingCodes.exchange(code) else {
                return try Self.json(["error": words.codeSpent], status: .forbidden)
            }
            return try Self.json(["key": self.settings.key])
        }
    }
}

/// What the page sends to exchange a one-time code: `{"code": "…"}`.
struct CodeExchange: Decodable {
    /// The code the address carried in its fragment (`#code=`).
    let code: String
}
