/// The exit codes of the command line, the same for every command (`docs/architecture.md`).
enum ExitStatus: Int32 {
    case ok = 0
    case failure = 1
    case usage = 2
    case notFound = 3
    case networkUnreachable = 4
    case authenticationNeeded = 5
    case invalidInput = 6
    /// The service waits for a choice made in its own web pages (an action in the cabinet).
    case actionNeeded = 7
}
