public import Foundation
import Synchronization

/// A throwaway IMAP server for tests: Debian's dovecot (`make setup` installs it, its system service
/// never started) in a temporary folder, IMAP over implicit TLS on a free loopback port with a
/// certificate of a throwaway certificate authority, one user, and letters put straight into its
/// Maildir. Stopped (SIGTERM) and removed when the value goes away.
///
/// The certificate names `localhost` and 127.0.0.1, and the server also listens on 127.0.0.2, which
/// the certificate does not name. Dovecot refuses mail users of uid 0, so under root the mail
/// belongs to `nobody`; under another user, dovecot runs as that user, its login and internal
/// processes too. Folders are kept under their UTF-8 names (`.Чеки`; the client still names them in
/// modified UTF-7), and a letter's received date, which SEARCH SINCE reads, is its file's time.
public final class DovecotServer: Sendable {
    /// The port of IMAP over TLS on 127.0.0.1 (and 127.0.0.2).
    public let port: Int
    /// The one user's login.
    public let user: String
    /// The user's password.
    public let password: String
    /// The throwaway certificate authority's certificate (PEM), which the server's certificate chains to.
    public let certificateAuthority: String
    private let folder: String
    private let mailOwner: (uid: UInt32, gid: UInt32)?
    private let server: ChildProcess
    private let counter = Mutex(0)

    /// What went wrong starting the server, with what the programs said.
    public struct StartError: Error, CustomStringConvertible {
        /// The step and its output.
        public let description: String
    }

    /// Whether dovecot is installed (`make setup`).
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/sbin/dovecot") }

    /// Makes the certificates and the configuration and starts dovecot, waiting until it takes
    /// connections; the slow steps run on a thread of their own, not one of the pool.
    public convenience init(user: String = "me@mail.ru", password: String = "пароль от Чеков") async throws {
        self.init(try await offThePool { try Setup(user: user, password: password) })
    }

    private init(_ setup: Setup) {
        port = setup.port
        user = setup.user
        password = setup.password
        certificateAuthority = setup.folder + "/ca.pem"
        folder = setup.folder
        mailOwner = setup.mailOwner
        server = setup.server
    }

    /// Puts `letter` into `mailbox` (`INBOX`, or a folder such as `Чеки`, made if missing) as a new
    /// file of its Maildir, received at `received`. Works before and while the server runs: the
    /// file is written under `tmp/` and renamed into `cur/`, as Maildir wants.
    @discardableResult
    public func store(_ letter: Data, in mailbox: String = "INBOX", received: Date = Date()) throws -> String {
        let directory = try maildir(mailbox)
        let number = counter.withLock { value in
            value += 1
            return value
        }
        let unique = "\(Int(received.timeIntervalSince1970)).M\(number)P\(getpid()).receipts,S=\(letter.count)"
        let temporary = directory + "/tmp/" + unique
        let final = directory + "/cur/" + unique + ":2,"
        try letter.write(to: URL(fileURLWithPath: temporary))
        try FileManager.default.setAttributes([.modificationDate: received], ofItemAtPath: temporary)
        try owned(temporary)
        try FileManager.default.moveItem(atPath: temporary, toPath: final)
        return final
    }

    /// The Maildir++ folder of `mailbox`, made (with its cur, new and tmp) if missing.
    private func maildir(_ mailbox: String) throws -> String {
        let root = folder + "/mail"
        let directory = mailbox.uppercased() == "INBOX" ? root : root + "/." + mailbox
        for sub in ["", "/cur", "/new", "/tmp"] where !FileManager.default.fileExists(atPath: directory + sub) {
            try FileManager.default.createDirectory(atPath: directory + sub, withIntermediateDirectories: true)
            try owned(directory + sub)
        }
        return directory
    }

    /// Gives `path` to the mail user when the tests run as root.
    private func owned(_ path: String) throws {
        guard let mailOwner else { return }
        guard chown(path, mailOwner.uid, mailOwner.gid) == 0 else {
            throw StartError(description: "chown \(path): errno \(errno)")
        }
    }

    /// Stops dovecot (SIGTERM: its master ends its processes), awaits its end, and removes its folder.
    public func stop() async {
        server.terminate()
        _ = await server.exit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What dovecot wrote in its log, for a test that failed.
    public var log: String { (try? String(contentsOfFile: folder + "/dovecot.log", encoding: .utf8)) ?? "" }

    deinit {
        // Not waited for here: a task awaits the server's end, then removes the folder.
        server.terminate()
        let (server, folder) = (self.server, self.folder)
        Task {
            _ = await server.exit()
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}
