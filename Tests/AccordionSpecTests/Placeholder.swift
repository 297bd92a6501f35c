import XCTest

/// Placeholder until this module has tests of its own.
final class AccordionSpecTestsPlaceholder: XCTestCase {
    func testModuleLinks() {}
}
