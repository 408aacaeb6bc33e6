import NIOCore

/// A session with an IMAP4rev1 server (RFC 3501) over implicit TLS, for reading a mailbox without
/// changing it: folders are opened with EXAMINE and letters fetched with `BODY.PEEK`, so no
/// `\Seen` flag is set.
///
/// One task uses a connection at a time, one command after another. Every wait for the server is
/// bounded by the timeout given to ``open(address:password:trustRoots:timeout:)``; when one passes,
/// or a read fails, the connection is closed and every later call fails.
public final class IMAPConnection {
    /// The mailbox it was opened for.
    public let address: IMAPAddress
    /// How many letters one `UID FETCH` asks for: the most ``letters(_:each:)`` holds at a time.
    public static let batchSize = 50
    /// How many Message-IDs one `UID FETCH` asks for: headers are small.
    static let headerBatchSize = 500

    private let transport: IMAPTransport
    private var reader: AsyncThrowingStream<ByteBuffer, any Error>.AsyncIterator
    private var responses = IMAPResponseReader()
    private var tagNumber = 0
    private var broken = false
    /// How many bytes have come from the server: for the test that letters are handed on as they come.
    private(set) var bytesReceived = 0

    private init(address: IMAPAddress, transport: IMAPTransport) {
        self.address = address
        self.transport = transport
        reader = transport.makeReader()
    }

    deinit { transport.close() }

    /// Connects to the server `address` names over TLS, reads its greeting and logs in with LOGIN.
    ///
    /// The certificate must chain to the system's trust roots, or to a certificate in the PEM file
    /// `trustRoots` when one is named (a server with its own certificate authority), and name the
    /// host (or its IP address). The password goes to the server only, inside TLS.
    public static func open(
        address: IMAPAddress, password: String, trustRoots: String? = nil, timeout: Duration = .seconds(30)
    ) async throws(IMAPError) -> IMAPConnection {
        let transport = try await IMAPTransport.connect(
            host: address.host, port: address.port, trustRoots: trustRoots, timeout: timeout)
        let connection = IMAPConnection(address: address, transport: transport)
        if try await connection.greeting() == .preauth { return connection }
        try await connection.logIn(password: password)
        return connection
    }

    /// Opens `folder` read-only (EXAMINE), its name sent in modified UTF-7: its UIDVALIDITY (UIDs
    /// stand for the same letters while it stays the same) and how many letters it holds.
    public func examine(folder: String) async throws(IMAPError) -> (uidValidity: UInt32, exists: Int) {
        let tag = try await send(["EXAMINE", .string(ModifiedUTF7.encode(folder))])
        var exists: Int?
        var validity: UInt32?
        let status = try await untilDone(tag, command: "EXAMINE") { response in
            switch response {
            case .exists(let count): exists = count
            case .status(let status) where status.codeName == "UIDVALIDITY":
                validity = status.code.flatMap { UInt32($0.split(separator: " ").last ?? "") }
            default: break
            }
        }
        switch status.kind {
        case .ok:
            guard let exists, let validity else {
                throw .protocolViolation("EXAMINE completed without EXISTS and UIDVALIDITY")
            }
            return (validity, exists)
        case .no where status.code == nil || status.codeName == "NONEXISTENT":
            throw .noSuchFolder(folder)
        default:
            throw .refused(command: "EXAMINE", detail: status.detail)
        }
    }

    /// The UIDs of the letters in the examined folder, all of them or those the server received on
    /// `since` or later (`UID SEARCH SINCE 1-Feb-2026`: the date the letter arrived, not the date it
    /// says it was written), in ascending order.
    public func search(since: (year: Int, month: Int, day: Int)? = nil) async throws(IMAPError) -> [UInt32] {
        var criteria: IMAPArgument = "ALL"
        if let since {
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            guard months.indices.contains(since.month - 1), (1...31).contains(since.day), since.year > 0 else {
                throw .refused(command: "UID SEARCH", detail: "no such date: \(since)")
            }
            criteria = .raw("SINCE \(since.day)-\(months[since.month - 1])-\(since.year)")
        }
        let tag = try await send(["UID SEARCH", criteria])
        var found: [UInt32] = []
        let status = try await untilDone(tag, command: "UID SEARCH") { response in
            if case .search(let numbers) = response { found += numbers }
        }
        guard status.kind == .ok else { throw .refused(command: "UID SEARCH", detail: status.detail) }
        return found.sorted()
    }

    /// The Message-ID header of each of the letters `uids` names that has one, fetched in batches
    /// without their bodies: for telling which letters were read before.
    public func messageIDs(of uids: [UInt32]) async throws(IMAPError) -> [UInt32: String] {
        var identifiers: [UInt32: String] = [:]
        for batch in Self.batches(uids, of: Self.headerBatchSize) {
            let section = "BODY[HEADER.FIELDS (MESSAGE-ID)]"
            let tag = try await send([
                "UID FETCH", .raw(UIDSet(batch).description), "(UID BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)])",
            ])
            let status = try await untilDone(tag, command: "UID FETCH") { response in
                guard case .fetch(_, let items) = response, let uid = items.uid,
                    case .string(let header)? = items[section], let identifier = MessageHeader.identifier(in: header)
                else { return }
                identifiers[uid] = identifier
            }
            guard status.kind == .ok else { throw .refused(command: "UID FETCH", detail: status.detail) }
        }
        return identifiers
    }

    /// Fetches the letters `uids` names, whole (`BODY.PEEK[]`: their flags stay as they were), in
    /// batches of ``batchSize``, and hands each to `each` as it arrives, so that no more than a batch
    /// is held. Letters deleted meanwhile are skipped. Throws an ``IMAPError`` or what `each` threw;
    /// after `each` throws, the connection is closed (its answer was left half read).
    public func letters(_ uids: [UInt32], each: (UInt32, [UInt8]) async throws -> Void) async throws {
        for batch in Self.batches(uids, of: Self.batchSize) {
            let tag = try await send(["UID FETCH", .raw(UIDSet(batch).description), "(UID BODY.PEEK[])"])
            var step = try await next(tag, command: "UID FETCH")
            while case .untagged(let response) = step {
                if case .fetch(_, let items) = response, let uid = items.uid,
                    case .string(let letter)? = items["BODY[]"]
                {
                    do { try await each(uid, letter) } catch {
                        abandon()
                        throw error
                    }
                }
                step = try await next(tag, command: "UID FETCH")
            }
            guard case .done(let status) = step, status.kind == .ok else {
                throw IMAPError.refused(command: "UID FETCH", detail: step.detail)
            }
        }
    }

    /// Ends the session (LOGOUT) and closes the connection; a server that does not answer is not
    /// waited for past the timeout, and nothing it says is an error any more.
    public func logout() async {
        defer { abandon() }
        guard !broken, let tag = try? await send(["LOGOUT"]) else { return }
        while case .untagged? = try? await next(tag, command: "LOGOUT", byeExpected: true) {}
    }

    // MARK: - Reading the greeting and logging in

    private func greeting() async throws(IMAPError) -> IMAPStatus.Kind {
        switch try await nextResponse() {
        case .status(let status) where status.kind == .ok || status.kind == .preauth:
            return status.kind
        case .status(let status) where status.kind == .bye:
            abandon()
            throw .refused(command: "CONNECT", detail: status.detail)
        default:
            abandon()
            throw .protocolViolation("the server did not greet with * OK")
        }
    }

    private func logIn(password: String) async throws(IMAPError) {
        let tag = try await send(["LOGIN", .string(address.user), .string(password)])
        let status = try await untilDone(tag, command: "LOGIN") { _ in }
        switch status.kind {
        case .ok: return
        case .no where !["UNAVAILABLE", "SERVERBUG", "LIMIT", "INUSE"].contains(status.codeName ?? ""):
            abandon()
            throw .loginRefused
        default:
            abandon()
            throw .refused(command: "LOGIN", detail: status.detail)
        }
    }

    // MARK: - Commands and responses

    /// Sends a command: a new tag, the arguments, literals where a string needs one (each waited
    /// for with the server's `+`). Returns the tag.
    private func send(_ arguments: [IMAPArgument]) async throws(IMAPError) -> String {
        guard !broken else { throw .protocolViolation("the connection was closed after an earlier failure") }
        tagNumber += 1
        let tag = "R\(tagNumber)"
        var pending = Array(tag.utf8)
        for argument in arguments {
            pending.append(32)
            switch argument.encoded {
            case .inline(let bytes): pending += bytes
            case .literal(let bytes):
                pending += Array("{\(bytes.count)}\r\n".utf8)
                try await write(pending)
                try await awaitContinuation(tag)
                pending = bytes
            }
        }
        try await write(pending + [13, 10])
        return tag
    }

    private func awaitContinuation(_ tag: String) async throws(IMAPError) {
        while true {
            switch try await nextResponse() {
            case .continuation: return
            case .tagged(_, let status):
                abandon()
                throw status.kind == .no ? .loginRefused : .refused(command: "LOGIN", detail: status.detail)
            default: continue
            }
        }
    }

    private func write(_ bytes: [UInt8]) async throws(IMAPError) {
        do { try await transport.write(bytes) } catch {
            abandon()
            throw error
        }
    }

    /// Where a command stands after one more response.
    private enum Step {
        case untagged(IMAPResponse)
        case done(IMAPStatus)

        var detail: String {
            if case .done(let status) = self { return status.detail }
            return ""
        }
    }

    /// Reads every response up to the command's end, handing the untagged ones to `handle`.
    private func untilDone(_ tag: String, command: String, _ handle: (IMAPResponse) -> Void) async throws(IMAPError)
        -> IMAPStatus
    {
        while true {
            switch try await next(tag, command: command) {
            case .untagged(let response): handle(response)
            case .done(let status): return status
            }
        }
    }

    /// The next response to the command tagged `tag`: another answer, or its end.
    private func next(_ tag: String, command: String, byeExpected: Bool = false) async throws(IMAPError) -> Step {
        let response = try await nextResponse()
        switch response {
        case .tagged(let other, let status):
            guard other == tag else {
                abandon()
                throw .protocolViolation("an answer tagged \(other) to the command tagged \(tag)")
            }
            return .done(status)
        case .status(let status) where status.kind == .bye && !byeExpected:
            abandon()
            throw .refused(command: command, detail: "the server closed the session: " + status.detail)
        case .continuation:
            abandon()
            throw .protocolViolation("the server asked for more of \(command), which was sent whole")
        default:
            return .untagged(response)
        }
    }

    /// The next whole response, read as it comes; a failure closes the connection.
    private func nextResponse() async throws(IMAPError) -> IMAPResponse {
        guard !broken else { throw .protocolViolation("the connection was closed after an earlier failure") }
        do {
            while true {
                if let parts = try responses.next() { return try IMAPResponse(parts: parts) }
                let chunk = try await transport.read(from: &reader)
                bytesReceived += chunk.readableBytes
                responses.append(chunk.readableBytesView)
            }
        } catch {
            abandon()
            throw error
        }
    }

    /// Closes the connection; every later command fails.
    private func abandon() {
        broken = true
        transport.close()
    }

    private static func batches(_ uids: [UInt32], of size: Int) -> [ArraySlice<UInt32>] {
        stride(from: 0, to: uids.count, by: size).map { uids[$0..<min($0 + size, uids.count)] }
    }
}

extension [String: IMAPValue] {
    /// The UID item of a FETCH answer.
    fileprivate var uid: UInt32? {
        guard case .atom(let text)? = self["UID"] else { return nil }
        return UInt32(text)
    }
}
