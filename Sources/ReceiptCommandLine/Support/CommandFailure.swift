import ReceiptCore

/// A failure as the command line reports it: a message in the user's language and an exit code.
struct CommandFailure: Error, LocalizedMessage {
    let status: ExitStatus
    private let describe: @Sendable (Language) -> String

    init(status: ExitStatus, describe: @escaping @Sendable (Language) -> String) {
        self.status = status
        self.describe = describe
    }

    /// The failure behind any error: errors the project knows keep their message and code; an
    /// unknown one is a plain failure with its description.
    init(_ error: any Error) {
        switch error {
        case let failure as CommandFailure: self = failure
        case let error as FiscalCodeError: self.init(status: .invalidInput, describe: error.message(in:))
        case let error as MoneyError: self.init(status: .invalidInput, describe: error.message(in:))
        case let error as LocalDateTimeError: self.init(status: .invalidInput, describe: error.message(in:))
        case let error as CoordinateError: self.init(status: .invalidInput, describe: error.message(in:))
        case let error as any ReportedFailure: self.init(status: error.exitStatus, describe: error.message(in:))
        default:
            let text = String(describing: error)
            self.init(status: .failure) { _ in text }
        }
    }

    func message(in language: Language) -> String { describe(language) }

    static func badServerURL(_ text: String) -> CommandFailure {
        CommandFailure(status: .usage) { Words($0).badServerURL(text) }
    }

    static func invalidInput(_ russian: String, _ english: String) -> CommandFailure {
        CommandFailure(status: .invalidInput) { $0 == .russian ? russian : english }
    }
}

/// An error of another module that the command line reports with its own exit code.
protocol ReportedFailure: Error, LocalizedMessage {
    var exitStatus: ExitStatus { get }
}
