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
    var writer = JSONWriter(capacity: capacity)
    write(&writer)
    var response = Response(
        status: status, headers: [.contentType: "application/json; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: writer.bytes)))
    if let cookie { response.setCookie(cookie) }
    return response
}
