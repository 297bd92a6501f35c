import AccordionDiagnostics
import AccordionYAML
import JSONSchema
import XCTest

final class ReferenceTests: XCTestCase {
    func testRootPointerRef() {
        expect(##"{"properties":{"foo":{"$ref":"#"}},"additionalProperties":false}"##,
               [("{\"foo\":false}", true), ("{\"foo\":{\"foo\":false}}", true), ("{\"bar\":false}", false),
                ("{\"foo\":{\"bar\":false}}", false)])
    }

    func testPointerRefsWithEscapesAndPercentEncoding() {
        expect(##"{"$defs":{"tilde~field":{"type":"integer"},"slash/field":{"type":"integer"},"percent%field":{"type":"integer"}},"##
               + ##""properties":{"tilde":{"$ref":"#/$defs/tilde~0field"},"slash":{"$ref":"#/$defs/slash~1field"},"percent":{"$ref":"#/$defs/percent%25field"}}}"##,
               [("{\"slash\":\"aoeu\"}", false), ("{\"tilde\":\"aoeu\"}", false), ("{\"percent\":\"aoeu\"}", false),
                ("{\"slash\":123}", true), ("{\"tilde\":123}", true), ("{\"percent\":123}", true)])
        expect(##"{"$defs":{"foo\"bar":{"type":"number"}},"$ref":"#/$defs/foo%22bar"}"##, [("1", true), ("\"x\"", false)])
        expect(##"{"prefixItems":[{"type":"integer"},{"$ref":"#/prefixItems/0"}]}"##, [("[1,2]", true), ("[1,\"foo\"]", false)])
        expect(##"{"$defs":{"":{"$defs":{"":{"type":"number"}}}},"allOf":[{"$ref":"#/$defs//$defs/"}]}"##,
               [("1", true), ("\"a\"", false)])
    }

    func testRefWithSiblingKeywordsAppliesBoth() {
        expect(##"{"$defs":{"reffed":{"type":"array"}},"properties":{"foo":{"$ref":"#/$defs/reffed","maxItems":2}}}"##,
               [("{\"foo\":[]}", true), ("{\"foo\":[1,2,3]}", false), ("{\"foo\":\"string\"}", false)])
        expect(##"{"$defs":{"a":{"type":"integer"}},"$ref":"#/$defs/a","minimum":5}"##, [("6", true), ("4", false), ("6.5", false)])
    }

    func testRefsToBooleansAndChains() {
        expect(##"{"$ref":"#/$defs/bool","$defs":{"bool":true}}"##, [("\"x\"", true)])
        expect(##"{"$ref":"#/$defs/bool","$defs":{"bool":false}}"##, [("\"x\"", false)])
        expect(##"{"$defs":{"a":{"type":"integer"},"b":{"$ref":"#/$defs/a"},"c":{"$ref":"#/$defs/b"}},"$ref":"#/$defs/c"}"##,
               [("5", true), ("\"a\"", false)])
    }

    func testIdBaseChangesAndAnchors() {
        expect(##"{"$id":"http://localhost:1234/tree","type":"object","properties":{"nodes":{"type":"array","items":{"$ref":"node"}}},"##
               + ##""$defs":{"node":{"$id":"http://localhost:1234/node","type":"object","properties":{"value":{"type":"number"},"subtree":{"$ref":"tree"}}}}}"##,
               [("{\"nodes\":[{\"value\":1,\"subtree\":{\"nodes\":[{\"value\":1.1}]}}]}", true),
                ("{\"nodes\":[{\"value\":1,\"subtree\":{\"nodes\":[{\"value\":\"x\"}]}}]}", false)])
        expect(##"{"$ref":"#foo","$defs":{"A":{"$anchor":"foo","type":"integer"}}}"##, [("1", true), ("\"a\"", false)])
        expect(##"{"$id":"http://localhost:1234/root","$ref":"http://localhost:1234/nested.json#foo","##
               + ##""$defs":{"A":{"$id":"nested.json","$defs":{"B":{"$anchor":"foo","type":"integer"}}}}}"##,
               [("1", true), ("\"a\"", false)])
        expect(##"{"$id":"http://example.com/a.json","$defs":{"x":{"$id":"http://example.com/b/c.json","not":{"$defs":{"y":{"$id":"d.json","type":"number"}}}}},"##
               + ##""allOf":[{"$ref":"http://example.com/b/d.json"}]}"##, [("1", true), ("\"a\"", false)])
        expect(##"{"$id":"http://example.com/ref/absref.json","$defs":{"a":{"$id":"http://example.com/ref/absref/foobar.json","type":"number"},"##
               + ##""b":{"$id":"http://example.com/absref/foobar.json","type":"string"}},"$ref":"/absref/foobar.json"}"##,
               [("\"a\"", true), ("1", false)])
        expect(##"{"$id":"file:///c:/folder/file.json","$defs":{"foo":{"type":"number"}},"$ref":"#/$defs/foo"}"##, [("1", true), ("\"a\"", false)])
        expect(##"{"$id":"urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed","properties":{"foo":{"$ref":"#/$defs/bar"}},"$defs":{"bar":{"type":"string"}}}"##,
               [("{\"foo\":\"bar\"}", true), ("{\"foo\":12}", false)])
        expect(##"{"$id":"urn:uuid:deadbeef-1234-00ff-ff00-4321feebdaed","properties":{"foo":{"$ref":"urn:uuid:deadbeef-1234-00ff-ff00-4321feebdaed#something"}},"$defs":{"bar":{"$anchor":"something","type":"string"}}}"##,
               [("{\"foo\":\"bar\"}", true), ("{\"foo\":12}", false)])
        // $ref into an unknown keyword and into `if`/`then` subschemas.
        expect(##"{"$id":"http://example.com/ref/if","if":{"$id":"http://example.com/ref/if","type":"integer"}}"##, [("1", true)])
        expect(##"{"$ref":"http://example.com/ref/then","then":{"$id":"http://example.com/ref/then","type":"integer"}}"##,
               [("\"a\"", false), ("12", true)])
        expect(##"{"x-unknown":{"type":"integer"},"$ref":"#/x-unknown"}"##, [("1", true), ("\"a\"", false)])
    }

    func testRefResolvesRelativeToNearestId() {
        expect(##"{"$id":"http://localhost:1234/draft2020-12/some-id","properties":{"name":{"$ref":"#/$defs/orNull"}},"##
               + ##""$defs":{"orNull":{"anyOf":[{"type":"null"},{"$ref":"#"}]}},"type":"object"}"##,
               [("{\"name\":null}", true), ("{\"name\":{\"name\":null}}", true), ("{\"name\":{\"name\":1}}", false)])
    }

    func testMetaSchemaRefResolvesOffline() {
        expect(##"{"$ref":"https://json-schema.org/draft/2020-12/schema"}"##,
               [("{\"minLength\":1}", true), ("{\"minLength\":-1}", false), ("{\"type\":\"nope\"}", false),
                ("{\"$defs\":{\"foo\":{\"type\":1}}}", false), ("{\"$defs\":{\"foo\":{\"type\":\"integer\"}}}", true),
                ("{\"$id\":\"urn:example:foo-bar-baz-qux#somepart\"}", false), ("true", true), ("1", false),
                ("{\"properties\":{\"a\":{\"items\":{\"minimum\":\"x\"}}}}", false)])
        expect(##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$ref":"https://json-schema.org/draft/2020-12/meta/validation"}"##,
               [("{\"maxItems\":2}", true), ("{\"maxItems\":1.5}", false)])
    }

    func testUnknownRemoteRefIsALocatedSchemaError() {
        XCTAssertThrowsError(try JSONSchemaValidator(schema: json("{\n  \"$ref\": \"http://localhost:1234/missing.json\"\n}"))) { error in
            guard let e = error as? DiagnosticError else { return XCTFail("not a DiagnosticError") }
            XCTAssertEqual(e.diagnostics.first?.rule, "schema-unresolved-ref")
            XCTAssertEqual(e.diagnostics.first?.span.start.line, 2)
            XCTAssertEqual(e.diagnostics.first?.span.start.column, 11)
            XCTAssertEqual(e.diagnostics.first?.schemaPath, "/$ref")
        }
        XCTAssertThrowsError(try JSONSchemaValidator(schema: json(##"{"$ref":"#/$defs/missing"}"##)))
        XCTAssertThrowsError(try JSONSchemaValidator(schema: json(##"{"$ref":"#nope"}"##)))
    }

    func testRefCycleEndsInALocatedError() {
        guard let v = validator(##"{"$ref":"#"}"##) else { return }
        let d = v.validate(json("1"))
        XCTAssertEqual(d.map(\.rule), ["schema-recursion-limit"])
        XCTAssertFalse(v.isValid(json("1")))
        guard let w = validator(##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"allOf":[{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}"##) else { return }
        XCTAssertEqual(w.validate(json("{}")).map(\.rule), ["schema-recursion-limit"])
    }

    /// Units that hold nothing but a `$ref` are skipped during validation
    /// (the property's or item's schema is applied directly): problems must
    /// be the same as applying the chain, and a cycle of such units must
    /// still end in the recursion limit rather than loop.
    func testPureReferenceUnitsAreSkippedWithTheSameResults() {
        guard let cycle = validator(##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}"##)
        else { return }
        XCTAssertEqual(cycle.validate(json("{}")).map(\.rule), ["schema-recursion-limit"])
        XCTAssertFalse(cycle.isValid(json("{}")))
        let schema = ##"""
        {"properties": {"id": {"$ref": "#/$defs/ref1"}, "n": {"$ref": "#/$defs/never"}},
         "items": {"$ref": "#/$defs/ref1"},
         "$defs": {"ref1": {"$ref": "#/$defs/id"}, "id": {"type": "string", "pattern": "^[a-z]+$"},
                   "never": false}}
        """##
        let d = problems(schema, ##"{"id": "Bad", "n": 1}"##)
        XCTAssertEqual(d.map(\.rule), ["schema-pattern", "schema-false"])
        XCTAssertEqual(d.map(\.schemaPath), ["/$defs/id/pattern", "/$defs/never"])
        XCTAssertEqual(d.map(\.instancePath), ["/id", "/n"])
        XCTAssertEqual(d.first.map { "\($0.span.start.line):\($0.span.start.column)" }, "1:8")
        let items = problems(schema, ##"["ok", 3]"##)
        XCTAssertEqual(items.map(\.rule), ["schema-type"])
        XCTAssertEqual(items.map(\.instancePath), ["/1"])
        // A reference into another resource keeps its unit (the dynamic scope
        // gains that resource), so `$dynamicRef` still resolves through it.
        expect(##"""
        {"$id": "https://x.test/root", "$dynamicAnchor": "node", "type": "object",
         "properties": {"child": {"$ref": "https://x.test/tree"}},
         "$defs": {"tree": {"$id": "https://x.test/tree", "$dynamicAnchor": "node",
                            "properties": {"child": {"$dynamicRef": "#node"}}, "required": ["leaf"]}}}
        """##, [(##"{"child": {"leaf": 1}}"##, true), (##"{"child": {}}"##, false),
                // The inner `$dynamicRef` finds the outermost `node`: the root, which needs no leaf.
                (##"{"child": {"leaf": 1, "child": {}}}"##, true)])
    }

    func testDeepInstanceWithRecursiveSchemaDoesNotOverflow() {
        var text = ""
        for _ in 0..<500 { text += "[" }
        for _ in 0..<500 { text += "]" }
        expect(##"{"items":{"$ref":"#"},"type":"array"}"##, [(text, true)])
        expect(##"{"anyOf":[{"items":{"$ref":"#"}}],"type":"array","maxItems":0}"##, [(text, false)])
    }
}

final class DynamicReferenceTests: XCTestCase {
    func testDynamicRefToDynamicAnchorInSameResourceActsLikeRef() {
        expect(##"{"$id":"https://test.json-schema.org/dynamicRef-dynamicAnchor-same-schema/root","type":"array","items":{"$dynamicRef":"#items"},"##
               + ##""$defs":{"foo":{"$dynamicAnchor":"items","type":"string"}}}"##,
               [("[\"foo\",\"bar\"]", true), ("[\"foo\",42]", false)])
    }

    func testDynamicRefResolvesToOutermostAnchor() {
        let schema = ##"{"$id":"https://test.json-schema.org/typical-dynamic-resolution/root","$ref":"list","##
            + ##""$defs":{"foo":{"$dynamicAnchor":"items","type":"string"},"##
            + ##""list":{"$id":"list","type":"array","items":{"$dynamicRef":"#items"},"##
            + ##""$defs":{"items":{"$comment":"This is only needed to satisfy the bookending requirement","$dynamicAnchor":"items"}}}}}"##
        expect(schema, [("[\"foo\",\"bar\"]", true), ("[\"foo\",42]", false)])
    }

    func testDynamicRefWithoutMatchingAnchorActsLikeRef() {
        let schema = ##"{"$id":"https://test.json-schema.org/dynamic-resolution-without-bookend/root","$ref":"list","##
            + ##""$defs":{"foo":{"$dynamicAnchor":"items","type":"string"},"##
            + ##""list":{"$id":"list","type":"array","items":{"$dynamicRef":"#items"},"##
            + ##""$defs":{"items":{"$comment":"plain anchor, not dynamic","$anchor":"items"}}}}}"##
        expect(schema, [("[\"foo\",42]", true)])
    }

    func testTreeExtensionWithDynamicAnchor() {
        // A strict tree extends a generic tree by re-declaring its `node` dynamic anchor.
        let schema = ##"{"$id":"https://example.com/strict-tree","$dynamicAnchor":"node","$ref":"tree","unevaluatedProperties":false,"##
            + ##""$defs":{"tree":{"$id":"tree","$dynamicAnchor":"node","type":"object","properties":{"data":true,"##
            + ##""children":{"type":"array","items":{"$dynamicRef":"#node"}}}}}}"##
        expect(schema, [("{\"children\":[{\"daat\":1}]}", false), ("{\"children\":[{\"data\":1}]}", true),
                        ("{\"daat\":1}", false)])
        // The generic tree alone accepts the misspelling.
        expect(##"{"$id":"https://example.com/tree2","$dynamicAnchor":"node","type":"object","properties":{"data":true,"##
               + ##""children":{"type":"array","items":{"$dynamicRef":"#node"}}}}"##,
               [("{\"children\":[{\"daat\":1}]}", true)])
    }

    func testMultipleDynamicPaths() {
        let schema = ##"{"$id":"https://test.json-schema.org/dynamic-ref-with-multiple-paths/main","##
            + ##""if":{"properties":{"kindOfList":{"const":"numbers"}},"required":["kindOfList"]},"##
            + ##""then":{"$ref":"numberList"},"else":{"$ref":"stringList"},"##
            + ##""$defs":{"genericList":{"$id":"genericList","properties":{"list":{"items":{"$dynamicRef":"#itemType"}}},"##
            + ##""$defs":{"defaultItemType":{"$comment":"Only needed to satisfy bookending requirement","$dynamicAnchor":"itemType"}}},"##
            + ##""numberList":{"$id":"numberList","$defs":{"itemType":{"$dynamicAnchor":"itemType","type":"number"}},"$ref":"genericList"},"##
            + ##""stringList":{"$id":"stringList","$defs":{"itemType":{"$dynamicAnchor":"itemType","type":"string"}},"$ref":"genericList"}}}"##
        expect(schema, [("{\"kindOfList\":\"numbers\",\"list\":[1.1]}", true), ("{\"kindOfList\":\"numbers\",\"list\":[\"foo\"]}", false),
                        ("{\"kindOfList\":\"strings\",\"list\":[\"foo\"]}", true), ("{\"kindOfList\":\"strings\",\"list\":[1.1]}", false)])
    }

    func testDynamicRefSkipsIntermediateResources() {
        let schema = ##"{"$id":"https://test.json-schema.org/dynamic-ref-skips-intermediate-resource/main","type":"object","##
            + ##""properties":{"bar-item":{"$ref":"item"}},"$defs":{"bar":{"$id":"bar","type":"array","items":{"$ref":"item"},"##
            + ##""$defs":{"item":{"$id":"item","type":"object","properties":{"content":{"$dynamicRef":"#content"}},"##
            + ##""$defs":{"defaultContent":{"$dynamicAnchor":"content","type":"integer"}}},"content":{"$dynamicAnchor":"content","type":"string"}}}}}"##
        expect(schema, [("{\"bar-item\":{\"content\":42}}", true), ("{\"bar-item\":{\"content\":\"value\"}}", false)])
    }

    func testAfterLeavingADynamicScopeItIsNotUsed() {
        let schema = ##"{"$id":"https://test.json-schema.org/dynamic-ref-leaving-dynamic-scope/main","##
            + ##""if":{"$id":"first_scope","$defs":{"thingy":{"$comment":"this is first_scope#thingy","$dynamicAnchor":"thingy","type":"number"}}},"##
            + ##""then":{"$id":"second_scope","$ref":"start","$defs":{"thingy":{"$comment":"this is second_scope#thingy, the final destination of the $dynamicRef","$dynamicAnchor":"thingy","type":"null"}}},"##
            + ##""$defs":{"start":{"$comment":"this is the landing spot from $ref","$id":"start","$dynamicRef":"inner_scope#thingy"},"##
            + ##""thingy":{"$comment":"this is the first stop for the $dynamicRef","$id":"inner_scope","$dynamicAnchor":"thingy","type":"string"}}}"##
        expect(schema, [("\"a string\"", false), ("42", false), ("null", true)])
    }

    func testDynamicRefToBooleanAndPointer() {
        expect(##"{"$defs":{"true":true,"false":false},"properties":{"true":{"$dynamicRef":"#/$defs/true"},"false":{"$dynamicRef":"#/$defs/false"}}}"##,
               [("{\"true\":1}", true), ("{\"false\":1}", false)])
    }
}

final class LimitTests: XCTestCase {
    func testVeryDeepInstanceHitsTheDepthLimitNotTheStack() throws {
        var text = ""
        for _ in 0..<1500 { text += "[" }
        for _ in 0..<1500 { text += "]" }
        let node = try JSONNodeParser.parse(text, source: "deep.json", maxDepth: 2000)
        guard let v = validator(##"{"items":{"$ref":"#"}}"##) else { return }
        XCTAssertEqual(Set(v.validate(node).map(\.rule)), ["schema-recursion-limit"])
        XCTAssertFalse(v.isValid(node))
    }

    func testExponentialAnyOfIsBounded() throws {
        var text = ""
        for _ in 0..<60 { text += "[" }
        text += "1"
        for _ in 0..<60 { text += "]" }
        var limits = JSONSchemaLimits()
        limits.maxWork = 200_000
        let v = try JSONSchemaValidator(schema: json(##"{"anyOf":[{"items":{"$ref":"#"}},{"items":{"$ref":"#"}}],"type":"array"}"##),
                                        limits: limits)
        XCTAssertEqual(v.validate(json(text)).map(\.rule), ["schema-recursion-limit"])
        XCTAssertFalse(v.isValid(json(text)))
    }
}

final class LegacyKeywordTests: XCTestCase {
    func testIdsInsideDefinitionsAreRegisteredButTheKeywordWarns() throws {
        let schema = ##"{"$id":"http://localhost:1234/sibling_id/base/","definitions":{"foo":{"$id":"http://localhost:1234/sibling_id/foo.json","type":"string"},"##
            + ##""base_foo":{"$id":"foo.json","type":"number"}},"allOf":[{"$id":"http://localhost:1234/sibling_id/","$ref":"foo.json"}]}"##
        expect(schema, [("\"a\"", true), ("1", false)])
        let v = try JSONSchemaValidator(schema: json(schema))
        XCTAssertEqual(v.schemaWarnings.map(\.help), ["use `$defs` instead"])
        expect(##"{"additionalItems":{"type":"number"},"unevaluatedItems":{"type":"string"}}"##, [("[\"foo\",1]", false), ("[\"a\"]", true)])
    }
}

final class HostileInstanceTests: XCTestCase {
    func testManyExpensiveSearchesShareOneBudget() throws {
        var limits = JSONSchemaLimits()
        limits.regexBudget = 10_000
        limits.totalRegexBudget = 50_000
        let v = try JSONSchemaValidator(schema: json(##"{"items":{"pattern":"^(a+)+$"}}"##), limits: limits)
        let item = "\"" + String(repeating: "a", count: 30) + "!\""
        let d = v.validate(json("[" + Array(repeating: item, count: 50).joined(separator: ",") + "]"))
        XCTAssertTrue(d.allSatisfy { $0.rule == "schema-pattern-limit" })
        XCTAssertTrue(d.contains { $0.message.contains("in this document") })
    }

    func testLargeEqualMappingsCompareInLinearTime() {
        let keys = (0..<20_000).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let reversed = (0..<20_000).reversed().map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        expect(##"{"uniqueItems":true}"##, [("[{\(keys)},{\(reversed)}]", false)])
    }

    func testLongStringsGetNoEditDistanceSuggestion() {
        let long = String(repeating: "x", count: 100_000)
        let d = problems(##"{"enum":["\##(long)y"]}"##, "\"\(long)\"")
        XCTAssertEqual(d.map(\.rule), ["schema-enum"])
        XCTAssertNil(d.first?.help)
    }
}

final class ProblemCapTests: XCTestCase {
    func testValidationStopsAfterTheProblemCap() throws {
        var limits = JSONSchemaLimits()
        limits.maxErrors = 10
        let v = try JSONSchemaValidator(schema: json(##"{"items":{"type":"string"}}"##), limits: limits)
        let d = v.validate(json("[" + Array(repeating: "1", count: 100).joined(separator: ",") + "]"))
        XCTAssertEqual(d.filter { $0.rule == "schema-type" }.count, 10)
        XCTAssertEqual(d.filter { $0.rule == "schema-too-many-problems" }.count, 1)
    }
}

final class DeepSchemaTests: XCTestCase {
    func testVeryDeepSchemaCompilesAndValidatesWithoutOverflow() throws {
        let depth = 250
        let schema = String(repeating: "{\"allOf\":[", count: depth) + "{\"type\":\"integer\"}" + String(repeating: "]}", count: depth)
        let v = try JSONSchemaValidator(schema: json(schema))
        let d = v.validate(json("\"a\""))
        XCTAssertEqual(d.map(\.rule), ["schema-type"])
        XCTAssertTrue(d.first?.schemaPath.hasSuffix("/type") ?? false)
        XCTAssertTrue(v.isValid(json("1")))
        // Past the per-value limit of schema applications: a located limit error, not a crash.
        var limits = JSONSchemaLimits()
        limits.maxSchemasPerValue = 100
        let limited = try JSONSchemaValidator(schema: json(schema), limits: limits)
        XCTAssertEqual(limited.validate(json("1")).map(\.rule), ["schema-recursion-limit"])
    }
}
