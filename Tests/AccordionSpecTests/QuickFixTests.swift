import AccordionDiagnostics
import AccordionSpec
import XCTest

/// The quick fix of a problem is the edit its help spells out, applied to
/// the bytes the author wrote: each fixture's fixes, applied, leave a spec
/// without that problem.
final class QuickFixTests: XCTestCase {
    /// `rule: replacement` for each diagnostic that has a fix, in order.
    private func fixes(_ path: String) throws -> [String] {
        let bytes = try Repo.bytes(path)
        return SpecLoader.load(bytes, source: path).diagnostics.compactMap { d in
            d.fix.map { "\(d.rule): \(String(decoding: bytes[$0.start..<$0.end], as: UTF8.self)) -> \($0.replacement)" }
        }
    }

    /// `0xFF0000` (alpha forgotten) is red: both of its warnings make it
    /// 0xFF0000FF, never the green 0x00FF00FF of the value as read.
    func testForgottenAlphaKeepsTheColour() throws {
        XCTAssertEqual(try fixes("Tests/Fixtures/validate/invalid/colour-alpha-forgotten.yaml"), [
            "colour-without-alpha: 0xFF0000 -> 0xFF0000FF",
            "invisible-header: 0xFF0000 -> 0xFF0000FF",
            "colour-without-alpha: 0x3498DB -> 0x3498DBFF",
        ])
        XCTAssertEqual(try fixes("Tests/Fixtures/validate/invalid/invisible-header.yaml"), [
            "invisible-header: 0x1ABC9C00 -> 0x1ABC9CFF",
            "invisible-header: '#3498DB00' -> '#3498DBFF'",
        ])
    }

    func testDurationInMillisecondsBecomesSeconds() throws {
        XCTAssertEqual(try fixes("Tests/Fixtures/validate/invalid/duration-in-milliseconds.yaml"),
                       ["duration-too-long: 300 -> 0.3"])
        // Ten seconds is long, but allowed.
        XCTAssertEqual(placed(loadSpec("accordion: 1\ncontainer: {animation: {duration: 10}}\npanels: [{id: a, title: A}]\n")), [])
    }

    func testYAML11BooleansInBooleanKeys() throws {
        XCTAssertEqual(try fixes("Tests/Fixtures/validate/invalid/boolean-yes.yaml"), [
            "schema-type: off -> false", "schema-type: yes -> true", "schema-type: No -> false",
        ])
        // A quoted 'yes' was written as text on purpose: the type error stands, with no guess.
        let quoted = loadSpec("accordion: 1\npanels: [{id: a, title: A, disabled: 'yes'}]\n")
        XCTAssertEqual(placed(quoted), ["schema-type@2:38"])
        XCTAssertNil(quoted.diagnostics.first?.fix)
    }
}
