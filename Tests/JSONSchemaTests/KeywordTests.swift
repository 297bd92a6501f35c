import AccordionDiagnostics
import AccordionYAML
import JSONSchema
import XCTest

final class TypeAndValueKeywordTests: XCTestCase {
    func testBooleanSchemas() {
        expect("true", [("1", true), ("{\"a\":[]}", true)])
        expect("false", [("1", false), ("null", false)])
        expect("{}", [("\"x\"", true)])
    }

    func testTypeIntegerIncludesWholeFloats() {
        expect(#"{"type":"integer"}"#, [("1", true), ("1.0", true), ("-0.0", true), ("1.5", false), ("\"1\"", false),
                                        ("123456789012345678901234567890", true), ("1e300", true)])
        expect(#"{"type":"number"}"#, [("1", true), ("1.5", true), ("\"1\"", false), ("true", false)])
        expect(#"{"type":["string","null"]}"#, [("null", true), ("\"a\"", true), ("0", false)])
        expect(#"{"type":"object"}"#, [("{}", true), ("[]", false)])
        expect(#"{"type":"array"}"#, [("[]", true), ("{}", false)])
        expect(#"{"type":"boolean"}"#, [("false", true), ("0", false)])
        expect(#"{"type":"null"}"#, [("null", true), ("false", false), ("0", false), ("\"\"", false)])
    }

    func testEnumAndConstUseJSONEquality() {
        expect(#"{"enum":[1, "a", null, {"x":[1,2]}]}"#, [("1.0", true), ("\"a\"", true), ("null", true),
                                                          ("{\"x\":[1.0,2]}", true), ("{\"x\":[2,1]}", false), ("true", false)])
        expect(#"{"enum":[false]}"#, [("0", false), ("false", true)])
        expect(#"{"enum":[0]}"#, [("false", false), ("0.0", true)])
        expect(#"{"const":{"a":1,"b":[true]}}"#, [("{\"b\":[true],\"a\":1.0}", true), ("{\"a\":1}", false),
                                                  ("{\"a\":1,\"b\":[true],\"c\":0}", false)])
        expect(#"{"const":[]}"#, [("[]", true), ("{}", false)])
        expect(#"{"const":9007199254740993}"#, [("9007199254740993", true), ("9007199254740992", false)])
        expect(#"{"const":18446744073709551616}"#, [("18446744073709551616", true), ("18446744073709551616.0", true),
                                                    ("18446744073709551617", false)])
    }

    func testNumericBounds() {
        expect(#"{"minimum":1.1}"#, [("1.1", true), ("1", false), ("2", true), ("\"x\"", true)])
        expect(#"{"exclusiveMinimum":0}"#, [("0", false), ("0.0001", true), ("-4", false)])
        expect(#"{"maximum":3}"#, [("3", true), ("3.0", true), ("3.01", false)])
        expect(#"{"exclusiveMaximum":3.0}"#, [("3", false), ("2.9", true)])
        expect(#"{"maximum":9223372036854775807}"#, [("9223372036854775808", false), ("9223372036854775807", true)])
        expect(#"{"minimum":-18446744073709551616}"#, [("-1e30", false), ("-18446744073709551615", true)])
    }

    func testMultipleOf() {
        expect(#"{"multipleOf":2}"#, [("10", true), ("7", false), ("10.0", true), ("\"x\"", true)])
        expect(#"{"multipleOf":1.5}"#, [("4.5", true), ("35", false), ("0", true)])
        expect(#"{"multipleOf":0.0001}"#, [("0.0075", true), ("0.00751", false)])
        expect(#"{"type":"integer","multipleOf":0.123456789}"#, [("1e308", false)])
        expect(#"{"type":"integer","multipleOf":1e-8}"#, [("12391239123", true)])
    }

    func testStringLengthCountsCodePoints() {
        expect(#"{"minLength":2}"#, [("\"💩\"", false), ("\"💩💩\"", true), ("1", true)])
        expect(#"{"maxLength":2}"#, [("\"💩💩\"", true), ("\"abc\"", false), ("\"\u{E9}\\u0301\"", true)])
        expect(#"{"maxLength":1}"#, [("\"e\\u0301\"", false)])  // two scalars, one grapheme
        expect(#"{"minLength":1.0}"#, [("\"\"", false), ("\"a\"", true)])
    }

    func testPatternIsUnanchoredECMA() {
        expect(#"{"pattern":"a+"}"#, [("\"xxaay\"", true), ("\"xyz\"", false), ("12", true)])
        expect(#"{"pattern":"^[a-z]+$"}"#, [("\"abc\"", true), ("\"abc1\"", false)])
        expect(#"{"pattern":"^\\p{Lu}"}"#, [("\"Élan\"", true), ("\"élan\"", false)])
        expect(#"{"pattern":"^.$"}"#, [("\"💩\"", true)])
    }

    func testArrays() {
        expect(#"{"minItems":1,"maxItems":2}"#, [("[]", false), ("[1]", true), ("[1,2,3]", false), ("{}", true)])
        expect(#"{"uniqueItems":true}"#, [("[1,true]", true), ("[1,1.0]", false), ("[0,false]", true),
                                          ("[{\"a\":1,\"b\":2},{\"b\":2,\"a\":1}]", false), ("[[1],[true]]", true),
                                          ("[\"a\",\"b\",\"a\"]", false), ("[]", true), ("[null,null]", false)])
        expect(#"{"uniqueItems":false}"#, [("[1,1]", true)])
        expect(#"{"prefixItems":[{"type":"integer"},{"type":"string"}]}"#,
               [("[1,\"a\"]", true), ("[1]", true), ("[\"a\",1]", false), ("[1,\"a\",null]", true)])
        expect(#"{"prefixItems":[{}],"items":false}"#, [("[1]", true), ("[1,2]", false), ("[]", true)])
        expect(#"{"items":{"type":"integer"}}"#, [("[1,2]", true), ("[1,\"x\"]", false), ("{\"0\":\"x\"}", true)])
        expect(#"{"contains":{"const":1}}"#, [("[2,1]", true), ("[2]", false), ("[]", false), ("{}", true)])
        expect(#"{"contains":{"const":1},"minContains":2,"maxContains":3}"#,
               [("[1]", false), ("[1,1]", true), ("[1,1,1,1]", false), ("[1,2,1]", true)])
        expect(#"{"contains":{"const":1},"minContains":0}"#, [("[]", true), ("[2]", true)])
        expect(#"{"maxContains":1}"#, [("[1,1]", true)])
    }

    func testObjects() {
        expect(#"{"required":["a","b"]}"#, [("{\"a\":1,\"b\":2}", true), ("{\"a\":1}", false), ("[]", true)])
        expect(#"{"minProperties":1,"maxProperties":2}"#, [("{}", false), ("{\"a\":1}", true), ("{\"a\":1,\"b\":1,\"c\":1}", false)])
        expect(#"{"dependentRequired":{"a":["b"]}}"#, [("{\"a\":1}", false), ("{\"a\":1,\"b\":1}", true), ("{\"b\":1}", true)])
        expect(#"{"properties":{"a":{"type":"integer"}},"additionalProperties":false}"#,
               [("{\"a\":1}", true), ("{\"a\":\"x\"}", false), ("{\"b\":1}", false), ("{}", true)])
        expect(#"{"patternProperties":{"^x-":{"type":"string"},"f.*o":{"minimum":1}},"additionalProperties":{"type":"boolean"}}"#,
               [("{\"x-a\":\"s\"}", true), ("{\"x-a\":1}", false), ("{\"afoo\":0}", false), ("{\"afoo\":2}", true),
                ("{\"other\":true}", true), ("{\"other\":1}", false)])
        expect(#"{"propertyNames":{"maxLength":3}}"#, [("{\"abc\":1}", true), ("{\"abcd\":1}", false), ("[]", true)])
        expect(#"{"propertyNames":false}"#, [("{}", true), ("{\"a\":1}", false)])
        expect(#"{"dependentSchemas":{"a":{"required":["b"]}}}"#, [("{\"a\":1}", false), ("{\"a\":1,\"b\":1}", true)])
        expect(#"{"properties":{"a\"b":{"type":"null"}}}"#, [("{\"a\\\"b\":null}", true), ("{\"a\\\"b\":1}", false)])
        expect(#"{"properties":{"__proto__":{"type":"number"},"toString":{"properties":{"length":{"type":"string"}}}}}"#,
               [("{\"__proto__\":\"x\"}", false), ("{\"toString\":{\"length\":1}}", false), ("{\"toString\":{\"length\":\"x\"}}", true)])
    }

    func testLogic() {
        expect(#"{"allOf":[{"type":"integer"},{"minimum":2}]}"#, [("3", true), ("1", false), ("2.5", false)])
        expect(#"{"anyOf":[{"type":"integer"},{"minimum":2}]}"#, [("1", true), ("2.5", true), ("1.5", false)])
        expect(#"{"oneOf":[{"type":"integer"},{"minimum":2}]}"#, [("1", true), ("2.5", true), ("3", false), ("1.5", false)])
        expect(#"{"not":{"type":"integer"}}"#, [("1", false), ("\"a\"", true)])
        expect(#"{"not":{}}"#, [("1", false)])
        expect(#"{"if":{"exclusiveMaximum":0},"then":{"minimum":-10},"else":{"multipleOf":2}}"#,
               [("-1", true), ("-100", false), ("4", true), ("3", false)])
        expect(#"{"then":{"const":1}}"#, [("2", true)])
        expect(#"{"if":true,"then":false}"#, [("1", false)])
        expect(#"{"if":false,"else":false}"#, [("1", false)])
        expect(#"{"allOf":[true,true]}"#, [("1", true)])
        expect(#"{"anyOf":[false,true]}"#, [("1", true)])
        expect(#"{"oneOf":[true,true]}"#, [("1", false)])
    }

    /// Alternatives of `anyOf`/`oneOf` that require a key the value lacks
    /// are ruled out without being applied: every verdict and message is the
    /// one the same alternatives give when each hides its `required` inside
    /// an `allOf` (where nothing is ruled out early). Shared keys, several
    /// required keys, an alternative without `required`, `$ref`s and values
    /// that are not mappings included.
    func testAlternativesRuledOutByAMissingRequiredKey() throws {
        let alternatives = [
            ##"{"$ref":"#/$defs/a"}"##,
            #"{"required":["b"],"properties":{"b":{"type":"string"}},"additionalProperties":false}"#,
            #"{"required":["a","c"],"properties":{"a":{"type":"string"}}}"#,
            #"{"type":"array"}"#,
            #"{"required":["a"],"minProperties":3}"#,
        ]
        let defs = #""$defs":{"a":{"required":["a"],"properties":{"a":{"type":"integer"}}}}"#
        let hiddenDefs = #""$defs":{"a":{"allOf":[{"required":["a"],"properties":{"a":{"type":"integer"}}}]}}"#
        let instances = [#"{"a":1}"#, #"{"b":"x"}"#, #"{"a":1,"b":"x"}"#, #"{"a":"x","c":0}"#, "{}", #"{"c":1}"#,
                         #"{"a":1,"c":2,"d":3}"#, "1", "[]", #"{"b":2}"#, #"[{"a":1}]"#]
        var verdicts: Set<Bool> = []
        for keyword in ["oneOf", "anyOf"] {
            let gated = try XCTUnwrap(validator("{\(defs),\"\(keyword)\":[\(alternatives.joined(separator: ","))]}"))
            let hidden = try XCTUnwrap(validator("{\(hiddenDefs),\"\(keyword)\":["
                + alternatives.map { "{\"allOf\":[\($0)]}" }.joined(separator: ",") + "]}"))
            for instance in instances {
                let node = json(instance)
                let said = gated.validate(node).map { "\($0.rule) \($0.instancePath) \($0.message)" }
                XCTAssertEqual(said, hidden.validate(node).map { "\($0.rule) \($0.instancePath) \($0.message)" },
                               "\(keyword) \(instance)")
                XCTAssertEqual(gated.isValid(node), hidden.isValid(node), "\(keyword) \(instance)")
                verdicts.insert(said.isEmpty)
            }
        }
        XCTAssertEqual(verdicts, [true, false])
        // A step of a script: the one alternative its key names explains it.
        expect(#"{"oneOf":[{"required":["tap"],"properties":{"tap":{"type":"string"}}},{"required":["wait"]}]}"#,
               [(#"{"tap":"a"}"#, true), (#"{"tap":1}"#, false), (#"{"wait":1}"#, true), (#"{"tap":"a","wait":1}"#, false), ("{}", false)])
    }
}
