import AccordionModel
import Foundation
import XCTest

@testable import AccordionRender

/// The page's player is written as `Sources/AccordionRender/Player/player.js`
/// and compiled in through the generated `PlayerScript`; these tests fail
/// when the two differ, so an edit to the .js file cannot ship without the
/// command that regenerates the Swift copy.
final class PlayerScriptTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let source = "Sources/AccordionRender/Player/player.js"
    static let generated = "Sources/AccordionRender/Generated/PlayerScript.swift"

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: root.appendingPathComponent(relative)))
    }

    /// The command the generated file's header names: the one to run after editing the .js file.
    static func regenerateCommand() throws -> String {
        let text = String(decoding: try bytes(generated), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(4).map(String.init)
        return lines.count > 2 ? lines[2].replacingOccurrences(of: "//   ", with: "") : ""
    }

    func testEmbeddedPlayerIsByteIdenticalToTheFile() throws {
        let file = try Self.bytes(Self.source)
        let embedded = Array(PlayerScript.text.utf8)
        let command = try Self.regenerateCommand()
        XCTAssertEqual(embedded.count, file.count, "\(Self.generated) is stale: run \(command)")
        XCTAssertTrue(embedded == file, "\(Self.generated) is stale: run \(command)")
    }

    /// The generated file says what it is, where it comes from and how to
    /// make it again (the team's convention for generated sources).
    func testGeneratedFileNamesItsSourceAndCommand() throws {
        let text = String(decoding: try Self.bytes(Self.generated), as: UTF8.self)
        let head = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3).map(String.init)
        XCTAssertEqual(head.first, "// GENERATED FILE: do not edit.")
        XCTAssertEqual(head.dropFirst().first, "// Generated from \(Self.source) by:")
        XCTAssertTrue(try Self.regenerateCommand().hasPrefix("scripts/embed-text.sh \(Self.source) \(Self.generated) PlayerScript "))
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
