import Foundation
import Hummingbird

/// A JSON answer with a status, and cookies when a session opens or closes.
func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok, cookie: Cookie? = nil) throws -> Response
{
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var response = Response(
        status: status, headers: [.contentType: "application/json; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    if let cookie { response.setCookie(cookie) }
    return response
}
