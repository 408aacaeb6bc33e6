import Foundation
public import Testing

/// The tiers of the test suite (docs/testing.md): what a test needs beyond this process. `make check`
/// runs the tests with none of these tags; `make test` runs every test.
extension Tag {
    /// The test starts a child process: the built `receipts`, a tool (`qrencode`, `hledger`), a shell.
    @Tag public static var process: Self
    /// The test drives a real browser (Chromium through its driver, or headless to print a page).
    @Tag public static var browser: Self
    /// The test needs a PostgreSQL cluster (`scripts/with-postgres.sh`, or one it starts itself).
    @Tag public static var postgres: Self
    /// The test starts a receipts server or the web app on a loopback port.
    @Tag public static var server: Self
}

/// Which tier this run of the tests is: the whole suite (`make test`), or the fast tier (`make check`
/// sets `RECEIPTS_TEST_TIER=check`), which leaves out every suite that needs more than this process.
public enum TestTier {
    /// Whether the whole suite runs (the default).
    public static let isWhole = ProcessInfo.processInfo.environment["RECEIPTS_TEST_TIER"] != "check"

    /// Whether this is `make test`'s second pass, the server's and the importer's tests again with
    /// the server on PostgreSQL (`RECEIPTS_TEST_STORAGE=postgresql`).
    public static let isPostgresPass = ProcessInfo.processInfo.environment["RECEIPTS_TEST_STORAGE"] == "postgresql"
}

extension Trait where Self == ConditionTrait {
    /// A suite that needs more than this process (a child process, a server on a port, PostgreSQL, a
    /// browser: its tags say which): it runs in the whole suite, not in the fast tier.
    public static var wholeSuiteOnly: Self {
        .enabled(if: TestTier.isWhole, "needs more than this process: `make test` runs it, `make check` does not")
    }

    /// A suite of the server's or the importer's tests whose outcome does not depend on the server's
    /// storage: it touches none, or tests both backends itself (the storage conformance suites). It
    /// runs in the first pass only; the pass over PostgreSQL would run it again for nothing.
    public static var storageIndependent: Self {
        .disabled(if: TestTier.isPostgresPass, "does not depend on RECEIPTS_TEST_STORAGE: the first pass ran it")
    }
}
