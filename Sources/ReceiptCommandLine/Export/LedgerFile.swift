import Foundation
import ReceiptCore

/// Where an export goes, piece by piece: standard output, or a file that appears whole or not at
/// all (written beside it under another name, renamed into place when complete).
final class LedgerFile {
    /// A file, or a device the path names; nil for the run's standard output.
    private let handle: FileHandle?
    private let path: String?
    private let temporary: String?
    private var buffer: [UInt8] = []

    /// Standard output when `path` is nil, else a new file beside `path`.
    init(path given: String?) throws {
        // Through links to what they name: `/dev/stdout` is a link, and so may be the user's file.
        let path = given.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        self.path = path
        guard let path else {
            handle = nil
            temporary = nil
            return
        }
        // A device or a pipe (`-o /dev/stdout`) is written to as it is; only a file is replaced whole.
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
            let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
            type != .typeRegular, let handle = FileHandle(forWritingAtPath: path)
        {
            self.handle = handle
            temporary = nil
            return
        }
        // Mode 0600 under a name no one can foresee, as every file the tool writes; a file of the
        // user's that it replaces keeps the mode they gave it.
        guard let (temporary, descriptor) = try? PrivateFile.createTemporary(beside: path) else {
            let shown = given ?? path
            throw CommandFailure(status: .failure) { Words($0).cannotWriteFile(shown) }
        }
        if let mode = PrivateFile.ownMode(path) { fchmod(descriptor, mode) }
        self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        self.temporary = temporary
    }

    /// Adds text; it is written out in pieces of about 64 KiB.
    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 65_536 { try flush() }
    }

    private func flush() throws {
        if let handle {
            try handle.write(contentsOf: buffer)
        } else {
            CommandRun.current.context.output.write(Data(buffer))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and, for a file, puts it in place.
    func finish() throws {
        try flush()
        guard let temporary, let path, let handle else { return }
        try handle.synchronize()
        try handle.close()
        // rename(2) puts the whole file in place at once, over an earlier one.
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw CommandFailure(status: .failure) { Words($0).cannotWriteFile(reason) }
        }
    }

    /// Removes the unfinished file.
    func discard() {
        guard let temporary else { return }
        try? handle?.close()
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
