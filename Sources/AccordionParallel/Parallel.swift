#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The unsafe parts of this module, and why they are sound:
// - `ResultSlot`, `HandoffQueue` and `LazyValue` are `@unchecked Sendable`:
//   a slot is written by the new thread and read by the calling one only
//   after `pthread_join` (which orders the two); the queue and the lazy
//   value touch their state only with their mutex held.
// - `Unmanaged` carries the job through `pthread_create`'s `void *`
//   argument, retained once and released once by the thread that runs it.
// - The mutex and condition variables live in memory allocated for them
//   (a pthread object must not move), freed in `deinit`.
// What it buys: two cores for `validate` on a large spec (see BENCHMARKS.md).
// What crosses threads is only ever `Sendable`: the work given to the new
// thread is a `@Sendable` closure, and what it returns is `Sendable`.

/// Two pieces of work on two threads, for the few places where a large
/// document has two independent passes (or a producer and a consumer): on
/// the two cores of a CI machine or the many of a laptop, `validate` on a
/// 10 MB spec then takes the time of the longer pass, not of both.
///
/// Plain POSIX threads, so no Foundation is loaded (process start-up is most
/// of the cost of validating a small spec). Used only above a size where
/// the cost of starting a thread is noise.
///
/// `first` runs on the new thread, so it is `@Sendable`: it can share with
/// `second` (which runs on the calling thread and may use anything the
/// caller has) only values that are safe to share.
public enum Parallel {
    /// Runs `first` on a new thread and `second` on the calling one, and
    /// returns both results once both are done. If no thread can be
    /// started, runs them one after the other.
    ///
    /// - Parameters:
    ///   - first: Work for the new thread.
    ///   - second: Work for the calling thread.
    /// - Returns: What `first` and `second` returned.
    public static func both<A: Sendable, B>(_ first: @Sendable () -> A, _ second: () -> B) -> (A, B) {
        var b: B?
        guard let a = concurrently(first, { b = second() }) else { return (first(), second()) }
        return (a, b!)
    }

    /// Runs `first` on a new thread while `second` runs on the calling one,
    /// and returns what `first` returned once both are done. Returns nil,
    /// having run neither, when no thread can be started (for work that
    /// cannot simply run one part after the other, such as a producer and
    /// its consumer).
    ///
    /// - Parameters:
    ///   - first: Work for the new thread.
    ///   - second: Work for the calling thread.
    /// - Returns: What `first` returned, or nil when no thread could start.
    public static func concurrently<A: Sendable>(_ first: @Sendable () -> A, _ second: () -> Void) -> A? {
        let result = ResultSlot<A>()
        let started = withoutActuallyEscaping(first) { first in
            let context = Unmanaged.passRetained(Job { result.value = first() }).toOpaque()
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                job.work()
                return nil
            }, context) == 0 else {
                Unmanaged<Job>.fromOpaque(context).release()
                return false
            }
            second()
            pthread_join(thread, nil)
            return true
        }
        return started ? result.value : nil
    }

    /// `work(0)`, …, `work(count - 1)` on two threads, in index order: each
    /// thread takes the next index from one shared queue (so a thread the
    /// machine pauses leaves what is left to the other, instead of holding
    /// back a half of its own). For many independent files, whose results
    /// are then reported in the order the files were given.
    ///
    /// - Parameters:
    ///   - count: How many pieces of work there are.
    ///   - work: Does piece `index`; runs on either thread.
    /// - Returns: What `work` returned for each index, in index order.
    public static func inOrder<T: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> T) -> [T] {
        let queue = HandoffQueue<Int>(capacity: count)
        for index in 0..<count { queue.push(index) }
        queue.finish()
        let worker = { @Sendable () -> [(Int, T)] in
            var done: [(Int, T)] = []
            while let index = queue.poll() { done.append((index, work(index))) }
            return done
        }
        let (first, second) = both(worker, worker)
        var slots = [T?](repeating: nil, count: count)
        for (index, value) in first + second { slots[index] = value }
        return slots.map { $0! }
    }
}

/// Work handed to another thread.
private final class Job: Sendable {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}

/// Where the new thread leaves its result: written by it, read by the
/// calling thread only after `pthread_join`.
private final class ResultSlot<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}

/// A bounded first-in-first-out handoff between one producing and one
/// consuming thread (a mutex and two condition variables): the producer
/// waits while `capacity` items are queued, the consumer while none are.
/// Either side can stop the other: `finish()` after the last item,
/// `cancel()` when the consumer gives up (a producer's `push` then fails).
/// Every operation holds the mutex, so several threads may also take from
/// one queue filled in advance (each item goes to exactly one of them).
public final class HandoffQueue<Item: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var items: [Item] = []
    private var head = 0
    private let capacity: Int
    private var finished = false
    private var cancelled = false

    /// A queue holding at most `capacity` items at once.
    ///
    /// - Parameter capacity: The most items queued at once (below 1 counts as 1).
    public init(capacity: Int) {
        self.capacity = max(1, capacity)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        changed.deallocate()
    }

    private func locked<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Queues `item`, waiting for room; false when the consumer cancelled.
    ///
    /// - Parameter item: The item to hand over.
    /// - Returns: Whether the item was queued.
    @discardableResult
    public func push(_ item: Item) -> Bool {
        locked {
            while items.count - head >= capacity && !cancelled { pthread_cond_wait(changed, mutex) }
            guard !cancelled else { return false }
            items.append(item)
            pthread_cond_broadcast(changed)
            return true
        }
    }

    /// The next item, waiting for one; nil once the producer finished and
    /// everything was taken, or after `cancel()`.
    ///
    /// - Returns: The next item, or nil when there will be none.
    public func pop() -> Item? {
        locked {
            while head == items.count && !finished && !cancelled { pthread_cond_wait(changed, mutex) }
            guard !cancelled, head < items.count else { return nil }
            return removeFirst()
        }
    }

    /// The next item if one is queued, without waiting (nil otherwise).
    ///
    /// - Returns: The next item, or nil when none is queued yet.
    public func poll() -> Item? {
        locked {
            guard !cancelled, head < items.count else { return nil }
            return removeFirst()
        }
    }

    /// Takes the first queued item and wakes the other side (the lock held,
    /// an item queued).
    private func removeFirst() -> Item {
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        pthread_cond_broadcast(changed)
        return item
    }

    /// The producer's last word: nothing more will be pushed.
    public func finish() {
        locked {
            finished = true
            pthread_cond_broadcast(changed)
        }
    }

    /// The consumer's way out: the producer's pushes fail from now on.
    public func cancel() {
        locked {
            cancelled = true
            pthread_cond_broadcast(changed)
        }
    }
}

/// A value worked out on first use, once, whichever thread asks first (a
/// mutex; the value is never reset). For what most runs never need, such as
/// a file's line index, which only a reported position asks for.
public final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stored: Value?
    private let make: @Sendable () -> Value

    /// A value that `make` computes on the first read of `value`.
    ///
    /// - Parameter make: Computes the value, once.
    public init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The value, computed now if this is the first read.
    public var value: Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let stored { return stored }
        let made = make()
        stored = made
        return made
    }
}
