public import Foundation
public import ReceiptCore

/// A provider's base address: from its environment variable or the real service's; `https`, or plain
/// `http` only to a loopback address (a stand-in or a tunnel on this machine), since sessions,
/// passwords and tokens cross it.
public enum ProviderEndpoint {
    /// `RECEIPTS_FNS_URL`, else the tax service's mobile API.
    public static func fns(environment: [String: String] = ProcessInfo.processInfo.environment) throws(EndpointError)
        -> URL
    {
        try url(
            environment["RECEIPTS_FNS_URL"], default: "https://irkkt-mobile.nalog.ru:8888", variable: "RECEIPTS_FNS_URL"
        )
    }

    /// `RECEIPTS_LKDR_URL`, else «Мои чеки онлайн»'s API (the cabinet has moved between
    /// `lkdr.nalog.ru`, `mco.nalog.ru` and `lkdr.nalog.gov.ru`; the paths are the same under each).
    public static func cabinet(environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(EndpointError) -> URL
    {
        try url(environment["RECEIPTS_LKDR_URL"], default: "https://lkdr.nalog.ru/api", variable: "RECEIPTS_LKDR_URL")
    }

    /// `RECEIPTS_PROVERKACHEKA_URL`, else proverkacheka.com.
    public static func proverkacheka(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(EndpointError) -> URL {
        try url(
            environment["RECEIPTS_PROVERKACHEKA_URL"], default: "https://proverkacheka.com",
            variable: "RECEIPTS_PROVERKACHEKA_URL")
    }

    static func url(_ value: String?, default fallback: String, variable: String) throws(EndpointError) -> URL {
        let text = value.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty
        else { throw .invalid(variable: variable, value: text) }
        switch scheme {
        case "https": return url
        case "http" where isLoopback(host): return url
        case "http": throw .plainHTTP(variable: variable, value: text)
        default: throw .invalid(variable: variable, value: text)
        }
    }

    private static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}

/// A provider's address that cannot be used.
public enum EndpointError: Error, Equatable, LocalizedMessage {
    /// Not an `https://` (or loopback `http://`) address.
    case invalid(variable: String, value: String)
    /// Plain `http://` to another machine.
    case plainHTTP(variable: String, value: String)

    /// Names the variable and the value.
    public func message(in language: Language) -> String {
        switch (self, language) {
        case (.invalid(let variable, let value), .russian): return "\(variable)=\(value): это не адрес https://"
        case (.invalid(let variable, let value), .english): return "\(variable)=\(value) is not an https:// address"
        case (.plainHTTP(let variable, let value), .russian):
            return "\(variable)=\(value): http:// допустим только для адресов этой машины (127.0.0.1, localhost); "
                + "используйте https://"
        case (.plainHTTP(let variable, let value), .english):
            return "\(variable)=\(value): plain http:// is accepted only for this machine (127.0.0.1, localhost); "
                + "use https://"
        }
    }
}
