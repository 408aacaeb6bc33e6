import Hummingbird

/// The page's own files, compiled into the binary (no build step, nothing from the network).
enum StaticFiles {
    /// The file served at `path`, with its content type; nil for any other path.
    static func file(at path: String) -> (bytes: [UInt8], type: String)? {
        switch path {
        case "/", "/index.html": (PackageResources.index_html, "text/html; charset=utf-8")
        case "/app.js": (PackageResources.app_js, "text/javascript; charset=utf-8")
        case "/common.js": (PackageResources.common_js, "text/javascript; charset=utf-8")
        case "/feed.js": (PackageResources.feed_js, "text/javascript; charset=utf-8")
        case "/receipt.js": (PackageResources.receipt_js, "text/javascript; charset=utf-8")
        case "/statistics.js": (PackageResources.statistics_js, "text/javascript; charset=utf-8")
        case "/search.js": (PackageResources.search_js, "text/javascript; charset=utf-8")
        case "/categories.js": (PackageResources.categories_js, "text/javascript; charset=utf-8")
        case "/add.js": (PackageResources.add_js, "text/javascript; charset=utf-8")
        case "/import.js": (PackageResources.import_js, "text/javascript; charset=utf-8")
        case "/nearby.js": (PackageResources.nearby_js, "text/javascript; charset=utf-8")
        case "/prices.js": (PackageResources.prices_js, "text/javascript; charset=utf-8")
        case "/insights.js": (PackageResources.insights_js, "text/javascript; charset=utf-8")
        case "/bank.js": (PackageResources.bank_js, "text/javascript; charset=utf-8")
        case "/taxservice.js": (PackageResources.taxservice_js, "text/javascript; charset=utf-8")
        case "/shops.js": (PackageResources.shops_js, "text/javascript; charset=utf-8")
        case "/household.js": (PackageResources.household_js, "text/javascript; charset=utf-8")
        case "/people.js": (PackageResources.people_js, "text/javascript; charset=utf-8")
        case "/style.css": (PackageResources.style_css, "text/css; charset=utf-8")
        default: nil
        }
    }

    /// Every path a file is served at.
    static let paths = [
        "/", "/index.html", "/style.css", "/app.js", "/common.js", "/feed.js", "/receipt.js", "/statistics.js",
        "/search.js", "/categories.js", "/add.js", "/import.js", "/nearby.js",
        "/prices.js", "/insights.js", "/bank.js", "/taxservice.js", "/shops.js",
        "/household.js", "/people.js",
    ]

    /// The views' own addresses: each is the page, which shows the view its address names.
    static let views = [
        "/receipts", "/receipts/:id", "/search", "/stats", "/categories", "/add", "/import", "/nearby",
        "/prices", "/insights", "/bank", "/shops", "/household",
    ]

    /// Whether `path` is one of the page's own files or views: they hold no data, so they are
    /// served without the key (the page asks the API for everything, with it).
    static func isShell(_ path: String) -> Bool {
        if paths.contains(path) || views.contains(path) { return true }
        let receipt = path.split(separator: "/", omittingEmptySubsequences: false)
        return receipt.count == 3 && receipt[1] == "receipts" && Int64(receipt[2]) != nil
    }

    /// The answer for `path`: the file, cacheable for a minute (the binary does not change under it).
    static func response(_ path: String) -> Response? {
        guard let (bytes, type) = file(at: path) else { return nil }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "private, max-age=60"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
