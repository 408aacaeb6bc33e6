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
            backendName: contents("/proc/\(pid)/comm"), backendCgroups: contents("/proc/\(pid)/cgroup"),
            controllers: { contents("/sys/fs/cgroup\($0)/cgroup.controllers") })
    }

    /// The warning, from what the files say: the kernel's autogroup setting, and the name and
    /// cgroups (`/proc/PID/cgroup`) of the process that has the backend's id here; `controllers`
    /// reads a v2 group's `cgroup.controllers`. A database elsewhere, a process of that id that is
    /// not PostgreSQL (another PID namespace), autogroup off, or a backend in a CPU cgroup of its own
    /// (a service's with `CPUWeight=`, a container's) need none.
    static func warning(
        host: String, autogroup: String?, backendName: String?, backendCgroups: String?,
        controllers: (String) -> String?
    ) -> String? {
        guard isThisMachine(host), backendName?.trimmed == "postgres", autogroup?.trimmed == "1",
            let cgroups = backendCgroups, cpuGroup(of: cgroups, controllers: controllers) == "/"
        else { return nil }
        return "PostgreSQL runs on this machine with each backend scheduled as a group of its own "
            + "(kernel.sched_autogroup_enabled = 1, PostgreSQL outside a CPU cgroup): under full load, requests "
            + "can wait seconds for it. Set kernel.sched_autogroup_enabled = 0, or run PostgreSQL as a service "
            + "with a CPU cgroup (docs/server.md)"
    }

    /// The CPU controller's cgroup in `/proc/PID/cgroup` lines: cgroup v1's `N:cpu…:PATH`; else the
    /// unified hierarchy's `0::PATH`, which counts only where the cpu controller is on
    /// (`controllers` of the path lists `cpu`): elsewhere the process is scheduled as at the root.
    static func cpuGroup(of lines: String, controllers: (String) -> String?) -> String? {
        let fields = lines.split(separator: "\n").map {
            $0.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        }
        if let v1 = fields.first(where: { $0.count == 3 && $0[1].split(separator: ",").contains("cpu") }) {
            return String(v1[2])
        }
        guard let v2 = fields.first(where: { $0.count == 3 && $0[0] == "0" && $0[1].isEmpty }) else { return nil }
        let path = String(v2[2])
        let enabled = controllers(path)?.split(whereSeparator: \.isWhitespace).contains("cpu") ?? false
        return path == "/" || !enabled ? "/" : path
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
