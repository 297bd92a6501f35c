import JSONSchema
import XCTest

final class UnevaluatedTests: XCTestCase {
    func testUnevaluatedPropertiesBasics() {
        expect(##"{"type":"object","unevaluatedProperties":false}"##, [("{}", true), ("{\"foo\":1}", false)])
        expect(##"{"unevaluatedProperties":{"type":"string","minLength":3}}"##, [("{\"foo\":\"foo\"}", true), ("{\"foo\":\"fo\"}", false)])
        expect(##"{"properties":{"foo":{"type":"string"}},"unevaluatedProperties":false}"##,
               [("{\"foo\":\"foo\"}", true), ("{\"foo\":\"foo\",\"bar\":\"bar\"}", false)])
        expect(##"{"patternProperties":{"^foo":{"type":"string"}},"unevaluatedProperties":false}"##,
               [("{\"foo\":\"foo\"}", true), ("{\"foo\":\"foo\",\"bar\":\"bar\"}", false)])
        expect(##"{"properties":{"foo":{"type":"string"}},"additionalProperties":true,"unevaluatedProperties":false}"##,
               [("{\"foo\":\"foo\",\"bar\":\"bar\"}", true)])
    }

    func testNestedAllOfAnyOfOneOf() {
        expect(##"{"properties":{"foo":{"type":"string"}},"allOf":[{"properties":{"bar":{"type":"string"}}}],"unevaluatedProperties":false}"##,
               [("{\"foo\":\"foo\",\"bar\":\"bar\"}", true), ("{\"foo\":\"foo\",\"bar\":\"bar\",\"baz\":\"baz\"}", false)])
        expect(##"{"allOf":[{"allOf":[{"properties":{"bar":true}}]}],"unevaluatedProperties":false}"##,
               [("{\"bar\":1}", true), ("{\"bar\":1,\"x\":1}", false)])
        // Only the successful branches of anyOf count.
        let anyOf = ##"{"properties":{"foo":{"type":"string"}},"anyOf":[{"properties":{"bar":{"const":"bar"}},"required":["bar"]},"##
            + ##"{"properties":{"baz":{"const":"baz"}},"required":["baz"]},{"properties":{"quux":{"const":"quux"}},"required":["quux"]}],"unevaluatedProperties":false}"##
        expect(anyOf, [("{\"foo\":\"foo\",\"bar\":\"bar\"}", true), ("{\"foo\":\"foo\",\"bar\":\"bar\",\"baz\":\"not-baz\"}", false),
                       ("{\"foo\":\"foo\",\"bar\":\"bar\",\"baz\":\"baz\"}", true),
                       ("{\"foo\":\"foo\",\"bar\":\"bar\",\"baz\":\"baz\",\"quux\":\"not-quux\"}", false)])
        let oneOf = ##"{"properties":{"foo":{"type":"string"}},"oneOf":[{"properties":{"bar":{"const":"bar"}},"required":["bar"]},"##
            + ##"{"properties":{"baz":{"const":"baz"}},"required":["baz"]}],"unevaluatedProperties":false}"##
        expect(oneOf, [("{\"foo\":\"foo\",\"bar\":\"bar\"}", true), ("{\"foo\":\"foo\",\"bar\":\"bar\",\"quux\":\"quux\"}", false)])
    }

    func testNotContributesNothing() {
        expect(##"{"properties":{"foo":{"type":"string"}},"not":{"not":{"properties":{"bar":{"const":"bar"}},"required":["bar"]}},"unevaluatedProperties":false}"##,
               [("{\"foo\":\"foo\",\"bar\":\"bar\"}", false)])
    }

    func testIfThenElse() {
        let schema = ##"{"if":{"properties":{"foo":{"const":"then"}},"required":["foo"]},"then":{"properties":{"bar":{"type":"string"}},"required":["bar"]},"##
            + ##""else":{"properties":{"baz":{"type":"string"}},"required":["baz"]},"unevaluatedProperties":false}"##
        expect(schema, [("{\"foo\":\"then\",\"bar\":\"bar\"}", true), ("{\"foo\":\"then\",\"bar\":\"bar\",\"baz\":\"baz\"}", false),
                        ("{\"baz\":\"baz\"}", true), ("{\"foo\":\"else\",\"baz\":\"baz\"}", false)])
        // A failed `if` contributes nothing, even without then/else.
        expect(##"{"if":{"properties":{"foo":{"const":"then"}},"required":["foo"]},"unevaluatedProperties":false}"##,
               [("{\"foo\":\"then\"}", true), ("{\"foo\":\"else\"}", false)])
    }

    func testRefAndDependentSchemasAndAdjacentNested() {
        expect(##"{"$ref":"#/$defs/bar","properties":{"foo":{"type":"string"}},"unevaluatedProperties":false,"$defs":{"bar":{"properties":{"bar":{"type":"string"}}}}}"##,
               [("{\"foo\":\"foo\",\"bar\":\"bar\"}", true), ("{\"foo\":\"foo\",\"bar\":\"bar\",\"baz\":\"baz\"}", false)])
        expect(##"{"properties":{"foo":{"type":"string"}},"dependentSchemas":{"foo":{"properties":{"bar":{"const":"bar"}},"required":["bar"]}},"unevaluatedProperties":false}"##,
               [("{\"foo\":\"foo\",\"bar\":\"bar\"}", true), ("{\"bar\":\"bar\"}", false)])
        // Nested unevaluatedProperties sees outer properties only if they are adjacent... they are not: inner false wins.
        expect(##"{"properties":{"foo":{"type":"string"}},"allOf":[{"unevaluatedProperties":true}],"unevaluatedProperties":false}"##,
               [("{\"foo\":\"foo\",\"bar\":\"bar\"}", true)])
        expect(##"{"properties":{"foo":{"type":"string"}},"allOf":[{"unevaluatedProperties":false}],"unevaluatedProperties":true}"##,
               [("{\"foo\":\"foo\"}", false)])
        // Properties of child objects are not the parent's.
        expect(##"{"properties":{"foo":{"properties":{"bar":{"type":"string"}}}},"unevaluatedProperties":false}"##,
               [("{\"foo\":{\"bar\":\"x\"}}", true)])
        expect(##"{"properties":{"foo":{"properties":{"bar":{"type":"string"}},"unevaluatedProperties":false}},"anyOf":[{"properties":{"foo":{"properties":{"faz":{"type":"string"}}}}}]}"##,
               [("{\"foo\":{\"bar\":\"x\",\"faz\":\"y\"}}", false)])
    }

    func testUnevaluatedItems() {
        expect(##"{"unevaluatedItems":false}"##, [("[]", true), ("[1]", false), ("{}", true)])
        expect(##"{"prefixItems":[{"type":"string"}],"unevaluatedItems":false}"##, [("[\"a\"]", true), ("[\"a\",1]", false)])
        expect(##"{"items":{"type":"string"},"unevaluatedItems":false}"##, [("[\"a\",\"b\"]", true)])
        expect(##"{"allOf":[{"prefixItems":[true,true]}],"unevaluatedItems":false}"##, [("[1,2]", true), ("[1,2,3]", false)])
        expect(##"{"anyOf":[{"prefixItems":[{"const":"foo"}]},{"prefixItems":[true,{"const":"bar"}]}],"unevaluatedItems":false}"##,
               [("[\"foo\",\"bar\"]", true), ("[\"foo\",\"baz\"]", false), ("[\"x\",\"bar\"]", true)])
        expect(##"{"contains":{"type":"string"},"unevaluatedItems":{"type":"number"}}"##,
               [("[1,\"a\",2]", true), ("[true,\"a\"]", false)])
        expect(##"{"if":{"contains":{"const":"a"}},"then":{"if":{"contains":{"const":"b"}},"then":{"if":{"contains":{"const":"c"}}}},"unevaluatedItems":false}"##,
               [("[]", true), ("[\"a\",\"a\"]", true), ("[\"a\",\"b\",\"a\",\"b\",\"a\"]", true), ("[\"c\",\"a\",\"c\",\"c\",\"b\",\"a\"]", true),
                ("[\"b\",\"b\"]", false), ("[\"c\",\"c\"]", false), ("[\"c\",\"b\",\"c\",\"b\",\"c\"]", false), ("[\"c\",\"a\",\"c\",\"a\",\"c\"]", false)])
        expect(##"{"$ref":"#/$defs/bar","prefixItems":[{"type":"string"}],"unevaluatedItems":false,"$defs":{"bar":{"prefixItems":[true,{"type":"string"}]}}}"##,
               [("[\"foo\",\"bar\"]", true), ("[\"foo\",\"bar\",\"baz\"]", false)])
        expect(##"{"prefixItems":[{"type":"string"}],"not":{"not":{"prefixItems":[true,{"const":"bar"}]}},"unevaluatedItems":false}"##,
               [("[\"foo\",\"bar\"]", false)])
    }

    func testDynamicRefCountsForUnevaluated() {
        let schema = ##"{"$id":"https://example.com/derived","$ref":"/baseSchema","$defs":{"derived":{"$dynamicAnchor":"addons","properties":{"bar":{"type":"string"}}},"##
            + ##""baseSchema":{"$id":"/baseSchema","$comment":"unevaluatedProperties comes first so it's more likely to catch bugs with implementations that are sensitive to keyword ordering","##
            + ##""unevaluatedProperties":false,"type":"object","properties":{"foo":{"type":"string"}},"$dynamicRef":"#addons","##
            + ##""$defs":{"defaultAddons":{"$comment":"Needed to satisfy the bookending requirement","$dynamicAnchor":"addons"}}}}}"##
        expect(schema, [("{\"foo\":\"foo\",\"bar\":\"bar\"}", true), ("{\"foo\":\"foo\",\"bar\":\"bar\",\"baz\":\"baz\"}", false)])
    }
}
