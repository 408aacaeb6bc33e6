import Foundation
public import ReceiptCore

/// One letter as a mailbox holds it: its bytes and where it came from.
public struct Letter: Sendable {
    /// The file, the mbox and the letter's number in it, the IMAP folder and UID.
    public let origin: LetterOrigin
    /// The letter, headers and body, as stored.
    public let bytes: [UInt8]

    /// A letter.
    public init(origin: LetterOrigin, bytes: [UInt8]) {
        self.origin = origin
        self.bytes = bytes
    }
}

/// Why a mailbox could not be read.
public enum MailboxError: Error, Equatable, LocalizedMessage {
    /// The path does not exist or cannot be opened or read.
    case cannotRead(path: String, reason: Reason)

    /// What stood in the way.
    public enum Reason: Sendable, Equatable {
        /// Nothing is there.
        case missing
        /// A folder that cannot be listed.
        case unlistable
        /// A file that cannot be opened.
        case unopenable
        /// A read that failed halfway.
        case readFailed
    }

    /// What happened, and where.
    public func message(in language: Language) -> String {
        switch self {
        case .cannotRead(let path, let reason):
            let ru = language == .russian
            let why: String
            switch reason {
            case .missing: why = ru ? "нет такого файла или папки" : "no such file or folder"
            case .unlistable: why = ru ? "папку не удаётся просмотреть" : "the folder cannot be listed"
            case .unopenable: why = ru ? "файл не открывается (права?)" : "the file cannot be opened (permissions?)"
            case .readFailed: why = ru ? "чтение прервалось с ошибкой" : "a read failed"
            }
            return ru ? "не удалось прочитать \(path): \(why)" : "cannot read \(path): \(why)"
        }
    }
}

/// Letters in files, as `receipts mail import PATH…` is given them: `.eml` files (any name, when
/// named themselves), folders of them (searched to the bottom, `.eml` and `.mbox` files only), mbox files (a
/// file that starts with `From `, mboxo or mboxrd: `>From ` unquoted) and Maildir folders (`cur`
/// and `new`, with Maildir++ subfolders `.Name`).
///
/// Letters are handed over one at a time: an mbox file is read in pieces of a megabyte, so a
/// mailbox of any size is read in memory bounded by its largest letter. A letter over 64 MB is
/// passed over (counted as too large).
public struct MailFiles: Sendable {
    /// The paths as given.
    public let paths: [String]
    /// The largest letter read; larger ones are passed over.
    public static let largestLetter = 64 << 20

    /// Files and folders to read.
    public init(paths: [String]) {
        self.paths = paths
    }

    /// Every letter, in the order of the paths, then of the files' names, then of the mbox;
    /// `tooLarge` hears of each letter passed over. A path that cannot be read is an error before
    /// any of its letters.
    public func forEachLetter(tooLarge: (LetterOrigin) -> Void = { _ in }, each body: (Letter) throws -> Void) throws {
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw MailboxError.cannotRead(path: path, reason: .missing)
            }
            if isFolder.boolValue {
                try readFolder(path, tooLarge: tooLarge, body)
            } else {
                try readFile(path, tooLarge: tooLarge, body)
            }
        }
    }

    private func readFolder(_ path: String, tooLarge: (LetterOrigin) -> Void, _ body: (Letter) throws -> Void) throws {
        let manager = FileManager.default
        if Self.isMaildir(path) {
            for sub in ["new", "cur"] {
                for name in try names(in: path + "/" + sub) {
                    try readFile(path + "/" + sub + "/" + name, asMbox: false, tooLarge: tooLarge, body)
                }
            }
            for name in try names(in: path) where name.hasPrefix(".") && Self.isMaildir(path + "/" + name) {
                try readFolder(path + "/" + name, tooLarge: tooLarge, body)
            }
            return
        }
        for name in try names(in: path) where !name.hasPrefix(".") {
            let child = path + "/" + name
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: child, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                try readFolder(child, tooLarge: tooLarge, body)
            } else if name.lowercased().hasSuffix(".eml") || name.lowercased().hasSuffix(".mbox") {
                try readFile(child, tooLarge: tooLarge, body)
            }
        }
    }

    private func names(in folder: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw MailboxError.cannotRead(path: folder, reason: .unlistable)
        }
    }

    private static func isMaildir(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path + "/cur", isDirectory: &isFolder) && isFolder.boolValue
            && FileManager.default.fileExists(atPath: path + "/new", isDirectory: &isFolder) && isFolder.boolValue
    }

    /// One file: an mbox when it starts with `From `, else one letter.
    private func readFile(
        _ path: String, asMbox: Bool? = nil, tooLarge: (LetterOrigin) -> Void,
        _ body: (Letter) throws -> Void
    ) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw MailboxError.cannotRead(path: path, reason: .unopenable)
        }
        defer { try? handle.close() }
        var reader = ChunkReader(handle: handle, path: path)
        let start = try reader.peek(5)
        if asMbox ?? (start == Array("From ".utf8)) {
            try readMbox(&reader, path: path, tooLarge: tooLarge, body)
            return
        }
        let bytes = try reader.readAll(limit: Self.largestLetter)
        guard let bytes else {
            tooLarge(LetterOrigin(place: path))
            return
        }
        try body(Letter(origin: LetterOrigin(place: path), bytes: bytes))
    }

    /// An mbox: letters begin with a `From ` line after an empty line (or at the start); a body's
    /// own `>From ` lines lose one `>`.
    private func readMbox(
        _ reader: inout ChunkReader, path: String, tooLarge: (LetterOrigin) -> Void, _ body: (Letter) throws -> Void
    ) throws {
        var letter: [UInt8] = []
        var number = 0
        var skipping = false
        var previousBlank = true
        func finish() throws {
            defer {
                letter = []
                skipping = false
            }
            guard number > 0 else { return }
            if skipping {
                tooLarge(LetterOrigin(place: path, position: number))
                return
            }
            // The empty line before the next `From ` belongs to the mbox, not the letter.
            if letter.last == 0x0A { letter.removeLast() }
            if letter.last == 0x0D { letter.removeLast() }
            try body(Letter(origin: LetterOrigin(place: path, position: number), bytes: letter))
        }
        while let line = try reader.nextLine() {
            if previousBlank, line.starts(with: Self.fromLine) {
                try finish()
                number += 1
                previousBlank = false
                continue
            }
            previousBlank = line == [0x0A] || line == [0x0D, 0x0A]
            guard !skipping else { continue }
            var content = line[...]
            if content.first == UInt8(ascii: ">") {
                let quotes = content.prefix { $0 == UInt8(ascii: ">") }
                if content.dropFirst(quotes.count).starts(with: Self.fromLine) { content = content.dropFirst() }
            }
            letter += content
            if letter.count > Self.largestLetter {
                skipping = true
                letter = []
            }
        }
        try finish()
    }

    private static let fromLine = Array("From ".utf8)

    /// Whether `bytes` (a file's start) look like a letter or an mbox rather than anything else (an
    /// export file's JSON): an mbox's `From ` line, or header lines up to the first empty one that
    /// include one every letter has (`From:`, `Message-ID:`, `Received:`, `MIME-Version:`).
    public static func looksLikeMail(_ bytes: some Collection<UInt8>) -> Bool {
        let start = Array(bytes.prefix(16_384))
        if start.starts(with: fromLine) { return true }
        let (headers, _) = MailMessage.readHeaders(start[...])
        guard let first = headers.first, !first.name.isEmpty,
            start.first.map({ $0 != UInt8(ascii: "{") && $0 != UInt8(ascii: "[") }) == true
        else { return false }
        let letterHeaders: Set<String> = ["from", "message-id", "received", "mime-version", "return-path"]
        return headers.contains { letterHeaders.contains($0.name.lowercased()) }
    }
}

/// A file read a megabyte at a time, line by line.
struct ChunkReader {
    let handle: FileHandle
    let path: String
    private var buffer: [UInt8] = []
    private var position = 0
    private var ended = false

    init(handle: FileHandle, path: String) {
        self.handle = handle
        self.path = path
    }

    private mutating func fill() throws -> Bool {
        guard !ended else { return false }
        let data: Data?
        do {
            data = try handle.read(upToCount: 1 << 20)
        } catch {
            throw MailboxError.cannotRead(path: path, reason: .readFailed)
        }
        guard let data, !data.isEmpty else {
            ended = true
            return false
        }
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        buffer += data
        return true
    }

    /// The first `count` bytes, not taken.
    mutating func peek(_ count: Int) throws -> [UInt8] {
        while buffer.count - position < count, try fill() {}
        return Array(buffer[position..<min(position + count, buffer.count)])
    }

    /// The next line with its line break; nil at the end.
    mutating func nextLine() throws -> [UInt8]? {
        while true {
            if let end = buffer[position...].firstIndex(of: 0x0A) {
                let line = Array(buffer[position...end])
                position = end + 1
                return line
            }
            if try !fill() {
                guard position < buffer.count else { return nil }
                let line = Array(buffer[position...])
                position = buffer.count
                return line
            }
        }
    }

    /// Everything left, or nil when it is more than `limit` bytes.
    mutating func readAll(limit: Int) throws -> [UInt8]? {
        while try fill() {
            if buffer.count - position > limit { return nil }
        }
        return Array(buffer[position...])
    }
}
