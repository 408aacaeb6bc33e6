import ReceiptAPI
import ReceiptScan
import ReceiptServer
import ReceiptStore

// The exit code each module's errors end the command line with (DESIGN.md).

extension StoreError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .missing: return .notFound
        case .notADatabase, .corrupt, .invalidRecord: return .invalidInput
        case .cannotOpen, .newerVersion, .readOnly, .diskFull, .busy, .failed: return .failure
        }
    }
}

extension ScanError: ReportedFailure {
    var exitStatus: ExitStatus {
        switch self {
        case .notAnImage, .unsupportedFormat, .tooManyPixels, .damaged, .tooLongForQRCode: return .invalidInput
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
