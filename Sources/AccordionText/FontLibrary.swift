// The one file of AccordionText that calls C: HarfBuzz and fontconfig
// through the CFont target. What the unsafety buys: HarfBuzz reads the
// paragraph's UTF-8 and writes advances straight into Swift arrays, no copy
// per run. Why it is sound: every pointer comes from `withUnsafeBufferPointer`,
// `withUnsafeMutableBufferPointer` or `withCString` and is used only inside
// that closure; every length passed is that buffer's own count (or a range
// checked inside it), every capacity is the output buffer's own count; the
// subset buffer CFont allocates is copied and freed before returning. Font
// handles are indices CFont keeps for the process's life. Nothing here is
// public.
internal import CFont
import Synchronization

/// An opened font: CFont's handle and what the measure needs of it.
struct FontFace: Hashable, Sendable {
    /// CFont's handle.
    var handle: Int32
    /// The font's units per em.
    var unitsPerEm: Double
    /// Its family as fontconfig names it first.
    var family: String
    /// The font file and the face inside it.
    var path: String
    var index: Int32
}

/// Thin calls into CFont, with the process's caches of what fontconfig found.
enum FontLibrary {
    /// Whether HarfBuzz and fontconfig could be loaded (loads them on the first call).
    static var isAvailable: Bool { cfont_load() != 0 }

    /// The names fontconfig resolves to whatever the system prefers: a
    /// generic family is always "found".
    static let genericFamilies: Set<String> = ["serif", "sans-serif", "sans", "monospace", "system-ui", "cursive", "fantasy", "emoji"]

    private struct FamilyKey: Hashable { var family: String; var weight: Int }
    private struct FallbackKey: Hashable { var lang: String; var weight: Int }
    private static let families = Mutex<[FamilyKey: FontFace?]>([:])
    private static let fallbacks = Mutex<[FallbackKey: [FontFace]]>([:])

    /// The font of `family` at `weight`, or nil when the system has no font
    /// of that family (fontconfig would substitute another).
    static func face(family: String, weight: Int) -> FontFace? {
        let key = FamilyKey(family: family, weight: weight)
        if let known = families.withLock({ $0[key] }) { return known }
        var found: FontFace? = nil
        if let match = match(family: family, weight: weight, lang: nil, scalars: []) {
            let wanted = family.lowercased()
            if genericFamilies.contains(wanted) || match.names.contains(where: { $0.lowercased() == wanted }) {
                found = open(match)
            }
        }
        families.withLock { $0[key] = found }
        return found
    }

    /// A font for `scalar` in the text's language (`lang` as fontconfig
    /// spells it): one found before for this language that covers it, or
    /// fontconfig's fallback for it; nil when none covers it.
    static func fallback(for scalar: Unicode.Scalar, lang: String, weight: Int) -> FontFace? {
        let key = FallbackKey(lang: lang, weight: weight)
        let known = fallbacks.withLock { $0[key] ?? [] }
        if let face = known.first(where: { covers($0, scalar) }) { return face }
        guard let match = match(family: nil, weight: weight, lang: lang.isEmpty ? nil : lang, scalars: [scalar.value]),
              let face = open(match), covers(face, scalar) else { return nil }
        fallbacks.withLock { faces in
            if !(faces[key] ?? []).contains(face) { faces[key, default: []].append(face) }
        }
        return face
    }

    /// Whether `face` has a glyph for `scalar`.
    static func covers(_ face: FontFace, _ scalar: Unicode.Scalar) -> Bool {
        cfont_covers(face.handle, scalar.value) != 0
    }

    /// Adds the shaped advances (font units) of `bytes[range]` in `face` to
    /// `advances` at each cluster's first byte; false when shaping failed.
    static func shape(_ bytes: [UInt8], _ range: Range<Int>, face: FontFace, lang: String?, into advances: inout [Int32]) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, advances.count == bytes.count,
              range.count < Int(Int32.max) else { return false }
        if range.isEmpty { return true }
        let glyphs = bytes.withUnsafeBufferPointer { text in
            advances.withUnsafeMutableBufferPointer { out in
                withOptionalCString(lang) { tag in
                    cfont_shape(face.handle, text.baseAddress! + range.lowerBound, Int32(range.count), tag,
                                out.baseAddress! + range.lowerBound)
                }
            }
        }
        return glyphs >= 0
    }

    /// The bytes of a subset of `face` holding the glyphs of `scalars`, or nil.
    static func subset(_ face: FontFace, scalars: [UInt32]) -> [UInt8]? {
        guard scalars.count < Int(Int32.max) else { return nil }
        var buffer: UnsafeMutablePointer<UInt8>? = nil
        let size = scalars.withUnsafeBufferPointer { cfont_subset(face.handle, $0.baseAddress, Int32($0.count), &buffer) }
        defer { cfont_free(buffer) }
        guard size > 0, let buffer else { return nil }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    private struct Match { var path: String; var index: Int32; var names: [String] }

    private static func match(family: String?, weight: Int, lang: String?, scalars: [UInt32]) -> Match? {
        var path = [CChar](repeating: 0, count: 1024)
        var names = [CChar](repeating: 0, count: 1024)
        var index: Int32 = 0
        let found = withOptionalCString(family) { family in
            withOptionalCString(lang) { lang in
                scalars.withUnsafeBufferPointer { scalars in
                    path.withUnsafeMutableBufferPointer { path in
                        names.withUnsafeMutableBufferPointer { names in
                            cfont_match(family, Int32(clamping: weight), lang, scalars.baseAddress, Int32(scalars.count),
                                        path.baseAddress, Int32(path.count), &index, names.baseAddress, Int32(names.count))
                        }
                    }
                }
            }
        }
        guard found != 0 else { return nil }
        let split = names.split(separator: 0, omittingEmptySubsequences: true)
            .map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        let file = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return Match(path: file, index: index, names: split)
    }

    private static func open(_ match: Match) -> FontFace? {
        let handle = match.path.withCString { cfont_open($0, match.index) }
        guard handle >= 0 else { return nil }
        let upem = cfont_upem(handle)
        guard upem > 0 else { return nil }
        return FontFace(handle: handle, unitsPerEm: Double(upem), family: match.names.first ?? "", path: match.path, index: match.index)
    }

    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }
}
