import AccordionDiagnostics
import JSONSchema
import XCTest

final class MessageTests: XCTestCase {
    let panel = ##"{"type":"object","additionalProperties":false,"required":["id","title"],"##
        + ##""properties":{"id":{"type":"string","pattern":"^[A-Za-z_][A-Za-z0-9_-]*$"},"title":{"type":"string"},"##
        + ##""color":{"type":"integer"},"headerHeight":{"type":"number","exclusiveMinimum":0},"##
        + ##""layout":{"enum":["fill","fit"]}}}"##

    func testUnknownKeyIsLocatedAtTheKeyWithDidYouMean() {
        let d = problems(panel, "{\"id\": \"a\", \"title\": \"A\",\n \"colour\": 1}")
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d[0].rule, "schema-additional-properties")
        XCTAssertEqual(d[0].message, "unknown key `colour`")
        XCTAssertEqual(d[0].help, "did you mean `color`?")
        XCTAssertEqual(d[0].span.start.line, 2)
        XCTAssertEqual(d[0].span.start.column, 2)
        XCTAssertEqual(d[0].instancePath, "/colour")
        XCTAssertEqual(d[0].schemaPath, "/additionalProperties")
        XCTAssertEqual(problems(panel, #"{"id":"a","title":"A","headerheight":1}"#).first?.help, "did you mean `headerHeight`?")
        XCTAssertEqual(problems(panel, #"{"id":"a","title":"A","zzzzzz":1}"#).first?.help,
                       "allowed keys here: `color`, `headerHeight`, `id`, `layout`, `title`")
    }

    func testTypeBoundsRequiredEnumMessages() {
        let d = problems(panel, #"{"id":"9x","headerHeight":-4,"color":"abc","layout":"fil"}"#)
        let byRule = Dictionary(uniqueKeysWithValues: d.map { ($0.rule, $0) })
        XCTAssertEqual(byRule["schema-type"]?.message, "expected an integer, found a string (\"abc\")")
        XCTAssertEqual(byRule["schema-type"]?.instancePath, "/color")
        XCTAssertEqual(byRule["schema-exclusive-minimum"]?.message, "must be greater than 0, found -4")
        XCTAssertEqual(byRule["schema-required"]?.message, "missing required key `title`")
        XCTAssertEqual(byRule["schema-required"]?.instancePath, "")
        XCTAssertEqual(byRule["schema-required"]?.span.start.column, 1)
        XCTAssertEqual(byRule["schema-enum"]?.message, "must be one of `fill`, `fit`, found a string (\"fil\")")
        XCTAssertEqual(byRule["schema-enum"]?.help, "did you mean `fill`?")
        XCTAssertEqual(byRule["schema-pattern"]?.message, "must match the pattern `^[A-Za-z_][A-Za-z0-9_-]*$`, found \"9x\"")
        XCTAssertEqual(byRule["schema-pattern"]?.schemaPath, "/properties/id/pattern")
        XCTAssertEqual(d.count, 5, "\(d.map(\.message))")
        XCTAssertEqual(problems(#"{"type":"number"}"#, #""abc""#).first?.message, "expected a number, found a string (\"abc\")")
        XCTAssertEqual(problems(#"{"minimum":0}"#, "-4").first?.message, "must be at least 0, found -4")
    }

    func testErrorsAreExhaustiveAndSorted() {
        let d = problems(##"{"items":{"type":"string"}}"##, "[1, \"a\", true, null]")
        XCTAssertEqual(d.map(\.instancePath), ["/0", "/2", "/3"])
    }

    func testOneOfReportsTheClosestBranchOnly() {
        let steps = ##"{"items":{"oneOf":["##
            + ##"{"type":"object","required":["tap"],"additionalProperties":false,"properties":{"tap":{"type":["string","integer"]},"at":{"type":"number","minimum":0}}},"##
            + ##"{"type":"object","required":["wait"],"additionalProperties":false,"properties":{"wait":{"type":"number","minimum":0}}},"##
            + ##"{"type":"object","required":["resize"],"additionalProperties":false,"properties":{"resize":{"type":"object"}}}"##
            + ##"]}}"##
        let wait = problems(steps, #"[{"wait": -1}]"#)
        XCTAssertEqual(wait.map(\.rule), ["schema-minimum"])
        XCTAssertEqual(wait.first?.instancePath, "/0/wait")
        let at = problems(steps, #"[{"tap": "a", "at": "soon"}]"#)
        XCTAssertEqual(at.map(\.rule), ["schema-type"])
        XCTAssertEqual(at.first?.instancePath, "/0/at")
        let typo = problems(steps, #"[{"tapp": "a"}]"#)
        XCTAssertTrue(typo.contains { $0.help == "did you mean `tap`?" }, "\(typo.map { ($0.message, $0.help) })")
        // Discriminated by const: the branch whose const matched explains.
        let kinds = ##"{"oneOf":[{"properties":{"kind":{"const":"a"},"x":{"type":"integer"}},"required":["kind"]},"##
            + ##"{"properties":{"kind":{"const":"b"},"y":{"type":"string"}},"required":["kind"]}]}"##
        let k = problems(kinds, #"{"kind":"b","y":5}"#)
        XCTAssertEqual(k.map(\.instancePath), ["/y"])
        let two = problems(##"{"oneOf":[{"type":"integer"},{"minimum":0}]}"##, "3")
        XCTAssertEqual(two.map(\.rule), ["schema-one-of"])
    }

    func testAnyOfTypeMismatchPrefersTheRightTypedBranch() {
        let d = problems(##"{"anyOf":[{"type":"string","pattern":"^#"},{"type":"integer","minimum":0}]}"##, "-5")
        XCTAssertEqual(d.map(\.rule), ["schema-minimum"])
    }

    func testUniqueItemsPointsAtTheFirstOccurrence() {
        let d = problems(##"{"uniqueItems":true}"##, "[\"a\",\n\"b\",\n\"a\"]")
        XCTAssertEqual(d.count, 1)
        XCTAssertEqual(d[0].span.start.line, 3)
        XCTAssertEqual(d[0].instancePath, "/2")
        XCTAssertEqual(d[0].related.first?.span.start.line, 1)
    }

    func testFalseSchemaAndItemsFalse() {
        let forbidden = problems(##"{"properties":{"a":false}}"##, "{\"b\":1,\n\"a\":1}")
        XCTAssertEqual(forbidden.map(\.rule), ["schema-false"])
        XCTAssertEqual(forbidden.first?.message, "key `a` is not allowed here")
        XCTAssertEqual(forbidden.first?.span.start.line, 2)
        XCTAssertEqual(forbidden.first?.span.start.column, 1)
        XCTAssertEqual(problems(##"{"items":{"not":{}}}"##, "[1]").first?.message, "must not match the schema under `not`, found an integer (1)")
        let d = problems(##"{"prefixItems":[{},{}],"items":false}"##, "[1,2,3,4]")
        XCTAssertEqual(d.map(\.message), ["too many items: at most 2 allowed, found 4"])
        XCTAssertEqual(d.first?.instancePath, "/2")
    }

    func testUnevaluatedPropertiesSuggestsFromAllBranches() {
        let d = problems(##"{"allOf":[{"properties":{"width":true}},{"properties":{"height":true}}],"unevaluatedProperties":false}"##,
                         #"{"heigth":1}"#)
        XCTAssertEqual(d.map(\.rule), ["schema-unevaluated-properties"])
        XCTAssertEqual(d.first?.help, "did you mean `height`?")
    }

    func testPointerEscapingInPaths() {
        let d = problems(##"{"properties":{"a/b":{"properties":{"c~d":{"type":"string"}}}}}"##, #"{"a/b":{"c~d":1}}"#)
        XCTAssertEqual(d.first?.instancePath, "/a~1b/c~0d")
        XCTAssertEqual(d.first?.schemaPath, "/properties/a~1b/properties/c~0d/type")
    }

    func testPatternBudgetIsALocatedDiagnostic() throws {
        let v = try JSONSchemaValidator(schema: json(##"{"properties":{"s":{"pattern":"^(a+)+$"}}}"##))
        let d = v.validate(json(#"{"s":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"}"#))
        XCTAssertEqual(d.map(\.rule), ["schema-pattern-limit"])
        XCTAssertTrue(d.first?.message.contains("1000000 steps") ?? false)
        XCTAssertEqual(d.first?.instancePath, "/s")
    }
}

final class CombinedAlternativeTests: XCTestCase {
    func testWrongKindForEveryAlternativeIsOneMessage() {
        let expanded = ##"{"anyOf":[{"type":"string"},{"type":"integer","minimum":0},{"type":"null"}]}"##
        let d = problems(expanded, "true")
        XCTAssertEqual(d.map(\.message), ["expected a string, an integer or null, found a boolean (true)"])
        XCTAssertEqual(d.map(\.rule), ["schema-type"])
        XCTAssertEqual(problems(expanded, "-1").map(\.rule), ["schema-minimum"])
        let index = problems(##"{"type":["string","integer"]}"##, "1.5")
        XCTAssertEqual(index.first?.message, "expected a string or an integer, found a number (1.5)")
        XCTAssertNil(index.first?.help, "quoting a number is no fix where integers are allowed")
        let c = problems(##"{"oneOf":[{"const":"fill"},{"type":"integer"}]}"##, "1.5")
        XCTAssertEqual(c.map(\.message), ["expected `fill` or an integer, found a number (1.5)"])
    }
}

final class DuplicateNoiseTests: XCTestCase {
    func testSameProblemThroughRefAndSiblingIsReportedOnce() {
        let d = problems(##"{"$defs":{"obj":{"type":"object"}},"$ref":"#/$defs/obj","type":"object","allOf":[{"type":"object"}]}"##, "[]")
        XCTAssertEqual(d.map(\.rule), ["schema-type"])
    }
}

final class KeywordMessageTests: XCTestCase {
    func message(_ schema: String, _ instance: String) -> String? { problems(schema, instance).first?.message }

    func testEveryKeywordFamilySaysWhatIsWrong() {
        XCTAssertEqual(message(##"{"multipleOf":0.5}"##, "1.2"), "must be a multiple of 0.5, found 1.2")
        XCTAssertEqual(message(##"{"maximum":10}"##, "11"), "must be at most 10, found 11")
        XCTAssertEqual(message(##"{"exclusiveMaximum":10}"##, "10"), "must be less than 10, found 10")
        XCTAssertEqual(message(##"{"minLength":3}"##, "\"ab\""), "must be at least 3 characters long, found 2 (\"ab\")")
        XCTAssertEqual(message(##"{"maxLength":1}"##, "\"💩💩\""), "must be at most 1 character long, found 2 (\"💩💩\")")
        XCTAssertEqual(message(##"{"minItems":2}"##, "[1]"), "must have at least 2 items, found 1")
        XCTAssertEqual(message(##"{"maxItems":1}"##, "[1,2]"), "must have at most 1 item, found 2")
        XCTAssertEqual(message(##"{"minProperties":1}"##, "{}"), "must have at least 1 key, found 0")
        XCTAssertEqual(message(##"{"maxProperties":1}"##, #"{"a":1,"b":2}"#), "must have at most 1 key, found 2")
        XCTAssertEqual(message(##"{"const":"fill"}"##, "\"fit\""), "must be `fill`, found a string (\"fit\")")
        XCTAssertEqual(message(##"{"const":{"a":[1,true]}}"##, "1"), "must be `{\"a\": [1, true]}`, found an integer (1)")
        XCTAssertEqual(message(##"{"dependentRequired":{"width":["height"]}}"##, #"{"width":1}"#),
                       "key `height` is required when `width` is present")
        XCTAssertEqual(message(##"{"contains":{"type":"string"}}"##, "[1]"),
                       "must contain at least 1 item matching the `contains` schema, found 0")
        XCTAssertEqual(message(##"{"contains":{"type":"string"},"maxContains":1}"##, #"["a","b"]"#),
                       "must contain at most 1 item matching the `contains` schema, found 2")
        XCTAssertEqual(message(##"{"enum":[]}"##, "1"), "no value is allowed here (`enum` is empty), found an integer (1)")
        XCTAssertEqual(message(##"{"unevaluatedItems":false,"prefixItems":[true]}"##, "[1,2]"), "unexpected item 1: no schema here allows it")
        let names = problems(##"{"propertyNames":{"pattern":"^[a-z]+$"}}"##, "{\"ok\":1,\n\"Bad\":2}")
        XCTAssertEqual(names.map(\.message), ["must match the pattern `^[a-z]+$`, found \"Bad\""])
        XCTAssertEqual(names.first?.span.start.line, 2)
        XCTAssertEqual(names.first?.instancePath, "/Bad")
    }
}
