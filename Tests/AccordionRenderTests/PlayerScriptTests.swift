import AccordionModel
import AccordionTestSupport
import Foundation
import XCTest

@testable import AccordionRender

/// The page's player is written as `Sources/AccordionRender/Player/player.js`
/// and compiled in through the generated `PlayerScript`; these tests fail
/// when the two differ, so an edit to the .js file cannot ship without the
/// command that regenerates the Swift copy.
final class PlayerScriptTests: XCTestCase {
    static let source = "Sources/AccordionRender/Player/player.js"
    static let generated = "Sources/AccordionRender/Generated/PlayerScript.swift"

    func testEmbeddedPlayerIsByteIdenticalToTheFile() throws {
        XCTAssertNil(try GeneratedHeader.staleness(of: Self.generated, embedding: PlayerScript.text, from: Self.source))
    }

    /// The generated file says what it is, where it comes from and how to
    /// make it again (the team's convention for generated sources).
    func testGeneratedFileNamesItsSourceAndCommand() throws {
        XCTAssertEqual(try GeneratedHeader(ofFileAt: Self.generated).problems(
            source: Self.source, commandPrefix: "scripts/embed-text.sh \(Self.source) \(Self.generated) PlayerScript "), [])
    }

    /// The player is inlined into the page: the page holds it whole, once,
    /// and nothing in it ends its script element early.
    func testPageInlinesThePlayerWhole() throws {
        XCTAssertNil(PlayerScript.text.range(of: "</script", options: .caseInsensitive))
        let panels = (0..<3).map { PanelSpec(id: "p\($0)", title: "P\($0)", color: 0xFF, headerHeight: 44) }
        let page = HTMLRender.page(AccordionContainer(title: "t", container: ContainerSpec(), panels: panels,
                                                      expandedIndex: 0).snapshot(at: 0))
        XCTAssertEqual(page.components(separatedBy: PlayerScript.text).count, 2)
        XCTAssertTrue(page.contains("<script>\n" + PlayerScript.text + "</script>\n"))
    }
}
