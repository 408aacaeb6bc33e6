import Foundation

/// The image files a `scan` names: files as given, folders walked recursively for files whose
/// names say they are pictures, hidden entries skipped, each folder's files in name order.
enum ImageFiles {
    static let extensions: Set<String> = ["png", "jpg", "jpeg", "webp", "pgm", "ppm", "pnm"]

    static func expand(_ paths: [String]) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                files.append(path)
                continue
            }
            let root = URL(fileURLWithPath: path)
            guard
                let walker = manager.enumerator(
                    at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            else { continue }
            var found: [String] = []
            for case let url as URL in walker where extensions.contains(url.pathExtension.lowercased()) {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count))
                found.append((path.hasSuffix("/") ? String(path.dropLast()) : path) + relative)
            }
            files += found.sorted()
        }
        return files
    }
}
