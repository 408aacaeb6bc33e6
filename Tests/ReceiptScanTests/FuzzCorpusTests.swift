import Foundation
import ReceiptScan
import ReceiptTesting
import Testing

/// Every input in `Fuzz/corpus/FuzzImages` (the seeds and whatever `make fuzz` once found) is loaded
/// again on every test run: a picture or a ScanError, never a crash.
@Suite("Fuzz corpus: image files", .timeLimit(.minutes(20)))
struct ImageFuzzCorpusTests {
    @Test("each corpus input loads or is refused with its error; the seeds of every format load")
    func corpus() throws {
        var formats: Set<ImageFormat> = []
        for input in try Repository.fuzzCorpus("FuzzImages") {
            let data = try Data(contentsOf: input)
            guard let image = try? ImageLoader.load(data, pixelLimit: 1_000_000) else { continue }
            #expect(image.pixels.count == image.width * image.height)
            if let format = ImageFormat(sniffing: data) { formats.insert(format) }
        }
        #expect(formats == Set(ImageFormat.allCases))
    }
}
