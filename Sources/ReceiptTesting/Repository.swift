public import Foundation

/// The checkout the tests run from: its data, samples and fuzz corpora.
public enum Repository {
    /// The repository's root folder, found from this file's place in it (`Sources/ReceiptTesting/`).
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder of the repository, by its path from the root (`Data/samples/photos`).
    public static func url(_ relativePath: String) -> URL {
        root.appendingPathComponent(relativePath)
    }

    /// The contents of a repository file.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// Every input kept for a fuzz target (`Fuzz/corpus/TARGET/`): its seeds and what `make fuzz`
    /// once found, which the tests replay.
    public static func fuzzCorpus(_ target: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: url("Fuzz/corpus/\(target)"), includingPropertiesForKeys: nil)
    }
}
