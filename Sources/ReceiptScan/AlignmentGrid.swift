import Foundation

/// A large QR code on bent paper, read module by module along its own alignment patterns.
///
/// The engines map a code's modules onto the picture through one perspective fitted to its finder
/// patterns and one alignment pattern. A code of version 7 or more carries a grid of alignment
/// patterns every 16 to 28 modules; on a sheet bent across, one perspective drifts by several modules
/// between them. Here the grid is grown from the finder patterns: the grid point with the most
/// neighbours already found is looked for next, where those neighbours say it should be, and each
/// cell between four grid points gets a perspective of its own. Each module's centre is then read
/// against the modules round it and the code drawn again upright, four pixels a module with a white
/// margin, for the engines to decode: nothing is guessed, a module read wrong is for their error
/// correction to mend or refuse.
struct AlignmentGrid {
    /// Modules across the code (17 + 4 × version).
    let dimension: Int
    /// The alignment patterns' centre rows (and columns), in modules from the code's edge.
    let positions: [Int]
    /// Where each grid point lies in the picture: `points[row * positions.count + column]`.
    private(set) var points: [(x: Double, y: Double)]
    /// How many grid points were found by their pattern (the others are predicted from neighbours).
    private(set) var found = 0

    /// Every code of version 7 or more whose three finder patterns show in `picture`, drawn upright
    /// module by module; for each trio of finder patterns, the versions within three of their
    /// estimate tried nearest first (a finder pattern's look gives the module's size only roughly),
    /// the first whose version blocks name it drawn. `finders`: the picture's finder patterns when
    /// they are known already.
    static func codes(in picture: GrayImage, finders: [FinderLocator.Finder]? = nil) -> [GrayImage] {
        let finders = Array((finders ?? FinderLocator.finders(in: picture.binarized(), rowStep: 1)).prefix(12))
        let trios = trios(of: finders).prefix(3)
        guard !trios.isEmpty else { return [] }
        let contrast = picture.darkAndLight()
        guard contrast.light - contrast.dark > 20 else { return [] }
        var drawn: [GrayImage] = []
        for trio in trios {
            let (a, b, c) = (finders[trio.0], finders[trio.1], finders[trio.2])
            let estimate = estimatedVersion(a, b, c)
            // Nearest the estimate first; the first whose version blocks name its own version wins.
            let (smallest, largest) = (max(7, estimate - 3), min(40, estimate + 3))
            guard smallest <= largest else { continue }
            let versions = (smallest...largest).sorted { (abs($0 - estimate), $0) < (abs($1 - estimate), $1) }
            for version in versions {
                guard
                    let grid = AlignmentGrid(
                        in: picture, contrast: contrast, topLeft: (a.x, a.y), topRight: (b.x, b.y),
                        bottomLeft: (c.x, c.y), dimension: 17 + 4 * version)
                else { continue }
                let modules = grid.modules(from: picture)
                guard Self.namesVersion(modules, dimension: grid.dimension) else { continue }
                drawn.append(Self.drawn(modules, dimension: grid.dimension))
                break
            }
        }
        return drawn
    }

    /// Trios of finder patterns that could be one code's of version 7 or more: the first at the right
    /// angle, the second along the top and the third down the side as the code reads (turning
    /// clockwise from the second to the third), two sides of about the same length and modules of
    /// about the same size; the trios whose finder patterns were crossed most often first.
    static func trios(of finders: [FinderLocator.Finder], apart: Double = 30) -> [(Int, Int, Int)] {
        var trios: [(trio: (Int, Int, Int), hits: Int)] = []
        for a in finders.indices {
            for b in finders.indices where b != a {
                for c in finders.indices where c != a && c != b {
                    let (apex, top, side) = (finders[a], finders[b], finders[c])
                    let (topX, topY) = (top.x - apex.x, top.y - apex.y)
                    let (sideX, sideY) = (side.x - apex.x, side.y - apex.y)
                    let (topLength, sideLength) = (distance(apex, top), distance(apex, side))
                    let modules = [apex.module, top.module, side.module]
                    guard let smallest = modules.min(), let largest = modules.max(), largest < 1.4 * smallest,
                        min(topLength, sideLength) > 0.8 * max(topLength, sideLength),
                        // At least 30 modules apart: a code of version 7 or more.
                        min(topLength, sideLength) > apart * largest
                    else { continue }
                    // Clockwise from the top to the side (y grows downwards), near a right angle.
                    let sine = (topX * sideY - topY * sideX) / (topLength * sideLength)
                    guard sine > 0.9 else { continue }
                    trios.append(((a, b, c), apex.hits + top.hits + side.hits))
                }
            }
        }
        return trios.sorted { $0.hits > $1.hits }.map(\.trio)
    }

    /// The version a code whose finder patterns (top left, top right, bottom left) are these would
    /// be, from how many of their modules lie between them; a version or more off, as their
    /// modules are read only roughly.
    static func estimatedVersion(
        _ a: FinderLocator.Finder, _ b: FinderLocator.Finder, _ c: FinderLocator.Finder
    ) -> Int {
        let module = (a.module + b.module + c.module) / 3
        let across = (distance(a, b) + distance(a, c)) / 2 / module + 7
        return Int(((across - 17) / 4).rounded())
    }

    static func distance(_ a: FinderLocator.Finder, _ b: FinderLocator.Finder) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The centres of a version's alignment patterns, one axis, in modules (ISO/IEC 18004, annex E):
    /// 6, then evenly spaced (an even step) back from `dimension - 7`; none below version 2.
    static func positions(version: Int) -> [Int] {
        guard version >= 2, version <= 40 else { return [] }
        let count = version / 7 + 2
        let last = 4 * version + 10
        let step = version == 32 ? 26 : (4 * version + 2 * count + 1) / (2 * count - 2) * 2
        return [6] + (0..<(count - 1)).reversed().map { last - $0 * step }
    }

    /// The code whose three finder patterns' centres are `topLeft`, `topRight` and `bottomLeft`,
    /// `dimension` modules across, its grid looked for in `picture` (whose mean dark and light
    /// shades are `contrast`); nil below version 7 (the engines' one perspective is all there is to
    /// fit) or when the points do not make a code.
    init?(
        in picture: GrayImage, contrast: (dark: Double, light: Double), topLeft: (x: Double, y: Double),
        topRight: (x: Double, y: Double), bottomLeft: (x: Double, y: Double), dimension: Int
    ) {
        let version = (dimension - 17) / 4
        guard version >= 7, (dimension - 17) % 4 == 0 else { return nil }
        self.dimension = dimension
        positions = Self.positions(version: version)
        let count = positions.count
        points = Array(repeating: (0, 0), count: count * count)
        // What is known, in modules and in pixels: the finder patterns' centres and the grid points
        // found.
        let far = Double(dimension) - 3.5
        var known: [Correspondence] = [((3.5, 3.5), topLeft), ((far, 3.5), topRight), ((3.5, far), bottomLeft)]
        let last = count - 1
        func module(_ index: Int) -> (x: Double, y: Double) {
            (Double(positions[index % count]) + 0.5, Double(positions[index / count]) + 0.5)
        }
        // The three corners under the finder patterns hold no alignment pattern: predicted only.
        let underFinder: Set<Int> = [0, last, last * count]
        var placed = [Bool](repeating: false, count: count * count)
        for index in underFinder { placed[index] = true }
        /// How many of a point's eight neighbours are known, the corners under finder patterns
        /// counting as found.
        func support(_ index: Int) -> Int {
            let (column, row) = (index % count, index / count)
            var total = 0
            for j in max(0, row - 1)...min(last, row + 1) {
                for i in max(0, column - 1)...min(last, column + 1) where placed[j * count + i] { total += 1 }
            }
            return total
        }
        // Grown from what is known: the point with the most known neighbours is looked for next,
        // and one not found is looked for again once more of its neighbours are.
        var triedWith = [Int](repeating: -1, count: count * count)
        var missed = 0
        while true {
            let next = (0..<(count * count)).filter { !placed[$0] && support($0) > triedWith[$0] }
                .max { (support($0), -$0) < (support($1), -$1) }
            guard let index = next else { break }
            triedWith[index] = support(index)
            guard let local = Self.localAffine(at: module(index), from: known) else { return nil }
            if let centre = Self.alignmentPattern(
                in: picture, near: local.apply(module(index)), local: local, contrast: contrast)
            {
                points[index] = centre
                placed[index] = true
                found += 1
                known.append((module(index), centre))
            } else {
                missed += 1
                // Misses everywhere: the grid of another version, or no code.
                if missed > count * count { return nil }
            }
        }
        // The rest predicted from the points found round them.
        for index in (0..<(count * count)).filter({ !placed[$0] || underFinder.contains($0) }) {
            guard let local = Self.localAffine(at: module(index), from: known) else { return nil }
            points[index] = local.apply(module(index))
        }
        // Most patterns must be where the grid says: otherwise this is not a code of this size.
        guard found * 2 >= count * count - 3 else { return nil }
    }

    /// Each module read from the picture, row by row: dark when its centre is darker than the mean
    /// of the 9 × 9 modules round it.
    func modules(from picture: GrayImage) -> [Bool] {
        let count = positions.count
        // Each cell's perspective, from its four grid points; the outer bands use the outer cells'.
        var cells: [Homography] = []
        for row in 0..<(count - 1) {
            for column in 0..<(count - 1) {
                let corners = [(column, row), (column + 1, row), (column + 1, row + 1), (column, row + 1)]
                let modules = corners.map { (x: Double(positions[$0.0]) + 0.5, y: Double(positions[$0.1]) + 0.5) }
                let pixels = corners.map { points[$0.1 * count + $0.0] }
                cells.append(Homography(from: modules, to: pixels) ?? .identity)
            }
        }
        func cell(_ module: Int) -> Int {
            var index = 0
            while index < count - 2, module >= positions[index + 1] { index += 1 }
            return index
        }
        let size = dimension
        var shades = [Double](repeating: 0, count: size * size)
        for row in 0..<size {
            for column in 0..<size {
                let centre = cells[cell(row) * (count - 1) + cell(column)].apply(
                    Double(column) + 0.5, Double(row) + 0.5)
                shades[row * size + column] = picture.shade(atX: centre.x, y: centre.y)
            }
        }
        return Self.dark(shades, dimension: size)
    }

    /// Which modules of a code `dimension` modules across are dark, from the shades read at their
    /// centres row by row: those darker than the mean of the 9 × 9 modules round them.
    static func dark(_ shades: [Double], dimension size: Int) -> [Bool] {
        // Sums over the module grid, for the mean round each module.
        let stride = size + 1
        var sums = [Double](repeating: 0, count: stride * stride)
        for row in 0..<size {
            for column in 0..<size {
                sums[(row + 1) * stride + column + 1] =
                    shades[row * size + column] + sums[row * stride + column + 1]
                    + sums[(row + 1) * stride + column] - sums[row * stride + column]
            }
        }
        return (0..<(size * size)).map { index in
            let (row, column) = (index / size, index % size)
            let (top, bottom) = (max(0, row - 4), min(size, row + 5))
            let (left, right) = (max(0, column - 4), min(size, column + 5))
            let total =
                sums[bottom * stride + right] - sums[top * stride + right] - sums[bottom * stride + left]
                + sums[top * stride + left]
            return shades[index] < total / Double((bottom - top) * (right - left))
        }
    }

    /// True when either of the two version blocks (6 × 3 modules beside the finder patterns at the
    /// top right and bottom left) of a code `dimension` modules across, its modules row by row, names
    /// the version of that size, three modules wrong at most (the 18-bit BCH code tells versions
    /// apart by eight).
    static func namesVersion(_ modules: [Bool], dimension: Int) -> Bool {
        let version = (dimension - 17) / 4
        guard version >= 7, modules.count == dimension * dimension else { return false }
        // The version in its high 6 bits, the remainder of dividing by x¹²+x¹¹+x¹⁰+x⁹+x⁸+x⁵+x²+1 low.
        var remainder = version << 12
        for bit in stride(from: 17, through: 12, by: -1) where remainder & (1 << bit) != 0 {
            remainder ^= 0x1F25 << (bit - 12)
        }
        let expected = version << 12 | remainder
        var topRight = 0
        var bottomLeft = 0
        for bit in 0..<18 {
            let (along, across) = (bit / 3, dimension - 11 + bit % 3)
            if modules[along * dimension + across] { topRight |= 1 << bit }
            if modules[across * dimension + along] { bottomLeft |= 1 << bit }
        }
        return min((topRight ^ expected).nonzeroBitCount, (bottomLeft ^ expected).nonzeroBitCount) <= 3
    }

    /// True when the timing patterns of a code `dimension` modules across, its modules row by row,
    /// mostly alternate as they must (row 6 and column 6 between the finder patterns, dark on even
    /// modules), a quarter of their modules wrong at most: a grid of the wrong size or on no code
    /// reads them at random.
    static func timingAlternates(_ modules: [Bool], dimension: Int) -> Bool {
        guard dimension >= 21, modules.count == dimension * dimension else { return false }
        let span = 8...(dimension - 9)
        let wrong =
            span.filter { modules[6 * dimension + $0] != ($0 % 2 == 0) }.count
            + span.filter { modules[$0 * dimension + 6] != ($0 % 2 == 0) }.count
        return wrong * 4 <= 2 * span.count
    }

    /// The modules of a code `dimension` modules across, row by row, drawn upright, `scale` pixels a
    /// module, with a white margin of four modules.
    static func drawn(_ modules: [Bool], dimension: Int, scale: Int = 4) -> GrayImage {
        let margin = 4
        var result = GrayImage(width: (dimension + 2 * margin) * scale, height: (dimension + 2 * margin) * scale)
        for (index, dark) in modules.enumerated() where dark {
            let (row, column) = (index / dimension, index % dimension)
            for y in 0..<scale {
                for x in 0..<scale { result[(column + margin) * scale + x, (row + margin) * scale + y] = 0 }
            }
        }
        return result
    }

    /// The affine map from modules to pixels that best fits the known points nearest `module`
    /// (weighted by nearness); nil when fewer than three are known.
    static func localAffine(
        at module: (x: Double, y: Double),
        from known: [Correspondence]
    ) -> Affine? {
        guard known.count >= 3 else { return nil }
        let nearest = known.sorted { a, b in
            let da =
                (a.module.x - module.x) * (a.module.x - module.x) + (a.module.y - module.y) * (a.module.y - module.y)
            let db =
                (b.module.x - module.x) * (b.module.x - module.x) + (b.module.y - module.y) * (b.module.y - module.y)
            return da < db
        }.prefix(6)
        // Weighted least squares for x' = a·x + b·y + c (and the same for y'), in coordinates
        // relative to `module`, so the fit is best where it is used.
        var normal = [Double](repeating: 0, count: 9)
        var rightX = [Double](repeating: 0, count: 3)
        var rightY = [Double](repeating: 0, count: 3)
        for point in nearest {
            let dx = point.module.x - module.x
            let dy = point.module.y - module.y
            let weight = 1 / (1 + dx * dx + dy * dy)
            let row = [dx, dy, 1.0]
            for i in 0..<3 {
                for j in 0..<3 { normal[i * 3 + j] += weight * row[i] * row[j] }
                rightX[i] += weight * row[i] * point.pixel.x
                rightY[i] += weight * row[i] * point.pixel.y
            }
        }
        guard let x = solve3(normal, rightX), let y = solve3(normal, rightY) else { return nil }
        return Affine(origin: module, x: x, y: y)
    }

    /// The centre of the alignment pattern within about two modules of `predicted`, with `local`
    /// giving the module's steps in the picture; nil when nothing there looks like one.
    static func alignmentPattern(
        in picture: GrayImage, near predicted: (x: Double, y: Double), local: Affine,
        contrast: (dark: Double, light: Double), reach: Double = 7
    ) -> (x: Double, y: Double)? {
        let across = (x: local.x[0], y: local.y[0])
        let down = (x: local.x[1], y: local.y[1])
        /// How much lighter the light ring is than the dark ring and the centre, sampled at the 25
        /// modules' centres, as a share of the picture's contrast: by their means, and by the darkest
        /// of the light ring against the lightest of the rest (high only when every module agrees).
        func score(_ centre: (x: Double, y: Double)) -> (mean: Double, worst: Double) {
            var (dark, light) = (0.0, 0.0)
            var (lightest, darkest) = (0.0, 255.0)
            for j in -2...2 {
                for i in -2...2 {
                    let shade = picture.shade(
                        atX: centre.x + Double(i) * across.x + Double(j) * down.x,
                        y: centre.y + Double(i) * across.y + Double(j) * down.y)
                    if max(abs(i), abs(j)) == 1 {
                        light += shade
                        darkest = min(darkest, shade)
                    } else {
                        dark += shade
                        lightest = max(lightest, shade)
                    }
                }
            }
            let spread = contrast.light - contrast.dark
            return ((light / 8 - dark / 17) / spread, (darkest - lightest) / spread)
        }
        func offset(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
            (predicted.x + u * across.x + v * down.x, predicted.y + u * across.y + v * down.y)
        }
        var best = (score: -Double.infinity, worst: 0.0, u: 0.0, v: 0.0)
        // Every half module within `reach`, then every tenth round the best.
        let steps = Int(reach * 2)
        for j in -steps...steps {
            for i in -steps...steps {
                let (u, v) = (Double(i) / 2, Double(j) / 2)
                let value = score(offset(u, v))
                if value.mean + value.worst > best.score { best = (value.mean + value.worst, value.worst, u, v) }
            }
        }
        let coarse = best
        for j in -5...5 {
            for i in -5...5 {
                let (u, v) = (coarse.u + Double(i) / 10, coarse.v + Double(j) / 10)
                let value = score(offset(u, v))
                if value.mean + value.worst > best.score { best = (value.mean + value.worst, value.worst, u, v) }
            }
        }
        guard best.worst > 0 else { return nil }
        return offset(best.u, best.v)
    }

    /// A point of the code, in modules, and where it lies in the picture.
    typealias Correspondence = (module: (x: Double, y: Double), pixel: (x: Double, y: Double))

    /// An affine map from modules near `origin` to pixels.
    struct Affine {
        let origin: (x: Double, y: Double)
        /// Pixel x = x[0]·(module x − origin x) + x[1]·(module y − origin y) + x[2]; the same for y.
        let x: [Double]
        let y: [Double]

        func apply(_ module: (x: Double, y: Double)) -> (x: Double, y: Double) {
            let (dx, dy) = (module.x - origin.x, module.y - origin.y)
            return (x[0] * dx + x[1] * dy + x[2], y[0] * dx + y[1] * dy + y[2])
        }
    }

    /// The solution of a 3×3 linear system (row-major), by Cramer's rule; nil when it is singular.
    private static func solve3(_ a: [Double], _ b: [Double]) -> [Double]? {
        func determinant(_ m: [Double]) -> Double {
            m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6])
                + m[2] * (m[3] * m[7] - m[4] * m[6])
        }
        let whole = determinant(a)
        guard abs(whole) > 1e-9 else { return nil }
        return (0..<3).map { column in
            var replaced = a
            for row in 0..<3 { replaced[row * 3 + column] = b[row] }
            return determinant(replaced) / whole
        }
    }
}

extension GrayImage {
    /// The mean shades of the picture's dark and light pixels, split where Otsu's method splits them.
    func darkAndLight() -> (dark: Double, light: Double) {
        let threshold = otsuThreshold()
        var (dark, darkCount, light, lightCount) = (0.0, 0.0, 0.0, 0.0)
        for value in pixels {
            if value <= threshold {
                dark += Double(value)
                darkCount += 1
            } else {
                light += Double(value)
                lightCount += 1
            }
        }
        return (dark / max(1, darkCount), light / max(1, lightCount))
    }
}
