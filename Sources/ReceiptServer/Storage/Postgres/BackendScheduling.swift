import Foundation

/// Whether the PostgreSQL the server uses runs on this machine with each backend scheduled as a
/// group of its own: Linux's autogroup (`kernel.sched_autogroup_enabled = 1`) shares the CPU
/// between sessions first, PostgreSQL starts every backend in a session of its own, and outside a
/// CPU cgroup each backend then weighs as much as the whole server. Under full load requests wait
/// seconds for PostgreSQL (issue 34; `docs/server.md`). Said once, at start, in the log.
enum BackendScheduling {
    /// The warning for the backend `pid` of the server's first connection, reading this machine's
    /// files; nil when none is due or the backend is not on this machine.
    static func check(host: String, backend pid: Int32) -> String? {
        warning(
            host: host, autogroup: contents("/proc/sys/kernel/sched_autogroup_enabled"),
            backendName: contents("/proc/\(pid)/comm"), backendCgroups: contents("/proc/\(pid)/cgroup"))
    }

    /// The warning, from what the files say: the kernel's autogroup setting, and the name and
    /// cgroups (`/proc/PID/cgroup`) of the process that has the backend's id here. A database
    /// elsewhere, a process of that id that is not PostgreSQL (another PID namespace), autogroup
    /// off, or a backend in a CPU cgroup of its own (a service's, a container's) need none.
    static func warning(host: String, autogroup: String?, backendName: String?, backendCgroups: String?) -> String? {
        guard isThisMachine(host), backendName?.trimmed == "postgres", autogroup?.trimmed == "1",
            let cgroups = backendCgroups, cpuGroup(of: cgroups) == "/"
        else { return nil }
        return "PostgreSQL runs on this machine with each backend scheduled as a group of its own "
            + "(kernel.sched_autogroup_enabled = 1, PostgreSQL outside a CPU cgroup): under full load, requests "
            + "can wait seconds for it. Set kernel.sched_autogroup_enabled = 0, or run PostgreSQL as a service "
            + "with a CPU cgroup (docs/server.md)"
    }

    /// The path of the CPU controller's cgroup in `/proc/PID/cgroup` lines: cgroup v1's `N:cpu…:PATH`,
    /// else the unified hierarchy's `0::PATH`.
    static func cpuGroup(of lines: String) -> String? {
        let fields = lines.split(separator: "\n").map {
            $0.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        }
        let cpu =
            fields.first { $0.count == 3 && $0[1].split(separator: ",").contains("cpu") }
            ?? fields.first { $0.count == 3 && $0[0] == "0" && $0[1].isEmpty }
        return cpu.map { String($0[2]) }
    }

    private static func isThisMachine(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.") || host.hasPrefix("/")
    }

    private static func contents(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
