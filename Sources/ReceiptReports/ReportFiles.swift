import Foundation
public import ReceiptCore
public import ReceiptStats

/// Writes a report's files into a folder: `spending-2026-10.html`, or `spending-2026-05--2026-10.md`
/// for a range; each file appears whole or not at all.
public enum ReportFiles {
    /// The file name for a range and format.
    public static func name(_ range: ClosedRange<Month>, _ format: ReportFormat) -> String {
        let span =
            range.lowerBound == range.upperBound
            ? range.lowerBound.description : "\(range.lowerBound)--\(range.upperBound)"
        return "spending-\(span).\(format.fileExtension)"
    }

    /// The text of one format.
    public static func render(
        _ format: ReportFormat, selected: SpendingStatistics, history: SpendingStatistics, language: Language,
        insights: ReportInsights = ReportInsights()
    ) throws -> String {
        switch format {
        case .html: return HTMLReport.render(selected, history: history, language: language, insights: insights)
        case .md: return MarkdownReport.render(selected, language: language, insights: insights)
        case .csv: return CSVReport.render(selected, language: language)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            let data = try encoder.encode(StatisticsJSON(selected, language: language, insights: insights))
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }

    /// Writes every format into `folder` (created when missing) and returns the paths written.
    public static func write(
        _ formats: [ReportFormat], selected: SpendingStatistics, history: SpendingStatistics, language: Language,
        insights: ReportInsights = ReportInsights(), to folder: String
    ) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var written: [String] = []
        for format in formats {
            let path = (folder as NSString).appendingPathComponent(name(selected.range, format))
            let text = try render(format, selected: selected, history: history, language: language, insights: insights)
            // Mode 0600, as every file the tool writes (one the user widened keeps their mode).
            try PrivateFile.write(Data(text.utf8), to: path, keepingMode: true)
            written.append(path)
            // The CSV's one table holds months and categories: the insights go in a file beside it.
            if format == .csv, !insights.isEmpty {
                let beside = (folder as NSString).appendingPathComponent(insightsName(selected.range))
                let rows = CSVReport.insights(insights, language: language)
                try PrivateFile.write(Data(rows.utf8), to: beside, keepingMode: true)
                written.append(beside)
            }
        }
        return written
    }

    /// The insights' CSV beside the report's: `spending-2026-10-insights.csv`.
    public static func insightsName(_ range: ClosedRange<Month>) -> String {
        name(range, .csv).replacingOccurrences(of: ".csv", with: "-insights.csv")
    }
}
