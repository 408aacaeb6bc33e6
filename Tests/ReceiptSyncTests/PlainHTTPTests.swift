import Foundation
import ReceiptNetwork
import Testing

/// Issue 49: which server addresses `receipts login`, `passwd` and `web` warn of. Before the change
/// `URL.sendsInClearOverNetwork` did not exist and nothing warned.
@Suite("plain HTTP to another machine", .timeLimit(.minutes(20)))
struct PlainHTTPTests {
    @Test("http:// to a host that is not loopback sends in clear; loopback and https:// do not")
    func decides() throws {
        for text in [
            "http://192.0.2.1:1", "http://receipts.example.org", "http://10.0.0.5:8080/", "http://[2001:db8::1]:80",
            "HTTP://128.0.0.1", "http://localhost.example.org", "http://127.example.org",
        ] {
            #expect(try #require(URL(string: text)).sendsInClearOverNetwork, "\(text)")
        }
        for text in [
            "http://127.0.0.1:8080", "http://127.255.255.254", "http://localhost:8080", "http://LOCALHOST",
            "http://app.localhost", "http://[::1]:8080", "http://[0:0:0:0:0:0:0:1]", "http://[::ffff:127.0.0.1]",
            "https://receipts.example.org", "https://192.0.2.1",
        ] {
            #expect(try !#require(URL(string: text)).sendsInClearOverNetwork, "\(text)")
        }
    }
}
