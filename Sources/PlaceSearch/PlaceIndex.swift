import ReceiptCore

/// The places a server knows, searchable nearest-first, exactly by great-circle distance.
///
/// Places sit in a k-d tree over unit vectors (``SphereTree``); a search walks its boxes nearest
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
    /// Slots of each two-letter beginning of a name's words.
    private var byPrefix: [String: [Int32]] = [:]
    /// Names repeat (chains): each is split into words once.
    private var wordsByName: [String: [String]] = [:]
    private var live = 0

    private struct Entry: Sendable {
        let place: Place
        let words: [String]
        let vector: (Double, Double, Double)
        var removed = false
    }

    public init(_ places: some Sequence<Place> = []) {
        for place in places { add(place) }
        rebuild()
    }

    /// Adds a place, or replaces the one with the same id.
    public mutating func insert(_ place: Place) {
        add(place)
        if pending.count > max(1_024, live / 64) { rebuild() }
    }

    public var count: Int { live }

    private mutating func add(_ place: Place) {
        if let old = slotByID[place.id] {
            entries[Int(old)].removed = true
            live -= 1
        }
        let slot = Int32(entries.count)
        let words = wordsByName[place.name] ?? PlaceText.words(place.name)
        wordsByName[place.name] = words
        entries.append(
            Entry(
                place: place, words: words,
                vector: SphereTree.vector(latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)))
        slotByID[place.id] = slot
        pending.append(slot)
        live += 1
        for prefix in Set(words.map { String($0.prefix(2)) }) { byPrefix[prefix, default: []].append(slot) }
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

    public func search(_ query: PlaceQuery) -> PlacePage {
        let wanted = PlaceText.words(query.text)
        var page = PageBuilder(limit: max(1, query.limit), after: query.after, radius: query.radius)
        let center = SphereTree.vector(latitude: query.center.latitude, longitude: query.center.longitude)
        var cutoff = page.cutoff
        let consider = { (slot: Int32) in
            let index = Int(slot)
            // The chord rules out most places before any trigonometry or copying.
            let vector = entries[index].vector
            let dx = vector.0 - center.0
            let dy = vector.1 - center.1
            let dz = vector.2 - center.2
            guard dx * dx + dy * dy + dz * dz <= cutoff, !entries[index].removed,
                wanted.isEmpty || PlaceText.matches(query: wanted, name: entries[index].words)
            else { return }
            let place = entries[index].place
            if page.offer(place, distance: GreatCircle.distance(query.center, place.coordinate)) {
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
        return page.result()
    }

    /// For words whose two-letter beginnings are rare, the few places that can match: reading them
    /// all beats walking the tree past places the text rules out.
    private func rareCandidates(for words: [String]) -> [Int32]? {
        let lists = words.filter { $0.count >= 2 }.map { byPrefix[String($0.prefix(2))] ?? [] }
        guard let smallest = lists.min(by: { $0.count < $1.count }), smallest.count <= max(2_048, live / 32) else {
            return nil
        }
        return smallest
    }
}

/// The best `limit` + 1 places seen so far in (distance, id) order, kept in a max-heap.
private struct PageBuilder {
    let limit: Int
    let after: PlaceCursor?
    let radius: Double?
    private var heap: [PlaceHit] = []

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

    /// Takes the place if it belongs on the page; true when it did.
    @discardableResult
    mutating func offer(_ place: Place, distance: Double) -> Bool {
        if let radius, distance > radius { return false }
        if let after, (distance, place.id) <= (after.distance, after.id) { return false }
        let hit = PlaceHit(place: place, distance: distance)
        if heap.count > limit {
            guard let worst = heap.first, Self.before(hit, worst) else { return false }
            heap[0] = hit
            siftDown(0)
        } else {
            heap.append(hit)
            siftUp(heap.count - 1)
        }
        return true
    }

    func result() -> PlacePage {
        let sorted = heap.sorted(by: Self.before)
        let page = Array(sorted.prefix(limit))
        let next = sorted.count > limit ? page.last.map { PlaceCursor(distance: $0.distance, id: $0.place.id) } : nil
        return PlacePage(hits: page, next: next)
    }

    private static func before(_ a: PlaceHit, _ b: PlaceHit) -> Bool {
        (a.distance, a.place.id) < (b.distance, b.place.id)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.before(heap[parent], heap[child]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < heap.count, Self.before(heap[largest], heap[left]) { largest = left }
            if right < heap.count, Self.before(heap[largest], heap[right]) { largest = right }
            if largest == parent { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}
