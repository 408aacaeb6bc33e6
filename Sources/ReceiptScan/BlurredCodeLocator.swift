import Foundation

/// Finds where a QR code probably is in a photo too blurred for its finder patterns to show (a
/// shaken hand, a lens that did not focus): by texture, not by shape. A code is a square of dense
/// edges in every direction, about half of it dark, where receipt text is sparser and lighter; so
/// each cell of 4 × 4 pixels is scored by its edge energy above the photo's quiet level, weighed by
/// how close its dark share comes to a code's, and the connected blobs of high score are the
/// candidates, the squarest, fullest and heaviest first.
enum BlurredCodeLocator {
    /// A candidate: its box in the picture's pixels, and how likely it is a code (larger is likelier).
    struct Candidate: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var rank: Float

        /// The longer side.
        var side: Int { max(width, height) }
    }

    /// Cells are 4 × 4 pixels; scores are averaged over 7 × 7 cells.
    static let cell = 4
    static let window = 7

    /// At most `limit` candidates, likeliest first, none two around the same spot.
    static func candidates(in picture: Plane, limit: Int = 3) -> [Candidate] {
        let (score, dark) = scores(picture)
        guard score.width > 0, score.height > 0, let top = score.values.max(), top > 0 else { return [] }
        var found: [Candidate] = []
        for share: Float in [0.5, 0.35] {
            components(
                of: score, dark: dark, in: (0, 0, score.width, score.height), above: share * top, depth: 0,
                into: &found)
        }
        found.sort { $0.rank > $1.rank }
        var kept: [Candidate] = []
        for candidate in found {
            let centre = (
                x: Float(candidate.x) + Float(candidate.width) / 2, y: Float(candidate.y) + Float(candidate.height) / 2
            )
            let side = Float(candidate.side)
            let repeated = kept.contains { other in
                let otherSide = Float(other.side)
                return abs(centre.x - Float(other.x) - Float(other.width) / 2) < 0.25 * side
                    && abs(centre.y - Float(other.y) - Float(other.height) / 2) < 0.25 * side
                    && (0.7...1.4).contains(side / otherSide)
            }
            if repeated { continue }
            kept.append(candidate)
            if kept.count == limit { break }
        }
        return kept
    }

    /// The score of each cell, and its share of dark pixels (both averaged over the window).
    static func scores(_ picture: Plane) -> (score: Plane, dark: Plane) {
        // Gradients of the picture smoothed over 2 × 2, so that noise counts less.
        let smooth = picture.blockMeans(2)
        let (across, down) = smooth.gradients()
        var energy = Plane(width: smooth.width, height: smooth.height)
        for index in energy.values.indices {
            energy.values[index] = abs(across.values[index]) + abs(down.values[index])
        }
        energy = energy.blockMeans(cell / 2)
        // Dark against the local light: below the middle of the lightest and darkest cells around.
        let means = picture.blockMeans(cell).boxMeans(3)
        let white = means.maxima(25)
        let black = means.minima(25)
        var dark = Plane(width: min(means.width, energy.width), height: min(means.height, energy.height))
        let perCell = 1 / Float(cell * cell)
        for cellY in 0..<dark.height {
            for cellX in 0..<dark.width {
                let middle = (white[cellX, cellY] + black[cellX, cellY]) / 2
                var count = 0
                for y in (cellY * cell)..<(cellY * cell + cell) {
                    for x in (cellX * cell)..<(cellX * cell + cell) where picture[x, y] < middle { count += 1 }
                }
                dark[cellX, cellY] = Float(count) * perCell
            }
        }
        energy = energy.cropped(x: 0, y: 0, width: dark.width, height: dark.height)
        let darkShare = dark.boxMeans(window)
        let edges = energy.boxMeans(window)
        // Most of a photo is not a code: its lower quartile is the quiet level.
        let sorted = edges.values.sorted()
        let quiet = sorted.isEmpty ? 0 : sorted[sorted.count / 4]
        var score = Plane(width: edges.width, height: edges.height)
        for index in score.values.indices {
            // Codes are half to 60 % dark; text is sparser, blank paper and shadows have no edges.
            let balance = min(max(1 - abs(darkShare.values[index] - 0.55) * 3, 0), 1)
            score.values[index] = max(edges.values[index] - 1.5 * quiet, 0) * balance
        }
        return (score, darkShare)
    }

    /// The blobs of cells scoring above `threshold` inside `box` (cells: x, y, width, height), each
    /// a candidate; a blob that is far from square or full is searched again at a higher threshold,
    /// which parts a code from text it has run into.
    private static func components(
        of score: Plane, dark: Plane, in box: (x: Int, y: Int, width: Int, height: Int), above threshold: Float,
        depth: Int, into found: inout [Candidate]
    ) {
        var label = [Int32](repeating: 0, count: box.width * box.height)
        var next: Int32 = 0
        var stack: [Int] = []
        for start in label.indices where label[start] == 0 {
            let (startX, startY) = (start % box.width, start / box.width)
            guard score[box.x + startX, box.y + startY] > threshold else { continue }
            next += 1
            label[start] = next
            stack.append(start)
            var (left, top, right, bottom) = (startX, startY, startX, startY)
            var count = 0
            var mass: Float = 0
            var darkSum: Float = 0
            var peak: Float = 0
            while let index = stack.popLast() {
                let (x, y) = (index % box.width, index / box.width)
                let value = score[box.x + x, box.y + y]
                count += 1
                mass += value
                darkSum += dark[box.x + x, box.y + y]
                peak = max(peak, value)
                (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < box.width && ny < box.height {
                    let neighbour = ny * box.width + nx
                    if label[neighbour] == 0, score[box.x + nx, box.y + ny] > threshold {
                        label[neighbour] = next
                        stack.append(neighbour)
                    }
                }
            }
            let (width, height) = (right - left + 1, bottom - top + 1)
            guard width * height >= 16 else { continue }
            let square = Float(min(width, height)) / Float(max(width, height))
            let fill = Float(count) / Float(width * height)
            let darkness = darkSum / Float(count)
            // A blob over most of the photo is the receipt's text, not a code.
            let vast = Float(height) > 0.6 * Float(score.height) || Float(width) > 0.6 * Float(score.width)
            let rank =
                mass * square * square * min(fill / 0.5, 1) * min(max((darkness - 0.3) / 0.2, 0.1), 1)
                * (vast ? 0.1 : 1)
            found.append(
                Candidate(
                    x: (box.x + left) * cell, y: (box.y + top) * cell, width: width * cell, height: height * cell,
                    rank: rank))
            if square < 0.7 || fill < 0.35, depth < 2 {
                components(
                    of: score, dark: dark, in: (box.x + left, box.y + top, width, height),
                    above: (peak + threshold) / 2, depth: depth + 1, into: &found)
            }
        }
    }
}
