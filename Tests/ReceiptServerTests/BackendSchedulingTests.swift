import ReceiptTesting
import Testing

@testable import ReceiptServer

/// The warning at start for a PostgreSQL whose backends are each scheduled as a group of their own,
/// from the lines Linux gives (`/proc/PID/cgroup` as cgroup v1 and v2 write them).
@Suite(
    "Server: PostgreSQL's backends under the kernel's autogroup", .tags(.postgres), .wholeSuiteOnly,
    .storageIndependent, .timeLimit(.minutes(20)))
struct BackendSchedulingTests {
    /// cgroup v1 as on this project's machine: the cpu controller at the root.
    static let v1Root = "9:name=systemd:/\n4:memory:/process_api/7da6\n2:cpuacct:/\n1:cpu:/\n0::/\n"
    /// cgroup v1 with cpu and cpuacct mounted together, in a group of their own.
    static let v1Grouped = "3:cpu,cpuacct:/receipts-1050\n0::/\n"
    /// cgroup v2: a systemd service, and a process left at the root.
    static let v2Service = "0::/system.slice/postgresql@15-main.service\n"
    static let v2Root = "0::/\n"
    /// `cgroup.controllers` of a v2 group: with the cpu controller on (a unit with `CPUWeight=`), and
    /// without it (systemd's default), where the process is scheduled as at the root.
    static func withCPU(_ path: String) -> String? { "cpuset cpu io memory pids\n" }
    static func withoutCPU(_ path: String) -> String? { "memory pids\n" }

    @Test("the CPU controller's group is read from v1 (alone or shared) and v2 lines")
    func cpuGroups() {
        #expect(BackendScheduling.cpuGroup(of: Self.v1Root, controllers: Self.withoutCPU) == "/")
        #expect(BackendScheduling.cpuGroup(of: Self.v1Grouped, controllers: Self.withoutCPU) == "/receipts-1050")
        #expect(
            BackendScheduling.cpuGroup(of: Self.v2Service, controllers: Self.withCPU)
                == "/system.slice/postgresql@15-main.service")
        // A v2 group without the cpu controller on is scheduled as the root.
        #expect(BackendScheduling.cpuGroup(of: Self.v2Service, controllers: Self.withoutCPU) == "/")
        #expect(BackendScheduling.cpuGroup(of: Self.v2Service, controllers: { _ in nil }) == "/")
        #expect(BackendScheduling.cpuGroup(of: Self.v2Root, controllers: Self.withCPU) == "/")
        // cpuacct alone is not the cpu controller: the v2 line decides.
        #expect(BackendScheduling.cpuGroup(of: "2:cpuacct:/a\n0::/b\n", controllers: Self.withCPU) == "/b")
        #expect(BackendScheduling.cpuGroup(of: "", controllers: Self.withCPU) == nil)
    }

    @Test("warned only for a PostgreSQL here, autogroup on, its backend at the root of the CPU groups")
    func warning() {
        func warns(
            host: String = "127.0.0.1", autogroup: String? = "1\n", name: String? = "postgres\n",
            cgroups: String? = Self.v1Root, controllers: (String) -> String? = Self.withCPU
        ) -> Bool {
            BackendScheduling.warning(
                host: host, autogroup: autogroup, backendName: name, backendCgroups: cgroups, controllers: controllers)
                != nil
        }
        #expect(warns())
        #expect(warns(host: "localhost"))
        #expect(warns(host: "::1"))
        #expect(warns(host: "/var/run/postgresql"))
        #expect(warns(cgroups: Self.v2Root))
        // A database on another machine, or another PID namespace's process of that id.
        #expect(!warns(host: "db.internal"))
        #expect(!warns(host: "10.0.0.7"))
        #expect(!warns(name: "nginx\n"))
        #expect(!warns(name: nil))
        // Autogroup off, or not there to read.
        #expect(!warns(autogroup: "0\n"))
        #expect(!warns(autogroup: nil))
        // The backend in a CPU cgroup of its own; a systemd service without the cpu controller is not.
        #expect(!warns(cgroups: Self.v1Grouped))
        #expect(!warns(cgroups: Self.v2Service))
        #expect(warns(cgroups: Self.v2Service, controllers: Self.withoutCPU))
        #expect(!warns(cgroups: nil))
    }
}
