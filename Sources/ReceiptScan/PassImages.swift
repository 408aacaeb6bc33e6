/// The pictures each pass of ``ReceiptCodeReader`` hands to zbar, made from the photo on demand.
struct PassImages {
    let photo: GrayImage
    /// The photo shrunk by a whole factor to at most ~1600 pixels along its long side, or nil when it
    /// is that small already.
    let reduced: GrayImage?

    init(_ photo: GrayImage) {
        self.photo = photo
        let factor = max(photo.width, photo.height) / 1_100
        reduced = factor >= 2 ? photo.reduced(by: factor) : nil
    }

    /// The picture that stronger passes work on: the reduced one when there is one.
    private var base: GrayImage { reduced ?? photo }

    func pictures(for pass: ReceiptCodeReader.Pass) -> [GrayImage] {
        switch pass {
        case .reduced: return reduced.map { [$0] } ?? []
        case .original: return [photo]
        case .binarized: return [base.binarized(radius: max(8, max(base.width, base.height) / 40))]
        case .sharpened: return [base.sharpened()]
        case .regions: return []
        case .turned: return [base.resampled(scale: 1, degrees: 30), base.resampled(scale: 1, degrees: 60)]
        }
    }
}
