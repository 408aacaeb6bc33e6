import Foundation

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
                // A code on a wrinkled label against a darker ground: the label flattened where three
                // finder patterns show a whole code, found in the region and in one half as wide again
                // (where the code fills the region, the label's edges and the ground lie beyond it).
                {
                    found().filter { $0.finders == 3 }.flatMap { region in
                        var wide = region
                        (wide.x, wide.y) = (region.x - region.width / 4, region.y - region.height / 4)
                        (wide.width, wide.height) = (region.width * 3 / 2, region.height * 3 / 2)
                        // Its edges followed closely, and smoothed over a tenth of their length.
                        return [self.crop(region), self.crop(wide)].flatMap { piece in
                            [5, 13].compactMap { piece.flattenedLabel(smoothing: $0) }
                        }
                    }
                },
                // A code on creased or bent paper, read module by module: a small one along its grid
                // fitted to its own module edges, a large one along its alignment patterns; in the
                // working picture and, when finder patterns of modules under three pixels show in a
                // small one (too small for all three to show), enlarged twice.
                {
                    let finders = FinderLocator.finders(in: self.work.binarized(), rowStep: 1)
                    let small = max(self.work.width, self.work.height) <= 1_200 && finders.contains { $0.module < 3 }
                    return EdgeGrid.codes(in: self.work, finders: finders)
                        + AlignmentGrid.codes(in: self.work, finders: finders)
                        + (small ? AlignmentGrid.codes(in: self.work.resampled(scale: 2)) : [])
                },
            ]
        case .workedWhole:
            return [
                { [self.work.boxBlurred(radius: 1)] },
                // A code drawn over a photograph: the picture's grain inside its modules breaks the runs
                // that zbar follows; smoothed over five pixels, modules of six or more come out whole.
                { [self.work.boxBlurred(radius: 2)] },
                { [self.sharpWork] },
                { [self.work.binarized()] },
                { [self.sharpWork.binarized()] },
                { [self.work.reduced(by: 2)] },
                { self.factor > 1 ? [self.photo] : [] },
                // A code printed light on dark (a label, a screen), in negative.
                { [self.work.inverted(), self.work.inverted().binarized()] },
            ]
        case .deblurred:
            // Every candidate gets the likeliest blur before any gets the next: the code is seldom
            // the first candidate (dense receipt text looks much like one).
            // A deblurred code still rings and is noisy: smoothed it reads more surely, and its finder
            // patterns, now visible, give the crops of the first pass.
            return Self.blurTrials.map { trial in
                {
                    self.blurredCandidates.flatMap { candidate in
                        let restored = candidate.restored(trial)
                        return [restored, restored.boxBlurred(radius: 1)]
                            + PhotoViews(restored).steps(for: .regions).flatMap { $0() }
                    }
                }
            }
        }
    }

    /// The blurs tried, likeliest first, in modules: streaks of 1.8, 1.2, 0.6, 1.5, 2.1 and 0.9
    /// modules along the candidate's smear, and focus blurs of 0.4 and 0.6 modules.
    static let blurTrials: [BlurTrial] = [
        .line(1.8), .gaussian(0.4), .line(1.2), .line(0.6), .line(1.5), .gaussian(0.6), .line(2.1), .line(0.9),
    ]

    /// A blur to undo, sized in modules of the code.
    enum BlurTrial {
        case line(Float)
        case gaussian(Float)
    }

    /// A square that may hold a blurred code, ready to deblur: enlarged twice (the modules of a
    /// blurred code are often under three pixels), its spectrum taken once.
    struct BlurredCandidate {
        let deconvolution: Deconvolution
        /// The direction the picture is smeared in, degrees.
        let smear: Float
        /// Pixels a module, in the enlarged crop.
        let module: Float

        func restored(_ trial: BlurTrial) -> GrayImage {
            switch trial {
            case .line(let modules):
                return deconvolution.restored(from: .line(length: modules * module, degrees: smear)).image
            case .gaussian(let modules):
                return deconvolution.restored(from: .gaussian(sigma: modules * module)).image
            }
        }
    }

    /// The photo for the blur search: shrunk by a whole factor to about 1000 pixels on its short side.
    private(set) lazy var blurWork: Plane = {
        let shrink = max(1, Int((Double(min(photo.width, photo.height)) / 1_000).rounded()))
        return Plane(photo.reduced(by: shrink))
    }()

    /// The three likeliest squares of the blur search, each 1.3 times the blob found, at most
    /// `largestBlurCrop` pixels across before it is enlarged (larger ones are shrunk first).
    private(set) lazy var blurredCandidates: [BlurredCandidate] = BlurredCodeLocator.candidates(in: blurWork).map {
        candidate in
        let half = Int(Double(candidate.side) * 0.65)
        let (centreX, centreY) = (candidate.x + candidate.width / 2, candidate.y + candidate.height / 2)
        var crop = blurWork.cropped(x: centreX - half, y: centreY - half, width: 2 * half, height: 2 * half)
        // A fiscal payload makes a code of about 33 modules; the blob is about the code.
        var module = Float(candidate.side) / 35
        let longest = max(crop.width, crop.height)
        if longest > Self.largestBlurCrop {
            let scale = Double(Self.largestBlurCrop) / Double(longest)
            crop = Plane(crop.image.resampled(scale: scale))
            module *= Float(scale)
        }
        let smear = Deconvolution.smear(of: crop).degrees
        return BlurredCandidate(deconvolution: Deconvolution(crop.doubled()), smear: smear, module: 2 * module)
    }

    /// The widest crop the blur search enlarges: twice that, with its margins, is a 512-point transform.
    static let largestBlurCrop = 240

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
