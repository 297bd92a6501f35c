import AccordionYAML
import XCTest

/// The YAML 1.2 core schema, case by case: every spelling the issue lists,
/// and the near misses that must stay strings.
final class ScalarResolutionTests: XCTestCase {
    static let table: [(text: String, expected: ScalarValue)] = [
        // null
        ("null", .null), ("Null", .null), ("NULL", .null), ("~", .null), ("", .null),
        ("nULL", .string("nULL")), ("nil", .string("nil")), ("None", .string("None")),
        // bool
        ("true", .bool(true)), ("True", .bool(true)), ("TRUE", .bool(true)),
        ("false", .bool(false)), ("False", .bool(false)), ("FALSE", .bool(false)),
        ("tRUE", .string("tRUE")), ("yes", .string("yes")), ("off", .string("off")),
        // int, decimal
        ("0", .int(0)), ("12", .int(12)), ("+12", .int(12)), ("-12", .int(-12)), ("012", .int(12)),
        ("-0", .int(0)), ("9223372036854775807", .int(Int64.max)), ("-9223372036854775808", .int(Int64.min)),
        ("9223372036854775808", .bigInt("9223372036854775808")),
        ("-9223372036854775809", .bigInt("-9223372036854775809")),
        ("+00099999999999999999999", .bigInt("99999999999999999999")),
        ("1_000", .string("1_000")), ("1,000", .string("1,000")), ("12 ", .int(12)),
        // int, octal and hex (no sign allowed)
        ("0o17", .int(15)), ("0o0", .int(0)), ("0o8", .string("0o8")), ("0o", .string("0o")),
        ("-0o7", .string("-0o7")), ("0O17", .string("0O17")),
        ("0x1F", .int(31)), ("0xff", .int(255)), ("0x", .string("0x")), ("+0x1", .string("+0x1")),
        ("-0x1", .string("-0x1")), ("0X1F", .string("0X1F")), ("0xG", .string("0xG")),
        ("0x7FFFFFFFFFFFFFFF", .int(Int64.max)),
        ("0x8000000000000000", .bigInt("9223372036854775808")),
        ("0xFFFFFFFFFFFFFFFFFF", .bigInt("4722366482869645213695")),
        ("0o1777777777777777777777", .bigInt("18446744073709551615")),
        // float
        ("1.5", .float(1.5)), ("-1.5", .float(-1.5)), ("+1.5", .float(1.5)), ("1.", .float(1)),
        (".5", .float(0.5)), ("-.5", .float(-0.5)), ("1e3", .float(1000)), ("1E3", .float(1000)),
        ("1.5e-3", .float(0.0015)), ("2E+2", .float(200)), ("0.0", .float(0)),
        (".", .string(".")), ("1e", .string("1e")), ("e3", .string("e3")), ("1.2.3", .string("1.2.3")),
        ("1e3.5", .string("1e3.5")), ("._5", .string("._5")),
        (".inf", .float(.infinity)), (".Inf", .float(.infinity)), (".INF", .float(.infinity)),
        ("+.inf", .float(.infinity)), ("-.inf", .float(-.infinity)), ("-.Inf", .float(-.infinity)),
        ("-.INF", .float(-.infinity)), (".iNF", .string(".iNF")), ("inf", .string("inf")),
        ("-.nan", .string("-.nan")), ("nan", .string("nan")), (".nAn", .string(".nAn")),
        // strings
        ("hello", .string("hello")), ("2024-01-01", .string("2024-01-01")), ("<<", .string("<<")),
    ]

    func testCoreSchemaTable() throws {
        for (text, expected) in Self.table {
            let root = try load("v: \(text)\n")
            let scalar = try XCTUnwrap(root["v"]?.scalar, "for '\(text)'")
            XCTAssertEqual(scalar.value, expected, "plain scalar '\(text)'")
            XCTAssertEqual(scalar.style, .plain)
        }
    }

    func testNaNVariants() throws {
        for text in [".nan", ".NaN", ".NAN"] {
            guard case .float(let d)? = try load("v: \(text)")["v"]?.scalar?.value else {
                return XCTFail("\(text) is not a float")
            }
            XCTAssertTrue(d.isNaN, text)
        }
    }

    func testQuotedAndBlockScalarsAreStrings() throws {
        let root = try load("a: '12'\nb: \"true\"\nc: |\n  null\nd: >\n  1.5\ne: ''\n")
        XCTAssertEqual(root["a"]?.scalar?.value, .string("12"))
        XCTAssertEqual(root["a"]?.scalar?.style, .singleQuoted)
        XCTAssertEqual(root["b"]?.scalar?.value, .string("true"))
        XCTAssertEqual(root["b"]?.scalar?.style, .doubleQuoted)
        XCTAssertEqual(root["c"]?.scalar?.value, .string("null\n"))
        XCTAssertEqual(root["c"]?.scalar?.style, .literal)
        XCTAssertEqual(root["d"]?.scalar?.value, .string("1.5\n"))
        XCTAssertEqual(root["d"]?.scalar?.style, .folded)
        XCTAssertEqual(root["e"]?.scalar?.value, .string(""))
    }

    func testYAML11BooleanWordsAreRecordedStrings() throws {
        for word in ["y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"] {
            let s = try XCTUnwrap(try load("v: \(word)")["v"]?.scalar)
            XCTAssertEqual(s.value, .string(word))
            XCTAssertTrue(s.isYAML11Boolean, word)
        }
        for text in ["'yes'", "\"no\"", "!!str on", "true", "yess", "nO"] {
            let s = try XCTUnwrap(try load("v: \(text)")["v"]?.scalar)
            XCTAssertFalse(s.isYAML11Boolean, text)
        }
    }

    func testExplicitCoreTags() throws {
        let root = try load("""
        a: !!int "12"
        b: !!str 12
        c: !!float 1
        d: !!bool "true"
        e: !!null ""
        f: !!str
        g: !!int 0x10
        h: !<tag:yaml.org,2002:int> '5'
        i: ! 12
        j: !!float "-.inf"
        k: !!map {x: 1}
        l: !!seq [1]
        """)
        XCTAssertEqual(root["a"]?.scalar?.value, .int(12))
        XCTAssertEqual(root["a"]?.scalar?.tag, "tag:yaml.org,2002:int")
        XCTAssertEqual(root["b"]?.scalar?.value, .string("12"))
        XCTAssertEqual(root["c"]?.scalar?.value, .float(1))
        XCTAssertEqual(root["d"]?.scalar?.value, .bool(true))
        XCTAssertEqual(root["e"]?.scalar?.value, .null)
        XCTAssertEqual(root["f"]?.scalar?.value, .string(""))
        XCTAssertEqual(root["g"]?.scalar?.value, .int(16))
        XCTAssertEqual(root["h"]?.scalar?.value, .int(5))
        XCTAssertEqual(root["i"]?.scalar?.value, .string("12"), "the non-specific tag '!' makes a string")
        XCTAssertEqual(root["j"]?.scalar?.value, .float(-.infinity))
        XCTAssertEqual(root["k"]?.entries?.count, 1)
        XCTAssertEqual(root["l"]?.items?.count, 1)
    }

    func testTagsThatCannotApplyAreLocatedErrors() {
        let cases: [(String, String, String)] = [
            ("v: !!int abc", "'abc' is not an integer, but it is tagged !!int", "1:4"),
            ("v: !!int 1.5", "is not an integer", "1:4"),
            ("v: !!float x", "'x' is not a number", "1:4"),
            ("v: !!bool yes", "'yes' is not a boolean", "1:4"),
            ("v: !!null 0", "'0' is not null", "1:4"),
            ("\nv: !foo x", "the tag !foo is not supported", "2:4"),
            ("v: !!binary aGk=", "the tag !!binary is not supported", "1:4"),
            ("v: !!map x", "!!map is for a mapping, but it is on a scalar", "1:4"),
            ("v: !!seq {a: 1}", "the tag !!seq cannot apply to a mapping", "1:4"),
            ("v: !!str [1]", "the tag !!str cannot apply to a sequence", "1:4"),
            ("v: !local [1]", "the tag !local is not supported", "1:4"),
        ]
        for (text, message, place) in cases {
            let p = problems(text)
            XCTAssertEqual(p.count, 1, text)
            XCTAssertTrue(p.first?.message.contains(message) ?? false, "\(text): \(p.map(\.message))")
            XCTAssertEqual(p.first.map { at($0.span) }, place, text)
            XCTAssertEqual(p.first?.rule, "yaml-tag")
        }
    }

    func testHugeHexIsRefusedNotSlowlyConverted() {
        let p = problems("v: 0x" + String(repeating: "F", count: 5000))
        XCTAssertTrue(p.first?.message.contains("too many to convert exactly") ?? false, "\(p.map(\.message))")
    }

    func testHugeDecimalKeepsEveryDigit() throws {
        let digits = "1" + String(repeating: "0", count: 400)
        XCTAssertEqual(try load("v: \(digits)")["v"]?.scalar?.value, .bigInt(digits))
    }
}
