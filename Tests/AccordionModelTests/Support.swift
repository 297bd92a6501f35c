import XCTest
@testable import AccordionModel
import AccordionTestSupport

/// The article's demo: three panels VC1…VC3 in a 375×667 container, headers 44.
func demoPanels(headerHeights: [Double] = [44, 44, 44], contentHeights: [Double?] = [nil, nil, nil]) -> [PanelSpec] {
    let colors: [RGBA] = [0x1ABC_9CFF, 0x2ECC_71FF, 0x3498_DBFF]
    return (0..<3).map { index in
        PanelSpec(id: "VC\(index + 1)", title: "Panel \(index + 1)", color: colors[index],
                  headerHeight: headerHeights[index], contentHeight: contentHeights[index])
    }
}

func demoContainer(duration: Double = 0.3, curve: AnimationCurve = .easeInOut, layout: LayoutMode = .fill) -> ContainerSpec {
    var container = ContainerSpec()
    container.duration = duration
    container.curve = curve
    container.layout = layout
    return container
}

func demoModel(duration: Double = 0.3, curve: AnimationCurve = .easeInOut, layout: LayoutMode = .fill,
               panels: [PanelSpec] = demoPanels(), expanded: Int? = 0) -> AccordionContainer {
    AccordionContainer(title: "Demo", container: demoContainer(duration: duration, curve: curve, layout: layout),
                       panels: panels, expandedIndex: expanded)
}

/// Header y of every panel at `time`.
func headerYs(_ model: AccordionContainer, at time: Double) -> [Double] {
    model.layout(at: time).map(\.header.y)
}

/// (index, content rect) of every panel that has a content view at `time`.
func contents(_ model: AccordionContainer, at time: Double) -> [Int: Rect] {
    var result: [Int: Rect] = [:]
    for frame in model.layout(at: time) { if let content = frame.content { result[frame.index] = content } }
    return result
}

/// A compact, comparable spelling of log entries: "time event panel reason".
func describe(_ entries: some Sequence<LogEntry>) -> [String] {
    entries.map { entry in
        var text = "\(rounded(entry.time)) \(entry.event.rawValue)"
        if let panel = entry.panel { text += " \(panel)" }
        if let reason = entry.reason { text += " \(reason.rawValue)" }
        return text
    }
}

/// Times to 6 decimals so float sums print as the hand-written values.
func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

func assertClose(_ actual: [Double], _ expected: [Double], accuracy: Double = 1e-6,
                 file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(actual.count, expected.count, "count", file: file, line: line)
    for (a, e) in zip(actual, expected) {
        XCTAssertEqual(a, e, accuracy: accuracy, "\(actual) vs \(expected)", file: file, line: line)
    }
}

func assertRect(_ actual: Rect?, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                file: StaticString = #filePath, line: UInt = #line) {
    guard let actual else { return XCTFail("no rect", file: file, line: line) }
    XCTAssertEqual(actual.x, x, accuracy: 1e-6, "x", file: file, line: line)
    XCTAssertEqual(actual.y, y, accuracy: 1e-6, "y", file: file, line: line)
    XCTAssertEqual(actual.width, width, accuracy: 1e-6, "width", file: file, line: line)
    XCTAssertEqual(actual.height, height, accuracy: 1e-6, "height", file: file, line: line)
}

/// The curve value computed independently of the model: pure bisection on
/// the Bézier's x polynomial in Bernstein form.
func referenceCurve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bernstein(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if bernstein(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return bernstein(y1, y2, (low + high) / 2)
}

typealias SeededGenerator = SplitMix
