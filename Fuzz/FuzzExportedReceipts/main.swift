import FiscalProviders
import Foundation
import FuzzerDriver
import ReceiptCore

// libFuzzer target (`make fuzz`): any bytes as an exported receipts file. Reading either throws an
// ExportError or gives receipts with a valid identity and month; anything else is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExportedReceipts(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes, let receipts = try? ExportedReceipts.read(Data(bytes: bytes, count: count)) else { return 0 }
    for receipt in receipts {
        let identity = receipt.identity
        precondition((try? FiscalIdentity(fn: identity.fn, i: identity.i, fp: identity.fp)) != nil)
        precondition(Month(receipt.month.description) == receipt.month)
    }
    return 0
}

// SwiftPM makes `FuzzExportedReceipts_main` the program's entry; it hands over to libFuzzer's driver.
@_cdecl("FuzzExportedReceipts_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzzExportedReceipts($0, $1) }
}
