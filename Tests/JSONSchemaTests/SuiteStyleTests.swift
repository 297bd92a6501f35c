import JSONSchema
import XCTest

/// Cases in the manner of the official draft 2020-12 suite (written from
/// knowledge of it; the suite itself is held back).
final class SuiteStyleTests: XCTestCase {
    func testIdentifiersInsideEnumAndConstAreNotReal() {
        expect(##"{"$defs":{"id_in_enum":{"enum":[{"$id":"https://localhost:1234/id/my_identifier.json","type":"null"}]},"##
               + ##""real_id_in_schema":{"$id":"https://localhost:1234/id/my_identifier.json","type":"string"},"##
               + ##""zzz_id_in_const":{"const":{"$id":"https://localhost:1234/id/my_identifier.json","type":"null"}}},"##
               + ##""anyOf":[{"$ref":"#/$defs/id_in_enum"},{"$ref":"https://localhost:1234/id/my_identifier.json"}]}"##,
               [("{\"$id\":\"https://localhost:1234/id/my_identifier.json\",\"type\":\"null\"}", true), ("\"a string to match #/$defs/id_in_enum\"", true),
                ("1", false)])
        expect(##"{"$defs":{"const_not_anchor":{"const":{"$anchor":"not_a_real_anchor"}}},"if":{"const":"skip not_a_real_anchor"},"then":true,"else":{"$ref":"#/$defs/const_not_anchor"}}"##,
               [("\"skip not_a_real_anchor\"", true), ("{\"$anchor\":\"not_a_real_anchor\"}", true), ("1", false)])
    }

    func testAnchorsWithDifferentBases() {
        expect(##"{"$id":"http://localhost:1234/draft2020-12/foobar","$defs":{"A":{"$id":"child1","allOf":[{"$id":"child2","$anchor":"my_anchor","type":"number"},"##
               + ##"{"$anchor":"my_anchor","type":"string"}]}},"$ref":"child1#my_anchor"}"##, [("\"a\"", true), ("1", false)])
        expect(##"{"$id":"https://example.com/draft2020-12/ref-and-id2/base.json","$ref":"#bigint","$defs":{"bigint":{"$anchor":"bigint","maximum":10},"##
               + ##""smallint":{"$id":"https://example.com/draft2020-12/ref-and-id2/","$anchor":"bigint","maximum":2}}}"##, [("5", true), ("50", false)])
        expect(##"{"$comment":"$id must be evaluated before $ref","$id":"https://example.com/draft2020-12/ref-and-id1/base.json","$ref":"int.json","##
               + ##""$defs":{"bigint":{"$id":"int.json","maximum":10},"smallint":{"$id":"/draft2020-12/ref-and-id1-int.json","maximum":2}}}"##, [("5", true), ("50", false)])
    }

    func testURNBases() {
        expect(##"{"$id":"urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed","minimum":30,"properties":{"foo":{"$ref":"urn:uuid:deadbeef-1234-ffff-ffff-4321feebdaed"}}}"##,
               [("{\"foo\":37}", true), ("{\"foo\":12}", false)])
        expect(##"{"$id":"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk","properties":{"foo":{"$ref":"#/$defs/bar"}},"$defs":{"bar":{"type":"string"}}}"##,
               [("{\"foo\":\"bar\"}", true), ("{\"foo\":12}", false)])
        expect(##"{"$ref":"urn:uuid:deadbeef-4321-ffff-ffff-1234feebdaed","$defs":{"foo":{"$id":"urn:uuid:deadbeef-4321-ffff-ffff-1234feebdaed","$defs":{"bar":{"type":"string"}},"$ref":"#/$defs/bar"}}}"##,
               [("\"bar\"", true), ("12", false)])
    }

    func testRefCreatesNewScopeAndUnnormalizedIds() {
        expect(##"{"$defs":{"A":{"unevaluatedProperties":false}},"properties":{"prop1":{"type":"string"}},"$ref":"#/$defs/A"}"##,
               [("{\"prop1\":\"match\"}", false)])
        expect(##"{"$defs":{"foo":{"$id":"http://localhost:1234/draft2020-12/foo/bar/../baz.json","type":"integer"}},"$ref":"http://localhost:1234/draft2020-12/foo/baz.json"}"##,
               [("1", true), ("\"a\"", false)])
        expect(##"{"$defs":{"a_string":{"type":"string"}},"enum":[{"$ref":"#/$defs/a_string"}]}"##,
               [("\"this is a string\"", false), ("{\"$ref\":\"#/$defs/a_string\"}", true)])
        expect(##"{"properties":{"$ref":{"type":"string"}}}"##, [("{\"$ref\":\"a\"}", true), ("{\"$ref\":2}", false)])
    }

    func testDynamicRefAvoidsRootOfEachSchemaButScopesAreRegistered() {
        let schema = ##"{"$id":"https://test.json-schema.org/dynamic-ref-avoids-root-of-each-schema/base","$ref":"first#/$defs/stuff","$defs":{"##
            + ##""first":{"$id":"first","$defs":{"stuff":{"$ref":"second#/$defs/stuff"},"length":{"$comment":"unused","maxLength":1}}},"##
            + ##""second":{"$id":"second","$defs":{"stuff":{"$ref":"third#/$defs/stuff"},"length":{"$dynamicAnchor":"length","maxLength":2}}},"##
            + ##""third":{"$id":"third","$defs":{"stuff":{"$dynamicRef":"#length"},"length":{"$dynamicAnchor":"length","maxLength":3}}}}}"##
        expect(schema, [("\"hi\"", true), ("\"hey\"", false)])
    }

    func testRelativeDynamicReference() {
        let schema = ##"{"$id":"https://test.json-schema.org/relative-dynamic-reference/root","$dynamicAnchor":"meta","type":"object","properties":{"foo":{"const":"pass"}},"##
            + ##""$ref":"extended","$defs":{"extended":{"$id":"extended","$dynamicAnchor":"meta","type":"object","properties":{"bar":{"$ref":"bar"}}},"##
            + ##""bar":{"$id":"bar","type":"object","properties":{"baz":{"$dynamicRef":"extended#meta"}}}}}"##
        expect(schema, [("{\"foo\":\"pass\",\"bar\":{\"baz\":{\"foo\":\"pass\"}}}", true), ("{\"foo\":\"pass\",\"bar\":{\"baz\":{\"foo\":\"fail\"}}}", false)])
    }

    func testCollectAnnotationsInsideNot() {
        expect(##"{"not":{"$comment":"annotations inside","anyOf":[true,{"properties":{"foo":true}}],"unevaluatedProperties":false}}"##,
               [("{\"bar\":1}", true), ("{\"foo\":1}", false)])
    }

    func testMiscellaneousEdges() {
        expect(##"{"$defs":{"int":{"type":"integer"}},"allOf":[{"properties":{"foo":{"$ref":"#/$defs/int"}}},{"additionalProperties":{"$ref":"#/$defs/int"}}]}"##,
               [("{\"foo\":1}", true), ("{\"foo\":\"a\"}", false)])
        expect(##"{"allOf":[{"prefixItems":[{"minimum":3}]}],"items":{"minimum":5}}"##, [("[5,5]", true), ("[3,5]", false)])
        expect(##"{"properties":{"foo\nbar":{"type":"number"},"foo\"bar":{"type":"number"},"foo\\bar":{"type":"number"},"foo\rbar":{"type":"number"},"foo\tbar":{"type":"number"},"foo\fbar":{"type":"number"}}}"##,
               [("{\"foo\\nbar\":1,\"foo\\\"bar\":1,\"foo\\\\bar\":1,\"foo\\rbar\":1,\"foo\\tbar\":1,\"foo\\fbar\":1}", true),
                ("{\"foo\\nbar\":\"1\"}", false)])
        expect(##"{"const":"hello\u0000there"}"##, [("\"hello\\u0000there\"", true), ("\"hellothere\"", false)])
        expect(##"{"const":-2.0}"##, [("-2", true), ("2", false), ("-2.0", true)])
        expect(##"{"const":9007199254740992}"##, [("9007199254740992", true), ("9007199254740991", false), ("9007199254740992.0", true), ("9007199254740991.0", false)])
        expect(##"{"maxContains":1.0,"contains":{"const":1}}"##, [("[1]", true), ("[1,1]", false)])
        expect(##"{"dependentSchemas":{"foo":{"properties":{"bar":{}},"additionalProperties":false}},"properties":{"foo":{}}}"##,
               [("{\"foo\":1}", false), ("{\"bar\":1}", true)])
        expect(##"{"propertyNames":{"pattern":"^a+$"}}"##, [("{\"a\":{},\"aa\":{}}", true), ("{\"aaA\":{}}", false), ("{}", true)])
        expect(##"{"uniqueItems":true}"##, [("[{\"a\":false},{\"a\":0}]", true), ("[[[1],true],[[1],true]]", false), ("[1.0,1.00,1]", false)])
        expect(##"{"enum":[[false]]}"##, [("[false]", true), ("[0]", false), ("[0.0]", false)])
        expect(##"{"format":"email"}"##, [("\"not an email\"", true)])
        expect(##"{"contentMediaType":"application/json","contentEncoding":"base64","contentSchema":{"required":["foo"]}}"##, [("\"e30=\"", true)])
        expect(##"{"$schema":"http://localhost:1234/draft2020-12/metaschema-optional-vocabulary.json","type":"number"}"##,
               [("1", true), ("\"a\"", false)])
    }
}

final class BigNumberTests: XCTestCase {
    func testMultipleOfWithBigIntegersIsExact() {
        expect(##"{"multipleOf":3}"##, [("100000000000000000002", true), ("100000000000000000000", false), ("-100000000000000000002", true)])
        expect(##"{"multipleOf":9223372036854775807}"##, [("18446744073709551614", true), ("18446744073709551615", false)])
    }
}

final class StringEqualityTests: XCTestCase {
    func testStringsCompareByCodePointsNotCanonicalEquivalence() {
        expect(##"{"const":"\u00e9"}"##, [("\"\\u00e9\"", true), ("\"e\\u0301\"", false)])
        expect(##"{"enum":["μ"]}"##, [("\"µ\"", false), ("\"μ\"", true)])
        expect(##"{"uniqueItems":true}"##, [("[\"\\u00e9\",\"e\\u0301\"]", true)])
    }
}
