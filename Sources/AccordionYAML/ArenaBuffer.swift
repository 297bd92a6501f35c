// Unsafe here: `ArenaBuffer` keeps its elements in memory allocated with
// `realloc` and freed by hand.
// What it buys: reading a node record, a child index or a scalar's bytes is a
// load, with no reference counting of an array buffer (BENCHMARKS.md, "The
// node arena and two threads").
// What keeps it sound: every element access checks its index against
// `count`; an arena is freed once, by the object that owns it
// (`YAMLDocument`, `EventBatch`, or the loader's scratch buffer in a
// `defer`), and pointers into it are used only while that owner lives.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable array of trivial values in memory the document manages by
/// hand: reading an element is a load, with no reference counting of a
/// buffer object (a Swift array in a class property is retained and
/// released around reads, an atomic operation that two threads reading the
/// same tree fight over). Freed by the document that owns it.
struct ArenaBuffer<Element: BitwiseCopyable> {
    private(set) var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

    @inline(__always)
    subscript(i: Int) -> Element {
        get {
            precondition(i >= 0 && i < count, "arena index out of range")
            return base.unsafelyUnwrapped[i]
        }
        nonmutating set {
            precondition(i >= 0 && i < count, "arena index out of range")
            base.unsafelyUnwrapped[i] = newValue
        }
    }

    /// Makes room for `total` elements (capacity that is never written costs
    /// address space, not memory).
    mutating func reserveCapacity(_ total: Int) {
        guard total > capacity else { return }
        let bytes = total * MemoryLayout<Element>.stride
        guard let raw = realloc(base.map { UnsafeMutableRawPointer($0) }, max(bytes, 1)) else {
            fatalError("out of memory growing the document arena to \(bytes) bytes")
        }
        base = raw.bindMemory(to: Element.self, capacity: total)
        capacity = total
    }

    @inline(__always)
    private mutating func grow(toHold total: Int) {
        if total > capacity { reserveCapacity(Swift.max(total, capacity * 2, 64)) }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        grow(toHold: count + 1)
        base.unsafelyUnwrapped[count] = element
        count += 1
    }

    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress, elements.count > 0 else { return }
        grow(toHold: count + elements.count)
        (base.unsafelyUnwrapped + count).update(from: source, count: elements.count)
        count += elements.count
    }

    mutating func append<C: Collection>(contentsOf elements: C) where C.Element == Element {
        grow(toHold: count + elements.count)
        for e in elements {
            base.unsafelyUnwrapped[count] = e
            count += 1
        }
    }

    /// Drops the elements from `start` on.
    mutating func removeAll(from start: Int) {
        precondition(start >= 0 && start <= count)
        count = start
    }

    /// A copy of the elements from `start` on.
    func array(from start: Int) -> [Element] {
        Array(UnsafeBufferPointer(start: base.map { $0 + start }, count: count - start))
    }

    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    func deallocate() {
        free(base)
    }
}
