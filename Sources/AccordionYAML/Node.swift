import AccordionDiagnostics

/// How a scalar was written; only plain scalars are resolved to non-strings.
public enum ScalarStyle: String, Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded
}

/// What a scalar means after YAML 1.2 core-schema resolution (or its explicit tag).
public enum ScalarValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integer that fits in 64 bits.
    case int(Int64)
    /// An integer outside 64-bit range, kept exactly as decimal digits
    /// with an optional leading `-` (hex and octal are converted to decimal).
    case bigInt(String)
    case float(Double)
    case string(String)
}

/// A scalar node: the text as written plus what it resolved to.
public struct YAMLScalar: Sendable, Hashable {
    /// The scalar's text after YAML's own unescaping and folding.
    public let text: String
    /// How it was written.
    public let style: ScalarStyle
    /// The explicit tag as written (`!!int`, expanded to `tag:yaml.org,2002:int`), or nil.
    public let tag: String?
    /// The resolved value.
    public let value: ScalarValue
    /// True for a plain scalar that YAML 1.1 would have read as a boolean
    /// (`yes`, `No`, `ON`, `y`, ...); it is a string in YAML 1.2, and the
    /// validator warns where a spec author probably meant a boolean.
    public let isYAML11Boolean: Bool

    /// Creates a scalar.
    public init(text: String, style: ScalarStyle, tag: String?, value: ScalarValue, isYAML11Boolean: Bool) {
        self.text = text
        self.style = style
        self.tag = tag
        self.value = value
        self.isYAML11Boolean = isYAML11Boolean
    }
}

/// One node of a loaded YAML document. Immutable; an alias shares the node
/// it names (so alias-heavy files stay small in memory).
public final class YAMLNode: Sendable {
    /// The three kinds of YAML node.
    public enum Kind: Sendable {
        case scalar(YAMLScalar)
        case sequence([YAMLNode])
        /// Entries in document order, merge keys already applied.
        case mapping([(key: YAMLNode, value: YAMLNode)])
    }

    /// What the node holds.
    public let kind: Kind
    /// Where the node was written (for an alias's target: where the anchor was).
    public let span: SourceSpan

    /// Creates a node.
    public init(kind: Kind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }

    /// The scalar, if this is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let s) = kind { return s }
        return nil
    }

    /// The items, if this is a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let s) = kind { return s }
        return nil
    }

    /// The entries, if this is a mapping.
    public var entries: [(key: YAMLNode, value: YAMLNode)]? {
        if case .mapping(let m) = kind { return m }
        return nil
    }

    /// The value under a string key of a mapping (first match), or nil.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let m) = kind else { return nil }
        for entry in m {
            if case .scalar(let s) = entry.key.kind, case .string(let k) = s.value, k == key {
                return entry.value
            }
        }
        return nil
    }
}
