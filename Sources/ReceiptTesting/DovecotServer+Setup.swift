import Foundation

extension DovecotServer {
    /// The server's folder made, its certificates and configuration written, and dovecot taking
    /// connections. Blocking: `DovecotServer.init(user:password:)` runs it off the pool.
    struct Setup: Sendable {
        let port: Int
        let user: String
        let password: String
        let folder: String
        let mailOwner: (uid: UInt32, gid: UInt32)?
        let server: ChildProcess

        init(user: String, password: String) throws {
            guard DovecotServer.isInstalled else {
                throw StartError(description: "no /usr/sbin/dovecot: run make setup")
            }
            guard !(user + password).contains(where: { ":\n\r".contains($0) }) else {
                throw StartError(description: "a login or password with : or a line break cannot go in a passwd-file")
            }
            let folder = "/tmp/receipts-dovecot-" + UUID().uuidString.prefix(8).lowercased()
            try FileManager.default.createDirectory(atPath: folder + "/mail", withIntermediateDirectories: true)
            do {
                // Dovecot's processes that run as the mail user or `dovenull` must reach the folder.
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
                _ = try TestCertificates(in: folder)
                let account = try Account.current()
                if let owner = account.mailOwner { chown(folder + "/mail", owner.uid, owner.gid) }
                let line = "\(user):{PLAIN}\(password):\(account.uid):\(account.gid)::\(folder)/mail::\n"
                try Data(line.utf8).write(to: URL(fileURLWithPath: folder + "/users"))
                let port = try LoopbackPort.free()
                try Data(Self.configuration(folder: folder, port: port, account: account).utf8)
                    .write(to: URL(fileURLWithPath: folder + "/dovecot.conf"))
                server = try Self.start(folder: folder, port: port)
                self.port = port
                self.user = user
                self.password = password
                self.folder = folder
                mailOwner = account.mailOwner
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw error
            }
        }

        /// Who dovecot's processes run as, and who owns the mail.
        struct Account {
            let uid: UInt32
            let gid: UInt32
            /// The user that dovecot's internal and login processes run as; nil: its defaults
            /// (`dovecot` and `dovenull`, which Debian's package made).
            let processUser: String?
            /// The owner that files put into the Maildir are given: under root only.
            var mailOwner: (uid: UInt32, gid: UInt32)? { processUser == nil ? (uid, gid) : nil }

            static func current() throws -> Account {
                guard getuid() == 0 else {
                    guard let me = getpwuid(getuid()) else {
                        throw StartError(description: "no passwd entry for this user")
                    }
                    return Account(uid: getuid(), gid: getgid(), processUser: String(cString: me.pointee.pw_name))
                }
                guard let nobody = getpwnam("nobody") else { throw StartError(description: "no user nobody") }
                return Account(uid: nobody.pointee.pw_uid, gid: nobody.pointee.pw_gid, processUser: nil)
            }
        }

        /// dovecot.conf: everything in `folder`, IMAP over TLS only, on loopback only.
        static func configuration(folder: String, port: Int, account: Account) -> String {
            var lines = [
                "base_dir = \(folder)/run",
                "state_dir = \(folder)/state",
                "log_path = \(folder)/dovecot.log",
                "instance_name = receipts-test-\(port)",
                "listen = 127.0.0.1, 127.0.0.2",
                "protocols = imap",
                "ssl = required",
                "ssl_cert = <\(folder)/server.pem",
                "ssl_key = <\(folder)/server.key",
                "ssl_min_protocol = TLSv1.2",
                "disable_plaintext_auth = yes",
                // A wrong password is answered at once, not after the default two seconds.
                "auth_failure_delay = 0",
                "mail_max_userip_connections = 100",
                "first_valid_uid = \(account.uid)",
                "last_valid_uid = \(account.uid)",
                "mail_location = maildir:\(folder)/mail:UTF-8",
                "passdb {", "  driver = passwd-file", "  args = scheme=PLAIN \(folder)/users", "}",
                "userdb {", "  driver = passwd-file", "  args = \(folder)/users", "}",
                "service imap-login {",
                "  chroot =",
                "  inet_listener imap {", "    port = 0", "  }",
                "  inet_listener imaps {", "    port = \(port)", "    ssl = yes", "  }",
                "}",
                "service anvil {", "  chroot =", "}",
            ]
            if let user = account.processUser {
                lines += ["default_internal_user = \(user)", "default_login_user = \(user)"]
            }
            return lines.joined(separator: "\n") + "\n"
        }

        /// Starts `dovecot -F` and waits (blocking) until its port takes connections.
        static func start(folder: String, port: Int) throws -> ChildProcess {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/dovecot")
            process.arguments = ["-F", "-c", folder + "/dovecot.conf"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let server = try ChildProcess(process)
            let deadline = Date().addingTimeInterval(30)
            while !TestCertificates.isListening(port) {
                guard server.isRunning, Date() < deadline else {
                    server.terminate()
                    let log = (try? String(contentsOfFile: folder + "/dovecot.log", encoding: .utf8)) ?? ""
                    throw StartError(description: "dovecot did not start on port \(port): \(log)")
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return server
        }
    }
}
