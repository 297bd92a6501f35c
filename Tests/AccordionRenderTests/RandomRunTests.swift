import AccordionModel
import Foundation
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import AccordionRender
import AccordionTestSupport

/// Every renderer over many random containers and scripts, mid-transition
/// moments included: the JSON parses, the text drawing stays within 80
/// columns, the SVG is well-formed XML, and nothing traps.
final class RandomRunTests: XCTestCase {
    typealias Seeded = SplitMix

    func randomRun(_ rng: inout Seeded) -> (ContainerSpec, [PanelSpec], Int?, [Step], Double?) {
        var container = ContainerSpec()
        container.width = Double(Int.random(in: 200...900, using: &rng))
        container.height = Double(Int.random(in: 300...1000, using: &rng))
        container.headerHeight = Double(Int.random(in: 1...60, using: &rng))
        container.layout = Bool.random(using: &rng) ? .fill : .fit
        container.duration = [0, 0.1, 0.3, 1][Int.random(in: 0...3, using: &rng)]
        container.curve = [.linear, .easeIn, .easeOut, .easeInOut][Int.random(in: 0...3, using: &rng)]
        container.background = UInt32.random(in: 0...UInt32.max, using: &rng)
        let directions: [WritingDirection?] = [nil, .ltr, .rtl, .auto]
        container.writing = Writing(lang: Bool.random(using: &rng) ? "ar" : nil, dir: directions[Int.random(in: 0...3, using: &rng)])
        let titles = ["Inbox", "設定 and more", "a <b> & \"c\"", "yes", "", "🎉 party", String(repeating: "long ", count: 30),
                      "الشحن (Shipping) 24/7", "👩‍👩‍👧‍👦 עברית ‏e\u{301}"]
        let count = Int.random(in: 0...6, using: &rng)
        let panels = (0..<count).map { i in
            PanelSpec(id: "p\(i)", title: titles[Int.random(in: 0..<titles.count, using: &rng)],
                      color: UInt32.random(in: 0...UInt32.max, using: &rng),
                      titleColor: UInt32.random(in: 0...UInt32.max, using: &rng),
                      headerHeight: Double(Int.random(in: 1...50, using: &rng)),
                      contentHeight: Bool.random(using: &rng) ? Double(Int.random(in: 0...800, using: &rng)) : nil,
                      writing: PanelWriting(panel: Writing(dir: directions[Int.random(in: 0...3, using: &rng)])))
        }
        var steps: [Step] = []
        var clock = 0.0
        for _ in 0..<Int.random(in: 0...6, using: &rng) where count > 0 {
            clock += [0, 0.05, 0.2][Int.random(in: 0...2, using: &rng)]
            let timed = Bool.random(using: &rng) ? clock : nil
            switch Int.random(in: 0...3, using: &rng) {
            case 0, 1: steps.append(Step(.tap(panel: Int.random(in: 0..<count, using: &rng)), at: timed))
            case 2: steps.append(Step(.wait(seconds: 0.1)))
            default: steps.append(Step(.expand(panel: Int.random(in: 0..<count, using: &rng)), at: timed))
            }
        }
        let until: Double? = Bool.random(using: &rng) ? Double.random(in: 0...1.5, using: &rng) : nil
        return (container, panels, count > 0 ? 0 : nil, steps, until)
    }

    func testEveryFormatOverRandomRuns() throws {
        var rng = Seeded(state: 42)
        for run in 0..<150 {
            let (container, panels, expanded, steps, until) = randomRun(&rng)
            let snapshots = ScriptRun.run(title: run % 3 == 0 ? nil : "run \(run)", container: container, panels: panels,
                                          expandedIndex: expanded, steps: steps, until: until, everyStep: true)
            for series in [false, true] {
                let json = Renderer.render(snapshots, format: .json, steps: series)
                XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.utf8)), "run \(run)")
                let text = Renderer.render(snapshots, format: .text, steps: series, color: run % 2 == 0)
                if run % 2 == 1 {
                    for line in text.split(separator: "\n") {
                        XCTAssertLessThanOrEqual(Width.of(String(line)), 80, "run \(run): \(line)")
                    }
                }
                let svg = Renderer.render(snapshots, format: .svg, steps: series)
                let parser = XMLParser(data: Data(svg.utf8))
                XCTAssertTrue(parser.parse(), "run \(run): \(String(describing: parser.parserError))")
                XCTAssertFalse(Renderer.render(snapshots, format: .yaml, steps: series).isEmpty)
            }
        }
    }
}
