import AccordionModel

/// Where each id first appears in a stack of panels: the rules look panels
/// up by id for every reference in the script.
///
/// A table of positions into the stack's own specs (open addressing, at
/// most half full), not a `[String: Int]`: the ids are already in the
/// specs, and a dictionary would copy every one into fresh memory, whose
/// first touch alone costs more than the lookups. Ids are
/// hashed and compared as `String`s, so they match exactly as a
/// dictionary's keys would.
struct PanelIDTable {
    /// The stack's specs (shared with it, not copied).
    private let specs: [PanelSpec]
    /// A position into `specs` per slot, -1 for an empty slot; the count is a power of two.
    private var slots: [Int32]
    /// How many ids are indexed.
    private(set) var count = 0

    /// An empty index of `specs`, for at most `capacity` ids.
    init(_ specs: [PanelSpec], capacity: Int) {
        self.specs = specs
        var size = 8
        while size < 2 * capacity { size *= 2 }
        slots = Array(repeating: -1, count: size)
    }

    /// The index of `specs` by every id that is not empty.
    init(_ specs: [PanelSpec]) {
        self.init(specs, capacity: specs.count)
        for i in specs.indices where !specs[i].id.isEmpty { _ = insert(i) }
    }

    /// The position of the first spec with `id`, or nil.
    subscript(id: String) -> Int? {
        let slot = self.slot(of: id)
        return slots[slot] < 0 ? nil : Int(slots[slot])
    }

    /// Indexes the spec at `position` under its id, unless the id is
    /// indexed already: then returns the position it has.
    mutating func insert(_ position: Int) -> Int? {
        let slot = self.slot(of: specs[position].id)
        if slots[slot] >= 0 { return Int(slots[slot]) }
        // At most half full, so a search always meets an empty slot.
        precondition(2 * (count + 1) <= slots.count, "more ids than the index was made for")
        slots[slot] = Int32(position)
        count += 1
        return nil
    }

    /// Every indexed id, in no particular order.
    var ids: [String] { slots.compactMap { $0 < 0 ? nil : specs[Int($0)].id } }

    /// The slot that holds `id`, or the empty slot where it would go.
    private func slot(of id: String) -> Int {
        let mask = slots.count - 1
        var slot = id.hashValue & mask
        while slots[slot] >= 0, specs[Int(slots[slot])].id != id { slot = (slot + 1) & mask }
        return slot
    }
}
