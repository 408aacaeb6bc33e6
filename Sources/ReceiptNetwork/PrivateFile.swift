public import Foundation

/// A file only its owner may read, in a folder only its owner may enter: where sessions, refresh
/// tokens and provider tokens are kept.
public enum PrivateFile {
    /// Writes `data` to `path` with mode 0600 (its folder made 0700 when missing), replacing the
    /// previous file at once: a reader sees the old file or the new one, never half of it.
    public static func write(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown) }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Whether others than the owner may read or write the file (its mode has group or other bits).
    public static func isShared(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & 0o077 != 0
    }
}
