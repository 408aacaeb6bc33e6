/// The pictures each pass of ``ReceiptCodeReader`` hands to zbar, made from the photo on demand.
final class PhotoViews {
    let photo: GrayImage
    /// The photo shrunk by `factor` to about 2000 pixels along its long side; the photo itself when
    /// it is that small already.
    let work: GrayImage
    let factor: Int

    init(_ photo: GrayImage) {
        self.photo = photo
        factor = max(1, max(photo.width, photo.height) / 2_000)
        work = photo.reduced(by: factor)
    }

    /// Where finder patterns suggest codes, in the photo's pixels: found in the working picture as it
    /// is, smoothed (noise breaks the runs of a finder pattern), sharpened (blur blends them), and
    /// at full size (small codes in a large photo).
    private(set) lazy var plainRegions = locate(in: work, scale: factor)
    private(set) lazy var smoothRegions = new(locate(in: work.boxBlurred(radius: 1), scale: factor))
    private(set) lazy var sharpRegions = new(locate(in: sharpWork, scale: factor))
    private(set) lazy var fullSizeRegions = factor == 1 ? [] : new(locate(in: photo, scale: 1, rowStep: 1))
    private lazy var sharpWork = work.sharpened(radius: 2, amount: 3)

    /// One step of a pass: the pictures zbar looks at before the cascade checks whether it is done.
    typealias Step = () -> [GrayImage]

    /// The steps of a pass, each made only when the cascade gets that far.
    func steps(for pass: ReceiptCodeReader.Pass) -> [Step] {
        switch pass {
        case .regions:
            return [
                { self.plainRegions.map(self.crop) },
                { self.smoothRegions.flatMap { [self.crop($0), self.crop($0).boxBlurred(radius: 1)] } },
            ]
        case .whole:
            return [{ [self.work] }]
        case .workedRegions:
            let found = { self.plainRegions + self.smoothRegions }
            return [
                { found().map { self.crop($0).boxBlurred(radius: 1) } },
                { found().map { self.crop($0).sharpened() } },
                { found().map { self.crop($0).sharpened(radius: 2, amount: 3) } },
                { found().map { self.crop($0).binarized(block: 8) } },
                { found().map { self.crop($0).resampled(scale: 1, degrees: 45) } },
                { found().map { self.crop($0).resampled(scale: 1.6) } },
                { self.sharpRegions.flatMap { [self.crop($0), self.crop($0).sharpened(radius: 2, amount: 3)] } },
                { self.fullSizeRegions.flatMap { [self.crop($0), self.crop($0).sharpened()] } },
            ]
        case .workedWhole:
            return [
                { [self.work.boxBlurred(radius: 1)] },
                { [self.sharpWork] },
                { [self.work.binarized()] },
                { [self.sharpWork.binarized()] },
                { [self.work.reduced(by: 2)] },
                { self.factor > 1 ? [self.photo] : [] },
            ]
        }
    }

    private func locate(in picture: GrayImage, scale: Int, rowStep: Int = 2) -> [CodeRegion] {
        FinderLocator.regions(in: picture.binarized(), rowStep: rowStep).map { $0.scaled(by: scale) }
    }

    /// The regions not found before, by the plain search.
    private func new(_ regions: [CodeRegion]) -> [CodeRegion] {
        regions.filter { region in !plainRegions.contains { $0.overlaps(region) } }
    }

    /// The region cut from the full photo with modules of about four pixels: shrunk when they are
    /// larger, enlarged twice when they are under two and a half.
    private func crop(_ region: CodeRegion) -> GrayImage {
        let piece = photo.cropped(x: region.x, y: region.y, width: region.width, height: region.height)
        let shrink = max(1, Int(region.module / 4))
        if shrink > 1 { return piece.reduced(by: shrink) }
        return region.module < 2.5 ? piece.resampled(scale: 2) : piece
    }
}
