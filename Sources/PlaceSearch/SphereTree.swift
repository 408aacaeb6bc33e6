import Foundation

/// A k-d tree over points on the unit sphere in 3-D: Euclidean (chord) distance between unit
/// vectors grows with great-circle distance, so boxes of the tree bound great-circle distances
/// exactly, across the antimeridian and at the poles alike.
struct SphereTree: Sendable {
    /// Points in tree order.
    private(set) var x: [Double] = []
    private(set) var y: [Double] = []
    private(set) var z: [Double] = []
    /// The caller's number for each point in tree order.
    private(set) var slots: [Int32] = []
    private var nodes: [Node] = []

    private struct Node: Sendable {
        var start: Int32
        var end: Int32
        var left: Int32 = -1
        var right: Int32 = -1
        var low: (Double, Double, Double)
        var high: (Double, Double, Double)
    }

    static let leafSize = 8

    var isEmpty: Bool { slots.isEmpty }

    init() {}

    /// Builds the tree over points given as (slot, unit vector).
    init(points: [(slot: Int32, vector: (Double, Double, Double))]) {
        var x = points.map(\.vector.0)
        var y = points.map(\.vector.1)
        var z = points.map(\.vector.2)
        var slots = points.map(\.slot)
        var nodes: [Node] = []
        nodes.reserveCapacity(2 * points.count / Self.leafSize + 2)
        if !points.isEmpty {
            // The points are reordered in place, through buffers: no copy-on-write checks per swap.
            x.withUnsafeMutableBufferPointer { x in
                y.withUnsafeMutableBufferPointer { y in
                    z.withUnsafeMutableBufferPointer { z in
                        slots.withUnsafeMutableBufferPointer { slots in
                            var builder = Builder(x: x, y: y, z: z, slots: slots, nodes: nodes)
                            _ = builder.build(0, points.count)
                            nodes = builder.nodes
                        }
                    }
                }
            }
        }
        self.x = x
        self.y = y
        self.z = z
        self.slots = slots
        self.nodes = nodes
    }

    /// Builds the nodes over buffers of the points, reordering them in place.
    private struct Builder {
        let x: UnsafeMutableBufferPointer<Double>
        let y: UnsafeMutableBufferPointer<Double>
        let z: UnsafeMutableBufferPointer<Double>
        let slots: UnsafeMutableBufferPointer<Int32>
        var nodes: [Node]

        /// Builds the node over positions `start..<end`. A leaf's box is measured from its points and
        /// an inner node's is the union of its children's, so every point is read once for boxes; the
        /// axis to split is the widest of a sample, which is all the choice needs.
        mutating func build(_ start: Int, _ end: Int) -> Int32 {
            let nodeIndex = Int32(nodes.count)
            let empty = (Double.infinity, Double.infinity, Double.infinity)
            nodes.append(Node(start: Int32(start), end: Int32(end), low: empty, high: empty))
            guard end - start > SphereTree.leafSize else {
                var low = empty
                var high = (-Double.infinity, -Double.infinity, -Double.infinity)
                for i in start..<end {
                    low = (min(low.0, x[i]), min(low.1, y[i]), min(low.2, z[i]))
                    high = (max(high.0, x[i]), max(high.1, y[i]), max(high.2, z[i]))
                }
                nodes[Int(nodeIndex)].low = low
                nodes[Int(nodeIndex)].high = high
                return nodeIndex
            }
            let axis = widestAxis(start, end)
            let keys = axis == 0 ? x : (axis == 1 ? y : z)
            let middle = (start + end) / 2
            select(start, end, middle, keys: keys)
            let left = build(start, middle)
            let right = build(middle, end)
            let a = nodes[Int(left)]
            let b = nodes[Int(right)]
            nodes[Int(nodeIndex)].left = left
            nodes[Int(nodeIndex)].right = right
            nodes[Int(nodeIndex)].low = (min(a.low.0, b.low.0), min(a.low.1, b.low.1), min(a.low.2, b.low.2))
            nodes[Int(nodeIndex)].high = (max(a.high.0, b.high.0), max(a.high.1, b.high.1), max(a.high.2, b.high.2))
            return nodeIndex
        }

        /// The axis along which a sample of about 256 of the points spreads widest.
        private func widestAxis(_ start: Int, _ end: Int) -> Int {
            var low = (Double.infinity, Double.infinity, Double.infinity)
            var high = (-Double.infinity, -Double.infinity, -Double.infinity)
            for i in stride(from: start, to: end, by: max(1, (end - start) / 256)) {
                low = (min(low.0, x[i]), min(low.1, y[i]), min(low.2, z[i]))
                high = (max(high.0, x[i]), max(high.1, y[i]), max(high.2, z[i]))
            }
            let spread = (high.0 - low.0, high.1 - low.1, high.2 - low.2)
            return spread.0 >= spread.1 && spread.0 >= spread.2 ? 0 : (spread.1 >= spread.2 ? 1 : 2)
        }

        private func swapPoints(_ i: Int, _ j: Int) {
            x.swapAt(i, j)
            y.swapAt(i, j)
            z.swapAt(i, j)
            slots.swapAt(i, j)
        }

        /// Puts the point of rank `k` by `keys` at `k`, smaller ones before it, larger after
        /// (quickselect).
        private func select(_ start: Int, _ end: Int, _ k: Int, keys: UnsafeMutableBufferPointer<Double>) {
            var low = start
            var high = end - 1
            while low < high {
                let pivot = keys[(low + high) / 2]
                var i = low
                var j = high
                while i <= j {
                    while keys[i] < pivot { i += 1 }
                    while keys[j] > pivot { j -= 1 }
                    if i <= j {
                        swapPoints(i, j)
                        i += 1
                        j -= 1
                    }
                }
                if k <= j {
                    high = j
                } else if k >= i {
                    low = i
                } else {
                    return
                }
            }
        }
    }

    /// Visits leaves nearest first: `visit` gets the tree positions of each leaf's points, and the
    /// search stops when the nearest unvisited box is farther (squared chord) than `cutoff()`.
    func nearest(
        to q: (Double, Double, Double), cutoff: () -> Double, visit: (Range<Int>) -> Void
    ) {
        guard !nodes.isEmpty else { return }
        var queue = MinQueue()
        queue.push(boxDistance(nodes[0], q), 0)
        while let (distance, index) = queue.pop() {
            if distance > cutoff() { return }
            let node = nodes[Int(index)]
            if node.left < 0 {
                visit(Int(node.start)..<Int(node.end))
            } else {
                queue.push(boxDistance(nodes[Int(node.left)], q), node.left)
                queue.push(boxDistance(nodes[Int(node.right)], q), node.right)
            }
        }
    }

    /// The squared distance from a point to a node's box.
    private func boxDistance(_ node: Node, _ q: (Double, Double, Double)) -> Double {
        let dx = max(node.low.0 - q.0, 0, q.0 - node.high.0)
        let dy = max(node.low.1 - q.1, 0, q.1 - node.high.1)
        let dz = max(node.low.2 - q.2, 0, q.2 - node.high.2)
        return dx * dx + dy * dy + dz * dz
    }

    /// A binary min-heap of (distance, node).
    private struct MinQueue {
        var items: [(Double, Int32)] = []

        mutating func push(_ distance: Double, _ node: Int32) {
            items.append((distance, node))
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[child].0 < items[parent].0 else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> (Double, Int32)? {
            guard let first = items.first else { return nil }
            let last = items.removeLast()
            guard !items.isEmpty else { return first }
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < items.count, items[left].0 < items[smallest].0 { smallest = left }
                if right < items.count, items[right].0 < items[smallest].0 { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
            return first
        }
    }
}

extension SphereTree {
    /// The unit vector of a latitude and longitude in degrees.
    static func vector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let lat = latitude * .pi / 180
        let lon = longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    /// The squared chord for a great-circle distance in metres, widened a little so that rounding
    /// never prunes a box holding a point at exactly that distance.
    static func squaredChord(forDistance distance: Double) -> Double {
        let angle = min(.pi, distance / GreatCircle.earthRadius)
        let chord = 2 * sin(angle / 2)
        return chord * chord * (1 + 1e-9) + 1e-15
    }
}
