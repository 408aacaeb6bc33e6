import ArgumentParser
import Foundation
import ReceiptCore

/// The command line as a function: `receipts` with its arguments, in a context, to its exit status.
public enum ReceiptsCommandLine {
    /// Runs `receipts` with `arguments` (the program's name left out) in `context`, and returns the
    /// exit status (docs/architecture.md): the executable's `main` calls it with the process's own
    /// context, a test with buffers and an environment of its own.
    ///
    /// Parsed and run by hand rather than through the argument parser's `main()`, so that usage
    /// errors end with 2, help is shown in the run's language and failures print one localised line
    /// each. However the command ends, the databases it opened are closed before this returns, their
    /// logs copied into the files.
    public static func run(arguments: [String], context: CommandContext) async -> Int32 {
        let run = CommandRun(context)
        let language = Language.preferred(arguments: arguments, environment: context.environment)
        return await CommandRun.$current.withValue(run) {
            await HelpText.$language.withValue(language) {
                defer { run.databases.closeAll() }
                return await status(of: arguments)
            }
        }
    }

    private static func status(of given: [String]) async -> Int32 {
        let arguments = GlobalOptions.movedAfterCommand(given)
        if let asked = HelpScreen.requested(by: arguments) {
            Console.standard.output(HelpScreen.text(for: asked))
            return ExitStatus.ok.rawValue
        }
        if let status = UsageFailure.unknownCommand(arguments) { return status }
        let command: any ParsableCommand
        do {
            command = try Receipts.parseAsRoot(arguments)
        } catch {
            return UsageFailure.report(error, arguments: arguments)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.runAsynchronously()
            } else {
                var syncCommand = command
                try syncCommand.run()
            }
            return ExitStatus.ok.rawValue
        } catch let error as any Error & LocalizedMessage {
            return Console.standard.fail(error)
        } catch {
            // The parser also reports through errors thrown from `run()` (help for a command group, a
            // failed validation); those are usage matters, not failures.
            let code = Receipts.exitCode(for: error)
            if code == .success {
                // A group run without a subcommand shows its own help.
                Console.standard.output(HelpScreen.text(for: type(of: command)))
                return ExitStatus.ok.rawValue
            }
            if code == .validationFailure { return UsageFailure.report(error, arguments: arguments) }
            return Console.standard.fail(error)
        }
    }
}

extension AsyncParsableCommand {
    /// Calls the `async` `run()`: called on an existential, `run()` would pick the synchronous
    /// requirement of `ParsableCommand`, whose default only prints help.
    mutating func runAsynchronously() async throws {
        try await run()
    }
}
