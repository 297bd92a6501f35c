/// A `\p{…}` property: a general category (from the stdlib's Unicode data),
/// a binary property, or a script (from a compact table of the common
/// scripts' main ranges, since the stdlib has no script property).
enum UnicodeProperty: Sendable {
    case categories(Set<Unicode.GeneralCategory>)
    case binary(@Sendable (Unicode.Scalar.Properties) -> Bool)
    case ranges([ClosedRange<UInt32>])
    case any
    case ascii
    case assigned

    func contains(_ c: UInt32) -> Bool {
        switch self {
        case .any: return true
        case .ascii: return c < 0x80
        case .ranges(let rs):
            for r in rs where r.contains(c) { return true }
            return false
        default:
            guard let u = Unicode.Scalar(c) else {
                // Lone surrogates cannot occur in a Swift string; treat as Cs.
                if case .categories(let set) = self { return set.contains(.surrogate) }
                return false
            }
            switch self {
            case .categories(let set): return set.contains(u.properties.generalCategory)
            case .binary(let test): return test(u.properties)
            case .assigned: return u.properties.generalCategory != .unassigned
            default: return false
            }
        }
    }

    /// Parses `Lu`, `Letter`, `gc=Lu`, `General_Category=Letter`, `Script=Greek`, `sc=Grek`, `Alphabetic`, ...
    init?(name: String) {
        if let eq = name.firstIndex(of: "=") {
            let key = String(name[..<eq])
            let value = String(name[name.index(after: eq)...])
            switch key {
            case "General_Category", "gc":
                guard let set = UnicodeProperty.generalCategories[value] else { return nil }
                self = .categories(set)
            case "Script", "sc", "Script_Extensions", "scx":
                guard let ranges = UnicodeProperty.scripts[value] else { return nil }
                self = .ranges(ranges)
            default:
                return nil
            }
            return
        }
        if let set = UnicodeProperty.generalCategories[name] {
            self = .categories(set)
            return
        }
        switch name {
        case "Any": self = .any
        case "ASCII": self = .ascii
        case "Assigned": self = .assigned
        default:
            guard let test = UnicodeProperty.binaryProperties[name] else { return nil }
            self = .binary(test)
        }
    }

    static let generalCategories: [String: Set<Unicode.GeneralCategory>] = {
        let leaves: [(String, String, Unicode.GeneralCategory)] = [
            ("Lu", "Uppercase_Letter", .uppercaseLetter), ("Ll", "Lowercase_Letter", .lowercaseLetter),
            ("Lt", "Titlecase_Letter", .titlecaseLetter), ("Lm", "Modifier_Letter", .modifierLetter),
            ("Lo", "Other_Letter", .otherLetter), ("Mn", "Nonspacing_Mark", .nonspacingMark),
            ("Mc", "Spacing_Mark", .spacingMark), ("Me", "Enclosing_Mark", .enclosingMark),
            ("Nd", "Decimal_Number", .decimalNumber), ("Nl", "Letter_Number", .letterNumber),
            ("No", "Other_Number", .otherNumber), ("Pc", "Connector_Punctuation", .connectorPunctuation),
            ("Pd", "Dash_Punctuation", .dashPunctuation), ("Ps", "Open_Punctuation", .openPunctuation),
            ("Pe", "Close_Punctuation", .closePunctuation), ("Pi", "Initial_Punctuation", .initialPunctuation),
            ("Pf", "Final_Punctuation", .finalPunctuation), ("Po", "Other_Punctuation", .otherPunctuation),
            ("Sm", "Math_Symbol", .mathSymbol), ("Sc", "Currency_Symbol", .currencySymbol),
            ("Sk", "Modifier_Symbol", .modifierSymbol), ("So", "Other_Symbol", .otherSymbol),
            ("Zs", "Space_Separator", .spaceSeparator), ("Zl", "Line_Separator", .lineSeparator),
            ("Zp", "Paragraph_Separator", .paragraphSeparator), ("Cc", "Control", .control),
            ("Cf", "Format", .format), ("Cs", "Surrogate", .surrogate), ("Co", "Private_Use", .privateUse),
            ("Cn", "Unassigned", .unassigned),
        ]
        var table: [String: Set<Unicode.GeneralCategory>] = [:]
        for (short, long, cat) in leaves {
            table[short] = [cat]
            table[long] = [cat]
            let group = String(short.prefix(1))
            table[group, default: []].insert(cat)
        }
        table["LC"] = [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]
        table["Cased_Letter"] = table["LC"]
        for (short, long) in [("L", "Letter"), ("M", "Mark"), ("N", "Number"), ("P", "Punctuation"),
                              ("S", "Symbol"), ("Z", "Separator"), ("C", "Other")] {
            table[long] = table[short]
        }
        table["Combining_Mark"] = table["M"]
        table["digit"] = table["Nd"]
        table["punct"] = table["P"]
        table["cntrl"] = table["Cc"]
        return table
    }()

    static let binaryProperties: [String: @Sendable (Unicode.Scalar.Properties) -> Bool] = {
        var t: [String: @Sendable (Unicode.Scalar.Properties) -> Bool] = [:]
        func add(_ names: [String], _ f: @escaping @Sendable (Unicode.Scalar.Properties) -> Bool) {
            for n in names { t[n] = f }
        }
        add(["Alphabetic", "Alpha"]) { $0.isAlphabetic }
        add(["White_Space", "space"]) { $0.isWhitespace }
        add(["Uppercase", "Upper"]) { $0.isUppercase }
        add(["Lowercase", "Lower"]) { $0.isLowercase }
        add(["ASCII_Hex_Digit", "AHex"]) { $0.isASCIIHexDigit }
        add(["Hex_Digit", "Hex"]) { $0.isHexDigit }
        add(["Emoji"]) { $0.isEmoji }
        add(["Emoji_Presentation", "EPres"]) { $0.isEmojiPresentation }
        add(["Math"]) { $0.isMath }
        add(["Dash"]) { $0.isDash }
        add(["Ideographic", "Ideo"]) { $0.isIdeographic }
        add(["ID_Start", "IDS"]) { $0.isIDStart }
        add(["ID_Continue", "IDC"]) { $0.isIDContinue }
        add(["XID_Start", "XIDS"]) { $0.isXIDStart }
        add(["XID_Continue", "XIDC"]) { $0.isXIDContinue }
        add(["Cased"]) { $0.isCased }
        add(["Case_Ignorable", "CI"]) { $0.isCaseIgnorable }
        add(["Diacritic", "Dia"]) { $0.isDiacritic }
        add(["Extender", "Ext"]) { $0.isExtender }
        add(["Noncharacter_Code_Point", "NChar"]) { $0.isNoncharacterCodePoint }
        add(["Default_Ignorable_Code_Point", "DI"]) { $0.isDefaultIgnorableCodePoint }
        add(["Quotation_Mark", "QMark"]) { $0.isQuotationMark }
        add(["Terminal_Punctuation", "Term"]) { $0.isTerminalPunctuation }
        add(["Sentence_Terminal", "STerm"]) { $0.isSentenceTerminal }
        add(["Variation_Selector", "VS"]) { $0.isVariationSelector }
        add(["Pattern_Syntax", "Pat_Syn"]) { $0.isPatternSyntax }
        add(["Pattern_White_Space", "Pat_WS"]) { $0.isPatternWhitespace }
        add(["Join_Control", "Join_C"]) { $0.isJoinControl }
        add(["Bidi_Control", "Bidi_C"]) { $0.isBidiControl }
        add(["Bidi_Mirrored", "Bidi_M"]) { $0.isBidiMirrored }
        add(["Radical"]) { $0.isRadical }
        add(["Unified_Ideograph", "UIdeo"]) { $0.isUnifiedIdeograph }
        add(["Deprecated", "Dep"]) { $0.isDeprecated }
        add(["Soft_Dotted", "SD"]) { $0.isSoftDotted }
        add(["Grapheme_Base", "Gr_Base"]) { $0.isGraphemeBase }
        add(["Grapheme_Extend", "Gr_Ext"]) { $0.isGraphemeExtend }
        return t
    }()

    /// Main ranges of common scripts (approximate at the edges of blocks that
    /// mix scripts; enough for `\p{Script=Greek}`-style patterns in schemas).
    static let scripts: [String: [ClosedRange<UInt32>]] = {
        let table: [([String], [ClosedRange<UInt32>])] = [
            (["Latin", "Latn"], [0x41...0x5A, 0x61...0x7A, 0xAA...0xAA, 0xBA...0xBA, 0xC0...0xD6, 0xD8...0xF6,
                                 0xF8...0x2B8, 0x2E0...0x2E4, 0x1D00...0x1D25, 0x1D2C...0x1D5C, 0x1D62...0x1D65,
                                 0x1D6B...0x1D77, 0x1D79...0x1DBE, 0x1E00...0x1EFF, 0x2071...0x2071, 0x207F...0x207F,
                                 0x2090...0x209C, 0x212A...0x212B, 0x2132...0x2132, 0x214E...0x214E, 0x2160...0x2188,
                                 0x2C60...0x2C7F, 0xA722...0xA787, 0xA78B...0xA7FF, 0xAB30...0xAB5A, 0xAB5C...0xAB64,
                                 0xFB00...0xFB06, 0xFF21...0xFF3A, 0xFF41...0xFF5A]),
            (["Greek", "Grek"], [0x370...0x373, 0x375...0x377, 0x37A...0x37D, 0x37F...0x37F, 0x384...0x384,
                                 0x386...0x386, 0x388...0x38A, 0x38C...0x38C, 0x38E...0x3A1, 0x3A3...0x3E1,
                                 0x3F0...0x3FF, 0x1D26...0x1D2A, 0x1D5D...0x1D61, 0x1D66...0x1D6A, 0x1DBF...0x1DBF,
                                 0x1F00...0x1FFE, 0x2126...0x2126, 0xAB65...0xAB65, 0x10140...0x1018E,
                                 0x101A0...0x101A0, 0x1D200...0x1D245]),
            (["Cyrillic", "Cyrl"], [0x400...0x484, 0x487...0x52F, 0x1C80...0x1C88, 0x1D2B...0x1D2B, 0x1D78...0x1D78,
                                    0x2DE0...0x2DFF, 0xA640...0xA69F, 0xFE2E...0xFE2F]),
            (["Armenian", "Armn"], [0x531...0x556, 0x559...0x58A, 0x58D...0x58F, 0xFB13...0xFB17]),
            (["Hebrew", "Hebr"], [0x591...0x5C7, 0x5D0...0x5EA, 0x5EF...0x5F4, 0xFB1D...0xFB4F]),
            (["Arabic", "Arab"], [0x600...0x604, 0x606...0x60B, 0x60D...0x61A, 0x61C...0x61E, 0x620...0x63F,
                                  0x641...0x64A, 0x656...0x66F, 0x671...0x6DC, 0x6DE...0x6FF, 0x750...0x77F,
                                  0x8A0...0x8FF, 0xFB50...0xFDFF, 0xFE70...0xFEFC]),
            (["Devanagari", "Deva"], [0x900...0x950, 0x955...0x963, 0x966...0x97F, 0xA8E0...0xA8FF]),
            (["Thai"], [0xE01...0xE3A, 0xE40...0xE5B]),
            (["Georgian", "Geor"], [0x10A0...0x10C5, 0x10C7...0x10C7, 0x10CD...0x10CD, 0x10D0...0x10FA,
                                    0x10FC...0x10FF, 0x1C90...0x1CBA, 0x1CBD...0x1CBF, 0x2D00...0x2D25]),
            (["Hangul", "Hang"], [0x1100...0x11FF, 0x302E...0x302F, 0x3131...0x318E, 0x3200...0x321E,
                                  0x3260...0x327E, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xD7B0...0xD7C6,
                                  0xD7CB...0xD7FB, 0xFFA0...0xFFDC]),
            (["Hiragana", "Hira"], [0x3041...0x3096, 0x309D...0x309F]),
            (["Katakana", "Kana"], [0x30A1...0x30FA, 0x30FD...0x30FF, 0x31F0...0x31FF, 0x32D0...0x32FE,
                                    0x3300...0x3357, 0xFF66...0xFF6F, 0xFF71...0xFF9D]),
            (["Han", "Hani"], [0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x3005...0x3005, 0x3007...0x3007,
                               0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFA6D,
                               0xFA70...0xFAD9, 0x20000...0x2A6DF, 0x2A700...0x2EBEF, 0x2F800...0x2FA1D,
                               0x30000...0x3134F]),
        ]
        var out: [String: [ClosedRange<UInt32>]] = [:]
        for (names, ranges) in table { for n in names { out[n] = ranges } }
        return out
    }()
}
