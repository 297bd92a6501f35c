import XCTest

/// Placeholder until this module has tests of its own.
final class JSONSchemaTestsPlaceholder: XCTestCase {
    func testModuleLinks() {}
}
