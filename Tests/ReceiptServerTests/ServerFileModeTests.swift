import Foundation
import ReceiptTesting
import Testing

@testable import ReceiptServer

/// The server's SQLite database holds password hashes, sessions and a tax-service refresh token:
/// another local user read the token from its `-wal` file when it was 0644 (issue 31).
@Suite("Server: its SQLite database for its owner only", .storageIndependent, .timeLimit(.minutes(20)))
struct ServerFileModeTests {
    @Test("a new server database and its -wal and -shm are 0600, its folders 0700; a wider one is narrowed")
    func modes() async throws {
        let folder = try TemporaryFolder("server-modes")
        let path = folder.file("srv/data/server.sqlite")
        let storage = try SQLiteStorage(path: path)
        _ = try await storage.secret(named: "cursor-key")
        for file in [path, path + "-wal", path + "-shm"] { #expect(try TemporaryFolder.mode(file) == 0o600, "\(file)") }
        #expect(
            try TemporaryFolder.mode(folder.file("srv")) == 0o700
                && TemporaryFolder.mode(folder.file("srv/data")) == 0o700)
        #expect(storage.narrowed.isEmpty)
        await storage.close()

        chmod(path, 0o640)
        let reopened = try SQLiteStorage(path: path)
        #expect(reopened.narrowed.contains(path))
        #expect(try TemporaryFolder.mode(path) == 0o600)
        await reopened.close()
    }
}
