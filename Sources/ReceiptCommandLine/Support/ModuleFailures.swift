import FiscalProviders
import ReceiptAPI
import ReceiptBank
import ReceiptCore
import ReceiptLedger
import ReceiptMail
import ReceiptScan
import ReceiptServer
import ReceiptStats
import ReceiptStore
import ReceiptSync

// The exit code each module's errors end the command line with (`docs/architecture.md`).

extension StoreError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .missing: return .notFound
        case .backupOverItself: return .usage
        case .backupFailedCheck: return .failure
        case .notADatabase, .corrupt, .invalidRecord, .totalsBeyondBounds: return .invalidInput
        case .cannotOpen, .foreignFile, .newerVersion, .readOnly, .diskFull, .busy, .failed: return .failure
        }
    }
}

extension ScanError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .notAnImage, .tooManyPixels, .damaged, .truncated, .tooLongForQRCode: return .invalidInput
        case .library: return .failure
        }
    }
}

extension PlacesFileError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .cannotRead: return .notFound
        default: return .invalidInput
        }
    }
}

extension DocumentError: ReportedFailure {
    var exitStatus: ExitStatus { .invalidInput }
}

extension ClientError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .unreachable: return .networkUnreachable
        case .unauthorized, .wrongCredentials, .throttled: return .authenticationNeeded
        case .rejected(let status, _): return (400..<500).contains(status) ? .invalidInput : .failure
        case .badResponse: return .failure
        }
    }
}

extension VaultError: ReportedFailure {
    var exitStatus: ExitStatus { .failure }
}

extension ExportError: ReportedFailure {
    var exitStatus: ExitStatus { .invalidInput }
}

extension CategoryRulesError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .missingShippedRules: return .failure
        case .unreadable: return .notFound
        default: return .invalidInput
        }
    }
}

extension ProviderError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .unreachable: return .networkUnreachable
        case .notSignedIn, .signInRefused, .sessionEnded: return .authenticationNeeded
        case .limited: return .ok
        case .clientRefused, .rejected, .badAnswer, .sharedSessionUnavailable: return .failure
        }
    }
}

extension CabinetError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .unreachable: return .networkUnreachable
        case .notSignedIn, .sessionEnded, .signInRefused, .captchaRequired: return .authenticationNeeded
        case .actionNeeded: return .actionNeeded
        case .rejected, .badAnswer: return .failure
        }
    }
}

extension EndpointError: ReportedFailure {
    var exitStatus: ExitStatus { .usage }
}

extension TaxpayerNumberError: ReportedFailure {
    var exitStatus: ExitStatus { .usage }
}

extension TokenFileError: ReportedFailure {
    var exitStatus: ExitStatus { .authenticationNeeded }
}

extension SessionFileError: ReportedFailure {
    var exitStatus: ExitStatus { .failure }
}

extension StatementError: ReportedFailure {
    var exitStatus: ExitStatus { .invalidInput }
}

extension AccountMapError: ReportedFailure {
    var exitStatus: ExitStatus { .invalidInput }
}

extension ForeignFile: ReportedFailure {
    var exitStatus: ExitStatus { .failure }
}

extension MailboxError: ReportedFailure {
    var exitStatus: ExitStatus { .notFound }
}

extension IMAPError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .badAddress, .plainTextRefused: return .usage
        case .unreachable, .timedOut: return .networkUnreachable
        case .loginRefused: return .authenticationNeeded
        case .noSuchFolder: return .notFound
        case .tls, .refused, .protocolViolation: return .failure
        }
    }
}
