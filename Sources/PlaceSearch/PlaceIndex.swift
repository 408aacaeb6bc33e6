public import ReceiptCore

/// The places a server knows, searchable nearest-first, exactly by great-circle distance.
///
/// Places sit in a k-d tree over unit vectors (`SphereTree`); a search walks its boxes nearest
/// first and stops as soon as no box can hold a closer place than the page it has. Text queries
/// whose words are rare go through an index of two-letter word beginnings instead. Places added
/// after the tree was built wait in a short list that every search also reads, until there are
/// enough of them to rebuild.
public struct PlaceIndex: Sendable {
    private var entries: [Entry] = []
    private var slotByID: [String: Int32] = [:]
    private var tree = SphereTree()
    /// Slots not in the tree yet.
    private var pending: [Int32] = []
    /// Slots of each two-letter beginning of a name's words (``prefixKey(_:)``).
    private var byPrefix: [UInt64: [Int32]] = [:]
    /// Names repeat (chains): each is split into words once.
    private var wordsByName: [ByteKey: [String]] = [:]
    private var live = 0

    private struct Entry: Sendable {
        let place: Place
        let words: [String]
        let vector: (Double, Double, Double)
        var removed = false
    }

    /// An index over `places`, its tree built at once; a later place with the id of an earlier one
    /// replaces it.
    public init(_ places: some Sequence<Place> = []) {
        let expected = places.underestimatedCount
        entries.reserveCapacity(expected)
        slotByID.reserveCapacity(expected)
        pending.reserveCapacity(expected)
        for place in places { add(place) }
        rebuild()
    }

    /// Adds a place, or replaces the one with the same id.
    public mutating func insert(_ place: Place) {
        add(place)
        if pending.count > max(1_024, live / 64) { rebuild() }
    }

    /// How many places the index holds, replaced ones not counted.
    public var count: Int { live }

    private mutating func add(_ place: Place) {
        let slot = Int32(entries.count)
        // One hash of the id both finds a place it replaces and records the new slot.
        if let old = slotByID.updateValue(slot, forKey: place.id) {
            entries[Int(old)].removed = true
            live -= 1
        }
        let name = ByteKey(place.name)
        let words: [String]
        if let known = wordsByName[name] {
            words = known
        } else {
            words = PlaceText.words(place.name)
            wordsByName[name] = words
        }
        entries.append(
            Entry(
                place: place, words: words,
                vector: SphereTree.vector(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)))
        pending.append(slot)
        live += 1
        // A name has a few words: a list beats a set for leaving out a repeated beginning.
        var prefixes: [UInt64] = []
        for word in words {
            let prefix = Self.prefixKey(word)
            if !prefixes.contains(prefix) {
                prefixes.append(prefix)
                byPrefix[prefix, default: []].append(slot)
            }
        }
    }

    private mutating func rebuild() {
        if entries.count > live * 2 {
            // Mostly replaced places: start over from the live ones.
            let places = entries.filter { !$0.removed }.map(\.place)
            entries = []
            slotByID = [:]
            byPrefix = [:]
            live = 0
            for place in places { add(place) }
        }
        tree = SphereTree(
            points: entries.indices.compactMap { slot in
                entries[slot].removed ? nil : (Int32(slot), entries[slot].vector)
            })
        pending = []
    }

    /// The page of places nearest to the query's point, after its cursor, within its radius and
    /// matching its text: the same answer as measuring every place, at a fraction of the cost.
    public func search(_ query: PlaceQuery) -> PlacePage {
        let wanted = PlaceText.words(query.text)
        var page = PageBuilder(limit: max(1, query.limit), after: query.after, radius: query.radius)
        let center = SphereTree.vector(latitude: query.center.latitude, longitude: query.center.longitude)
        let origin = GreatCircle.Origin(query.center)
        var cutoff = page.cutoff
        let consider = { (slot: Int32) in
            let index = Int(slot)
            // The chord rules out most places before any trigonometry; the page keeps slots, so
            // no place is copied until it is on the page.
            let vector = entries[index].vector
            let dx = vector.0 - center.0
            let dy = vector.1 - center.1
            let dz = vector.2 - center.2
            guard dx * dx + dy * dy + dz * dz <= cutoff, !entries[index].removed,
                wanted.isEmpty || PlaceText.matches(query: wanted, name: entries[index].words)
            else { return }
            let distance = origin.distance(to: entries[index].place.coordinate)
            if page.offer(slot, distance: distance, id: { entries[Int($0)].place.id }) {
                cutoff = page.cutoff
            }
        }
        if let candidates = rareCandidates(for: wanted) {
            for slot in candidates { consider(slot) }
        } else {
            for slot in pending { consider(slot) }
            tree.nearest(
                to: center, cutoff: { cutoff },
                visit: { range in
                    for position in range { consider(tree.slots[position]) }
                })
        }
        return page.result { entries[Int($0)].place }
    }

    /// A word's first two scalars packed in a number: hashing it is far cheaper than hashing a
    /// two-letter String, which building the index does a few million times.
    private static func prefixKey(_ word: String) -> UInt64 {
        var scalars = word.unicodeScalars.makeIterator()
        let first = UInt64(scalars.next()?.value ?? 0)
        let second = UInt64(scalars.next()?.value ?? 0)
        return first << 32 | second
    }

    /// For words whose two-letter beginnings are rare, the few places that can match: reading them
    /// all beats walking the tree past places the text rules out.
    private func rareCandidates(for words: [String]) -> [Int32]? {
        let lists = words.filter { $0.unicodeScalars.count >= 2 }.map { byPrefix[Self.prefixKey($0)] ?? [] }
        guard let smallest = lists.min(by: { $0.count < $1.count }), smallest.count <= max(2_048, live / 32) else {
            return nil
        }
        return smallest
    }
}

/// The best `limit` + 1 places seen so far in (distance, id) order, kept in a max-heap of slots.
private struct PageBuilder {
    let limit: Int
    let after: PlaceCursor?
    let radius: Double?
    private var heap: [Candidate] = []

    private struct Candidate {
        let distance: Double
        let slot: Int32
    }

    init(limit: Int, after: PlaceCursor?, radius: Double?) {
        self.limit = limit
        self.after = after
        self.radius = radius
    }

    /// The squared chord beyond which no place can enter the page.
    var cutoff: Double {
        var distance = radius ?? .infinity
        if heap.count > limit, let worst = heap.first { distance = min(distance, worst.distance) }
        return distance.isInfinite ? .infinity : SphereTree.squaredChord(forDistance: distance)
    }

    /// Takes the place in `slot` if it belongs on the page; true when it did. `id` gives a slot's
    /// place id, needed only to order places at the same distance.
    @discardableResult
    mutating func offer(_ slot: Int32, distance: Double, id: (Int32) -> String) -> Bool {
        if let radius, distance > radius { return false }
        if let after, distance < after.distance || (distance == after.distance && id(slot) <= after.id) {
            return false
        }
        let candidate = Candidate(distance: distance, slot: slot)
        if heap.count > limit {
            guard let worst = heap.first, Self.before(candidate, worst, id) else { return false }
            heap[0] = candidate
            siftDown(0, id)
        } else {
            heap.append(candidate)
            siftUp(heap.count - 1, id)
        }
        return true
    }

    func result(place: (Int32) -> Place) -> PlacePage {
        let sorted = heap.sorted { a, b in Self.before(a, b) { place($0).id } }
        let page = sorted.prefix(limit).map { PlaceHit(place: place($0.slot), distance: $0.distance) }
        let next = sorted.count > limit ? page.last.map { PlaceCursor(distance: $0.distance, id: $0.place.id) } : nil
        return PlacePage(hits: page, next: next)
    }

    private static func before(_ a: Candidate, _ b: Candidate, _ id: (Int32) -> String) -> Bool {
        a.distance < b.distance || (a.distance == b.distance && id(a.slot) < id(b.slot))
    }

    private mutating func siftUp(_ start: Int, _ id: (Int32) -> String) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[parent], heap[child], id) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int, _ id: (Int32) -> String) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < heap.count, Self.before(heap[largest], heap[left], id) { largest = left }
            if right < heap.count, Self.before(heap[largest], heap[right], id) { largest = right }
            if largest == parent { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}
