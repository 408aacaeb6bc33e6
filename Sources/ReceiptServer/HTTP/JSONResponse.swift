import Hummingbird
import ReceiptAPI

/// A JSON answer written by the wire's writer, with a status, and cookies when a session opens or closes.
func jsonResponse(_ value: some JSONWritable, status: HTTPResponse.Status = .ok, cookie: Cookie? = nil) -> Response {
    jsonResponse(status: status, cookie: cookie) { value.write(to: &$0) }
}

/// A JSON answer that `write` writes: pages spliced from stored JSON, with room for `capacity` bytes.
func jsonResponse(
    status: HTTPResponse.Status = .ok, cookie: Cookie? = nil, capacity: Int = 1024, _ write: (inout JSONWriter) -> Void
) -> Response {
    var response = Response(
        status: status, headers: [.contentType: jsonContentType],
        body: ResponseBody(byteBuffer: jsonBody(capacity: capacity, write)))
    if let cookie { response.setCookie(cookie) }
    return response
}

/// The bytes of a JSON answer that `write` writes, with room for `capacity` bytes.
func jsonBody(capacity: Int = 1024, _ write: (inout JSONWriter) -> Void) -> ByteBuffer {
    var writer = JSONWriter(capacity: capacity)
    write(&writer)
    return ByteBuffer(bytes: writer.bytes)
}

/// What every JSON answer says it is.
let jsonContentType = "application/json; charset=utf-8"
