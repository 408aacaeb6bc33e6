public import Foundation
import Hummingbird
import ServiceLifecycle

extension ReceiptsServer {
    /// Runs the server inside this process while `body` runs, then stops it: for the demo and for
    /// measurements. `body` gets the server's address on its loopback port.
    public func serving<T: Sendable>(_ body: @Sendable (URL) async throws -> T) async throws -> T {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let application = application { port in continuation.yield(port) }
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
                await group.triggerGracefulShutdown()
                throw CancellationError()
            }
            do {
                let value = try await body(url)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return value
            } catch {
                await group.triggerGracefulShutdown()
                throw error
            }
        }
    }
}
