import AccordionUnicode

/// What a panel id is, in one place: a Unicode identifier (UAX #31): an
/// XID_Start character or `_`, then XID_Continue characters or `-`, in any
/// script; ids are compared after NFC normalization, so an id written with a
/// combining accent names the panel written with the precomposed letter. An
/// ASCII id is what it always was: a letter or `_`, then letters, digits,
/// `_` or `-` (the schema checks those itself, with its own messages).
public enum PanelID {
    /// Whether `text` is a panel id (taken in NFC).
    ///
    /// - Parameter text: An id as written.
    /// - Returns: Whether it is a UAX #31 identifier, `-` allowed after the first character.
    public static func isValid(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            guard let first = text.utf8.first, first == 0x5F || isLetter(first) else { return false }
            return text.utf8.allSatisfy { $0 == 0x5F || $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) || isLetter($0) }
        }
        let scalars = normalized(text).unicodeScalars
        guard let first = scalars.first, first == "_" || ScalarProperties(first).isXIDStart else { return false }
        return scalars.dropFirst().allSatisfy { $0 == "-" || ScalarProperties($0).isXIDContinue }
    }

    /// The position (in NFC scalars) of the first character that keeps a
    /// non-ASCII `text` from being an id, when that character is not ASCII:
    /// the schema reports an ASCII character out of place itself. Nil when
    /// `text` is ASCII, an id, or the schema's to report.
    ///
    /// - Parameter text: An id as written.
    /// - Returns: The offending scalar and its position, or nil.
    public static func nonASCIIProblem(_ text: String) -> (scalar: Unicode.Scalar, position: Int)? {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        for (i, s) in normalized(text).unicodeScalars.enumerated() {
            let ok = i == 0 ? s == "_" || (s.isASCII ? isLetter(UInt8(s.value)) : ScalarProperties(s).isXIDStart)
                : s == "-" || s == "_" || (s.isASCII ? isLetter(UInt8(s.value)) || ("0"..."9").contains(s)
                                                     : ScalarProperties(s).isXIDContinue)
            if !ok { return s.isASCII ? nil : (s, i) }
        }
        return nil
    }

    /// `text` in NFC, the form ids are kept and compared in (ASCII unchanged).
    ///
    /// - Parameter text: An id as written.
    /// - Returns: Its NFC form.
    public static func normalized(_ text: String) -> String { Normalization.nfc(text) }

    private static func isLetter(_ b: UInt8) -> Bool { b | 0x20 >= 0x61 && b | 0x20 <= 0x7A }
}
