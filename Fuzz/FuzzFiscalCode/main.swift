import FuzzerDriver
import ReceiptCore

// libFuzzer target (`make fuzz`): any bytes as a QR payload. Parsing either throws a FiscalCodeError
// or gives a code whose canonical form parses back to the same code; anything else is a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFiscalCode(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let code = try? FiscalCode(parsing: text) else { return 0 }
    guard let again = try? FiscalCode(parsing: code.canonical), again == code else {
        preconditionFailure("the canonical form of \(text.debugDescription) does not parse back to the same code")
    }
    return 0
}

// SwiftPM makes `FuzzFiscalCode_main` the program's entry; it hands over to libFuzzer's driver.
@_cdecl("FuzzFiscalCode_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { fuzzFiscalCode($0, $1) }
}
