// Unsafe here: the state of `Evaluation` is `@exclusivity(unchecked)`, and
// `apply` reads its unit as `unowned(unsafe)` and calls each compiled check
// through `_withUnsafeGuaranteedRef`.
// What it buys: a schema application with no dynamic exclusivity checks and
// no reference counting of the unit and its checks: `apply` runs for every
// subschema applied to every value, so whatever it pays is paid millions of
// times on a large spec (BENCHMARKS.md has the figures).
// What keeps it sound: one `Evaluation` serves one validation on one thread
// and never escapes it (nothing else can reach its properties, so no access
// overlaps another); `program.units` owns every unit, and each unit owns its
// checks, for the whole evaluation.

import AccordionDiagnostics
import AccordionYAML

/// A growable set of small non-negative integers (entry and item indices).
struct BitSet {
    var words: [UInt64] = []

    @inline(__always)
    mutating func insert(_ i: Int) {
        let w = i >> 6
        if w >= words.count { words.append(contentsOf: repeatElement(0, count: w - words.count + 1)) }
        words[w] |= 1 << UInt64(i & 63)
    }

    @inline(__always)
    func contains(_ i: Int) -> Bool {
        let w = i >> 6
        return w < words.count && words[w] & (1 << UInt64(i & 63)) != 0
    }

    mutating func formUnion(_ other: BitSet) {
        if other.words.count > words.count { words.append(contentsOf: repeatElement(0, count: other.words.count - words.count)) }
        for k in 0..<other.words.count { words[k] |= other.words[k] }
    }

    mutating func insertAll(below count: Int) {
        for i in 0..<count { insert(i) }
    }
}

/// Which properties and items of the current instance were evaluated
/// successfully, the annotations `unevaluatedProperties`/`unevaluatedItems` need.
struct Annotations {
    var properties = BitSet()
    var items = BitSet()

    mutating func merge(_ other: Annotations) {
        properties.formUnion(other.properties)
        items.formUnion(other.items)
    }
}

/// One step of the instance path, kept as data so the JSON pointer string is
/// only built when a problem is reported. Plain data (a key is its node, named
/// when the pointer is built), so the path costs no reference counting.
enum PathStep {
    case key(YAMLNodeRef)
    case index(Int)
}

/// The state of one validation run: problems found, where we are in the
/// instance, the dynamic scope for `$dynamicRef`, and the limits.
final class Evaluation {
    let program: SchemaProgram
    let units: [SchemaUnit]
    /// True while only a yes/no answer is needed (no messages are built).
    @exclusivity(unchecked) var failFast: Bool
    @exclusivity(unchecked) var errors: [Diagnostic] = []
    /// Limit problems (regex budget, recursion) are kept apart so that
    /// trying alternatives never swallows them.
    @exclusivity(unchecked) var limitErrors: [Diagnostic] = []
    @exclusivity(unchecked) var path: [PathStep] = []
    /// The dynamic scope: resources entered, outermost first (`$dynamicRef` searches it).
    @exclusivity(unchecked) private(set) var scope: [Int] = []
    /// `scope.last`, kept apart: reading it is one load, where the array's
    /// last element costs a retain and release of its buffer on every application.
    @exclusivity(unchecked) private var currentResource = -1
    /// Schema applications since the instance location last changed.
    @exclusivity(unchecked) var localDepth = 0
    @exclusivity(unchecked) var totalDepth = 0
    @exclusivity(unchecked) var work = 0
    /// Schema applications allowed in this validation (see `JSONSchemaLimits.maxWork`).
    @exclusivity(unchecked) var workLimit: Int
    /// Buffers reused by every regular-expression search of this validation.
    @exclusivity(unchecked) var regexScratch = RegexScratch()
    /// Regular-expression steps left for this whole validation.
    @exclusivity(unchecked) var regexStepsLeft: Int
    /// What `regexStepsLeft` started at, for the message.
    @exclusivity(unchecked) var regexStepsTotal: Int
    /// Set when the work limit ran out: everything after is unreliable.
    @exclusivity(unchecked) var aborted = false

    let limits: JSONSchemaLimits
    /// Schema applications spent re-running failed alternatives to explain
    /// them; past this, a failed `anyOf`/`oneOf` gets a one-line message.
    static let maxExplainWork = 200_000
    /// >0 while re-running alternatives for their messages.
    @exclusivity(unchecked) var explaining = 0
    @exclusivity(unchecked) var explainWork = 0

    init(program: SchemaProgram, failFast: Bool, limits: JSONSchemaLimits) {
        self.program = program
        self.limits = limits
        self.regexStepsLeft = limits.totalRegexBudget
        self.regexStepsTotal = limits.totalRegexBudget
        self.workLimit = limits.maxWork
        self.units = program.units
        self.failFast = failFast
    }

    /// Starts the dynamic scope in `resource` (the root schema's).
    func enterScope(_ resource: Int) {
        scope.append(resource)
        currentResource = resource
    }

    /// The JSON pointer of the current location, plus `extra`.
    func instancePath(_ extra: PathStep? = nil) -> String {
        var out = ""
        for step in path { append(step, to: &out) }
        if let extra { append(extra, to: &out) }
        return out
    }

    private func append(_ step: PathStep, to out: inout String) {
        switch step {
        case .key(let k): out += "/" + SchemaCompiler.escape(JSONValues.keyName(k))
        case .index(let i): out += "/\(i)"
        }
    }

    /// Records a problem, unless only a yes/no answer is wanted.
    @inline(__always)
    func report(_ rule: String, at node: YAMLNodeRef, schemaPath: String, step: PathStep? = nil,
                _ message: @autoclosure () -> String, help: @autoclosure () -> String? = nil,
                related: @autoclosure () -> [RelatedLocation] = []) {
        if failFast || aborted { return }
        if errors.count >= limits.maxErrors {
            aborted = true
            reportLimit("schema-too-many-problems", at: node, schemaPath: schemaPath,
                        "validation stopped after \(limits.maxErrors) problems; there may be more from here on",
                        help: "fix the problems above and validate again")
            return
        }
        errors.append(Diagnostic(rule: rule, message: message(), span: node.span, help: help(), related: related(),
                                 instancePath: instancePath(step), schemaPath: schemaPath))
    }

    func reportLimit(_ rule: String, at node: YAMLNodeRef, schemaPath: String, _ message: String, help: String) {
        let d = Diagnostic(rule: rule, message: message, span: node.span, help: help,
                           instancePath: instancePath(), schemaPath: schemaPath)
        if !limitErrors.contains(d) { limitErrors.append(d) }
    }

    /// Applies unit `index` to `node` at the current location.
    func apply(_ index: Int, _ node: YAMLNodeRef, _ annotations: inout Annotations?) -> Bool {
        // `units` owns every unit for the whole evaluation: no reference
        // counting on this path, which runs once per schema application.
        unowned(unsafe) let entry = units[index]
        unowned(unsafe) let unit = units[entry.forward]
        // The `$ref`-only units skipped on the way count as the applications
        // they stand for, so every limit trips where it did without the shortcut.
        let hops = entry.forwardHops
        if hops > 0 {
            localDepth += hops
            totalDepth += hops
            work += hops
            if explaining > 0 { explainWork += hops }
        }
        defer {
            if hops > 0 {
                localDepth -= hops
                totalDepth -= hops
            }
        }
        if let b = unit.boolean {
            if !b {
                report("schema-false", at: node, schemaPath: unit.location, "no value is allowed here",
                       help: "remove this value")
            }
            return b
        }
        localDepth += 1
        totalDepth += 1
        work += 1
        if explaining > 0 { explainWork += 1 }
        defer {
            localDepth -= 1
            totalDepth -= 1
        }
        if aborted { return false }
        if work > workLimit {
            aborted = true
            reportLimit("schema-recursion-limit", at: node, schemaPath: unit.location,
                        "validation stopped here: more than \(workLimit) schema applications",
                        help: "simplify nested `anyOf`/`oneOf` alternatives that all recurse into the value (a library user can raise JSONSchemaLimits.maxWork)")
            return false
        }
        if localDepth > limits.maxSchemasPerValue || totalDepth > limits.maxNesting {
            let which = localDepth > limits.maxSchemasPerValue
                ? "more than \(limits.maxSchemasPerValue) schemas applied to one value (a `$ref` cycle that never moves into the value?)"
                : "schemas nested more than \(limits.maxNesting) deep"
            reportLimit("schema-recursion-limit", at: node, schemaPath: unit.location,
                        "validation stopped here: \(which)",
                        help: "make every `$ref` cycle step into a property or item of the value")
            return false
        }
        let outerResource = currentResource
        if outerResource != unit.resource {
            scope.append(unit.resource)
            currentResource = unit.resource
        }
        defer {
            if outerResource != unit.resource {
                scope.removeLast()
                currentResource = outerResource
            }
        }
        if annotations == nil && !unit.collectsAnnotations {
            var none: Annotations? = nil
            var ok = true
            let checks = unit.runnable
            for k in checks.indices where !checks[k]._withUnsafeGuaranteedRef({ $0.run(self, node, &none) }) {
                ok = false
                if failFast { break }
            }
            return ok
        }
        var local: Annotations? = Annotations()
        var ok = true
        let checks = unit.runnable
        for k in checks.indices where !checks[k]._withUnsafeGuaranteedRef({ $0.run(self, node, &local) }) {
            ok = false
            if failFast { break }
        }
        if ok, annotations != nil, let local { annotations!.merge(local) }
        return ok
    }

    /// Applies unit `index` to a child of the current instance.
    @inline(__always)
    func applyChild(_ index: Int, _ child: YAMLNodeRef, _ step: PathStep) -> Bool {
        path.append(step)
        let savedLocal = localDepth
        localDepth = 0
        var none: Annotations? = nil
        let ok = apply(index, child, &none)
        localDepth = savedLocal
        path.removeLast()
        return ok
    }

    /// How an applicator keyword checks a child of the current value, like
    /// python-jsonschema's `descend`: applies unit `index` to `child` at
    /// `step`; a pass runs `passed` (where the keyword records the child in
    /// its annotations), a failure clears `ok`. Every keyword goes on after a
    /// failure to report the other children's problems too, except when only
    /// a yes/no answer is wanted (`failFast`): the first failure decides it.
    ///
    /// - Returns: False when the keyword must stop and answer false now.
    @inline(__always)
    func descend(_ index: Int, into child: YAMLNodeRef, at step: PathStep, ok: inout Bool,
                 passed: () -> Void = {}) -> Bool {
        if applyChild(index, child, step) {
            passed()
            return true
        }
        return keepGoing(afterFailing: &ok)
    }

    /// `descend` for a subschema applied to the current value itself
    /// (`allOf`, `dependentSchemas`), whose annotations are the keyword's.
    ///
    /// - Returns: False when the keyword must stop and answer false now.
    @inline(__always)
    func descend(_ index: Int, sameValue node: YAMLNodeRef, _ annotations: inout Annotations?, ok: inout Bool) -> Bool {
        apply(index, node, &annotations) || keepGoing(afterFailing: &ok)
    }

    /// Notes that a keyword failed (in `ok`) and says whether it goes on to
    /// report the rest: not when only a yes/no answer is wanted, so no
    /// message is built for a value that is only being tried.
    ///
    /// - Returns: False when the keyword must stop and answer false now.
    @inline(__always)
    func keepGoing(afterFailing ok: inout Bool) -> Bool {
        ok = false
        return !failFast
    }

    /// Counts an alternative that fails for a missing required key without
    /// applying it (`AlternativeGates`): as the `cost` applications that
    /// would find the key missing. False, and it must be applied, when that
    /// application itself would stop at a limit.
    @inline(__always)
    func skipFailing(cost: Int) -> Bool {
        guard !aborted, work + cost <= workLimit, localDepth + cost <= limits.maxSchemasPerValue,
              totalDepth + cost <= limits.maxNesting else { return false }
        work += cost
        if explaining > 0 { explainWork += cost }
        return true
    }

    /// Runs `body` wanting only a yes/no answer.
    @inline(__always)
    func quietly<T>(_ body: () -> T) -> T {
        let saved = failFast
        failFast = true
        defer { failFast = saved }
        return body()
    }

    /// Searches `text` with `regex`, reporting an exhausted budget.
    func search(_ regex: ECMARegex, _ text: String, at node: YAMLNodeRef, schemaPath: String) -> ECMARegex.SearchResult {
        var text = text
        return text.withUTF8 { search(regex, utf8: $0, at: node, schemaPath: schemaPath) }
    }

    /// `search` over UTF-8 bytes (a scalar's text, read in place).
    func search(_ regex: ECMARegex, utf8 text: UnsafeBufferPointer<UInt8>, at node: YAMLNodeRef,
                schemaPath: String) -> ECMARegex.SearchResult {
        var remaining = min(limits.regexBudget, regexStepsLeft)
        let before = remaining
        let result = regex.search(utf8: text, remaining: &remaining, scratch: &regexScratch)
        regexStepsLeft -= before - remaining
        if result == .budgetExceeded {
            if regexStepsLeft <= 0 {
                reportLimit("schema-pattern-limit", at: node, schemaPath: schemaPath,
                            "regular expressions took more than \(regexStepsTotal) steps in this document, so the pattern \(JSONValues.quoted(regex.pattern)) was not checked here",
                            help: "simplify the schema's patterns (nested quantifiers like `(a+)+` backtrack exponentially)")
            } else {
                reportLimit("schema-pattern-limit", at: node, schemaPath: schemaPath,
                            "the pattern \(JSONValues.quoted(regex.pattern)) took more than \(limits.regexBudget) steps on this value, so it was not checked",
                            help: "simplify the pattern (nested quantifiers like `(a+)+` backtrack exponentially)")
            }
        }
        return result
    }
}

/// The limits that keep validation finite on hostile schemas and documents.
public struct JSONSchemaLimits: Sendable {
    /// Schema applications allowed at one value before it counts as a `$ref`
    /// cycle that never moves into the value.
    public var maxSchemasPerValue = 256
    /// Nesting of schema applications overall (keeps the stack bounded).
    public var maxNesting = 2_000
    /// Schema applications allowed in one validation, plus `workPerValue`
    /// for every value of the instance: a flat 20,000,000 took 2-4 s on a
    /// one-value document under an exponential `$ref` fan-out; this stops small
    /// documents well under a second while large ones get proportionally more.
    public var maxWork = 2_000_000
    /// Schema applications allowed per value of the instance, on top of `maxWork`.
    public var workPerValue = 200
    /// Steps one regular-expression search may take.
    public var regexBudget = ECMARegex.defaultBudget
    /// Problems reported before validation stops (a hostile document could
    /// otherwise produce millions).
    public var maxErrors = 1_000
    /// Steps all regular-expression searches of one validation may take
    /// together, plus `regexStepsPerValue` for every value of the instance
    /// (one exploding pattern over 1,000 values at 1,000,000 steps each took
    /// 7.5 s; 10,000,000 steps take about 0.1 s).
    public var totalRegexBudget = 10_000_000
    /// Regular-expression steps allowed per value of the instance, on top of `totalRegexBudget`.
    public var regexStepsPerValue = 200

    /// The defaults.
    public init() {}
}

extension Evaluation {
    /// Sets the work and pattern budgets for validating `instance`: the
    /// base limits plus a share for each of its values (counted without
    /// recursion), so the budgets grow with the document, not with the schema.
    func limitWork(for instance: YAMLNode) {
        let count = instance.expandedNodeCount
        workLimit = Self.sum(limits.maxWork, count, limits.workPerValue)
        regexStepsTotal = Self.sum(limits.totalRegexBudget, count, limits.regexStepsPerValue)
        regexStepsLeft = regexStepsTotal
    }

    /// `base + count * each`, saturating at `Int.max`.
    private static func sum(_ base: Int, _ count: Int, _ each: Int) -> Int {
        let (product, overflow) = count.multipliedReportingOverflow(by: each)
        let (total, overflowTotal) = base.addingReportingOverflow(product)
        return overflow || overflowTotal ? Int.max : total
    }
}
