import XCTest

/// Placeholder until this module has tests of its own.
final class AccordionModelTestsPlaceholder: XCTestCase {
    func testModuleLinks() {}
}
