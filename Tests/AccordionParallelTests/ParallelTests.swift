import AccordionParallel
import XCTest

/// The queue between the parsing and the composing thread, and the
/// two-thread runner the loader and the checks use, and the value made on first use.
final class ParallelTests: XCTestCase {
    func testItemsArriveInOrderAcrossThreads() {
        let queue = HandoffQueue<Int>(capacity: 4)
        let (received, _) = Parallel.both({ () -> [Int] in
            var received: [Int] = []
            while let item = queue.pop() { received.append(item) }
            return received
        }, {
            for i in 0..<10_000 { XCTAssertTrue(queue.push(i)) }
            queue.finish()
        })
        XCTAssertEqual(received, Array(0..<10_000))
    }

    func testPushWaitsForRoom() {
        // The consumer takes one item only after the producer has queued the
        // capacity: a push beyond it must wait until then.
        let queue = HandoffQueue<Int>(capacity: 2)
        let gate = HandoffQueue<Bool>(capacity: 1)
        let order = TestLog()
        _ = Parallel.concurrently({
            _ = gate.pop()
            order.append { "pop \(queue.pop()!)" }
            while queue.pop() != nil {}
        }, {
            queue.push(1)
            queue.push(2)
            order.append { "full" }
            gate.push(true)
            queue.push(3)  // waits for the pop above
            order.append { "pushed 3" }
            queue.finish()
        })
        XCTAssertEqual(order.lines, ["full", "pop 1", "pushed 3"])
    }

    func testPollNeverWaits() {
        let queue = HandoffQueue<String>(capacity: 3)
        XCTAssertNil(queue.poll(), "empty: nil at once")
        queue.push("a")
        queue.push("b")
        XCTAssertEqual(queue.poll(), "a")
        XCTAssertEqual(queue.pop(), "b")
        XCTAssertNil(queue.poll())
        queue.push("c")
        queue.finish()
        XCTAssertEqual(queue.poll(), "c", "items queued before finish are still taken")
        XCTAssertNil(queue.pop(), "finished and empty")
    }

    func testCancelStopsTheProducer() {
        let queue = HandoffQueue<Int>(capacity: 1)
        var pushes = 0
        _ = Parallel.concurrently({
            _ = queue.pop()
            queue.cancel()
        }, {
            while queue.push(pushes) { pushes += 1 }
        })
        XCTAssertGreaterThanOrEqual(pushes, 1)
        XCTAssertLessThanOrEqual(pushes, 3, "a push waiting for room fails once the consumer cancels")
        XCTAssertFalse(queue.push(99))
        XCTAssertNil(queue.pop())
        XCTAssertNil(queue.poll())
    }

    func testLazyValueIsMadeOnceWhicheverThreadAsksFirst() {
        let made = HandoffQueue<Int>(capacity: 100)
        let lazy = LazyValue<[Int]> {
            made.push(1)
            return Array(0..<1000)
        }
        XCTAssertNil(made.poll(), "nothing made before the first read")
        let (a, b) = Parallel.both({ lazy.value.count }, { lazy.value.reduce(0, +) })
        XCTAssertEqual(a, 1000)
        XCTAssertEqual(b, 499_500)
        XCTAssertEqual(lazy.value.last, 999)
        XCTAssertEqual(made.poll(), 1)
        XCTAssertNil(made.poll(), "made exactly once")
    }

    func testBothReturnsBothResults() {
        let (a, b) = Parallel.both({ (1...1000).reduce(0, +) }, { String(repeating: "x", count: 3) })
        XCTAssertEqual(a, 500_500)
        XCTAssertEqual(b, "xxx")
    }
}

/// A log two threads write to, one line at a time under a mutex (no
/// Foundation in this target): a line is made while the mutex is held, so
/// lines stand in the order their events happened.
private final class TestLog: @unchecked Sendable {
    private let mutex = HandoffQueue<Bool>(capacity: 1)
    private var written: [String] = []
    init() { mutex.push(true) }

    func append(_ line: () -> String) {
        _ = mutex.pop()
        written.append(line())
        mutex.push(true)
    }

    var lines: [String] {
        _ = mutex.pop()
        defer { mutex.push(true) }
        return written
    }
}
