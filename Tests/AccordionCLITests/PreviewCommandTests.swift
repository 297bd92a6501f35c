import Foundation
import XCTest

/// `preview` and `--watch` refusals that need no browser and no running
/// server: each is a usage or I/O error (exit 2) before anything listens or
/// watches. The live behaviour is Tests/Browser/preview_test.py's.
final class PreviewCommandTests: XCTestCase {
    private let demo = "samples/article-demo.yaml"

    func testUsageErrorsComeBeforeAnythingListens() throws {
        let cases: [([String], String)] = [
            (["preview", "--port", "70000", demo], "--port needs a whole number 0…65535 (got '70000'); 0 takes a free port"),
            (["preview", "--port", "-1", demo], "--port needs a whole number 0…65535 (got '-1'); 0 takes a free port"),
            (["preview", "--port", "+80", demo], "--port needs a whole number 0…65535 (got '+80'); 0 takes a free port"),
            (["preview", "--host", "example.com", demo], "--host needs an IP address such as 127.0.0.1 or ::1, or localhost (got 'example.com')"),
            (["preview", "-"], "preview watches a file; give a file name, not '-'"),
            (["validate", "--watch", "-"], "--watch needs files; standard input cannot be watched"),
            (["validate", "--watch", "--schema", "-", demo], "--watch needs files; standard input cannot be watched"),
            (["render", "--watch", demo], "--watch needs --output FILE (a file to rewrite on each change)"),
            (["render", "--watch", "-o", "/tmp/x.html", "-"], "--watch needs a spec file; standard input cannot be watched"),
        ]
        for (args, message) in cases {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.hasPrefix("accordion: error: \(message)\n"), "\(args): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "\(args)")
        }
    }

    func testAFileThatIsNotThereIsAnIOError() throws {
        let r = try CLI.run(["preview", "--port", "0", "no/such/spec.yaml"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "accordion: error: cannot preview 'no/such/spec.yaml': no such file or directory\n")
        let dir = try CLI.run(["preview", "--port", "0", "samples"])
        XCTAssertEqual(dir.status, 2)
        XCTAssertEqual(dir.stderr, "accordion: error: cannot preview 'samples': it is a directory\n")
    }

    func testAPortInUseIsAnIOError() throws {
        // Hold a port on the loopback interface, then ask preview for it.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        XCTAssertTrue(bound)
        XCTAssertEqual(listen(fd, 1), 0)
        let port = UInt16(bigEndian: address.sin_port)
        let r = try CLI.run(["preview", "--port", String(port), demo])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stderr, "accordion: error: cannot listen on port \(port): it is in use; give another --port, "
            + "or --port 0 for a free one\n")
        XCTAssertEqual(r.stdout, "")
    }
}
