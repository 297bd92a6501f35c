import XCTest

/// Placeholder until this module has tests of its own.
final class AccordionYAMLTestsPlaceholder: XCTestCase {
    func testModuleLinks() {}
}
