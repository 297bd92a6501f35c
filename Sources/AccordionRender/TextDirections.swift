import AccordionModel
import AccordionUnicode

/// The one reading of `dir` that every renderer draws: an explicit `ltr` or
/// `rtl` is the direction of every title and paragraph under it; `auto` gives
/// each title and each paragraph the direction of its first strong character
/// (UAX #9 P2–P3), left to right when it has none. The page, the SVG and the
/// terminal all ask here, so they agree on which lines run right to left.
enum TextDirections {
    /// Whether a title (or any one-line text) runs right to left under `dir`.
    static func isRightToLeft(_ text: String, _ dir: WritingDirection) -> Bool {
        switch dir {
        case .ltr: false
        case .rtl: true
        case .auto: firstStrongIsRightToLeft(text) ?? false
        }
    }

    /// Whether each of a text content's lines (the model's, "" between
    /// paragraphs) runs right to left: under `auto` a line takes its
    /// paragraph's direction, found at the first line holding a strong
    /// character; an empty line takes the direction of the paragraph before it.
    static func lines(_ lines: [String], _ dir: WritingDirection) -> [Bool] {
        guard dir == .auto else { return Array(repeating: dir == .rtl, count: lines.count) }
        var out = Array(repeating: false, count: lines.count)
        var start = 0
        var previous = false
        while start < lines.count {
            if lines[start].isEmpty {
                out[start] = previous
                start += 1
                continue
            }
            var end = start
            while end < lines.count, !lines[end].isEmpty { end += 1 }
            var rtl = false
            for i in start..<end {
                if let found = firstStrongIsRightToLeft(lines[i]) {
                    rtl = found
                    break
                }
            }
            for i in start..<end { out[i] = rtl }
            previous = rtl
            start = end
        }
        return out
    }

    /// The first strong character's direction (UAX #9 P2–P3, through
    /// AccordionUnicode's `Bidi`): true right to left, false left to right,
    /// nil when `text` has no strong character.
    static func firstStrongIsRightToLeft(_ text: String) -> Bool? {
        Bidi.firstStrongDirection(of: text).map { $0 == .rightToLeft }
    }
}
