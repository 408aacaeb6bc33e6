import ReceiptAPI

extension Array where Element == WrittenReceiptEnvelope {
    /// About the bytes a page of these receipts takes: their documents and places, and room for the rest.
    var pageCapacity: Int {
        reduce(256) { $0 + $1.document.bytes.count + ($1.place?.bytes.count ?? 4) + 96 }
    }
}
