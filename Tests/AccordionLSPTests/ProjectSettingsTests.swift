import XCTest
@testable import AccordionLSP
import AccordionSpec
import AccordionTesting

/// The server finds a document's `.accordion.yaml` as `validate` does (the
/// nearest above it, through the executable's file reader) and applies it
/// to what it reports.
final class ProjectSettingsTests: XCTestCase {
    func testNearestProjectFileAboveTheDocument() {
        let files = ["/repo/.accordion.yaml": "rules: {low-contrast: off}\n", "/repo/deep/.accordion.yaml": "rules: {low-contrast: error}\n"]
        let server = LanguageServer(version: "t", readFile: { path in
            files[path].map { .success(Array($0.utf8)) } ?? .failure(TestFile.SpecUnreadable(reason: "no such file or directory"))
        })
        XCTAssertEqual(server.projectSettings(for: "/repo/specs/a.yaml").levels, ["low-contrast": .off])
        XCTAssertEqual(server.projectSettings(for: "/repo/deep/er/a.yaml").levels, ["low-contrast": .error])
        XCTAssertEqual(server.projectSettings(for: "/elsewhere/a.yaml"), .none)
        XCTAssertEqual(LanguageServer(version: "t").projectSettings(for: "/repo/a.yaml"), .none)
    }

    /// The bodies of the framed messages a call wrote.
    func bodies(_ out: LanguageServer.Output) throws -> [[String: Any]] {
        try out.messages.map { frame in
            let text = String(decoding: frame, as: UTF8.self)
            let body = try XCTUnwrap(text.range(of: "\r\n\r\n")).upperBound
            return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text[body...].utf8)) as? [String: Any])
        }
    }

    /// The diagnostics published for `uri` in `out`, as (code, line) pairs; nil when none were published for it.
    func published(_ out: LanguageServer.Output, _ uri: String) throws -> [[String]]? {
        let notes = try bodies(out).filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
        guard let params = notes.last(where: { ($0["params"] as? [String: Any])?["uri"] as? String == uri })?["params"] as? [String: Any]
        else { return nil }
        return (params["diagnostics"] as? [[String: Any]] ?? []).map { d in
            let start = (d["range"] as? [String: Any])?["start"] as? [String: Any]
            return [d["code"] as? String ?? "", String(start?["line"] as? Int ?? -1)]
        }
    }

    func message(_ method: String, _ params: String, id: Int? = nil) -> MessageDecoder.Frame {
        .message(Array("{\"jsonrpc\":\"2.0\",\(id.map { "\"id\":\($0)," } ?? "")\"method\":\"\(method)\",\"params\":\(params)}".utf8))
    }

    /// The project file's own problems (an unknown rule id, a bad level)
    /// are published at their places: for the file itself when it is open
    /// (following its unsaved text, and the specs it governs with it), and
    /// for it on the disk when it governs an open spec.
    func testProblemsOfTheProjectFileArePublishedWhereTheyAre() throws {
        let bad = "rules:\n  no-such-rule: off\n  low-contrast: loud\n"
        let files = ["/repo/.accordion.yaml": bad]
        var server = LanguageServer(version: "t", debounce: 0, readFile: { path in
            files[path].map { .success(Array($0.utf8)) } ?? .failure(TestFile.SpecUnreadable(reason: "no such file or directory"))
        })
        _ = server.receive([message("initialize", "{\"capabilities\":{}}", id: 1), message("initialized", "{}")], now: 0)
        let spec = "accordion: 1\\npanels: [{id: a, title: A, color: '#FFD60A'}]\\n"
        let opened = server.receive([message("textDocument/didOpen",
            "{\"textDocument\":{\"uri\":\"file:///repo/specs/a.yaml\",\"version\":1,\"text\":\"\(spec)\"}}")], now: 1)
        let onDisk = try XCTUnwrap(try published(opened, "file:///repo/.accordion.yaml"), "\(opened.messages.map { String(decoding: $0, as: UTF8.self) })")
        XCTAssertEqual(Set(onDisk.map { $0[0] }), ["unknown-rule-id", "project-file"], "\(onDisk)")
        XCTAssertEqual(onDisk.map { $0[1] }.sorted(), ["1", "2"], "\(onDisk)")
        // The level it could not read leaves the warning as it is.
        XCTAssertEqual(try published(opened, "file:///repo/specs/a.yaml")?.map { $0[0] }, ["low-contrast"])

        // Opened, it is checked as the editor holds it; fixed, the spec follows it.
        let open = server.receive([message("textDocument/didOpen",
            "{\"textDocument\":{\"uri\":\"file:///repo/.accordion.yaml\",\"version\":1,\"text\":\"rules: {low-contrast: of}\\n\"}}")], now: 2)
        XCTAssertEqual(try published(open, "file:///repo/.accordion.yaml")?.map { $0[0] }, ["project-file"])
        let fixed = server.receive([message("textDocument/didChange",
            "{\"textDocument\":{\"uri\":\"file:///repo/.accordion.yaml\",\"version\":2},\"contentChanges\":[{\"text\":\"rules: {low-contrast: off}\\n\"}]}")], now: 3)
        var all = fixed
        all.messages += server.tick(now: 4).messages
        XCTAssertEqual(try published(all, "file:///repo/.accordion.yaml"), [])
        XCTAssertEqual(try published(all, "file:///repo/specs/a.yaml"), [], "the project now turns low-contrast off")
    }
}
