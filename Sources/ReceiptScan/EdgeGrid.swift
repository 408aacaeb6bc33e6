import Foundation

/// A QR code on creased or crumpled paper, its module grid fitted to the code's own module edges.
///
/// Between modules of different shades the picture has an edge, and every such edge lies on a line
/// of the module grid. The grid starts as the perspective that the finder patterns and the corner
/// alignment pattern give; then, round every grid corner, the edges across and down are gathered
/// in module coordinates (four samples a module), and the phase of their spacing (one module) says
/// how far the real grid lies from the assumed one there, up to whole modules. The whole modules
/// are settled outwards from the finder patterns' centres, each corner taking those that bring it
/// nearest its settled neighbours; the shifts are smoothed over the corners round each and the
/// corners moved, in windows that shrink from twelve modules across to four. A crease or a pleat
/// anywhere in the code, where the label's edges show nothing, moves the grid with it. Each module
/// is then read at its centre and the code drawn again upright for the engines, as
/// ``AlignmentGrid`` does: nothing is guessed.
struct EdgeGrid {
    /// Modules across the code.
    let dimension: Int
    /// Modules of margin round the code that the grid also covers (their edges against the code's
    /// outer modules count too).
    static let margin = 2
    /// Grid corners across (and down): `dimension + 2 × margin + 1`.
    let corners: Int
    /// Where each grid corner lies in the picture, row by row, from `-margin` to
    /// `dimension + margin` modules.
    private(set) var points: [(x: Double, y: Double)]

    /// Codes of version 10 or less whose three finder patterns show in `picture` (`finders`, when
    /// they are known already), each drawn upright module by module after its grid is fitted to its
    /// edges, in the three sizes nearest the finder patterns' estimate, those whose timing patterns
    /// alternate: the engines read the one that is right. Larger codes are ``AlignmentGrid``'s:
    /// their grids drift further than half a module.
    static func codes(in picture: GrayImage, finders: [FinderLocator.Finder]? = nil) -> [GrayImage] {
        let finders = Array((finders ?? FinderLocator.finders(in: picture.binarized(), rowStep: 1)).prefix(12))
        let trios = AlignmentGrid.trios(of: finders, apart: 10).prefix(2)
        guard !trios.isEmpty else { return [] }
        let contrast = picture.darkAndLight()
        var drawn: [GrayImage] = []
        for trio in trios {
            let (a, b, c) = (finders[trio.0], finders[trio.1], finders[trio.2])
            let estimate = AlignmentGrid.estimatedVersion(a, b, c)
            let (smallest, largest) = (max(1, estimate - 1), min(10, estimate + 1))
            guard smallest <= largest else { continue }
            for version in smallest...largest {
                guard
                    var grid = EdgeGrid(
                        in: picture, contrast: contrast, topLeft: (a.x, a.y), topRight: (b.x, b.y),
                        bottomLeft: (c.x, c.y), dimension: 17 + 4 * version)
                else { continue }
                // Windows of twelve modules down to four: the wide ones take out what the
                // perspective left, the narrow ones a crease.
                for window in [6, 5, 4, 3, 2] { grid.refine(in: picture, window: window) }
                let modules = grid.modules(from: picture)
                guard AlignmentGrid.timingAlternates(modules, dimension: grid.dimension) else { continue }
                drawn.append(AlignmentGrid.drawn(modules, dimension: grid.dimension))
            }
        }
        return drawn
    }

    /// The grid of the code `dimension` modules across whose finder patterns' centres are given, as
    /// one perspective: through those centres and the alignment pattern nearest the fourth corner
    /// (looked for within four modules of where the three put it), or a parallelogram in a code of
    /// version 1, which has none. `contrast`: the picture's mean dark and light shades.
    init?(
        in picture: GrayImage, contrast: (dark: Double, light: Double), topLeft: (x: Double, y: Double),
        topRight: (x: Double, y: Double), bottomLeft: (x: Double, y: Double), dimension: Int
    ) {
        guard dimension >= 21, (dimension - 17) % 4 == 0 else { return nil }
        self.dimension = dimension
        corners = dimension + 2 * Self.margin + 1
        let far = Double(dimension) - 3.5
        let near = Double(dimension) - 6.5
        let known: [AlignmentGrid.Correspondence] = [
            ((3.5, 3.5), topLeft), ((far, 3.5), topRight), ((3.5, far), bottomLeft),
        ]
        guard let affine = AlignmentGrid.localAffine(at: (near, near), from: known) else { return nil }
        var fourth = (module: (x: far, y: far), pixel: affine.apply((far, far)))
        if dimension > 21 {
            let predicted = affine.apply((near, near))
            fourth = (
                (near, near),
                AlignmentGrid.alignmentPattern(
                    in: picture, near: predicted, local: affine, contrast: contrast, reach: 4) ?? predicted
            )
        }
        guard
            let map = Homography(
                from: [(3.5, 3.5), (far, 3.5), (3.5, far), fourth.module],
                to: [topLeft, topRight, bottomLeft, fourth.pixel])
        else { return nil }
        points = []
        points.reserveCapacity(corners * corners)
        for row in 0..<corners {
            for column in 0..<corners {
                points.append(map.apply(Double(column - Self.margin), Double(row - Self.margin)))
            }
        }
    }

    /// Where a point of the code, in modules from its top left corner, lies in the picture: between
    /// the four grid corners round it, bilinearly.
    func point(_ u: Double, _ v: Double) -> (x: Double, y: Double) {
        let x = min(max(u + Double(Self.margin), 0), Double(corners - 1))
        let y = min(max(v + Double(Self.margin), 0), Double(corners - 1))
        let column = min(Int(x), corners - 2)
        let row = min(Int(y), corners - 2)
        let (ax, ay) = (x - Double(column), y - Double(row))
        let topLeft = points[row * corners + column]
        let topRight = points[row * corners + column + 1]
        let bottomLeft = points[(row + 1) * corners + column]
        let bottomRight = points[(row + 1) * corners + column + 1]
        return (
            (topLeft.x * (1 - ax) + topRight.x * ax) * (1 - ay) + (bottomLeft.x * (1 - ax) + bottomRight.x * ax) * ay,
            (topLeft.y * (1 - ax) + topRight.y * ax) * (1 - ay) + (bottomLeft.y * (1 - ax) + bottomRight.y * ax) * ay
        )
    }

    /// Moves every grid corner to where the module edges of the cells within `window` modules of it
    /// (a square `2 × window` cells across) say the grid lies.
    mutating func refine(in picture: GrayImage, window: Int) {
        let cells = corners - 1
        let steps = 4
        let side = cells * steps
        // The picture read on a fine grid in module coordinates: `steps` samples a module.
        var samples = [Double](repeating: 0, count: side * side)
        for j in 0..<side {
            for i in 0..<side {
                let u = (Double(i) + 0.5) / Double(steps) - Double(Self.margin)
                let v = (Double(j) + 0.5) / Double(steps) - Double(Self.margin)
                let at = point(u, v)
                samples[j * side + i] = picture.shade(atX: at.x, y: at.y)
            }
        }
        // For each module cell, the edges across (and down) weighted by the phase they lie at: the
        // step between samples i and i + 1 lies at (i + 1) / steps modules.
        var across = [(cos: Double, sin: Double, total: Double)](repeating: (0, 0, 0), count: cells * cells)
        var down = across
        // The phase of the step after sample i is (i + 1) / steps of a turn: one of `steps` angles.
        let phases = (0..<steps).map { 2 * Double.pi * Double($0) / Double(steps) }
        let (cosines, sines) = (phases.map { cos($0) }, phases.map { sin($0) })
        for j in 0..<side {
            for i in 0..<side {
                let cell = (j / steps) * cells + i / steps
                if i + 1 < side {
                    let edge = abs(samples[j * side + i + 1] - samples[j * side + i])
                    let phase = (i + 1) % steps
                    across[cell].cos += edge * cosines[phase]
                    across[cell].sin += edge * sines[phase]
                    across[cell].total += edge
                }
                if j + 1 < side {
                    let edge = abs(samples[(j + 1) * side + i] - samples[j * side + i])
                    let phase = (j + 1) % steps
                    down[cell].cos += edge * cosines[phase]
                    down[cell].sin += edge * sines[phase]
                    down[cell].total += edge
                }
            }
        }
        /// How far the grid lies from the assumed one round a corner, in modules, from the edges of
        /// the cells within `window` of it; nothing when they do not agree on a phase.
        func shift(_ sums: [(cos: Double, sin: Double, total: Double)], column: Int, row: Int) -> Double {
            var (c, s, total) = (0.0, 0.0, 0.0)
            for r in max(0, row - window)..<min(cells, row + window) {
                for q in max(0, column - window)..<min(cells, column + window) {
                    let cell = sums[r * cells + q]
                    (c, s, total) = (c + cell.cos, s + cell.sin, total + cell.total)
                }
            }
            guard total > 0, (c * c + s * s).squareRoot() > 0.2 * total else { return 0 }
            return atan2(s, c) / (2 * Double.pi)
        }
        var shifts = [(u: Double, v: Double)](repeating: (0, 0), count: corners * corners)
        for row in 0..<corners {
            for column in 0..<corners {
                shifts[row * corners + column] = (
                    shift(across, column: column, row: row), shift(down, column: column, row: row)
                )
            }
        }
        // A phase says the shift only up to whole modules. The grid is where the finder patterns put
        // it at their centres; from there outwards, each corner takes the whole modules that bring
        // it nearest the corners already settled beside it (a crease moves its neighbourhood
        // smoothly, so the shift between neighbours is well under half a module).
        var settled = [Bool](repeating: false, count: corners * corners)
        var queue: [Int] = []
        let far = dimension - 4 + Self.margin
        for (column, row) in [(3 + Self.margin, 3 + Self.margin), (far, 3 + Self.margin), (3 + Self.margin, far)] {
            let index = row * corners + column
            settled[index] = true
            queue.append(index)
        }
        var next = 0
        while next < queue.count {
            let index = queue[next]
            next += 1
            let (column, row) = (index % corners, index / corners)
            for (q, r) in [(column - 1, row), (column + 1, row), (column, row - 1), (column, row + 1)]
            where q >= 0 && q < corners && r >= 0 && r < corners && !settled[r * corners + q] {
                // The mean of its settled neighbours.
                var (u, v, count) = (0.0, 0.0, 0.0)
                for (x, y) in [(q - 1, r), (q + 1, r), (q, r - 1), (q, r + 1)]
                where x >= 0 && x < corners && y >= 0 && y < corners && settled[y * corners + x] {
                    (u, v, count) = (u + shifts[y * corners + x].u, v + shifts[y * corners + x].v, count + 1)
                }
                let own = shifts[r * corners + q]
                shifts[r * corners + q] = (
                    own.u + (u / count - own.u).rounded(), own.v + (v / count - own.v).rounded()
                )
                settled[r * corners + q] = true
                queue.append(r * corners + q)
            }
        }
        // The shifts smoothed over the corners round each, so that one corner where the edges
        // mislead does not pull the grid away.
        var moved = points
        for row in 0..<corners {
            for column in 0..<corners {
                var (u, v, count) = (0.0, 0.0, 0.0)
                for r in max(0, row - 1)...min(corners - 1, row + 1) {
                    for q in max(0, column - 1)...min(corners - 1, column + 1) {
                        (u, v, count) = (u + shifts[r * corners + q].u, v + shifts[r * corners + q].v, count + 1)
                    }
                }
                moved[row * corners + column] = point(
                    Double(column - Self.margin) + u / count, Double(row - Self.margin) + v / count)
            }
        }
        points = moved
    }

    /// Each module read at its centre, dark or light against the modules round it, row by row.
    func modules(from picture: GrayImage) -> [Bool] {
        var shades = [Double](repeating: 0, count: dimension * dimension)
        for row in 0..<dimension {
            for column in 0..<dimension {
                let centre = point(Double(column) + 0.5, Double(row) + 0.5)
                shades[row * dimension + column] = picture.shade(atX: centre.x, y: centre.y)
            }
        }
        return AlignmentGrid.dark(shades, dimension: dimension)
    }
}
