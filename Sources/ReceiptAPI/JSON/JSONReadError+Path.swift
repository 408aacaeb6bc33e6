extension JSONReadError {
    /// The error with its ``path`` filled in: the input read again up to the error's offset, keeping
    /// only the keys and array indices on the way, so that reading pays nothing for paths.
    func located(in bytes: UnsafeBufferPointer<UInt8>) -> JSONReadError {
        enum Level {
            case object(key: String?)
            case array(index: Int)
        }
        var levels: [Level] = []
        var index = 0
        var keyExpected = false
        let end = min(offset, bytes.count)
        scan: while index < end {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                levels.append(.object(key: nil))
                keyExpected = true
            case UInt8(ascii: "["):
                levels.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = levels.popLast()
                keyExpected = false
            case UInt8(ascii: ","):
                switch levels.last {
                case .array(let count): levels[levels.count - 1] = .array(index: count + 1)
                case .object: keyExpected = true
                case nil: break
                }
            case UInt8(ascii: "\""):
                var close = index + 1
                while close < end, bytes[close] != UInt8(ascii: "\"") {
                    close += bytes[close] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard close < end else { break scan }
                if keyExpected, case .object = levels.last {
                    let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[index + 1..<close]), as: UTF8.self)
                    levels[levels.count - 1] = .object(key: key)
                    keyExpected = false
                }
                index = close
            default:
                break
            }
            index += 1
        }
        var path = ""
        for level in levels {
            switch level {
            case .object(let key?): path += path.isEmpty ? key : "." + key
            case .object(nil): break
            case .array(let position): path += "[\(position)]"
            }
        }
        return JSONReadError(problem, at: offset, path: path)
    }
}
