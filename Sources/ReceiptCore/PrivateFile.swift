public import Foundation

/// Files only their owner may read, in folders only their owner may enter: the databases with their
/// logs, backups, sessions, refresh tokens and provider tokens, and the reports, exports and images
/// the commands write.
///
/// Every such file is created with mode 0600 from its first byte, whatever the process's `umask`
/// (never created wider and narrowed after), and every folder the tool makes for one with 0700.
public enum PrivateFile {
    /// Writes `data` to `path` with mode 0600 (its missing folders made 0700), replacing the
    /// previous file at once: a reader sees the old file or the new one, never half of it. With
    /// `keepingMode`, a file of this user's that it replaces keeps the mode they gave it (a report
    /// they made readable to others stays so).
    public static func write(_ data: Data, to path: String, keepingMode: Bool = false) throws {
        try makeFolders(for: path)
        let (temporary, descriptor) = try createTemporary(beside: path)
        if keepingMode, let mode = ownMode(path) { fchmod(descriptor, mode) }
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
    /// A database, its log or its shared memory that belongs to another user is refused
    /// (``ForeignFile``).
    public static func prepareDatabase(_ path: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: path) else {
            try createEmpty(path)
            try refuseForeign(database: path)
            return []
        }
        try refuseForeign(database: path)
        return narrowDatabase(path)
    }

    /// Throws ``ForeignFile`` when the database at `path`, or its `-wal`, `-shm` or `-journal` file,
    /// belongs to another user: one who planted it there may read every receipt written into it, or
    /// hand the tool a database of their making.
    public static func refuseForeign(database path: String) throws(ForeignFile) {
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] where isForeign(file) {
            throw ForeignFile(path: file, owner: owner(of: file))
        }
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

    /// A new file at `path`, open for writing with mode exactly 0600; fails when anything is there,
    /// a link included (`O_EXCL`, `O_NOFOLLOW`): a file another user planted is never written to.
    public static func create(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        fchmod(descriptor, 0o600)
        return descriptor
    }

    /// A new file beside `path`, to be renamed over it once written: a name no one can foresee
    /// (`.NAME.` and 64 random bits, `.partial`), created as ``create(_:)`` does, with another name
    /// tried while one is taken. Its path, and the descriptor open for writing.
    public static func createTemporary(beside path: String) throws -> (path: String, descriptor: Int32) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        for _ in 0..<100 {
            let random = String(UInt64.random(in: .min ... .max), radix: 16)
            let temporary = folder + "/." + url.lastPathComponent + "." + random + ".partial"
            do {
                return (temporary, try create(temporary))
            } catch let error as POSIXError where error.code == .EEXIST {
                continue
            }
        }
        throw POSIXError(.EEXIST)
    }

    /// Whether `path` is a folder of this user's (not a link to one) that no one else may enter or
    /// change.
    public static func isPrivateFolder(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == geteuid() && status.st_mode & 0o077 == 0
    }

    /// The permission bits of the regular file at `path` when it belongs to this user; nil for none.
    public static func ownMode(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_uid == geteuid(), status.st_mode & S_IFMT == S_IFREG else {
            return nil
        }
        return status.st_mode & 0o7777
    }

    /// Whether the file at `path` (through links) belongs to another user than the one running the
    /// tool: such a file is never used as a database or a backup, whoever may write to it.
    public static func isForeign(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_uid != geteuid()
    }

    /// The name of the user `path` belongs to (its number when the system has no name for it).
    public static func owner(of path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "?" }
        guard let entry = getpwuid(status.st_uid), let name = entry.pointee.pw_name else { return "\(status.st_uid)" }
        return String(cString: name)
    }
}

/// A file the tool would read or write belongs to another user of the machine: it is left alone.
public struct ForeignFile: Error, Equatable, LocalizedMessage {
    /// The file, as the tool was given it.
    public let path: String
    /// The name of the user it belongs to.
    public let owner: String

    /// A foreign `path` owned by `owner`.
    public init(path: String, owner: String) {
        self.path = path
        self.owner = owner
    }

    /// Names the file and its owner, and what to do.
    public func message(in language: Language) -> String {
        language.pick(
            "\(path) принадлежит другому пользователю (\(owner)): он может прочитать или подменить то, что в нём; файл не тронут — удалите его или укажите другой путь",
            "\(path) belongs to another user (\(owner)), who could read or replace what it holds; the file was left alone: remove it or give another path"
        )
    }
}
