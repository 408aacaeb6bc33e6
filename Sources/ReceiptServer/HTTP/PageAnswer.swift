import Hummingbird

/// A feed page as answered: its bytes with their entity tag, and `304 Not Modified` without them
/// when the client already has those bytes (`If-None-Match`).
///
/// The tag is the bytes' own (``KeptPage/tag(of:)``), so it holds across instances and restarts,
/// and a page read again after someone else's write still matches when nothing on it changed. A
/// page given from memory carries it; one read afresh carries it when the request names a tag, so
/// that a page read once (an importer's) costs no hashing. `private, no-cache`: a browser keeps the
/// page and asks again each time, a shared cache keeps nothing.
enum PageAnswer {
    static func response(_ page: KeptPage, to request: Request) -> Response {
        var headers: HTTPFields = [.cacheControl: "private, no-cache"]
        let asked = request.headers[.ifNoneMatch]
        if let tag = page.entityTag ?? asked.map({ _ in KeptPage.tag(of: page.body) }) {
            headers[.eTag] = tag
            if let asked, matches(asked, tag) { return Response(status: .notModified, headers: headers) }
        }
        headers[.contentType] = jsonContentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: page.body))
    }

    /// Whether `If-None-Match` names `tag`: `*`, or a list of tags compared weakly (a `W/` prefix
    /// does not count), as RFC 9110 says for this header.
    static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        let strong = tag.hasPrefix("W/") ? tag.dropFirst(2) : Substring(tag)
        for given in ifNoneMatch.split(separator: ",") {
            let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
            let trimmed = String(given.drop(while: blank).reversed().drop(while: blank).reversed())
            if trimmed == "*" { return true }
            let candidate = trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : Substring(trimmed)
            if candidate == strong { return true }
        }
        return false
    }
}
