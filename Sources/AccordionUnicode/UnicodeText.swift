/// The Unicode algorithms accordion needs, from ICU (Debian's libicu, loaded
/// on first need): grapheme clusters (UAX #29), line break opportunities
/// (UAX #14), the per-scalar properties the text measure reads (UAX #11
/// widths, general categories, emoji properties), bidi (UAX #9), identifier
/// properties (UAX #31) and NFC.
///
/// Every answer for a plain ASCII text, and for a text whose every scalar
/// is a cluster by itself, is computed without ICU: such answers are the
/// Unicode data's own (checked against ICU by the tests), and they keep a
/// process that meets only ASCII from mapping ICU at all. Without ICU (the
/// library missing at run time), each function answers as for a text in
/// which ICU finds nothing: clusters are scalars, lines break only after
/// spaces, scalars have no properties, text is left-to-right.
public enum UnicodeText {
    /// Whether ICU is available; loads it on the first call.
    public static var isICUAvailable: Bool { ICU.isAvailable }
}

/// The properties of one Unicode scalar that the text measure and the
/// identifier rules read.
public struct ScalarProperties: Sendable, Hashable {
    private let bits: UInt32

    /// The scalar's properties (from a table for ASCII, from ICU otherwise).
    ///
    /// - Parameter scalar: The scalar.
    public init(_ scalar: Unicode.Scalar) {
        bits = scalar.isASCII ? Self.ascii[Int(scalar.value)] : ICU.flags(scalar)
    }

    /// The scalar's properties as ICU gives them, ASCII too (for the tests).
    init(viaICU scalar: Unicode.Scalar) {
        bits = ICU.flags(scalar)
    }

    /// ASCII's answers, which are the Unicode data's: every ASCII scalar is
    /// a cluster by itself (CR LF aside) with the ordinary advance; `#`,
    /// `*` and digits are Emoji (without Emoji_Presentation); letters are
    /// XID_Start; letters, digits and `_` XID_Continue. `ScalarPropertiesTests`
    /// compares the table with ICU.
    private static let ascii: [UInt32] = (0..<128).map { (value: UInt32) -> UInt32 in
        let scalar = Unicode.Scalar(UInt8(value))
        let letter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        let digit = ("0"..."9").contains(scalar)
        var bits = ICUBit.aloneInCluster
        if digit || scalar == "#" || scalar == "*" { bits |= ICUBit.emoji }
        if letter { bits |= ICUBit.xidStart }
        if letter || digit || scalar == "_" { bits |= ICUBit.xidContinue }
        return bits
    }

    /// How far a scalar advances in the text measure.
    public enum Advance: Sendable, Hashable {
        /// Everything not below (`0.55 · fontSize`; one terminal column).
        case ordinary
        /// East_Asian_Width Wide or Fullwidth (UAX #11; `1.0 · fontSize`,
        /// two columns).
        case wide
        /// General category Mn, Me or Cf, or Default_Ignorable_Code_Point
        /// (no advance, no column). Wins over `wide`.
        case zero
    }

    /// The scalar's advance class.
    public var advance: Advance {
        if bits & ICUBit.advanceZero != 0 { return .zero }
        if bits & ICUBit.advanceWide != 0 { return .wide }
        return .ordinary
    }

    /// East_Asian_Width=Ambiguous (drawn wide by some terminals).
    public var isAmbiguousWidth: Bool { bits & ICUBit.ambiguousWidth != 0 }
    /// Emoji_Presentation: drawn as an emoji without a selector.
    public var isEmojiPresentation: Bool { bits & ICUBit.emojiPresentation != 0 }
    /// Emoji (may be drawn as an emoji with U+FE0F).
    public var isEmoji: Bool { bits & ICUBit.emoji != 0 }
    /// Extended_Pictographic (what ZWJ sequences join).
    public var isExtendedPictographic: Bool { bits & ICUBit.extendedPictographic != 0 }
    /// Emoji_Modifier (the skin tones).
    public var isEmojiModifier: Bool { bits & ICUBit.emojiModifier != 0 }
    /// Emoji_Modifier_Base.
    public var isEmojiModifierBase: Bool { bits & ICUBit.emojiModifierBase != 0 }
    /// Regional_Indicator (two make a flag).
    public var isRegionalIndicator: Bool { bits & ICUBit.regionalIndicator != 0 }
    /// XID_Start (UAX #31).
    public var isXIDStart: Bool { bits & ICUBit.xidStart != 0 }
    /// XID_Continue (UAX #31).
    public var isXIDContinue: Bool { bits & ICUBit.xidContinue != 0 }
    /// Whether UAX #29 joins this scalar to no neighbour (Grapheme_Cluster_Break
    /// Other, Control, CR or LF, not Extended_Pictographic), CR × LF aside.
    public var isAloneInCluster: Bool { bits & ICUBit.aloneInCluster != 0 }
}

/// Extended grapheme clusters (UAX #29, as the ICU in use gives them).
public enum GraphemeClusters {
    /// The UTF-8 offsets where the clusters of `text` end, ascending; the
    /// last is `text.utf8.count` (none for an empty text).
    ///
    /// Without ICU when every scalar is a cluster by itself (every ASCII
    /// text, most Chinese and Japanese), which UAX #29 decides from
    /// Grapheme_Cluster_Break alone.
    ///
    /// - Parameter text: The text.
    /// - Returns: The offsets at which its clusters end, in order.
    public static func ends(in text: String) -> [Int] {
        if let alone = scalarEndsIfAlone(text) { return alone }
        return ICU.boundaries(.character, lang: nil, in: text) ?? scalarEnds(text)
    }

    /// The clusters of `text`, in order.
    ///
    /// - Parameter text: The text.
    /// - Returns: Its grapheme clusters, in order.
    public static func clusters(of text: String) -> [Substring] {
        var start = text.utf8.startIndex
        return ends(in: text).map { end in
            let index = text.utf8.index(text.utf8.startIndex, offsetBy: end)
            defer { start = index }
            return text[start..<index]
        }
    }

    /// When every scalar of `text` is a cluster by itself (CR LF, one
    /// cluster of two, excepted: nil then too), each cluster's end (as
    /// ``ends(in:)`` gives it) and its scalar's properties, from one lookup
    /// a scalar; nil otherwise. For a measure that needs both.
    ///
    /// - Parameter text: The text.
    /// - Returns: The clusters' ends and properties, or nil.
    public static func scalarsAlone(in text: String) -> (ends: [Int], properties: [ScalarProperties])? {
        var ends: [Int] = []
        var properties: [ScalarProperties] = []
        ends.reserveCapacity(text.utf8.count)
        properties.reserveCapacity(text.utf8.count)
        var offset = 0
        var previousCR = false
        for scalar in text.unicodeScalars {
            let scalarProperties = ScalarProperties(scalar)
            guard scalarProperties.isAloneInCluster, !(previousCR && scalar == "\n") else { return nil }
            offset += UTF8.width(scalar)
            ends.append(offset)
            properties.append(scalarProperties)
            previousCR = scalar == "\r"
        }
        return (ends, properties)
    }

    /// ICU's answer for any text (for the tests); nil without ICU.
    static func endsViaICU(in text: String) -> [Int]? {
        ICU.boundaries(.character, lang: nil, in: text)
    }

    /// Each scalar's end, CR LF kept together, when every scalar is alone in
    /// its cluster; nil otherwise.
    private static func scalarEndsIfAlone(_ text: String) -> [Int]? {
        var ends: [Int] = []
        ends.reserveCapacity(text.utf8.count)
        var offset = 0
        var previousCR = false
        for scalar in text.unicodeScalars {
            guard ScalarProperties(scalar).isAloneInCluster else { return nil }
            let length = UTF8.width(scalar)
            if previousCR, scalar == "\n" { ends[ends.count - 1] += length } else { ends.append(offset + length) }
            offset += length
            previousCR = scalar == "\r"
        }
        return ends
    }

    private static func scalarEnds(_ text: String) -> [Int] {
        var offset = 0
        return text.unicodeScalars.map { scalar in
            offset += UTF8.width(scalar)
            return offset
        }
    }

    /// Whether `cluster` (one extended grapheme cluster) is drawn as an
    /// emoji: its first scalar is Emoji_Presentation, or its second is
    /// U+FE0F (emoji presentation selector), or it is a ZWJ sequence (a ZWJ
    /// followed by an Extended_Pictographic scalar), a flag (two Regional
    /// Indicators) or a keycap (U+20E3), or an Emoji_Modifier follows an
    /// Emoji_Modifier_Base; and it does not end in U+FE0E (text
    /// presentation selector) right after its first scalar.
    ///
    /// - Parameter cluster: One grapheme cluster.
    /// - Returns: Whether it is drawn as an emoji.
    public static func isEmojiPresentation(_ cluster: Substring) -> Bool {
        isEmojiPresentation(scalars: cluster.unicodeScalars)
    }

    /// Whether the cluster made of `scalars` is drawn as an emoji (as
    /// ``isEmojiPresentation(_:)``).
    ///
    /// - Parameter scalars: One grapheme cluster's scalars.
    /// - Returns: Whether it is drawn as an emoji.
    public static func isEmojiPresentation<Scalars: Collection>(scalars: Scalars) -> Bool
    where Scalars.Element == Unicode.Scalar {
        guard let first = scalars.first else { return false }
        if first.isASCII && scalars.count == 1 { return false }
        let firstProperties = ScalarProperties(first)
        var index = scalars.index(after: scalars.startIndex)
        if index != scalars.endIndex {
            if scalars[index] == "\u{FE0E}" { return false }
            if scalars[index] == "\u{FE0F}" { return true }
        }
        if firstProperties.isEmojiPresentation { return true }
        var previous = firstProperties
        var previousScalar = first
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let properties = ScalarProperties(scalar)
            if scalar == "\u{20E3}" { return true }
            if previousScalar == "\u{200D}", properties.isExtendedPictographic { return true }
            if previous.isRegionalIndicator, properties.isRegionalIndicator { return true }
            if previous.isEmojiModifierBase, properties.isEmojiModifier { return true }
            previous = properties
            previousScalar = scalar
            index = scalars.index(after: index)
        }
        return false
    }
}

/// Line break opportunities (UAX #14) for a language.
public struct LineBreaking: Sendable, Hashable {
    /// The BCP 47 language tag, or nil for the root locale.
    public let lang: String?
    /// Whether lines break strictly (ICU's `@lb=strict`, CSS `line-break:
    /// strict`): for Chinese and Japanese, so that no line starts with
    /// closing punctuation, a small kana or ー.
    public let isStrict: Bool

    /// Breaking for `lang` (a BCP 47 tag; nil or empty for no language).
    /// Thai, Lao, Khmer and Burmese get ICU's dictionary breaks whatever
    /// the language.
    public init(lang: String?) {
        let tag = lang.flatMap { $0.isEmpty ? nil : $0 }
        self.lang = tag
        let primary = tag.map { String($0.unicodeScalars.prefix { $0 != "-" && $0 != "_" }).lowercased() }
        isStrict = primary == "zh" || primary == "ja"
    }

    /// The UTF-8 offsets inside `text` where a line may start, ascending,
    /// each strictly between 0 and `text.utf8.count`.
    ///
    /// Without ICU for an ASCII text made of letters, digits, spaces,
    /// `"#&'*<=>@^_`~` and the infix separators `.,:;` (so most English
    /// prose): UAX #14 lets such a text break only after a run of spaces
    /// (AL, NU, QU, IS and SP: LB18, with LB13's × IS, LB25 and LB29
    /// keeping a separator with what follows it; a separator right after
    /// a space makes the text not plain), which
    /// `LineBreakingTests` checks against ICU over every such text up to a
    /// length.
    ///
    /// - Parameter text: The text.
    /// - Returns: The offsets where a line may break, in order.
    public func opportunities(in text: String) -> [Int] {
        if let plain = Self.plainOpportunities(text) { return plain }
        let ends = ICU.boundaries(.line, lang: lang, strict: isStrict, in: text) ?? Self.afterSpaces(text)
        return ends.last == text.utf8.count ? Array(ends.dropLast()) : ends
    }

    /// ICU's answer for any text (for the tests); nil without ICU.
    func opportunitiesViaICU(in text: String) -> [Int]? {
        ICU.boundaries(.line, lang: lang, strict: isStrict, in: text).map { $0.last == text.utf8.count ? Array($0.dropLast()) : $0 }
    }

    /// The ASCII that breaks only after spaces, by byte.
    private static let plain: [Bool] = (0..<128).map { (value: UInt8) -> Bool in
        let scalar = Unicode.Scalar(value)
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "\"#&'*<=>@^_`~.,:; ".unicodeScalars.contains(scalar)
    }

    /// Whether `text` is in the plain ASCII set (`opportunities` needs no ICU for it).
    ///
    /// - Parameter text: The text.
    /// - Returns: Whether its only opportunities are at spaces, so it wraps as plain ASCII does.
    public static func isPlain(_ text: String) -> Bool {
        // A separator right after a space keeps the space's opportunity
        // from it (LB13 before LB18): such a text is not plain.
        var afterSpace = false
        for byte in text.utf8 {
            guard byte < 128, plain[Int(byte)] else { return false }
            if afterSpace, separator[Int(byte)] { return false }
            afterSpace = byte == 0x20
        }
        return true
    }

    /// The infix separators of the plain set (UAX #14's IS).
    private static let separator: [Bool] = (0..<128).map { (value: UInt8) -> Bool in
        ".,:;".unicodeScalars.contains(Unicode.Scalar(value))
    }

    private static func plainOpportunities(_ text: String) -> [Int]? {
        isPlain(text) ? afterSpaces(text) : nil
    }

    /// Each offset where a non-space follows a space (U+0020).
    private static func afterSpaces(_ text: String) -> [Int] {
        var found: [Int] = []
        var previousSpace = false
        for (offset, byte) in text.utf8.enumerated() {
            if previousSpace, byte != 0x20 { found.append(offset) }
            previousSpace = byte == 0x20
        }
        return found
    }
}

/// A direction of text (UAX #9).
public enum TextDirection: Sendable, Hashable {
    /// Left to right (UAX #9 level 0).
    case leftToRight
    /// Right to left (UAX #9 level 1).
    case rightToLeft
}

/// Bidirectional text (UAX #9, through ICU's ubidi).
public enum Bidi {
    /// The direction of `text`'s first strong character (UAX #9 P2–P3:
    /// isolates skipped), or nil when it has none.
    ///
    /// - Parameter text: The text.
    /// - Returns: The direction of its first strong character, or nil when it has none.
    public static func firstStrongDirection(of text: String) -> TextDirection? {
        if text.utf8.allSatisfy({ $0 < 128 }) {
            // ASCII's only strong characters are its letters, all L.
            return text.utf8.contains { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A } ? .leftToRight : nil
        }
        switch ICU.baseDirection(text) {
        case 0: return .leftToRight
        case 1: return .rightToLeft
        default: return nil
        }
    }

    /// One line in visual order, left to right as a terminal draws it, on a
    /// paragraph of direction `base` (nil: from its first strong character,
    /// left-to-right when it has none), with mirrored characters (brackets)
    /// mirrored and combining marks kept after their base. Also the
    /// direction used.
    ///
    /// - Parameters:
    ///   - line: One line of text.
    ///   - base: The paragraph's base direction.
    /// - Returns: The line's text in display order.
    public static func visualOrder(of line: String, base: TextDirection?) -> (line: String, direction: TextDirection) {
        if base != .rightToLeft, line.utf8.allSatisfy({ $0 < 128 }) {
            // No ASCII character is right-to-left: a left-to-right line of it stays as it is.
            return (line, .leftToRight)
        }
        let level: Int32 = base == nil ? 2 : base == .rightToLeft ? 1 : 0
        guard let (visual, rightToLeft) = ICU.visualOrder(line, level: level) else {
            return (line, base ?? .leftToRight)
        }
        return (visual, rightToLeft ? .rightToLeft : .leftToRight)
    }
}

/// Unicode normalization.
public enum Normalization {
    /// `text` in Normalization Form C (unchanged when ASCII or already NFC).
    ///
    /// - Parameter text: The text.
    /// - Returns: Its NFC form.
    public static func nfc(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 128 }) { return text }
        return ICU.nfc(text) ?? text
    }
}
