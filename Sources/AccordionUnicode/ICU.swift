// The one file of AccordionUnicode that calls C: ICU through the CICU
// target. What the unsafety buys: ICU reads and writes C buffers, and
// handing it a Swift string's own UTF-8 or an array's storage avoids a copy
// per call on the measure's hot path. Why it is sound: every pointer comes
// from `withUTF8`, `withUnsafeBufferPointer`, `withUnsafeMutableBufferPointer`,
// `Array(unsafeUninitializedCapacity:)` (whose initialized count is what C
// wrote, never more) or `withCString` and is used only inside that closure; every length passed
// is that buffer's own count (checked to fit Int32 first), every capacity is
// the output buffer's own count, and an answer ICU says needs more room is
// asked again with a buffer of that size, never read past what was written.
// CICU keeps no pointer past a call (its cached break iterators are given a
// new text before each use). Nothing here is public.
internal import CICU

/// Thin calls into CICU, each answering nil where ICU is not available or
/// failed, so callers fall back to an answer without ICU.
enum ICU {
    /// Whether ICU could be loaded (loads it on the first call).
    static var isAvailable: Bool { cicu_load() != 0 }

    /// The UTF-8 offsets where `kind`'s segments end in `text` (each > 0,
    /// the last `text.utf8.count`), or nil.
    /// `lang` is a BCP 47 tag (nil: the root locale); `strict` asks for ICU's `@lb=strict`.
    static func boundaries(_ kind: BreakKind, lang: String?, strict: Bool = false, in text: String) -> [Int]? {
        var text = text
        return text.withUTF8 { bytes -> [Int]? in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return [] }
            guard bytes.count < Int(Int32.max) else { return nil }
            // At most one boundary a byte; only the ones ICU wrote are kept.
            var count: Int32 = -1
            let ends = [Int32](unsafeUninitializedCapacity: bytes.count) { out, initialized in
                count = withOptionalCString(lang) { tag in
                    cicu_breaks(kind.rawValue, tag, strict ? 1 : 0, base, Int32(bytes.count), out.baseAddress, Int32(bytes.count))
                }
                initialized = max(0, min(Int(count), bytes.count))
            }
            guard count >= 0 else { return nil }
            return ends.map { Int($0) }
        }
    }

    /// `body` with `text` as a C string, or with nil.
    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }

    enum BreakKind: Int32 {
        case character = 0
        case line = 1
    }

    /// The property bits of a scalar (CICU's `CICU_*` flags; 0 without ICU).
    static func flags(_ scalar: Unicode.Scalar) -> UInt32 {
        cicu_scalar_flags(scalar.value)
    }

    /// UAX #9 P2–P3 on `text`: 0 left-to-right, 1 right-to-left, 2 no strong character.
    static func baseDirection(_ text: String) -> Int32 {
        let units = Array(text.utf16)
        guard units.count < Int(Int32.max) else { return 2 }
        return units.withUnsafeBufferPointer { cicu_base_direction($0.baseAddress, Int32($0.count)) }
    }

    /// `line` in visual order at paragraph level `level` (0, 1, or 2 for
    /// "from the first strong character"), and the level used; nil on failure.
    static func visualOrder(_ line: String, level: Int32) -> (text: String, rightToLeft: Bool)? {
        let units = Array(line.utf16)
        guard units.count < Int(Int32.max) / 2 else { return nil }
        // Mirroring and reordering keep the length; ICU says so if not.
        var capacity = units.count
        for _ in 0..<2 {
            var out = [UInt16](repeating: 0, count: max(capacity, 1))
            var resolved: Int32 = 0
            let needed = units.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    cicu_visual_order(input.baseAddress, Int32(input.count), level, output.baseAddress, Int32(output.count), &resolved)
                }
            }
            guard needed >= 0 else { return nil }
            if Int(needed) <= out.count {
                return (String(decoding: out.prefix(Int(needed)), as: UTF16.self), resolved == 1)
            }
            capacity = Int(needed)
        }
        return nil
    }

    /// The NFC form of `text`, or nil on failure.
    static func nfc(_ text: String) -> String? {
        let units = Array(text.utf16)
        guard units.count < Int(Int32.max) / 4 else { return nil }
        let already = units.withUnsafeBufferPointer { cicu_is_nfc($0.baseAddress, Int32($0.count)) }
        if already != 0 { return text }
        // NFC rarely grows a text; a second call gets the exact size.
        var capacity = units.count + 16
        for _ in 0..<2 {
            var out = [UInt16](repeating: 0, count: capacity)
            let needed = units.withUnsafeBufferPointer { input in
                out.withUnsafeMutableBufferPointer { output in
                    cicu_nfc(input.baseAddress, Int32(input.count), output.baseAddress, Int32(output.count))
                }
            }
            guard needed >= 0 else { return nil }
            if Int(needed) <= out.count { return String(decoding: out.prefix(Int(needed)), as: UTF16.self) }
            capacity = Int(needed)
        }
        return nil
    }
}

/// CICU's property bits, named for the Swift side.
enum ICUBit {
    static let advanceMask = UInt32(CICU_ADVANCE_MASK)
    static let advanceWide = UInt32(CICU_ADVANCE_WIDE)
    static let advanceZero = UInt32(CICU_ADVANCE_ZERO)
    static let ambiguousWidth = UInt32(CICU_AMBIGUOUS_WIDTH)
    static let emojiPresentation = UInt32(CICU_EMOJI_PRESENTATION)
    static let extendedPictographic = UInt32(CICU_EXTENDED_PICTOGRAPHIC)
    static let emojiModifier = UInt32(CICU_EMOJI_MODIFIER)
    static let regionalIndicator = UInt32(CICU_REGIONAL_INDICATOR)
    static let emoji = UInt32(CICU_EMOJI)
    static let aloneInCluster = UInt32(CICU_ALONE_IN_CLUSTER)
    static let xidStart = UInt32(CICU_XID_START)
    static let xidContinue = UInt32(CICU_XID_CONTINUE)
    static let emojiModifierBase = UInt32(CICU_EMOJI_MODIFIER_BASE)
}
