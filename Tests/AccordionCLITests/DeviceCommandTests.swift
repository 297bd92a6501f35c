import Foundation
import XCTest

/// A spec's `device` and `render --device`: the container is the device's
/// safe area, `validate` warns once when a written size loses to it, and a
/// name the format does not know is an error at its place, on the command
/// line as in the spec.
final class DeviceCommandTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("device-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: directory) }

    func spec(_ name: String, _ text: String) throws -> URL {
        let file = directory.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func dump(_ args: [String]) throws -> [String: Any] {
        let r = try CLI.run(["render", "--format", "json"] + args)
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
    }

    func testTheContainerIsTheSafeAreaAndTheDumpSaysWhereItLies() throws {
        let file = try spec("plain.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n")
        // Without a device: as before devices existed, no `device` key, no frame.
        let plain = try dump([file.path])
        XCTAssertNil(plain["device"])
        let container = try XCTUnwrap(plain["container"] as? [String: Any])
        XCTAssertEqual(container["width"] as? Double, 375)
        XCTAssertEqual(container["height"] as? Double, 667)
        XCTAssertNil(container["frame"])

        for (name, screen, insets, area) in [
            ("phone", [393.0, 852], [59.0, 0, 34, 0], [393.0, 759]),
            ("phone-landscape", [852.0, 393], [0.0, 59, 21, 59], [734.0, 372]),
            ("tablet", [820.0, 1180], [24.0, 0, 20, 0], [820.0, 1136]),
            ("none", [375.0, 667], [0.0, 0, 0, 0], [375.0, 667]),
        ] {
            let d = try dump(["--device", name, file.path])
            let device = try XCTUnwrap(d["device"] as? [String: Any], name)
            XCTAssertEqual(device["name"] as? String, name)
            XCTAssertEqual([device["width"], device["height"]].map { $0 as? Double }, screen, name)
            let i = try XCTUnwrap(device["insets"] as? [String: Double], name)
            XCTAssertEqual([i["top"], i["left"], i["bottom"], i["right"]], insets, name)
            let c = try XCTUnwrap(d["container"] as? [String: Any], name)
            XCTAssertEqual([c["width"], c["height"]].map { $0 as? Double }, area, name)
            let frame = try XCTUnwrap(c["frame"] as? [String: Double], name)
            XCTAssertEqual([frame["x"], frame["y"], frame["width"], frame["height"]],
                           [insets[1], insets[0], area[0], area[1]], "\(name): the container's frame on the screen")
        }

        // The spec's device, and --device overriding it; a resize resizes the container, the screen follows.
        let tablet = try spec("tablet.yaml", "accordion: 1\ndevice: tablet\npanels:\n  - {id: a, title: A}\nscript:\n  - resize: {width: 700, height: 900}\n")
        let resized = try dump([tablet.path])
        XCTAssertEqual((resized["container"] as? [String: Any])?["width"] as? Double, 700)
        XCTAssertEqual((resized["device"] as? [String: Any])?["height"] as? Double, 944, "900 + 24 + 20")
        let overridden = try dump(["--device", "phone", "--no-script", tablet.path])
        XCTAssertEqual((overridden["device"] as? [String: Any])?["name"] as? String, "phone")
        XCTAssertEqual((overridden["container"] as? [String: Any])?["height"] as? Double, 759)
        // The rules that read the container's size read the safe area: 20 headers of 44 pt do not fit 759 pt.
        let tall = try spec("tall.yaml", "accordion: 1\ndevice: phone\npanels:\n" + (0..<20).map { "  - {id: p\($0), title: P\($0)}\n" }.joined())
        let v = try CLI.run(["validate", tall.path])
        XCTAssertTrue(v.stdout.contains("759"), v.stdout)
    }

    /// `drive --device` drives the container the device shows: its snapshot is
    /// `render --device`'s dump of the same moment, and a tap's frames are the
    /// safe area's (a phone-landscape screen's container is 734 wide).
    func testDriveOnADeviceDrivesItsSafeArea() throws {
        let file = try spec("drive.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n  - {id: b, title: B}\n")
        let r = try CLI.run(["drive", "--device", "phone-landscape", file.path],
                            stdin: Data("{\"snapshot\": true}\n{\"tap\": \"b\"}\n{\"snapshot\": {\"at\": 5}}\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertEqual(lines.count, 3, r.stdout)
        let first = try XCTUnwrap(lines[0]?["snapshot"] as? [String: Any], r.stdout)
        XCTAssertEqual((first["device"] as? [String: Any])?["name"] as? String, "phone-landscape")
        let rendered = try dump(["--device", "phone-landscape", file.path])
        XCTAssertEqual((first["container"] as? [String: Any])?["width"] as? Double, 734)
        XCTAssertEqual((first["container"] as? [String: Any])?["height"] as? Double,
                       (rendered["container"] as? [String: Any])?["height"] as? Double)
        let after = try XCTUnwrap(lines[2]?["snapshot"] as? [String: Any], r.stdout)
        let b = try XCTUnwrap((after["panels"] as? [[String: Any]])?[1]["content"] as? [String: Any], r.stdout)
        XCTAssertEqual(b["width"] as? Double, 734)
        let bad = try CLI.run(["drive", "--device", "watch", file.path], stdin: Data())
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("phone-landscape"), bad.stderr)
    }

    func testAWrittenSizeUnderADeviceIsWarnedOnceAtItsPlace() throws {
        let both = try spec("both.yaml", "accordion: 1\ndevice: phone\ncontainer:\n  width: 375\n  height: 667\npanels:\n  - {id: a, title: A}\n")
        let r = try CLI.run(["validate", "--color", "never", both.path])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stdout.contains(both.path + ":4:10: warning: `container.width` and `container.height` are not used: "
                                        + "with `device: phone` the container is the device's safe area, 393 × 759 pt [device-overrides-container-size]"),
                      r.stdout)
        XCTAssertTrue(r.stdout.contains("help: remove `container.width` and `container.height`, or remove `device` to keep this size"), r.stdout)
        XCTAssertTrue(r.stdout.contains("note: the device is set here at " + both.path + ":2:9"), r.stdout)
        XCTAssertEqual(r.stdout.components(separatedBy: "[device-overrides-container-size]").count, 2, "warned once")
        let height = try spec("height.yaml", "accordion: 1\ndevice: tablet\ncontainer: {height: 500}\npanels:\n  - {id: a, title: A}\n")
        XCTAssertTrue(try CLI.run(["validate", height.path]).stdout.contains(height.path + ":3:21: warning: `container.height` is not used"))
        // `none` keeps the written size; --device alone is asked for, not warned about.
        let none = try spec("none.yaml", "accordion: 1\ndevice: none\ncontainer: {width: 320}\npanels:\n  - {id: a, title: A}\n")
        XCTAssertEqual(try CLI.run(["validate", none.path]).stdout, "0 errors, 0 warnings in 1 file\n")
        XCTAssertEqual((try dump([none.path])["container"] as? [String: Any])?["width"] as? Double, 320)
        let sized = try spec("sized.yaml", "accordion: 1\ncontainer: {width: 320}\npanels:\n  - {id: a, title: A}\n")
        let rendered = try CLI.run(["render", "--device", "phone", sized.path])
        XCTAssertEqual(rendered.status, 0)
        XCTAssertEqual(rendered.stderr, "", "no warning for the command line's device")
        XCTAssertNotNil(try CLI.run(["explain", "device-overrides-container-size"]).stdout.range(of: "safe area"))
    }

    func testAnUnknownDeviceIsAnErrorWithItsPlaceAndTheClosestName() throws {
        let typo = try spec("typo.yaml", "accordion: 1\ndevice: phon\npanels:\n  - {id: a, title: A}\n")
        let r = try CLI.run(["validate", "--color", "never", typo.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains(typo.path + ":2:9: error: must be one of `phone`, `phone-landscape`, `tablet`, `none`, `null`, "
                                        + "found a string (\"phon\") [schema-enum]"), r.stdout)
        XCTAssertTrue(r.stdout.contains("help: did you mean `phone`?"), r.stdout)
        let render = try CLI.run(["render", typo.path])
        XCTAssertEqual(render.status, 1, "render reports it as validate does")
        XCTAssertTrue(render.stderr.contains(typo.path + ":2:9: error:"), render.stderr)

        let plain = try spec("plain.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n")
        let bad = try CLI.run(["render", "--device", "watch", plain.path])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("accordion: error: unknown value 'watch' for '--device'; the values are phone, phone-landscape, tablet, none\n"),
                      bad.stderr)
    }

    func testThePictureDrawsTheDeviceOnlyWhenOneIsSet() throws {
        let plain = try spec("plain.yaml", "accordion: 1\npanels:\n  - {id: a, title: A}\n")
        let svg = { (args: [String]) throws -> String in try CLI.run(["render", "--format", "svg"] + args + [plain.path]).stdout }
        let before = try svg([])
        XCTAssertFalse(before.contains("9:41"))
        XCTAssertFalse(before.contains("class=\"glass\""))
        let phone = try svg(["--device", "phone"])
        XCTAssertTrue(phone.contains(">9:41</text>"), "the status bar's time")
        XCTAssertTrue(phone.contains("<rect x=\"133.5\" y=\"11\" width=\"126\" height=\"37\" rx=\"18.5\" fill=\"#000000\"/>"), "the island")
        XCTAssertTrue(phone.contains("<rect x=\"129.5\" y=\"839\" width=\"134\" height=\"5\" rx=\"2.5\" fill=\"#000000\"/>"), "the home indicator")
        XCTAssertTrue(phone.contains("translate(14 73)"), "the container inside the bezel and the 59 pt top inset")
        let dark = try svg(["--device", "phone", "--appearance", "dark"])
        XCTAssertTrue(dark.contains("fill=\"#FFFFFF\">9:41</text>"), "white glyphs in the dark appearance")
        let landscape = try svg(["--device", "phone-landscape"])
        XCTAssertFalse(landscape.contains("9:41"), "no status bar on a phone on its side")
        XCTAssertTrue(landscape.contains("translate(73 14)"), "the container right of the 59 pt left inset")
        let none = try svg(["--device", "none"])
        XCTAssertFalse(none.contains("fill=\"#1C1C1E\" stroke=\"#48484A\""), "no chassis")
        XCTAssertTrue(none.contains("translate(0 0)"))

        // The page: the same markup in the device chrome; none without it.
        let page = try CLI.run(["render", "--format", "html", "--chrome", "device", "--device", "tablet", plain.path]).stdout
        XCTAssertTrue(page.contains("\"insets\":[24,0,20,0],\"screen\":[820,1180,18]"), "the screen around the container")
        XCTAssertTrue(page.contains("9:41"))
        let bare = try CLI.run(["render", "--format", "html", "--chrome", "none", "--device", "tablet", plain.path]).stdout
        XCTAssertFalse(bare.contains("9:41"))
        XCTAssertFalse(try CLI.run(["render", "--format", "html", plain.path]).stdout.contains("\"insets\""))
    }
}
