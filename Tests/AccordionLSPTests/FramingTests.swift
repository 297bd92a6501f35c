import XCTest
@testable import AccordionLSP

final class FramingTests: XCTestCase {
    func testPlaceholder() {}
}
