import AccordionSpec
import Foundation
import XCTest
@testable import AccordionSpec

/// The default palette reaches WCAG AA under the default white title, no
/// two of its colours alike, and the guide lists it as it is.
final class PaletteTests: XCTestCase {
    func testEveryColourReachesAAUnderWhite() {
        for colour in Palette.colors {
            let ratio = Contrast.ratio(title: 0xFFFF_FFFF, header: colour, background: 0xFFFF_FFFF)
            XCTAssertGreaterThanOrEqual(ratio, Contrast.minimum, hexColour(colour))
        }
        XCTAssertEqual(Set(Palette.colors).count, Palette.colors.count)
    }

    func testTheGuideListsThePalette() throws {
        let guide = String(decoding: try Repo.bytes("docs/spec-guide.md"), as: UTF8.self)
        let rows = guide.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains(" palette colour ") == false }
            .filter { line in line.split(separator: "|").first.map { Int($0.trimmingCharacters(in: .whitespaces)) != nil } ?? false }
        let listed = rows.compactMap { row -> (Int, String, String)? in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let index = Int(cells[0]) else { return nil }
            return (index, String(cells[1].split(separator: " ")[0].dropFirst().dropLast()), cells[3])
        }
        XCTAssertEqual(listed.map(\.0), Array(Palette.colors.indices))
        XCTAssertEqual(listed.map(\.1), Palette.colors.map(hexColour))
        XCTAssertEqual(listed.map(\.2), Palette.colors.map {
            Contrast.spelled(Contrast.ratio(title: 0xFFFF_FFFF, header: $0, background: 0xFFFF_FFFF))
        })
    }
}
