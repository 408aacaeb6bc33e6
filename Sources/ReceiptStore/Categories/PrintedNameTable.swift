/// Values by printed name, for the lookup an import makes for every line it saves.
///
/// An open-addressing table probed with the hash a ``PrintedName`` worked out once: a `Dictionary`
/// would hash that hash again, and keeps its occupancy, keys and values in three places in memory,
/// each a likely cache miss between two lines of an import; here a name's hash, text and value sit
/// together in one slot. Names are equal only byte for byte, as ``ByteKey`` compares them.
struct PrintedNameTable<Value: Sendable>: Sendable {
    private struct Slot: Sendable {
        let name: PrintedName
        var value: Value
    }

    /// Empty before the first name, then a power of two of slots, at most three quarters used.
    private var slots: [Slot?] = []
    /// How many names the table holds.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    /// The value of `name`, or nil when the table does not hold it.
    subscript(name: PrintedName) -> Value? {
        guard let index = slotIndex(of: name) else { return nil }
        return slots[index]?.value
    }

    /// Sets the value of `name`, replacing the one it had.
    mutating func update(_ value: Value, for name: PrintedName) {
        if let index = slotIndex(of: name) {
            slots[index]?.value = value
            return
        }
        if (count + 1) * 4 > slots.count * 3 { grow() }
        place(Slot(name: name, value: value))
        count += 1
    }

    /// Adds the names of `other`, its values replacing those of the names both hold.
    mutating func merge(_ other: PrintedNameTable) {
        for case let slot? in other.slots { update(slot.value, for: slot.name) }
    }

    /// The slot that holds `name`, or nil.
    private func slotIndex(of name: PrintedName) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var index = name.hashed & mask
        // The hashes are compared first: a name's bytes are read only when its hash is the one sought.
        while let hashed = slots[index]?.name.hashed {
            if hashed == name.hashed, slots[index]?.name.key == name.key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Puts a name the table does not hold in the first free slot from its hash on.
    private mutating func place(_ slot: Slot) {
        let mask = slots.count - 1
        var index = slot.name.hashed & mask
        while slots[index] != nil { index = (index + 1) & mask }
        slots[index] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(16, old.count * 2))
        for case let slot? in old { place(slot) }
    }
}
