import AccordionDiagnostics
import AccordionYAML

/// What a keyword compiler sees: the keyword's value, its siblings, and the
/// compiler for subschemas and references.
struct KeywordContext {
    let compiler: SchemaCompiler
    let unit: SchemaUnit
    let key: YAMLNode
    let value: YAMLNode
    let keyword: String
    /// JSON pointer of the keyword in its schema document.
    let location: String

    func sibling(_ name: String) -> YAMLNode? { unit.node[name] }

    func invalid(_ message: String, at node: YAMLNode? = nil, help: String? = nil) -> DiagnosticError {
        DiagnosticError(Diagnostic(rule: "schema-invalid", message: message, span: (node ?? value).span, help: help,
                                   schemaPath: location))
    }

    /// The unit of a subschema at `suffix` below this keyword.
    func subschema(_ node: YAMLNode, _ suffix: @autoclosure () -> String = "") -> Int {
        compiler.unit(for: node, base: unit.baseURI, resource: unit.resource, location: location + suffix())
    }

    func number() throws(DiagnosticError) -> JSONValues.Number {
        guard let n = JSONValues.Number(value), JSONValues.typeBits(value) & JSONValues.number != 0 else {
            throw invalid("`\(keyword)` must be a number, found \(JSONValues.describe(value))")
        }
        return n
    }

    func count() throws(DiagnosticError) -> Int {
        guard JSONValues.typeBits(value) & JSONValues.integer != 0, let n = JSONValues.Number(value),
              JSONValues.compare(n, .int(0)) ?? -1 >= 0
        else { throw invalid("`\(keyword)` must be a non-negative integer, found \(JSONValues.describe(value))") }
        switch n {
        case .int(let i): return Int(i)
        case .double(let d): return d >= Double(Int.max) ? Int.max : Int(d)
        case .big: return Int.max
        }
    }

    func string(_ node: YAMLNode? = nil) throws(DiagnosticError) -> String {
        let node = node ?? value
        guard case .scalar(let s) = node.kind, case .string(let t) = s.value else {
            throw invalid("`\(keyword)` must be a string here, found \(JSONValues.describe(node))", at: node)
        }
        return t
    }

    func bool() throws(DiagnosticError) -> Bool {
        guard case .scalar(let s) = value.kind, case .bool(let b) = s.value else {
            throw invalid("`\(keyword)` must be true or false, found \(JSONValues.describe(value))")
        }
        return b
    }

    func stringArray(_ node: YAMLNode? = nil) throws(DiagnosticError) -> [String] {
        let node = node ?? value
        guard case .sequence(let items) = node.kind else {
            throw invalid("`\(keyword)` must be a sequence of strings, found \(JSONValues.describe(node))", at: node)
        }
        var out: [String] = []
        for item in items {
            let s = try string(item)
            if out.contains(s) { throw invalid("`\(keyword)` lists \(JSONValues.quoted(s)) twice", at: item) }
            out.append(s)
        }
        return out
    }

    func mapping() throws(DiagnosticError) -> YAMLEntries {
        guard case .mapping(let entries) = value.kind else {
            throw invalid("`\(keyword)` must be a mapping, found \(JSONValues.describe(value))")
        }
        return entries
    }

    func schemaArray() throws(DiagnosticError) -> [Int] {
        guard case .sequence(let items) = value.kind, !items.isEmpty else {
            throw invalid("`\(keyword)` must be a non-empty sequence of schemas, found \(JSONValues.describe(value))")
        }
        return items.enumerated().map { subschema($0.element, "/\($0.offset)") }
    }
}

typealias KeywordCompiler = @Sendable (KeywordContext) throws -> KeywordCheck?

/// A keyword's compiler as the table stores it. Wrapped in a struct so the
/// closure keeps its own calling convention inside the dictionary: a bare
/// function value stored in a generic container is re-abstracted, and so is
/// every check it returns, which then runs through two conversion thunks on
/// each application.
struct KeywordEntry: Sendable {
    /// Compiles the keyword's value into a check.
    let compile: KeywordCompiler
}

/// The keyword table: every keyword of draft 2020-12's core, applicator,
/// unevaluated, validation, meta-data, format-annotation and content
/// vocabularies, each a small function compiling the keyword's value into a
/// check (or nothing, for keywords that only annotate or that a sibling reads).
enum Keywords {
    static let table: [String: KeywordEntry] = {
        var t: [String: KeywordEntry] = [:]
        // Annotation-only and identifier keywords: accepted, no check. (`$id`,
        // `$anchor`, `$dynamicAnchor`, `$defs` are handled at registration;
        // `then`/`else` by `if`; `minContains`/`maxContains` by `contains`.)
        for name in ["$schema", "$id", "$anchor", "$dynamicAnchor", "$comment", "$vocabulary", "$defs",
                     "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
                     "format", "contentEncoding", "contentMediaType", "contentSchema",
                     "then", "else", "minContains", "maxContains", "markdownDescription"] {
            t[name] = KeywordEntry { c in try annotation(c) }
        }
        t["type"] = KeywordEntry { c in try type(c) }
        t["enum"] = KeywordEntry { c in try enumKeyword(c) }
        t["const"] = KeywordEntry { c in try const(c) }
        t["multipleOf"] = KeywordEntry { c in try multipleOf(c) }
        t["maximum"] = KeywordEntry { c in try bound(c, "schema-maximum", "at most") { $0 <= 0 } }
        t["exclusiveMaximum"] = KeywordEntry { c in try bound(c, "schema-exclusive-maximum", "less than") { $0 < 0 } }
        t["minimum"] = KeywordEntry { c in try bound(c, "schema-minimum", "at least") { $0 >= 0 } }
        t["exclusiveMinimum"] = KeywordEntry { c in try bound(c, "schema-exclusive-minimum", "greater than") { $0 > 0 } }
        t["maxLength"] = KeywordEntry { c in try length(c, max: true) }
        t["minLength"] = KeywordEntry { c in try length(c, max: false) }
        t["pattern"] = KeywordEntry { c in try pattern(c) }
        t["maxItems"] = KeywordEntry { c in try collectionSize(c, max: true, ofMappings: false) }
        t["minItems"] = KeywordEntry { c in try collectionSize(c, max: false, ofMappings: false) }
        t["uniqueItems"] = KeywordEntry { c in try uniqueItems(c) }
        t["maxProperties"] = KeywordEntry { c in try collectionSize(c, max: true, ofMappings: true) }
        t["minProperties"] = KeywordEntry { c in try collectionSize(c, max: false, ofMappings: true) }
        t["required"] = KeywordEntry { c in try required(c) }
        t["dependentRequired"] = KeywordEntry { c in try dependentRequired(c) }
        t["properties"] = KeywordEntry { c in try properties(c) }
        t["patternProperties"] = KeywordEntry { c in try patternProperties(c) }
        t["additionalProperties"] = KeywordEntry { c in try additionalProperties(c) }
        t["propertyNames"] = KeywordEntry { c in try propertyNames(c) }
        t["dependentSchemas"] = KeywordEntry { c in try dependentSchemas(c) }
        t["prefixItems"] = KeywordEntry { c in try prefixItems(c) }
        t["items"] = KeywordEntry { c in try items(c) }
        t["contains"] = KeywordEntry { c in try contains(c) }
        t["allOf"] = KeywordEntry { c in try allOf(c) }
        t["anyOf"] = KeywordEntry { c in try anyOrOneOf(c, one: false) }
        t["oneOf"] = KeywordEntry { c in try anyOrOneOf(c, one: true) }
        t["not"] = KeywordEntry { c in try not(c) }
        t["if"] = KeywordEntry { c in try ifThenElse(c) }
        t["$ref"] = KeywordEntry { c in try ref(c) }
        t["$dynamicRef"] = KeywordEntry { c in try dynamicRef(c) }
        t["unevaluatedProperties"] = KeywordEntry { c in try unevaluatedProperties(c) }
        t["unevaluatedItems"] = KeywordEntry { c in try unevaluatedItems(c) }
        return t
    }()

    static func annotation(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        switch c.keyword {
        case "$schema", "$comment", "title", "description", "contentEncoding", "contentMediaType", "format", "markdownDescription":
            _ = try c.string()
        case "deprecated", "readOnly", "writeOnly":
            _ = try c.bool()
        case "examples":
            guard case .sequence = c.value.kind else {
                throw c.invalid("`examples` must be a sequence, found \(JSONValues.describe(c.value))")
            }
        case "minContains", "maxContains":
            _ = try c.count()
        case "$defs":
            _ = try c.mapping()
        case "then", "else", "contentSchema":
            _ = c.subschema(c.value)
        default:
            break
        }
        return nil
    }

    // MARK: Validation vocabulary

    static func type(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        var names: [String] = []
        switch c.value.kind {
        case .scalar: names = [try c.string()]
        case .sequence(let items):
            for item in items { names.append(try c.string(item)) }
        default: throw c.invalid("`type` must be a type name or a sequence of them, found \(JSONValues.describe(c.value))")
        }
        var mask: UInt8 = 0
        for (k, name) in names.enumerated() {
            guard let bit = JSONValues.typeNames.first(where: { $0.0 == name })?.1 else {
                let node = c.value.items?[k] ?? c.value
                throw c.invalid("unknown type \(JSONValues.quoted(name))", at: node,
                                help: "types are null, boolean, object, array, number, string and integer")
            }
            mask |= bit
        }
        if mask & JSONValues.number != 0 { mask |= JSONValues.integer }
        let allowed = mask
        let typeNames = names
        let location = c.location
        return { ev, node, _ in
            if JSONValues.typeBits(node) & allowed != 0 { return true }
            // Spelled for a problem only (most schemas never meet one).
            ev.report("schema-type", at: node, schemaPath: location,
                      "expected \(alternatives(typeNames.map(typeArticle))), found \(JSONValues.describe(node))",
                      help: typeHelp(node, allowed))
            return false
        }
    }

    /// "a", "a or b", "a, b or c".
    static func alternatives(_ items: [String]) -> String {
        guard items.count > 2 else { return items.joined(separator: " or ") }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    static func typeArticle(_ name: String) -> String {
        switch name {
        case "object": return "a mapping"
        case "array": return "a sequence"
        case "integer": return "an integer"
        case "null": return "null"
        default: return "a " + name
        }
    }

    static func typeHelp(_ node: YAMLNodeRef, _ mask: UInt8) -> String? {
        guard case .scalar(let s) = node.kind else { return nil }
        if case .string(let t) = s.value, s.style != .plain, mask & (JSONValues.number | JSONValues.boolean) != 0 {
            return "remove the quotes around \(t) if it is meant as a \(mask & JSONValues.number != 0 ? "number" : "boolean")"
        }
        // Quoting is the fix when text was read as something else, but not
        // for a number where numbers of another kind are also allowed.
        let numeric = JSONValues.typeBits(node) & JSONValues.number != 0
        if mask & JSONValues.string != 0, s.style == .plain, s.value != .null,
           !(numeric && mask & (JSONValues.number | JSONValues.integer) != 0) {
            return "quote it (\(JSONValues.quoted(s.text))) to make it a string"
        }
        return nil
    }

    static func enumKeyword(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        guard case .sequence(let allowedItems) = c.value.kind else {
            throw c.invalid("`enum` must be a sequence of allowed values, found \(JSONValues.describe(c.value))")
        }
        let allowed = allowedItems.map(\.ref)
        let location = c.location
        return { ev, node, _ in
            for a in allowed where JSONValues.equal(a, node) { return true }
            ev.report("schema-enum", at: node, schemaPath: location,
                      allowed.isEmpty ? "no value is allowed here (`enum` is empty), found \(JSONValues.describe(node))" : allowed.count == 1
                        ? "must be \(JSONValues.code(allowed[0])), found \(JSONValues.describe(node))"
                        : "must be one of \(list(allowed)), found \(JSONValues.describe(node))",
                      help: didYouMean(node, allowed))
            return false
        }
    }

    static func list(_ values: [YAMLNodeRef]) -> String {
        let shown = values.prefix(12).map(JSONValues.code)
        return shown.joined(separator: ", ") + (values.count > 12 ? ", … (\(values.count) in all)" : "")
    }

    static func didYouMean(_ node: YAMLNodeRef, _ allowed: [YAMLNodeRef]) -> String? {
        guard case .scalar(let s) = node.kind else { return nil }
        let word: String
        if case .string(let t) = s.value { word = t } else { word = s.text }
        var candidates: [String] = []
        for a in allowed {
            if case .scalar(let x) = a.kind, case .string(let t) = x.value { candidates.append(t) }
        }
        return Suggestions.closest(to: word, in: candidates).map { "did you mean `\($0)`?" }
    }

    static func const(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let expected = c.value.ref
        let location = c.location
        return { ev, node, _ in
            if JSONValues.equal(expected, node) { return true }
            ev.report("schema-const", at: node, schemaPath: location,
                      "must be \(JSONValues.code(expected)), found \(JSONValues.describe(node))",
                      help: didYouMean(node, [expected]))
            return false
        }
    }

    static func multipleOf(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let divisor = try c.number()
        guard JSONValues.compare(divisor, .int(0)) == 1 else {
            throw c.invalid("`multipleOf` must be greater than 0, found \(c.value.scalar?.text ?? "")")
        }
        let text = c.value.scalar?.text ?? ""
        let location = c.location
        return { ev, node, _ in
            guard let n = JSONValues.Number(node) else { return true }
            if isMultiple(n, of: divisor) { return true }
            ev.report("schema-multiple-of", at: node, schemaPath: location,
                      "must be a multiple of \(text), found \(node.scalar?.text ?? "")")
            return false
        }
    }

    /// Exact for integers; for fractions the quotient must be a whole number
    /// (a quotient too large for a double is not a multiple, as in python-jsonschema).
    static func isMultiple(_ n: JSONValues.Number, of divisor: JSONValues.Number) -> Bool {
        switch (n, divisor) {
        case (.int(let a), .int(let b)):
            return b == -1 || a % b == 0
        case (.double(let a), .int(let b)):
            guard a.isFinite else { return false }
            return a.truncatingRemainder(dividingBy: Double(b)) == 0
        case (.big(_, let digits), .int(let b)):
            // Exact: the remainder of the decimal digits by long division.
            let divisor = b.magnitude
            var remainder: UInt64 = 0
            for d in digits.utf8 {
                let wide = remainder.multipliedFullWidth(by: 10)
                let (sum, carry) = wide.low.addingReportingOverflow(UInt64(d &- 48))
                remainder = divisor.dividingFullWidth((wide.high &+ (carry ? 1 : 0), sum)).remainder
            }
            return remainder == 0
        case (.double(let a), .big):
            guard a.isFinite else { return false }
            return a.truncatingRemainder(dividingBy: divisor.double) == 0
        default:
            let a = n.double, b = divisor.double
            guard a.isFinite, b.isFinite, b != 0 else { return false }
            let quotient = a / b
            guard quotient.isFinite else { return false }
            return quotient.rounded(.towardZero) == quotient
        }
    }

    static func bound(_ c: KeywordContext, _ rule: String, _ words: String,
                      _ accepts: @escaping @Sendable (Int) -> Bool) throws(DiagnosticError) -> KeywordCheck? {
        let limit = try c.number()
        let text = c.value.scalar?.text ?? ""
        let location = c.location
        return { ev, node, _ in
            guard let n = JSONValues.Number(node) else { return true }
            if let order = JSONValues.compare(n, limit), accepts(order) { return true }
            ev.report(rule, at: node, schemaPath: location,
                      "must be \(words) \(text), found \(node.scalar?.text ?? "")")
            return false
        }
    }

    static func length(_ c: KeywordContext, max: Bool) throws(DiagnosticError) -> KeywordCheck? {
        let limit = try c.count()
        let location = c.location
        let rule = max ? "schema-max-length" : "schema-min-length"
        return { ev, node, _ in
            guard node.shape == .string, let text = node.scalarText else { return true }
            // Cheap bounds first: UTF-8 length bounds the scalar count.
            let bytes = text.utf8.count
            if max ? bytes <= limit : bytes / 4 >= limit { return true }
            let count = text.unicodeScalars.count
            if max ? count <= limit : count >= limit { return true }
            ev.report(rule, at: node, schemaPath: location,
                      "must be \(max ? "at most" : "at least") \(limit) character\(limit == 1 ? "" : "s") long, found \(count) (\(JSONValues.quoted(text)))")
            return false
        }
    }

    static func pattern(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let text = try c.string()
        let regex = try c.compiler.regex(text, at: c.value, location: c.location)
        let location = c.location
        return { ev, node, _ in
            guard node.shape == .string, let scalar = node.scalar else { return true }
            switch scalar.withUTF8({ ev.search(regex, utf8: $0, at: node, schemaPath: location) }) {
            case .matched: return true
            case .budgetExceeded: return false
            case .noMatch:
                ev.report("schema-pattern", at: node, schemaPath: location,
                          "must match the pattern `\(text)`, found \(JSONValues.quoted(scalar.text))")
                return false
            }
        }
    }

    /// `maxItems`/`minItems` and `maxProperties`/`minProperties`: one bound
    /// on how many items a sequence, or keys a mapping, holds.
    static func collectionSize(_ c: KeywordContext, max: Bool, ofMappings: Bool) throws(DiagnosticError) -> KeywordCheck? {
        let limit = try c.count()
        let location = c.location
        let rule = "schema-\(max ? "max" : "min")-\(ofMappings ? "properties" : "items")"
        let noun = ofMappings ? "key" : "item"
        return { ev, node, _ in
            let size: Int
            switch node.kind {
            case .sequence(let items) where !ofMappings: size = items.count
            case .mapping(let entries) where ofMappings: size = entries.count
            default: return true
            }
            if max ? size <= limit : size >= limit { return true }
            ev.report(rule, at: node, schemaPath: location,
                      "must have \(max ? "at most" : "at least") \(limit) \(noun)\(limit == 1 ? "" : "s"), found \(size)")
            return false
        }
    }

    static func uniqueItems(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        guard try c.bool() else { return nil }
        let location = c.location
        return { ev, node, _ in
            guard case .sequence(let items) = node.kind, items.count > 1 else { return true }
            var buckets: [Int: [Int]] = [:]
            var ok = true
            for (k, item) in items.enumerated() {
                var h = Hasher()
                JSONValues.hash(item, into: &h)
                let key = h.finalize()
                if let first = buckets[key]?.first(where: { JSONValues.equal(items[$0], item) }) {
                    guard ev.keepGoing(afterFailing: &ok) else { return false }
                    ev.report("schema-unique-items", at: item, schemaPath: location, step: .index(k),
                              "item \(k) repeats item \(first) (\(JSONValues.render(item))); items must be unique",
                              help: "remove the duplicate",
                              related: [RelatedLocation(message: "first occurrence here", span: items[first].span)])
                } else {
                    buckets[key, default: []].append(k)
                }
            }
            return ok
        }
    }

    static func required(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let names = try c.stringArray()
        guard !names.isEmpty else { return nil }
        c.unit.requiredNames = names
        if mergedRequired(c.unit.node) != nil { return nil }  // checked in the `properties` pass
        let location = c.location
        return { ev, node, _ in
            guard case .mapping(let entries) = node.kind else { return true }
            var ok = true
            for name in names where !entries.contains(where: { JSONValues.sameText(JSONValues.keyName($0.key), name) }) {
                guard ev.keepGoing(afterFailing: &ok) else { return false }
                reportMissing(ev, name, node, entries, location)
            }
            return ok
        }
    }

    static func reportMissing(_ ev: Evaluation, _ name: String, _ node: YAMLNodeRef,
                              _ entries: YAMLEntriesRef, _ location: String) {
        let typo = Suggestions.closest(to: name, in: entries.map { JSONValues.keyName($0.key) })
        ev.report("schema-required", at: node, schemaPath: location, "missing required key `\(name)`",
                  help: typo.map { "`\($0)` may be a misspelling of `\(name)`" } ?? "add `\(name):` to this mapping")
    }

    /// The `required` names when the `properties` pass checks them (every
    /// name is a declared property, at most 64 of them); nil otherwise.
    static func mergedRequired(_ schema: YAMLNode) -> [String]? {
        guard let props = schema["properties"]?.entries, let list = schema["required"]?.items,
              !list.isEmpty, list.count <= 64 else { return nil }
        var names: [String] = []
        for item in list {
            guard case .scalar(let s) = item.kind, s.isString, !names.contains(s.text),
                  props.contains(where: { JSONValues.sameText(JSONValues.keyName($0.key), s.text) }) else { return nil }
            names.append(s.text)
        }
        return names
    }

    /// True when the `properties` pass also handles `additionalProperties`
    /// (no `patternProperties` beside them).
    static func mergesAdditional(_ schema: YAMLNode) -> Bool {
        schema["properties"]?.entries != nil && schema["additionalProperties"] != nil && schema["patternProperties"] == nil
    }

    static func dependentRequired(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        var rules: [(String, [String])] = []
        for (key, value) in try c.mapping() {
            rules.append((JSONValues.keyName(key), try c.stringArray(value)))
        }
        let dependencies = rules
        let location = c.location
        return { ev, node, _ in
            guard case .mapping(let entries) = node.kind else { return true }
            var ok = true
            for (trigger, needs) in dependencies where entries.contains(where: { JSONValues.keyName($0.key) == trigger }) {
                for name in needs where !entries.contains(where: { JSONValues.keyName($0.key) == name }) {
                    guard ev.keepGoing(afterFailing: &ok) else { return false }
                    ev.report("schema-dependent-required", at: node, schemaPath: location + "/" + SchemaCompiler.escape(trigger),
                              "key `\(name)` is required when `\(trigger)` is present",
                              help: "add `\(name):` or remove `\(trigger)`")
                }
            }
            return ok
        }
    }

    // MARK: Applicators on objects

    /// `properties`, and beside it `additionalProperties` and `required` when
    /// they can share its one pass over the mapping (the common shape of a
    /// strict object: every key looked up once).
    static func properties(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        var map: [String: Int] = [:]
        var slots: [Int] = []
        for (key, value) in try c.mapping() {
            let name = JSONValues.keyName(key)
            if map[name] == nil {
                map[name] = slots.count
                slots.append(c.subschema(value, "/" + SchemaCompiler.escape(name)))
            }
            c.unit.propertyNames.append(name)
        }
        let children = NameTable(map)
        let units = slots
        var names = [String](repeating: "", count: slots.count)
        for (name, slot) in map { names[slot] = name }
        let slotNames = names
        // Required names, as bits over slots.
        let requiredNames = mergedRequired(c.unit.node) ?? []
        var requiredBit = [UInt64](repeating: 0, count: slots.count)
        for (bit, name) in requiredNames.enumerated() { if let slot = map[name] { requiredBit[slot] = 1 << UInt64(bit) } }
        let requiredBits = requiredBit
        let allRequired: UInt64 = requiredNames.isEmpty ? 0 : (requiredNames.count == 64 ? ~0 : (1 << UInt64(requiredNames.count)) - 1)
        let requiredLocation = c.unit.location + "/required"
        // Additional properties.
        let merged = mergesAdditional(c.unit.node)
        let additionalNode = merged ? c.sibling("additionalProperties") : nil
        let additionalLocation = c.unit.location + "/additionalProperties"
        let additional = additionalNode.map {
            c.compiler.unit(for: $0, base: c.unit.baseURI, resource: c.unit.resource, location: additionalLocation)
        }
        let additionalIsFalse = additionalNode?.scalar?.value == .bool(false)
        let candidates = map.keys.sorted()
        return { ev, node, annotations in
            guard let entries = node.entries else { return true }
            var ok = true
            var seen: UInt64 = 0
            for k in 0..<entries.count {
                // Looked up by the key's bytes: no handle and no `String` for a known key.
                guard let slot = entries.withKeyText(at: k, { children.slot(forUTF8: $0) }) else {
                    guard let additional else { continue }
                    if additionalIsFalse {
                        // Quiet passes (`oneOf` trying each step kind) reject keys by the
                        // thousand: the key's name is made only for a message.
                        guard ev.keepGoing(afterFailing: &ok) else { return false }
                        let key = entries.key(at: k)
                        reportUnknownKey(ev, "schema-additional-properties", key, JSONValues.keyName(key), candidates, additionalLocation)
                    } else {
                        guard ev.descend(additional, into: entries[k].value, at: .key(entries.key(at: k)), ok: &ok,
                                         passed: { annotations?.properties.insert(k) }) else { return false }
                    }
                    continue
                }
                seen |= requiredBits[slot]
                let u = units[slot]
                let name = slotNames[slot]
                if ev.units[u].boolean == false {
                    // `properties: {name: false}` forbids the key itself: say so at the key.
                    guard ev.keepGoing(afterFailing: &ok) else { return false }
                    ev.report("schema-false", at: entries[k].key, schemaPath: ev.units[u].location, step: .key(entries.key(at: k)),
                              "key `\(name)` is not allowed here", help: "remove `\(name)`")
                } else {
                    guard ev.descend(u, into: entries.value(at: k), at: .key(entries.key(at: k)), ok: &ok,
                                     passed: { annotations?.properties.insert(k) }) else { return false }
                }
            }
            if seen != allRequired {
                guard ev.keepGoing(afterFailing: &ok) else { return false }
                for (bit, name) in requiredNames.enumerated() where seen & (1 << UInt64(bit)) == 0 {
                    reportMissing(ev, name, node, entries, requiredLocation)
                }
            }
            return ok
        }
    }

    static func compiledPatterns(_ c: KeywordContext, _ node: YAMLNode?) throws(DiagnosticError) -> [(ECMARegex, Int)] {
        guard let node, case .mapping(let entries) = node.kind else { return [] }
        var out: [(ECMARegex, Int)] = []
        for (key, value) in entries {
            let text = JSONValues.keyName(key)
            let location = c.unit.location + "/patternProperties/" + SchemaCompiler.escape(text)
            let regex = try c.compiler.regex(text, at: key, location: location)
            out.append((regex, c.compiler.unit(for: value, base: c.unit.baseURI, resource: c.unit.resource, location: location)))
        }
        return out
    }

    static func patternProperties(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        _ = try c.mapping()
        let patterns = try compiledPatterns(c, c.value)
        let location = c.location
        return { ev, node, annotations in
            guard case .mapping(let entries) = node.kind else { return true }
            var ok = true
            for k in 0..<entries.count {
                let name = JSONValues.keyName(entries[k].key)
                for (regex, u) in patterns where ev.search(regex, name, at: entries[k].key, schemaPath: location) == .matched {
                    guard ev.descend(u, into: entries[k].value, at: .key(entries.key(at: k)), ok: &ok,
                                     passed: { annotations?.properties.insert(k) }) else { return false }
                }
            }
            return ok
        }
    }

    static func additionalProperties(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let sub = c.subschema(c.value)
        if mergesAdditional(c.unit.node) { return nil }  // checked in the `properties` pass
        var known: Set<String> = []
        if let props = c.sibling("properties"), case .mapping(let entries) = props.kind {
            for e in entries { known.insert(JSONValues.keyName(e.key)) }
        }
        let patterns: [(ECMARegex, Int)] = (try? compiledPatterns(c, c.sibling("patternProperties"))) ?? []
        let regexes = patterns.map(\.0)
        let isFalse = c.value.scalar?.value == .bool(false)
        let candidates = known.sorted()
        let declared = NameTable(Dictionary(uniqueKeysWithValues: known.map { ($0, 0) }))
        let location = c.location
        return { ev, node, annotations in
            guard case .mapping(let entries) = node.kind else { return true }
            var ok = true
            for k in 0..<entries.count {
                let name = JSONValues.keyName(entries[k].key)
                if declared[name] != nil { continue }
                if regexes.contains(where: { ev.search($0, name, at: entries[k].key, schemaPath: location) == .matched }) { continue }
                if isFalse {
                    guard ev.keepGoing(afterFailing: &ok) else { return false }
                    reportUnknownKey(ev, "schema-additional-properties", entries[k].key, name, candidates, location)
                } else {
                    guard ev.descend(sub, into: entries[k].value, at: .key(entries.key(at: k)), ok: &ok,
                                     passed: { annotations?.properties.insert(k) }) else { return false }
                }
            }
            return ok
        }
    }

    static func reportUnknownKey(_ ev: Evaluation, _ rule: String, _ key: YAMLNodeRef, _ name: String,
                                 _ candidates: [String], _ location: String) {
        let help: String
        if let close = Suggestions.closest(to: name, in: candidates) {
            help = "did you mean `\(close)`?"
        } else if candidates.isEmpty {
            help = "remove it; no keys are allowed here"
        } else if candidates.count <= 16 {
            help = "allowed keys here: " + candidates.map { "`\($0)`" }.joined(separator: ", ")
        } else {
            help = "remove it, or check the spelling against the schema"
        }
        ev.report(rule, at: key, schemaPath: location, step: .key(key), "unknown key `\(name)`", help: help)
    }

    static func propertyNames(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let sub = c.subschema(c.value)
        return { ev, node, _ in
            guard case .mapping(let entries) = node.kind else { return true }
            var ok = true
            for e in entries {
                // A key that is not a string is checked as the string JSON sees.
                let goOn: Bool
                if case .scalar(let s) = e.key.kind, !s.isString {
                    let made = YAMLNode.string(s.text, style: s.style, span: e.key.span)
                    goOn = made.withBorrowed { ev.descend(sub, into: $0, at: .key(e.key), ok: &ok) }
                } else {
                    goOn = ev.descend(sub, into: e.key, at: .key(e.key), ok: &ok)
                }
                guard goOn else { return false }
            }
            return ok
        }
    }

    static func dependentSchemas(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        var rules: [(String, Int)] = []
        for (key, value) in try c.mapping() {
            let name = JSONValues.keyName(key)
            let u = c.subschema(value, "/" + SchemaCompiler.escape(name))
            rules.append((name, u))
            c.unit.sameLocation.append(u)
        }
        let conditional = rules
        return { ev, node, annotations in
            guard case .mapping(let entries) = node.kind else { return true }
            var ok = true
            for (trigger, u) in conditional where entries.contains(where: { JSONValues.keyName($0.key) == trigger }) {
                guard ev.descend(u, sameValue: node, &annotations, ok: &ok) else { return false }
            }
            return ok
        }
    }

    // MARK: Applicators on arrays

    static func prefixItems(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let subs = try c.schemaArray()
        return { ev, node, annotations in
            guard case .sequence(let items) = node.kind else { return true }
            var ok = true
            for k in 0..<min(items.count, subs.count) {
                guard ev.descend(subs[k], into: items[k], at: .index(k), ok: &ok,
                                 passed: { annotations?.items.insert(k) }) else { return false }
            }
            return ok
        }
    }

    static func items(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        if case .sequence = c.value.kind {
            throw c.invalid("in draft 2020-12 `items` is one schema for every item; use `prefixItems` for a sequence of schemas")
        }
        let sub = c.subschema(c.value)
        let start = c.sibling("prefixItems")?.items?.count ?? 0
        let isFalse = c.value.scalar?.value == .bool(false)
        let location = c.location
        return { ev, node, annotations in
            guard case .sequence(let items) = node.kind, items.count > start else { return true }
            if isFalse {
                ev.report("schema-items", at: items[start], schemaPath: location, step: .index(start),
                          "too many items: at most \(start) allowed, found \(items.count)",
                          help: "remove the items from here on")
                return false
            }
            var ok = true
            for k in start..<items.count {
                guard ev.descend(sub, into: items[k], at: .index(k), ok: &ok,
                                 passed: { annotations?.items.insert(k) }) else { return false }
            }
            return ok
        }
    }

    static func contains(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let sub = c.subschema(c.value)
        func limit(_ name: String) throws(DiagnosticError) -> Int? {
            guard let node = c.sibling(name) else { return nil }
            let context = KeywordContext(compiler: c.compiler, unit: c.unit, key: c.key, value: node, keyword: name,
                                         location: c.unit.location + "/" + name)
            return try context.count()
        }
        let minimum = try limit("minContains") ?? 1
        let maximum = try limit("maxContains")
        let location = c.location
        return { ev, node, annotations in
            guard case .sequence(let items) = node.kind else { return true }
            var matched = 0
            for k in 0..<items.count {
                let ok = ev.quietly { ev.applyChild(sub, items[k], .index(k)) }
                if ok {
                    matched += 1
                    annotations?.items.insert(k)
                }
            }
            if matched < minimum {
                ev.report("schema-contains", at: node, schemaPath: location,
                          "must contain at least \(minimum) item\(minimum == 1 ? "" : "s") matching the `contains` schema, found \(matched)")
                return false
            }
            if let maximum, matched > maximum {
                ev.report("schema-max-contains", at: node, schemaPath: location,
                          "must contain at most \(maximum) item\(maximum == 1 ? "" : "s") matching the `contains` schema, found \(matched)")
                return false
            }
            return true
        }
    }

    // MARK: Logic

    static func allOf(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let subs = try c.schemaArray()
        c.unit.sameLocation.append(contentsOf: subs)
        return { ev, node, annotations in
            var ok = true
            for u in subs {
                guard ev.descend(u, sameValue: node, &annotations, ok: &ok) else { return false }
            }
            return ok
        }
    }

    static func anyOrOneOf(_ c: KeywordContext, one: Bool) throws(DiagnosticError) -> KeywordCheck? {
        let subs = try c.schemaArray()
        c.unit.sameLocation.append(contentsOf: subs)
        let location = c.location
        let keyword = c.keyword
        let gates = AlternativeGates()
        c.compiler.alternativeGates.append((gates, subs))
        return { ev, node, annotations in
            // First a quiet pass: which alternatives pass (annotations from those).
            // Counted, with the first two kept for the message: no array per value.
            var passedCount = 0
            var firstPassed = (0, 0)
            ev.quietly {
                // Alternatives that require a key the value lacks fail: not applied.
                let ruledOut = gates.ruledOut(node)
                for (k, u) in subs.enumerated() {
                    if k < 64, ruledOut & (1 << UInt64(k)) != 0, ev.skipFailing(cost: gates.costs[k]) { continue }
                    guard ev.apply(u, node, &annotations) else { continue }
                    if passedCount == 0 { firstPassed.0 = k } else if passedCount == 1 { firstPassed.1 = k }
                    passedCount += 1
                    if !one && annotations == nil { break }
                    if one && passedCount > 1 && annotations == nil { break }
                }
            }
            if one ? passedCount == 1 : passedCount > 0 { return true }
            if ev.failFast { return false }
            if one && passedCount > 1 {
                ev.report("schema-one-of", at: node, schemaPath: location,
                          "matches more than one alternative of `oneOf` (#\(firstPassed.0 + 1) and #\(firstPassed.1 + 1)); it must match exactly one",
                          help: "make the alternatives exclusive, or change the value so only one applies")
                return false
            }
            // Every alternative failed: explain the closest one (within a work budget).
            var best: (score: (Int, Int, Int), errors: [Diagnostic])? = nil
            let depth = ev.path.count
            let here = ev.instancePath()
            var expectations: [String]? = []
            ev.explaining += 1
            defer { ev.explaining -= 1 }
            for u in subs where ev.explainWork < Evaluation.maxExplainWork {
                let start = ev.errors.count
                var none: Annotations? = nil
                _ = ev.apply(u, node, &none)
                let errs = Array(ev.errors[start...])
                ev.errors.removeSubrange(start...)
                let score = closeness(errs, here: here, depth: depth)
                if best == nil || score < best!.score { best = (score, errs) }
                // Alternatives that each reject only the kind of value combine
                // into one "expected A or B" message.
                if errs.count == 1, errs[0].instancePath == here, let expected = expectation(errs[0]) {
                    if !(expectations?.contains(expected) ?? true) { expectations?.append(expected) }
                } else {
                    expectations = nil
                }
            }
            guard ev.explainWork < Evaluation.maxExplainWork else {
                ev.report(keyword == "oneOf" ? "schema-one-of" : "schema-any-of", at: node, schemaPath: location,
                          "matches none of the \(subs.count) alternatives of `\(keyword)`")
                return false
            }
            if let expectations, expectations.count > 1, let first = best?.errors.first {
                let rule = first.rule == "schema-type" ? "schema-type" : (keyword == "oneOf" ? "schema-one-of" : "schema-any-of")
                ev.report(rule, at: node, schemaPath: location,
                          "expected \(alternatives(expectations)), found \(JSONValues.describe(node))",
                          help: first.help)
            } else if let best, !best.errors.isEmpty {
                ev.errors.append(contentsOf: best.errors)
            } else {
                ev.report(keyword == "oneOf" ? "schema-one-of" : "schema-any-of", at: node, schemaPath: location,
                          "matches none of the \(subs.count) alternatives of `\(keyword)`")
            }
            return false
        }
    }

    /// What a type/const/enum message says was expected ("a string", "`null`").
    static func expectation(_ d: Diagnostic) -> String? {
        let text = d.message
        switch d.rule {
        case "schema-type":
            guard text.hasPrefix("expected "), let comma = text.firstRange(of: ", found ") else { return nil }
            return String(text[text.index(text.startIndex, offsetBy: 9)..<comma.lowerBound])
        case "schema-const", "schema-enum":
            guard text.hasPrefix("must be "), let comma = text.firstRange(of: ", found ") else { return nil }
            return String(text[text.index(text.startIndex, offsetBy: 8)..<comma.lowerBound])
        default:
            return nil
        }
    }

    /// Lower is closer: wrong type/const at the value itself is far; then
    /// fewer problems; then deeper ones (the value got further into the branch).
    static func closeness(_ errors: [Diagnostic], here: String, depth: Int) -> (Int, Int, Int) {
        var penalty = 0
        var deepest = 0
        for e in errors {
            let isDiscriminator = e.rule == "schema-type" || e.rule == "schema-const" || e.rule == "schema-enum" || e.rule == "schema-false"
            if isDiscriminator && e.instancePath == here { penalty = max(penalty, 2) }
            if e.rule == "schema-const" && e.instancePath.hasPrefix(here + "/")
                && !e.instancePath.dropFirst(here.count + 1).contains("/") { penalty = max(penalty, 1) }
            deepest = max(deepest, e.instancePath.split(separator: "/").count)
        }
        return (penalty, errors.count, -deepest)
    }

    static func not(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let sub = c.subschema(c.value)
        let location = c.location
        return { ev, node, _ in
            var none: Annotations? = nil
            let matched = ev.quietly { ev.apply(sub, node, &none) }
            if !matched { return true }
            ev.report("schema-not", at: node, schemaPath: location,
                      "must not match the schema under `not`, found \(JSONValues.describe(node))")
            return false
        }
    }

    static func ifThenElse(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let condition = c.subschema(c.value)
        let location = c.unit.location
        let thenUnit = c.sibling("then").map {
            c.compiler.unit(for: $0, base: c.unit.baseURI, resource: c.unit.resource, location: location + "/then")
        }
        let elseUnit = c.sibling("else").map {
            c.compiler.unit(for: $0, base: c.unit.baseURI, resource: c.unit.resource, location: location + "/else")
        }
        c.unit.sameLocation.append(contentsOf: [condition] + [thenUnit, elseUnit].compactMap { $0 })
        let alone = thenUnit == nil && elseUnit == nil
        return { ev, node, annotations in
            // Without `then`/`else`, `if` only matters for the annotations it adds.
            if alone && annotations == nil { return true }
            let holds = ev.quietly { ev.apply(condition, node, &annotations) }
            if holds, let thenUnit { return ev.apply(thenUnit, node, &annotations) }
            if !holds, let elseUnit { return ev.apply(elseUnit, node, &annotations) }
            return true
        }
    }

    // MARK: References

    static func ref(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let target = try c.compiler.resolveReference(try c.string(), from: c.unit, at: c.value, location: c.location)
        c.unit.sameLocation.append(target)
        c.unit.staticRefTarget = target
        return { ev, node, annotations in ev.apply(target, node, &annotations) }
    }

    static func dynamicRef(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let text = try c.string()
        let target = try c.compiler.resolveReference(text, from: c.unit, at: c.value, location: c.location)
        c.unit.sameLocation.append(target)
        let fragment = URIReference.split(text).fragment ?? ""
        // Dynamic only when the static target itself declares this `$dynamicAnchor`.
        let dynamic = !fragment.isEmpty && !fragment.hasPrefix("/")
            && c.compiler.units[target].node["$dynamicAnchor"]?.scalar?.value == .string(fragment)
        if !dynamic { return { ev, node, annotations in ev.apply(target, node, &annotations) } }
        return { ev, node, annotations in
            var chosen = target
            for resource in ev.scope {
                if let u = ev.program.dynamicAnchors[resource][fragment] {
                    chosen = u
                    break
                }
            }
            return ev.apply(chosen, node, &annotations)
        }
    }

    // MARK: Unevaluated

    static func unevaluatedProperties(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let sub = c.subschema(c.value)
        let isFalse = c.value.scalar?.value == .bool(false)
        let location = c.location
        let owner = c.unit.index
        return { ev, node, annotations in
            guard case .mapping(let entries) = node.kind else { return true }
            var ok = true
            var candidates: [String]? = nil
            for k in 0..<entries.count where !(annotations?.properties.contains(k) ?? false) {
                let name = JSONValues.keyName(entries[k].key)
                if isFalse {
                    guard ev.keepGoing(afterFailing: &ok) else { return false }
                    if candidates == nil { candidates = reachablePropertyNames(ev.program, owner) }
                    reportUnknownKey(ev, "schema-unevaluated-properties", entries[k].key, name, candidates ?? [], location)
                } else {
                    guard ev.descend(sub, into: entries[k].value, at: .key(entries.key(at: k)), ok: &ok,
                                     passed: { annotations?.properties.insert(k) }) else { return false }
                }
            }
            return ok
        }
    }

    /// Property names declared by a schema and the schemas applied beside it.
    static func reachablePropertyNames(_ program: SchemaProgram, _ start: Int) -> [String] {
        var seen: Set<Int> = []
        var names: Set<String> = []
        var stack = [start]
        while let u = stack.popLast() {
            guard seen.insert(u).inserted else { continue }
            names.formUnion(program.units[u].propertyNames)
            stack.append(contentsOf: program.units[u].sameLocation)
        }
        return names.sorted()
    }

    static func unevaluatedItems(_ c: KeywordContext) throws(DiagnosticError) -> KeywordCheck? {
        let sub = c.subschema(c.value)
        let isFalse = c.value.scalar?.value == .bool(false)
        let location = c.location
        return { ev, node, annotations in
            guard case .sequence(let items) = node.kind else { return true }
            var ok = true
            for k in 0..<items.count where !(annotations?.items.contains(k) ?? false) {
                if isFalse {
                    ev.report("schema-unevaluated-items", at: items[k], schemaPath: location, step: .index(k),
                              "unexpected item \(k): no schema here allows it",
                              help: "remove it")
                    return false
                }
                guard ev.descend(sub, into: items[k], at: .index(k), ok: &ok,
                                 passed: { annotations?.items.insert(k) }) else { return false }
            }
            return ok
        }
    }
}

/// Property name → unit. An instance key's bytes are searched linearly,
/// names of other lengths skipped at once, while the table is small enough
/// that this beats decoding and hashing the key (an object's properties,
/// as schemas write them); a larger table is searched by hash.
struct NameTable: Sendable {
    /// Up to this many names, keys are looked up by their bytes.
    static let linearLimit = 32
    private let small: [(String, Int)]
    /// The small table by spelling, for an instance key's bytes.
    private let spellings: KeySpellings<Int>
    private let large: [String: (String, Int)]?

    init(_ map: [String: Int]) {
        if map.count <= Self.linearLimit {
            small = map.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            spellings = KeySpellings(small)
            large = nil
        } else {
            small = []
            spellings = KeySpellings([])
            var table: [String: (String, Int)] = [:]
            for (key, unit) in map { table[key] = (key, unit) }
            large = table
        }
    }

    /// The value for a key given as UTF-8 bytes (nil: a key that is not a
    /// scalar, named "" like `keyName` does). Compares bytes, so code points.
    func slot(forUTF8 key: UnsafeBufferPointer<UInt8>?) -> Int? {
        guard let key else { return self[""] }
        if large != nil { return self[String(decoding: key, as: UTF8.self)] }
        return spellings.value(forUTF8: key)
    }

    /// Exact (code point) match: JSON keys `é` and `e` + U+0301 differ.
    @inline(__always)
    subscript(name: String) -> Int? {
        if let large {
            guard let (key, v) = large[name], JSONValues.sameText(key, name) else { return nil }
            return v
        }
        for (k, v) in small where JSONValues.sameText(k, name) { return v }
        return nil
    }
}
