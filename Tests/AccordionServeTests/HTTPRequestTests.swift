import AccordionServe
import XCTest

final class HTTPRequestTests: XCTestCase {
    func testPlaceholder() {}
}
