/// The kinds of image files receipts come as, told apart by their first bytes, not by their names.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png, jpeg, webp, pnm

    /// The format whose signature the data starts with, or nil.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), head[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
        } else if head.count >= 2, head[0] == UInt8(ascii: "P"),
            [UInt8(ascii: "5"), UInt8(ascii: "6")].contains(head[1])
        {
            self = .pnm
        } else {
            return nil
        }
    }
}
