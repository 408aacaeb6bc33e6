/// The kinds of file `receipts report` writes.
public enum ReportFormat: String, Sendable, CaseIterable, Equatable {
    case html, md, csv, json

    /// The file name extension.
    public var fileExtension: String { rawValue }
}
