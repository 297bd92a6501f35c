import XCTest
@testable import AccordionServe

/// Issue 29: who gets into `accordion preview` when it is full, and when a
/// burst of saves reloads the page.
final class ConnectionPolicyTests: XCTestCase {
    typealias Slot = ConnectionPolicy.Slot<Int>

    private func slots(_ role: ConnectionPolicy.Role, _ count: Int, from id: Int = 0, since: Double = 0) -> [Slot] {
        (0..<count).map { Slot(id: id + $0, role: role, since: since + Double($0)) }
    }

    func testEventStreamsDoNotCountAgainstRequests() {
        let streams = slots(.streaming, ConnectionPolicy.maxStreams, from: 1000)
        XCTAssertEqual(ConnectionPolicy.admitRequest(among: streams), .admit)
        XCTAssertEqual(ConnectionPolicy.admitRequest(among: streams + slots(.waiting, ConnectionPolicy.maxRequests - 1)), .admit)
    }

    /// 70 idle connections (the attack) never keep the page out: at the
    /// limit the oldest one still waiting for its request makes room.
    func testTheOldestWaitingConnectionMakesRoom() {
        let idle = slots(.waiting, ConnectionPolicy.maxRequests, from: 0, since: 10)
        let answering = slots(.answering, 3, from: 500, since: 0)
        // Among the full budget, the oldest waiting one (id 0, accepted at 10) goes; answers being written stay.
        let full = Array(idle.prefix(ConnectionPolicy.maxRequests - 3)) + answering
        XCTAssertEqual(ConnectionPolicy.admitRequest(among: full.shuffled()), .admitClosing(0))
        // With none waiting, the oldest lingering one; with only answers being written, a refusal.
        let lingering = slots(.lingering, 2, from: 700, since: 5) + slots(.answering, ConnectionPolicy.maxRequests - 2, from: 800)
        XCTAssertEqual(ConnectionPolicy.admitRequest(among: lingering), .admitClosing(700))
        XCTAssertEqual(ConnectionPolicy.admitRequest(among: slots(.answering, ConnectionPolicy.maxRequests)), .refuse)
    }

    func testTheOldestStreamMakesRoomForANewOne() {
        let streams = slots(.streaming, ConnectionPolicy.maxStreams, from: 100, since: 1).shuffled()
        XCTAssertEqual(ConnectionPolicy.admitStream(among: streams), .admitClosing(100))
        XCTAssertEqual(ConnectionPolicy.admitStream(among: Array(streams.dropFirst())), .admit)
        // Requests do not count against streams.
        XCTAssertEqual(ConnectionPolicy.admitStream(among: slots(.waiting, 500)), .admit)
    }

    func testTheLimitsAreTheDocumentedOnes() {
        XCTAssertEqual(ConnectionPolicy.maxRequests, 64)
        XCTAssertEqual(ConnectionPolicy.maxStreams, 256)
        XCTAssertEqual(ConnectionPolicy.idleTimeout, 3)
        XCTAssertEqual(ConnectionPolicy.headTimeout, 10)
        // An idle connection is closed well before a head that is being sent.
        XCTAssertLessThan(ConnectionPolicy.idleTimeout, ConnectionPolicy.headTimeout / 2)
    }

    // MARK: - Bursts of saves

    func testASingleSaveIsActedOnAfterTheQuiet() {
        var burst = ChangeBurst()
        XCTAssertNil(burst.due)
        XCTAssertFalse(burst.take(at: 100))
        burst.changed(at: 1)
        burst.changed(at: 1.01)
        XCTAssertEqual(burst.due!, 1.01 + ChangeBurst.settle, accuracy: 1e-9)
        XCTAssertFalse(burst.take(at: 1.05))
        XCTAssertTrue(burst.take(at: 1.07))
        XCTAssertNil(burst.due, "the burst is over")
    }

    /// A save every 10 ms for 10 s: the old rule (quiet for 50 ms) never
    /// fired until the storm ended; now it fires at least every `maxWait`.
    func testAStormOfSavesIsActedOnAtLeastEveryMaxWait() {
        var burst = ChangeBurst()
        var fired: [Double] = []
        var t = 0.0
        while t < 10 {
            burst.changed(at: t)
            // Time passes in 1 ms steps until the next save.
            for step in 1...10 {
                let now = t + Double(step) / 1000
                if burst.take(at: now) { fired.append(now) }
            }
            t += 0.01
        }
        XCTAssertGreaterThanOrEqual(fired.count, Int(10 / ChangeBurst.maxWait) - 1, "\(fired)")
        let gaps = zip(fired.dropFirst(), fired).map { $0 - $1 }
        XCTAssertLessThanOrEqual(gaps.max() ?? .infinity, ChangeBurst.maxWait + 0.011, "\(gaps)")
        XCTAssertLessThanOrEqual(fired.first ?? .infinity, ChangeBurst.maxWait + 0.001)
        XCTAssertLessThan(ChangeBurst.maxWait, 1, "the README promises an update within a second")
    }
}
