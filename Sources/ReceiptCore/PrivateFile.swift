public import Foundation

/// Files only their owner may read, in folders only their owner may enter: the databases with their
/// logs, backups, sessions, refresh tokens and provider tokens.
///
/// Every such file is created with mode 0600 from its first byte, whatever the process's `umask`
/// (never created wider and narrowed after), and every folder the tool makes for one with 0700.
public enum PrivateFile {
    /// Writes `data` to `path` with mode 0600 (its missing folders made 0700), replacing the
    /// previous file at once: a reader sees the old file or the new one, never half of it.
    public static func write(_ data: Data, to path: String) throws {
        try makeFolders(for: path)
        let temporary = path + ".tmp-\(getpid())"
        unlink(temporary)
        let descriptor = try create(temporary)
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(descriptor, start + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    failure = count < 0 ? errno : EIO
                    return
                }
                offset += count
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }

    /// Creates an empty file at `path` with mode 0600 (its missing folders made 0700) unless one is
    /// there; an SQLite database opened on it then gives its `-wal` and `-shm` files the same mode.
    public static func createEmpty(_ path: String) throws {
        try makeFolders(for: path)
        do {
            close(try create(path))
        } catch let error as POSIXError where error.code == .EEXIST {
            return
        }
    }

    /// Makes ready the database at `path` before SQLite opens it: a new one is created empty with
    /// mode 0600 (``createEmpty(_:)``), an existing one is narrowed (``narrowDatabase(_:)``). The
    /// paths it narrowed, for a warning.
    public static func prepareDatabase(_ path: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: path) else {
            try createEmpty(path)
            return []
        }
        return narrowDatabase(path)
    }

    /// Narrows the database at `path` and its `-wal`, `-shm` and `-journal` files to mode 0600 where
    /// others may read or write them; the paths it narrowed, for a warning (empty when none was
    /// wider, or none is there).
    public static func narrowDatabase(_ path: String) -> [String] {
        var narrowed: [String] = []
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] where isShared(file) {
            if chmod(file, 0o600) == 0 { narrowed.append(file) }
        }
        return narrowed
    }

    /// Makes the folders above `path` that are missing, each with mode 0700; folders already there
    /// are left as they are.
    public static func makeFolders(for path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw POSIXError(.ENOTDIR) }
            return
        }
        try makeFolders(for: folder)
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        // The umask may have taken bits mkdir was given; the mode is exactly 0700 either way.
        chmod(folder, 0o700)
    }

    /// Whether others than the owner may read or write the file (its mode has group or other bits).
    public static func isShared(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & 0o077 != 0
    }

    /// A new file at `path`, open for writing with mode exactly 0600; fails when one is there.
    private static func create(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        fchmod(descriptor, 0o600)
        return descriptor
    }
}
