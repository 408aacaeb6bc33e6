import Foundation
import GRDB
import ReceiptTesting
import Testing

/// A small file system of its own (tmpfs, mounted by the test), so that the disk really fills up;
/// ``unmount()`` ends it.
final class SmallDisk: Sendable {
    var path: String { folder.path }
    private let folder: TemporaryFolder
    let mounted: Bool

    init(megabytes: Int) async throws {
        folder = try TemporaryFolder("disk")
        mounted = try await Self.mount(["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", folder.path]) == 0
    }

    func remountReadOnly() async throws -> Bool {
        try await Self.mount(["-o", "remount,ro", path]) == 0
    }

    /// Unmounts the file system, so that its folder can go.
    func unmount() async {
        if mounted { _ = try? await Self.mount([path], tool: "/bin/umount") }
    }

    private static func mount(_ arguments: [String], tool: String = "/bin/mount") async throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        return try await ChildProcess(process).exit()
    }
}

@Suite(
    "receipts on a full disk and a read-only one", .tags(.process, .server), .wholeSuiteOnly, .timeLimit(.minutes(20)))
struct FullDiskTests {
    private func integrity(_ path: String) throws -> String? {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        return try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
    }

    @Test(
        "an import that fills the disk stops with a clear error; what was written is whole, its totals agree",
        .enabled(if: getuid() == 0, "mounting a small tmpfs needs root (CI runs as root)"))
    func fullDisk() async throws {
        let disk = try await SmallDisk(megabytes: 2)
        defer { Task { await disk.unmount() } }
        try #require(disk.mounted, "could not mount a tmpfs")
        let server = try await DemoServerProcess(receipts: 3_000)
        var run = server.runner()
        #expect(try await run.run(["login", "--login", "demo", "--password-stdin"], input: "demo\n").status == 0)
        let database = disk.path + "/receipts.sqlite"
        run.environment["RECEIPTS_DB"] = database

        let full = try await run.run(["import", "--quiet"])
        #expect(full.status == 1)
        #expect(full.errors.contains("is full; nothing was written"), "\(full.errors)")
        #expect(try integrity(database) == "ok")
        let listed = try await run.run(["list", "--json"])
        #expect(listed.status == 0)
        let verified = try await run.run(["stats", "--verify"])
        #expect(verified.status == 0, "\(verified.errors)")

        // On a file system that became read-only nothing is written either, with its own message.
        #expect(try await disk.remountReadOnly())
        let readOnly = try await run.russian().run(["import", "--quiet"])
        #expect(readOnly.status == 1)
        #expect(readOnly.errors.contains("нельзя изменить: нет прав на запись"), "\(readOnly.errors)")
        #expect(try integrity(database) == "ok")
    }
}
