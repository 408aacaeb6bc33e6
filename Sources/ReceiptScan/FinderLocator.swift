/// Finds where QR codes probably are, cheaply, so that zbar can look at small crops instead of the
/// whole photo: rows of a black-and-white picture are searched for the 1:1:3:1:1 runs that cross a
/// finder pattern at any angle, each hit is checked down its column, hits are merged into finder
/// patterns, and finder patterns close to each other into regions.
enum FinderLocator {
    /// A finder pattern: its centre and the module size it shows.
    struct Finder {
        var x: Double
        var y: Double
        var module: Double
        var hits: Int
    }

    /// Up to `limit` regions, the likeliest first (three finder patterns beat one), none lying
    /// mostly inside a likelier one; rows are searched `rowStep` apart.
    static func regions(in binary: GrayImage, limit: Int = 3, rowStep: Int = 2) -> [CodeRegion] {
        let finders = self.finders(in: binary, rowStep: rowStep)
        var used = Set<Int>()
        var regions: [(region: CodeRegion, score: Int)] = []
        for (index, finder) in finders.enumerated() where !used.contains(index) {
            // The other finders of the same code: similar modules, at most 50 modules away (the
            // diagonal of a version 6 code, larger than a fiscal payload needs).
            var group = [index]
            for (other, candidate) in finders.enumerated() where other != index && !used.contains(other) {
                let ratio = candidate.module / finder.module
                let dx = candidate.x - finder.x
                let dy = candidate.y - finder.y
                let reach = 50 * max(finder.module, candidate.module)
                if ratio > 0.6, ratio < 1.6, dx * dx + dy * dy < reach * reach, group.count < 3 {
                    group.append(other)
                }
            }
            used.formUnion(group)
            let members = group.map { finders[$0] }
            let module = members.map(\.module).reduce(0, +) / Double(members.count)
            // Three finders bound the code; with fewer, the code may lie in any direction.
            let margin = module * (members.count == 3 ? 8 : 40)
            // Three finders are three corners of the code; the fourth lies opposite the one at the
            // right angle, and a turned code reaches well beyond the other three.
            var corners = members.map { (x: $0.x, y: $0.y) }
            if let fourth = fourthCorner(corners) { corners.append(fourth) }
            let xs = corners.map(\.x)
            let ys = corners.map(\.y)
            let left = max(0, Int((xs.min() ?? 0) - margin))
            let top = max(0, Int((ys.min() ?? 0) - margin))
            let right = min(binary.width, Int((xs.max() ?? 0) + margin))
            let bottom = min(binary.height, Int((ys.max() ?? 0) + margin))
            guard right - left > 8, bottom - top > 8 else { continue }
            let region = CodeRegion(
                x: left, y: top, width: right - left, height: bottom - top, module: module, finders: members.count)
            regions.append((region, members.count * 1_000 + members.map(\.hits).reduce(0, +)))
        }
        var chosen: [CodeRegion] = []
        for (region, _) in regions.sorted(by: { $0.score > $1.score })
        where chosen.count < limit && !chosen.contains(where: { $0.overlaps(region) }) {
            chosen.append(region)
        }
        return chosen
    }

    /// The corner a square has besides three given ones: opposite the corner between the two
    /// shortest sides.
    static func fourthCorner(_ corners: [(x: Double, y: Double)]) -> (x: Double, y: Double)? {
        guard corners.count == 3 else { return nil }
        func squared(_ a: Int, _ b: Int) -> Double {
            let dx = corners[a].x - corners[b].x
            let dy = corners[a].y - corners[b].y
            return dx * dx + dy * dy
        }
        // The right-angle corner is the one not on the longest side.
        let sides = [(0, squared(1, 2)), (1, squared(0, 2)), (2, squared(0, 1))]
        guard let apex = sides.max(by: { $0.1 < $1.1 })?.0 else { return nil }
        let others = [0, 1, 2].filter { $0 != apex }
        return (
            corners[others[0]].x + corners[others[1]].x - corners[apex].x,
            corners[others[0]].y + corners[others[1]].y - corners[apex].y
        )
    }

    /// Finder patterns: row hits confirmed down their column, merged when they are the same pattern.
    static func finders(in binary: GrayImage, rowStep: Int = 2) -> [Finder] {
        var found: [Finder] = []
        binary.pixels.withUnsafeBufferPointer { pixels in
            for y in stride(from: 0, to: binary.height, by: max(1, rowStep)) {
                var runs = (0, 0, 0, 0, 0)
                var count = 0
                var current: UInt8 = 255
                var length = 0
                let row = y * binary.width
                for x in 0...binary.width {
                    let value: UInt8 = x < binary.width ? pixels[row + x] : 255
                    if value == current {
                        length += 1
                        continue
                    }
                    runs = (runs.1, runs.2, runs.3, runs.4, length)
                    count += 1
                    // A run of the colour that ends here; five runs ending in dark make a candidate.
                    if current == 0, count >= 5, matches(runs.0, runs.1, runs.2, runs.3, runs.4) {
                        let centre = x - runs.4 - runs.3 - runs.2 / 2 - 1
                        let across = Double(runs.0 + runs.1 + runs.2 + runs.3 + runs.4)
                        if let down = verticalRuns(pixels, binary, x: centre, y: y),
                            down.total > across / 2.2, down.total < across * 2.2
                        {
                            add(Finder(x: Double(centre), y: down.centre, module: (across + down.total) / 14, hits: 1))
                        }
                    }
                    current = value
                    length = 1
                }
            }
        }
        func add(_ finder: Finder) {
            // Texture that looks like finder patterns everywhere is not worth following further.
            guard found.count < 400 else { return }
            for index in found.indices {
                let other = found[index]
                let dx = other.x - finder.x
                let dy = other.y - finder.y
                let near = 2.5 * max(other.module, finder.module)
                if dx * dx + dy * dy < near * near {
                    let hits = Double(other.hits)
                    found[index] = Finder(
                        x: (other.x * hits + finder.x) / (hits + 1), y: (other.y * hits + finder.y) / (hits + 1),
                        module: (other.module * hits + finder.module) / (hits + 1), hits: other.hits + 1)
                    return
                }
            }
            found.append(finder)
        }
        // A real finder pattern is crossed by many rows; a single hit is texture.
        return found.filter { $0.hits >= 2 }.sorted { $0.hits > $1.hits }
    }

    /// Dark, light, dark three times as long, light, dark: each part within half a module of its
    /// share of seven modules (a module and a half for the middle).
    static func matches(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) -> Bool {
        let total = a + b + c + d + e
        guard total >= 7 else { return false }
        // In sevenths of a module, to stay in integers: each part within half a module of its share.
        let (module, tolerance) = (total, total / 2)
        return abs(7 * a - module) < tolerance && abs(7 * b - module) < tolerance
            && abs(7 * c - 3 * module) < 3 * tolerance && abs(7 * d - module) < tolerance
            && abs(7 * e - module) < tolerance
    }

    /// The runs up and down the column through a row hit's centre: their total length and the
    /// centre of the middle dark run, when they make the same pattern.
    private static func verticalRuns(_ pixels: UnsafeBufferPointer<UInt8>, _ image: GrayImage, x: Int, y: Int) -> (
        total: Double, centre: Double
    )? {
        guard x >= 0, x < image.width, pixels[y * image.width + x] == 0 else { return nil }
        /// The lengths of the dark run the row is in, the light run after it and the dark ring after
        /// that, walking one way from the row.
        func walk(_ step: Int) -> (Int, Int, Int) {
            var lengths = (0, 0, 0)
            var row = y
            var stage = 0
            var colour: UInt8 = 0
            while true {
                row += step
                guard row >= 0, row < image.height else { break }
                let value = pixels[row * image.width + x]
                if value != colour {
                    stage += 1
                    colour = value
                    if stage == 3 { break }
                }
                switch stage {
                case 0: lengths.0 += 1
                case 1: lengths.1 += 1
                default: lengths.2 += 1
                }
            }
            return lengths
        }
        let up = walk(-1)
        let down = walk(1)
        let middle = up.0 + down.0 + 1
        guard up.1 > 0, up.2 > 0, down.1 > 0, down.2 > 0, matches(up.2, up.1, middle, down.1, down.2) else {
            return nil
        }
        let total = up.2 + up.1 + middle + down.1 + down.2
        let centre = Double(y - up.0) + Double(middle) / 2
        return (Double(total), centre)
    }
}
