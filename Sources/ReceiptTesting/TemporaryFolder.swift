public import Foundation

/// A fresh folder under the system's temporary folder for one test, removed with everything in it
/// when the value goes away.
public final class TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Creates the folder; `label` goes into its name, to tell leftovers apart.
    public init(_ label: String = "test") throws {
        path = NSTemporaryDirectory() + "receipts-\(label)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The folder as a file URL.
    public var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of `name` inside the folder (nothing is created).
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `contents` to `name` inside the folder and returns its path.
    @discardableResult
    public func write(_ contents: String, to name: String) throws -> String {
        let file = file(name)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// The permission bits of the file or folder at `path` (`0o600`), wherever it is.
    public static func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        guard let mode = attributes[.posixPermissions] as? Int else { throw CocoaError(.fileReadUnknown) }
        return mode
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
