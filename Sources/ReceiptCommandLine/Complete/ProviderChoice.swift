import ArgumentParser
import FiscalProviders
import Foundation

/// `--provider fns|proverkacheka`: the names of ``ProviderName`` on the command line.
enum ProviderOption: String, ExpressibleByArgument, CaseIterable {
    case fns, proverkacheka

    var name: ProviderName {
        switch self {
        case .fns: .fns
        case .proverkacheka: .proverkacheka
        }
    }
}

/// Which source of fiscal documents a command asks: the one named, else the tax service when a
/// session is kept for it, else proverkacheka.com when a token is set; else how to set one up.
enum ProviderChoice {
    static func provider(_ option: ProviderOption?, global: GlobalOptions) throws -> any FiscalProvider {
        switch option?.name {
        case .fns: return try taxService(global)
        case .proverkacheka: return try proverkacheka(global)
        case nil:
            let folder = global.configFolder()
            if try TaxServiceSessionFile(folder: folder).load() != nil { return try taxService(global) }
            if try ProverkachekaClient.token(folder: folder, environment: CommandRun.environment) != nil {
                return try proverkacheka(global)
            }
            throw CommandFailure(status: .authenticationNeeded) { Words($0).noProvider }
        }
    }

    private static func taxService(_ global: GlobalOptions) throws -> any FiscalProvider {
        let connection = try TaxServiceConnection(global)
        _ = try connection.requireSession()
        return connection.client
    }

    private static func proverkacheka(_ global: GlobalOptions) throws -> any FiscalProvider {
        guard
            let token = try ProverkachekaClient.token(
                folder: global.configFolder(), environment: CommandRun.environment)
        else {
            throw ProviderError.notSignedIn(.proverkacheka)
        }
        let server = try ProviderEndpoint.proverkacheka(environment: CommandRun.environment)
        let activity = NetworkActivity(
            server: server.absoluteString, console: Console(global), showsStatus: !global.quiet)
        return ProverkachekaClient(
            server: server, token: token, retry: Connection.retryPolicy(), observer: activity.observe)
    }
}
