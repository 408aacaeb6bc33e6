import Foundation
import FuzzerDriver
import ReceiptAPI

// libFuzzer target (`make fuzz`): any bytes as a change-feed page, and as a page of places. Reading
// either throws a JSONReadError or gives a page that JSONWriter writes and the reader reads back
// equal; anything else is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWirePages(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let input = UnsafeBufferPointer(start: bytes, count: count)
    roundTrip(ReceiptChangesPage.self, input)
    roundTrip(PlacesPage.self, input)
    return 0
}

private func roundTrip<Page: JSONReadable & JSONWritable & Equatable>(
    _ type: Page.Type, _ input: UnsafeBufferPointer<UInt8>
) {
    guard let page = try? JSONReader.read(Page.self, from: UnsafeRawBufferPointer(input)) else { return }
    let written = JSONWriter.write(page)
    precondition((try? JSONReader.read(Page.self, from: written)) == page, "a page written reads back different")
}

// SwiftPM makes `FuzzWirePages_main` the program's entry; it hands over to libFuzzer's driver.
@_cdecl("FuzzWirePages_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzzWirePages($0, $1) }
}
