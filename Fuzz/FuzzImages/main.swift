import Foundation
import FuzzerDriver
import ReceiptScan

// libFuzzer target (`make fuzz`): any bytes as an image file, through the loader every command uses,
// which picks the PNG, JPEG, WebP or PGM/PPM decoder by content. Loading either throws a ScanError or
// gives a picture whose pixels match its size; a crash, a C library's exit or a hang is a finding.
// Each picture loaded then goes to both QR engines, zbar and zxing-cpp (through its C shim): any
// pixels give codes or none, never a crash or an exception through the shim.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImages(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    // A small limit keeps each input fast; the limit itself is part of what is tested.
    guard let image = try? ImageLoader.load(Data(bytes: bytes, count: count), pixelLimit: 1_000_000) else { return 0 }
    precondition(image.pixels.count == image.width * image.height && image.width * image.height <= 1_000_000)
    for engine in FoundCode.Engine.allCases { _ = try? QRDecoder.decode(image, engine: engine) }
    return 0
}

// SwiftPM makes `FuzzImages_main` the program's entry; it hands over to libFuzzer's driver.
@_cdecl("FuzzImages_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzzImages($0, $1) }
}
