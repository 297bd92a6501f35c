// Unsafe here: `SchemaUnit` and `SchemaProgram` are `@unchecked Sendable`,
// a unit's properties are `@exclusivity(unchecked)`, and its checks are kept
// as `Unmanaged` references in memory of its own (`runnable`).
// What it buys: each schema application reads its unit and calls its checks
// without exclusivity checks or retain/release, which would otherwise be
// paid on every application, the validator's innermost step (BENCHMARKS.md,
// "Before/after figures of optimisations").
// What keeps it sound: units are written only while the compiler builds the
// program, on one thread, and `freeze()` runs before the program is handed
// out; afterwards they are only read, from any thread. `runnable` holds
// unretained references to the objects in `checks`, which the unit keeps
// alive for its whole life, and is freed in `deinit`.

import AccordionDiagnostics
import AccordionYAML

/// One keyword's compiled check. Returns false when the instance fails it;
/// reports its problems to the evaluation and marks evaluated properties and
/// items in `annotations` when those are being collected.
///
/// The instance is a `YAMLNodeRef`: validation walks every node of a document,
/// and handles that kept the document alive cost an atomic reference-count
/// operation each. `JSONSchemaValidator` holds the instance's root for the
/// whole run. Schema values a check captures as refs are kept alive by their
/// unit's `node`.
typealias KeywordCheck = @Sendable (Evaluation, YAMLNodeRef, inout Annotations?) -> Bool

/// A check in an object of its own: validation calls it through an
/// unmanaged reference (`SchemaUnit.runnable`), so the closure's context is
/// not retained and released around every call (an atomic operation each,
/// on every schema application).
final class CompiledCheck {
    let run: KeywordCheck

    init(run: @escaping KeywordCheck) {
        self.run = run
    }
}

/// One compiled (sub)schema: its checks, already in evaluation order.
final class SchemaUnit: @unchecked Sendable {
    let index: Int
    let node: YAMLNode
    /// Where it is, as `pointer` in the main schema or `uri#pointer` in another document.
    let location: String
    let baseURI: String
    let resource: Int
    // Written only while compiling, read on every schema application: no
    // dynamic exclusivity checks (which would be paid on each read).
    /// For `true`/`false` schemas.
    @exclusivity(unchecked) var boolean: Bool?
    @exclusivity(unchecked) var checks: [CompiledCheck] = []
    /// `checks` once compiling is done, as unmanaged references in memory of
    /// the unit's own (which `checks` keeps alive): read on every schema
    /// application, where an array property of a class would be retained
    /// and released each time, and so would each closure called from it.
    @exclusivity(unchecked) private(set) var runnable = UnsafeMutableBufferPointer<Unmanaged<CompiledCheck>>(start: nil, count: 0)

    /// Fixes `checks` for validation.
    func freeze() {
        runnable.deallocate()
        runnable = .allocate(capacity: checks.count)
        _ = runnable.initialize(from: checks.map { Unmanaged.passUnretained($0) })
    }

    deinit {
        runnable.deallocate()
    }
    /// Has `unevaluatedProperties`/`unevaluatedItems`, so needs annotations from its siblings.
    @exclusivity(unchecked) var collectsAnnotations = false
    /// Subschemas applied to the same instance (for "did you mean" candidates).
    var sameLocation: [Int] = []
    /// Names listed under `properties`.
    var propertyNames: [String] = []
    /// Names listed under `required` (read while compiling).
    var requiredNames: [String] = []
    /// The target of this unit's static `$ref`, if it has one.
    var staticRefTarget: Int?
    /// The unit validation really applies for this one: itself, or for a
    /// unit that is nothing but a `$ref` within its resource (`{"$ref":
    /// "#/$defs/x"}`, the commonest subschema), the unit it names, so that
    /// every property and item skips one application.
    @exclusivity(unchecked) var forward: Int
    /// How many units `forward` skips (0 when it is the unit itself).
    @exclusivity(unchecked) var forwardHops = 0
    var compiled = false

    init(index: Int, node: YAMLNode, location: String, baseURI: String, resource: Int) {
        self.index = index
        self.forward = index
        self.node = node
        self.location = location
        self.baseURI = baseURI
        self.resource = resource
    }
}

/// The frozen result of compiling: shared by every validation.
final class SchemaProgram: @unchecked Sendable {
    let units: [SchemaUnit]
    /// Per resource: its `$dynamicAnchor` names and the units carrying them.
    let dynamicAnchors: [[String: Int]]
    let root: Int
    let warnings: [Diagnostic]
    /// Nodes of documents loaded while compiling (meta-schemas), kept alive.
    let documents: [YAMLNode]
    /// Schema node → its unit, for validating against a subschema.
    let unitByNode: [YAMLNode: Int]

    init(units: [SchemaUnit], dynamicAnchors: [[String: Int]], root: Int, warnings: [Diagnostic], documents: [YAMLNode],
         unitByNode: [YAMLNode: Int]) {
        self.unitByNode = unitByNode
        self.units = units
        self.dynamicAnchors = dynamicAnchors
        self.root = root
        self.warnings = warnings
        self.documents = documents
    }
}

/// Compiles a schema document (and the known documents it references) into
/// units: registers every `$id`, `$anchor` and `$dynamicAnchor` first, then
/// compiles keywords through the keyword table, resolving references to unit
/// indices so validation never looks anything up by name.
final class SchemaCompiler {
    /// The base URI of a schema without `$id`.
    static let defaultBase = "urn:accordion:schema"

    var units: [SchemaUnit] = []
    var unitByNode: [YAMLNode: Int] = [:]
    /// Unit location → the unit first registered there, so a `$ref` by JSON
    /// pointer to a registered subschema (`#/$defs/panel`, most of them) is
    /// one lookup instead of a walk that names every key on its way.
    var unitByLocation: [String: Int] = [:]
    /// Resource URI (no fragment) → unit index of its root.
    var resourceRoots: [String: Int] = [:]
    var resourceCount = 0
    var anchors: [String: Int] = [:]
    var dynamicAnchors: [[String: Int]] = []
    var documents: [YAMLNode] = []
    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    var patterns: [String: ECMARegex] = [:]
    /// Each `anyOf`/`oneOf`'s gates with its alternatives, filled once every unit is compiled.
    var alternativeGates: [(AlternativeGates, [Int])] = []

    func compileDocument(_ root: YAMLNode) throws(DiagnosticError) -> SchemaProgram {
        let base: String
        if case .mapping = root.kind, let id = root["$id"]?.scalar, case .string(let text) = id.value {
            base = URIReference.split(URIReference.resolve(text, against: SchemaCompiler.defaultBase)).document
        } else {
            base = SchemaCompiler.defaultBase
        }
        // A unit per schema node, and a schema is at most every other node
        // of its tree (keys are nodes too): room for that up front.
        let expected = root.documentNodeCount / 2
        units.reserveCapacity(expected)
        unitByNode.reserveCapacity(expected)
        unitByLocation.reserveCapacity(expected)
        let rootIndex = register(root, base: base, resource: newResource(), location: "", isRoot: true)
        if resourceRoots[SchemaCompiler.defaultBase] == nil { resourceRoots[SchemaCompiler.defaultBase] = rootIndex }
        var next = 0
        while next < units.count {
            if !units[next].compiled { compile(units[next]) }
            next += 1
        }
        if !errors.isEmpty { throw DiagnosticError(Diagnostic.sortedByPosition(errors)) }
        forwardPureReferences()
        for (gates, alternatives) in alternativeGates { gates.fill(alternatives, units) }
        for unit in units { unit.freeze() }
        return SchemaProgram(units: units, dynamicAnchors: dynamicAnchors, root: rootIndex, warnings: warnings, documents: documents,
                             unitByNode: unitByNode)
    }

    /// Points every unit that only holds a `$ref` to a unit of the same
    /// resource at that unit (following chains; a cycle of such units is
    /// left alone, so the recursion limit still catches it). Results are
    /// the same: the skipped unit's one check would apply the target at the
    /// same place, and the dynamic scope would gain no new resource.
    func forwardPureReferences() {
        func pureTarget(_ unit: SchemaUnit) -> Int? {
            guard let target = unit.staticRefTarget, unit.checks.count == 1, !unit.collectsAnnotations,
                  unit.boolean == nil, units[target].resource == unit.resource else { return nil }
            return target
        }
        // Most units hold more than a `$ref`: they keep themselves (as made).
        for unit in units where pureTarget(unit) != nil {
            var seen: Set<Int> = [unit.index]
            var end = unit.index
            var hops = 0
            while let next = pureTarget(units[end]) {
                guard seen.insert(next).inserted else {
                    end = unit.index
                    hops = 0
                    break
                }
                end = next
                hops += 1
            }
            unit.forward = end
            unit.forwardHops = hops
        }
    }

    func newResource() -> Int {
        dynamicAnchors.append([:])
        resourceCount += 1
        return resourceCount - 1
    }

    func error(_ message: String, at node: YAMLNode, location: String, help: String? = nil) {
        errors.append(Diagnostic(rule: "schema-invalid", message: message, span: node.span, help: help, schemaPath: location))
    }

    /// `location` + `/` + `token` escaped, in one allocation: every
    /// subschema and every keyword has such a location.
    static func child(_ location: String, _ token: String) -> String {
        let escaped = escape(token)
        var out = ""
        out.reserveCapacity(location.utf8.count + 1 + escaped.utf8.count)
        out += location
        out += "/"
        out += escaped
        return out
    }

    static func escape(_ token: String) -> String {
        // Bytes, not Characters: this runs for every key of every schema.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingTildes()
    }

    // MARK: Phase 1: registration

    /// Where a keyword's value holds subschemas.
    enum SubschemaPlace { case single, array, map }

    /// The keywords whose values hold subschemas (one name lookup per key
    /// of every schema while registering).
    /// (`definitions` and `dependencies` are earlier drafts' keywords: not
    /// applied, but identifiers inside them are registered so `$ref`s into
    /// schemas written for several drafts still resolve.)
    static let subschemaPlaces: [String: SubschemaPlace] = {
        var places: [String: SubschemaPlace] = [:]
        for name in ["items", "contains", "additionalProperties", "propertyNames", "if", "then", "else", "not",
                     "unevaluatedItems", "unevaluatedProperties", "contentSchema"] { places[name] = .single }
        for name in ["prefixItems", "allOf", "anyOf", "oneOf"] { places[name] = .array }
        for name in ["properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies"] {
            places[name] = .map
        }
        return places
    }()

    /// Keywords of earlier drafts, with what replaced them in 2020-12.
    static let replacedKeywords: [String: String] = [
        "definitions": "`$defs`", "dependencies": "`dependentRequired` or `dependentSchemas`",
        "$recursiveRef": "`$dynamicRef`", "$recursiveAnchor": "`$dynamicAnchor`",
        "additionalItems": "`items` (with `prefixItems` for the leading items)",
    ]

    /// Creates units for `node` and every subschema under known keywords,
    /// recording identifiers. Returns the unit index.
    @discardableResult
    func register(_ node: YAMLNode, base: String, resource: Int, location: String, isRoot: Bool = false) -> Int {
        if let existing = unitByNode[node] { return existing }
        var base = base
        var resource = resource
        var startsResource = isRoot
        if case .mapping = node.kind, let idNode = node["$id"] {
            if case .scalar(let s) = idNode.kind, case .string(let id) = s.value {
                let resolved = URIReference.resolve(id, against: base)
                let (document, fragment) = URIReference.split(resolved)
                if let fragment, !fragment.isEmpty {
                    error("`$id` must not contain a fragment (`#\(fragment)`); use `$anchor` to name a location",
                          at: idNode, location: location + "/$id")
                }
                if !isRoot { resource = newResource() }
                base = document
                startsResource = true
            } else {
                error("`$id` must be a string, found \(JSONValues.describe(idNode))", at: idNode, location: location + "/$id")
            }
        }
        let index = units.count
        let unit = SchemaUnit(index: index, node: node, location: location, baseURI: base, resource: resource)
        units.append(unit)
        unitByNode[node] = index
        // The first unit at a location is the one a pointer walk finds (a
        // later one can only come from a duplicate key).
        if unitByLocation[location] == nil { unitByLocation[location] = index }
        if startsResource, resourceRoots[base] == nil { resourceRoots[base] = index }
        guard case .mapping(let entries) = node.kind else { return index }
        for (key, value) in entries {
            let name = JSONValues.keyName(key)
            // Built only for the keywords that name a place (most keys are annotations).
            var here: String { SchemaCompiler.child(location, name) }
            switch name {
            case "$anchor", "$dynamicAnchor":
                if case .scalar(let s) = value.kind, case .string(let anchor) = s.value {
                    if !SchemaCompiler.isAnchorName(anchor) {
                        error("`\(name)` must be a plain name (letters, digits, `-`, `_`, `.`, starting with a letter or `_`), found \(JSONValues.quoted(anchor))",
                              at: value, location: here)
                    }
                    anchors[base + "#" + anchor] = index
                    if name == "$dynamicAnchor" { dynamicAnchors[resource][anchor] = index }
                } else {
                    error("`\(name)` must be a string, found \(JSONValues.describe(value))", at: value, location: here)
                }
            default:
                switch SchemaCompiler.subschemaPlaces[name] {
                case .single?:
                    register(value, base: base, resource: resource, location: here)
                case .array?:
                    if case .sequence(let items) = value.kind {
                        let prefix = here
                        for (k, item) in items.enumerated() {
                            register(item, base: base, resource: resource, location: SchemaCompiler.child(prefix, String(k)))
                        }
                    }
                case .map?:
                    if case .mapping(let children) = value.kind {
                        let prefix = here
                        for (childKey, child) in children where !(name == "dependencies" && child.items != nil) {
                            register(child, base: base, resource: resource,
                                     location: SchemaCompiler.child(prefix, JSONValues.keyName(childKey)))
                        }
                    }
                case nil:
                    break
                }
            }
        }
        return index
    }

    static func isAnchorName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first,
              (first >= "A" && first <= "Z") || (first >= "a" && first <= "z") || first == "_"
        else { return false }
        return text.unicodeScalars.allSatisfy {
            ($0 >= "A" && $0 <= "Z") || ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "_" || $0 == "."
        }
    }

    // MARK: Phase 2: keywords

    func compile(_ unit: SchemaUnit) {
        unit.compiled = true
        switch unit.node.kind {
        case .scalar(let s):
            if case .bool(let b) = s.value {
                unit.boolean = b
            } else {
                error("a schema must be a mapping or a boolean, found \(JSONValues.describe(unit.node))",
                      at: unit.node, location: unit.location)
            }
        case .sequence:
            error("a schema must be a mapping or a boolean, found a sequence", at: unit.node, location: unit.location)
        case .mapping(let entries):
            var last: [CompiledCheck] = []
            for (key, value) in entries {
                let name = JSONValues.keyName(key)
                // Annotations that are well-formed need no check and no context (most keys of a documented schema).
                switch SchemaCompiler.plainAnnotations[name] {
                case .anyValue?: continue
                case .string?:
                    if case .scalar(let s) = value.kind, s.isString { continue }
                case nil: break
                }
                let location = SchemaCompiler.child(unit.location, name)
                guard let keyword = Keywords.table[name] else {
                    // `x-…` keys are extensions by convention (as in OpenAPI): accepted silently.
                    if name.hasPrefix("x-") { continue }
                    if let replacement = SchemaCompiler.replacedKeywords[name] {
                        warnings.append(Diagnostic(
                            severity: .warning, rule: "schema-unknown-keyword",
                            message: "`\(name)` is not a draft 2020-12 keyword and is ignored",
                            span: key.span, help: "use \(replacement) instead", schemaPath: location))
                        continue
                    }
                    warnings.append(Diagnostic(
                        severity: .warning, rule: "schema-unknown-keyword",
                        message: "unknown schema keyword `\(name)` is ignored",
                        span: key.span,
                        help: Suggestions.closest(to: name, in: Array(Keywords.table.keys)).map { "did you mean `\($0)`?" }
                            ?? "remove it, or prefix extension keywords with `x-`",
                        schemaPath: location))
                    continue
                }
                let context = KeywordContext(compiler: self, unit: unit, key: key, value: value, keyword: name, location: location)
                do {
                    guard let check = try keyword.compile(context) else { continue }
                    if name == "unevaluatedProperties" || name == "unevaluatedItems" {
                        unit.collectsAnnotations = true
                        last.append(CompiledCheck(run: check))
                    } else {
                        unit.checks.append(CompiledCheck(run: check))
                    }
                } catch let failure as DiagnosticError {
                    errors.append(contentsOf: failure.diagnostics)
                } catch {
                    self.error("could not compile `\(name)`", at: value, location: location)
                }
            }
            unit.checks.append(contentsOf: last)
        }
    }

    /// What an annotation keyword's value must be, for the keywords whose
    /// only check is that (the keyword table checks them the same way).
    enum AnnotationValue { case anyValue, string }

    static let plainAnnotations: [String: AnnotationValue] = [
        "$id": .anyValue, "$anchor": .anyValue, "$dynamicAnchor": .anyValue, "$vocabulary": .anyValue, "default": .anyValue,
        "$schema": .string, "$comment": .string, "title": .string, "description": .string, "format": .string,
        "contentEncoding": .string, "contentMediaType": .string, "markdownDescription": .string,
    ]

    /// The annotations no check reads and no message quotes, so a schema
    /// known to be valid can be compiled without them
    /// (`JSONSchemaValidator(annotatedJSON:source:)`): a documented schema is
    /// about half these.
    static let unreadAnnotations: Set<String> = ["title", "description", "markdownDescription", "examples", "default", "$comment"]

    /// The unit for a subschema node (registered in phase 1, or now when it
    /// sits somewhere only a JSON pointer reaches).
    /// (`location` is spelled only for a new unit: most are registered already.)
    func unit(for node: YAMLNode, base: String, resource: Int, location: @autoclosure () -> String) -> Int {
        if let existing = unitByNode[node] { return existing }
        return register(node, base: base, resource: resource, location: location())
    }

    /// Resolves a `$ref`-style reference from `unit` to a unit index.
    func resolveReference(_ reference: String, from unit: SchemaUnit, at node: YAMLNode, location: String) throws(DiagnosticError) -> Int {
        let document: String, rawFragment: String?
        if reference.utf8.first == UInt8(ascii: "#") {
            // The same document (most references): the unit's base, which
            // never has a fragment, and this one (RFC 3986 §5.2.2).
            document = unit.baseURI
            rawFragment = String(reference.dropFirst())
        } else {
            (document, rawFragment) = URIReference.split(URIReference.resolve(reference, against: unit.baseURI))
        }
        func unresolved(_ why: String, help: String? = nil) -> DiagnosticError {
            DiagnosticError(Diagnostic(rule: "schema-unresolved-ref", message: "cannot resolve `\(reference)`: \(why)",
                                       span: node.span, help: help, schemaPath: location))
        }
        if resourceRoots[document] == nil {
            guard let known = KnownSchemaDocuments.all.first(where: { $0.uri == document }) else {
                throw unresolved("no schema with `$id` `\(document)` is known, and remote documents are not fetched",
                                 help: "embed the referenced schema under `$defs` with that `$id`, or reference it with a JSON pointer like `#/$defs/name`")
            }
            let parsed: YAMLNode
            do {
                parsed = try JSONNodeParser.parse(known.text, source: known.uri)
            } catch {
                throw unresolved("the embedded copy of `\(document)` could not be read")
            }
            documents.append(parsed)
            register(parsed, base: document, resource: newResource(), location: document + "#", isRoot: true)
        }
        guard let rootIndex = resourceRoots[document] else { throw unresolved("no such document") }
        let fragment = URIReference.percentDecoded(rawFragment ?? "")
        if fragment.isEmpty { return rootIndex }
        if !fragment.hasPrefix("/") {
            guard let target = anchors[document + "#" + fragment] else {
                throw unresolved("no `$anchor` or `$dynamicAnchor` named `\(fragment)` in `\(document == SchemaCompiler.defaultBase ? "this schema" : document)`")
            }
            return target
        }
        // JSON pointer from the resource root. A registered subschema's
        // location is its path of escaped keys from the document's root, so
        // the pointer names it exactly when the resource root's location and
        // the pointer spell that location.
        let root = units[rootIndex]
        if let registered = unitByLocation[root.location + fragment] { return registered }
        var node = root.node
        var base = root.baseURI
        var resource = root.resource
        var here = root.location
        for rawToken in fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let token = String(rawToken).unescapingPointerToken()
            here += "/" + SchemaCompiler.escape(token)
            switch node.kind {
            case .mapping(let entries):
                guard let entry = entries.first(where: { JSONValues.keyName($0.key) == token }) else {
                    throw unresolved("there is no `\(token)` at `\(fragment)`")
                }
                node = entry.value
            case .sequence(let items):
                guard let k = Int(token), k >= 0, k < items.count, token == String(k) else {
                    throw unresolved("there is no item `\(token)` at `\(fragment)`")
                }
                node = items[k]
            case .scalar:
                throw unresolved("`\(fragment)` goes inside a scalar")
            }
            if let existing = unitByNode[node] {
                base = units[existing].baseURI
                resource = units[existing].resource
                here = units[existing].location
            }
        }
        return self.unit(for: node, base: base, resource: resource, location: here)
    }

    /// A compiled regular expression, once per distinct pattern.
    func regex(_ pattern: String, at node: YAMLNode, location: String) throws(DiagnosticError) -> ECMARegex {
        if let cached = patterns[pattern] { return cached }
        do {
            let compiled = try ECMARegex(pattern)
            patterns[pattern] = compiled
            return compiled
        } catch {
            throw DiagnosticError(Diagnostic(
                rule: "schema-invalid-pattern",
                message: "invalid regular expression \(JSONValues.quoted(pattern)): \(error.message) at character \(error.position + 1)",
                span: node.span, help: "patterns use ECMA-262 (JavaScript) syntax", schemaPath: location))
        }
    }
}

extension String {
    /// `~` → `~0`, `/` → `~1` (JSON pointer token escaping).
    func replacingTildes() -> String {
        var out = ""
        for c in unicodeScalars {
            switch c {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// `~1` → `/`, `~0` → `~`.
    func unescapingPointerToken() -> String {
        guard utf8.contains(UInt8(ascii: "~")) else { return self }
        var out = ""
        var it = unicodeScalars.makeIterator()
        while let c = it.next() {
            if c == "~" {
                switch it.next() {
                case "0": out += "~"
                case "1": out += "/"
                case let other?: out += "~"; out.unicodeScalars.append(other)
                case nil: out += "~"
                }
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

/// The keys that rule out alternatives of an `anyOf`/`oneOf` before they
/// are applied: an alternative whose schema (the unit validation applies
/// for it) has `required` fails on any mapping that lacks one of those keys,
/// whatever else it says. A step of a script is a mapping tried against a
/// dozen alternatives, each requiring its own action key: only the ones
/// whose key the step has are applied. Which alternatives pass, and so
/// every result and message, is unchanged. Filled while compiling, only
/// read afterwards (from any thread).
final class AlternativeGates: @unchecked Sendable {
    /// A gating key's bytes → the alternatives (bits by position) that require it.
    private(set) var keys = KeySpellings<UInt64>([])
    /// The alternatives that some key rules out (bits by position).
    private(set) var gated: UInt64 = 0
    /// Per alternative, the applications trying it would count before the
    /// missing key fails it (its `$ref` hops and itself).
    private(set) var costs: [Int] = []

    /// Finds each alternative's first required key (in `units`, after
    /// references were forwarded). At most 64 alternatives are gated.
    func fill(_ alternatives: [Int], _ units: [SchemaUnit]) {
        var masks: [(String, UInt64)] = []
        for (k, index) in alternatives.enumerated() where k < 64 {
            let unit = units[units[index].forward]
            costs.append(units[index].forwardHops + 1)
            // `required: [""]` is met by a key that is not a scalar too: no gate.
            guard unit.boolean == nil, let key = unit.requiredNames.first, !key.isEmpty else { continue }
            if let at = masks.firstIndex(where: { JSONValues.sameText($0.0, key) }) {
                masks[at].1 |= 1 << UInt64(k)
            } else {
                masks.append((key, 1 << UInt64(k)))
            }
            gated |= 1 << UInt64(k)
        }
        keys = KeySpellings(masks)
    }

    /// The alternatives `node` rules out: those gated by a key it lacks
    /// (none when it is not a mapping: `required` only looks at mappings).
    @inline(__always)
    func ruledOut(_ node: YAMLNodeRef) -> UInt64 {
        guard gated != 0, let entries = node.entries else { return 0 }
        var present: UInt64 = 0
        for k in 0..<entries.count {
            if let position = entries.withKeyText(at: k, { text in text.flatMap { keys.position(forUTF8: $0) } }) {
                present |= keys[position]
            }
        }
        return gated & ~present
    }
}
