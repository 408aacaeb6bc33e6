import ArgumentParser
import Foundation
import ReceiptCore

// The entry point parses and runs by hand rather than through `main()` so that usage errors exit
// with 2, help is shown in the chosen language, and failures print one localised line each.
// However the command ends, the databases it opened are closed first (their logs copied into the
// files).
func finish(_ status: Int32) -> Never {
    OpenedDatabases.closeAll()
    exit(status)
}

let arguments = GlobalOptions.movedAfterCommand(Array(CommandLine.arguments.dropFirst()))
if let asked = HelpScreen.requested(by: arguments) {
    Console.standard.output(HelpScreen.text(for: asked))
    exit(ExitStatus.ok.rawValue)
}
let command: any ParsableCommand
do {
    command = try Receipts.parseAsRoot(arguments)
} catch {
    finish(UsageFailure.report(error, arguments: arguments))
}
do {
    if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.runAsynchronously()
    } else {
        var syncCommand = command
        try syncCommand.run()
    }
} catch let error as any Error & LocalizedMessage {
    finish(Console.standard.fail(error))
} catch {
    // The parser also reports through errors thrown from `run()` (help for a command group, a
    // failed validation); those are usage matters, not failures.
    let code = Receipts.exitCode(for: error)
    if code == .success {
        // A group run without a subcommand shows its own help.
        Console.standard.output(HelpScreen.text(for: type(of: command)))
        finish(ExitStatus.ok.rawValue)
    }
    if code == .validationFailure {
        finish(UsageFailure.report(error, arguments: arguments))
    }
    finish(Console.standard.fail(error))
}
OpenedDatabases.closeAll()

extension AsyncParsableCommand {
    /// Calls the `async` `run()`: called on an existential, `run()` would pick the synchronous
    /// requirement of `ParsableCommand`, whose default only prints help.
    mutating func runAsynchronously() async throws {
        try await run()
    }
}
