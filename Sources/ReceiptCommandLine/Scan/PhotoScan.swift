import Foundation
import ReceiptScan

/// One image of a `scan`: the codes read from it, or why it could not be read.
struct ScannedImage: Sendable {
    let file: String
    let codes: [FoundCode]
    let error: CommandFailure?

    /// True when the image gave at least one fiscal code.
    var hasFiscalCode: Bool { codes.contains { $0.fiscal != nil } }
}

/// Reads the images of a `scan` in parallel, one task per core, keeping the order they were given in.
enum PhotoScan {
    static func run(_ files: [String], pixelLimit: Int = GrayImage.defaultPixelLimit) async -> [ScannedImage] {
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        return await withTaskGroup(of: (Int, ScannedImage).self) { group in
            var results = [ScannedImage?](repeating: nil, count: files.count)
            var next = 0
            func start() {
                guard next < files.count else { return }
                let (index, file) = (next, files[next])
                group.addTask { (index, scan(file, pixelLimit: pixelLimit)) }
                next += 1
            }
            for _ in 0..<width { start() }
            while let (index, image) = await group.next() {
                results[index] = image
                start()
            }
            return results.compactMap { $0 }
        }
    }

    static func scan(_ file: String, pixelLimit: Int) -> ScannedImage {
        do {
            guard FileManager.default.fileExists(atPath: file) else {
                throw CommandFailure(status: .notFound) { Words($0).noSuchImage }
            }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw CommandFailure(status: .invalidInput) { Words($0).cannotReadImage(file) }
            }
            let image = try ImageLoader.load(data, pixelLimit: pixelLimit)
            let result = try ReceiptCodeReader().read(image)
            return ScannedImage(file: file, codes: result.codes, error: nil)
        } catch {
            return ScannedImage(file: file, codes: [], error: CommandFailure(error))
        }
    }
}
