import AccordionModel

/// The fonts a picture carries, as SVG and HTML spell them: one
/// `@font-face` rule per subset the measure cut (`TextMeasure.embeddedFonts`),
/// named `accordion-font-N`, its data inline so the file stays
/// self-contained, and for each font-measured text the list of those names
/// in the measure's order, then the families the spec names (for a viewer
/// that cannot read the data). A picture of a metric-measured spec carries
/// nothing and names no family, as before.
enum EmbeddedFontFaces {
    /// The font-measured texts of the snapshots' stacks (nested levels
    /// included), each once, in the `lang` in effect for it; and when the
    /// measure shapes titles in a font, every title and the ellipsis a cut
    /// one ends with, in the title's `lang`.
    static func uses(in snapshots: [Snapshot]) -> [FontUse] {
        var seen: Set<FontUse> = []
        var uses: [FontUse] = []
        let titleFont = snapshots.first?.container.textMeasure.measure.shapedTitleFont
        func add(_ use: FontUse) {
            if seen.insert(use).inserted { uses.append(use) }
        }
        func visit(_ panel: PanelSpec, writing: Writing) {
            if let titleFont {
                let lang = panel.writing(in: writing).panel.lang
                add(FontUse(text: panel.title, font: titleFont, lang: lang))
                add(FontUse(text: HeaderTitle.ellipsis, font: titleFont, lang: lang))
            }
            let content = panel.writing(in: writing).content
            switch panel.content {
            case .text(let text, let metrics)?:
                if let font = metrics.font { add(FontUse(text: text, font: font, lang: content.lang)) }
            case .accordion(let level)?:
                for inner in level.panels { visit(inner, writing: content) }
            default:
                break
            }
        }
        for s in snapshots {
            for frame in s.panels { visit(frame.panel, writing: s.container.writing) }
        }
        return uses
    }

    /// The fonts to embed for `snapshots`, asked of their container's
    /// measure (the one that measured their lines); none when no text is
    /// font-measured.
    static func fonts(for snapshots: [Snapshot]) -> EmbeddedFonts {
        guard let first = snapshots.first else { return .none }
        let uses = uses(in: snapshots)
        guard !uses.isEmpty else { return .none }
        return first.container.textMeasure.measure.embeddedFonts(for: uses)
    }

    /// The name face `index` is declared under.
    static func name(_ index: Int) -> String { "accordion-font-\(index)" }

    /// One `@font-face` rule per face, each on its own line; "" for none.
    static func rules(_ fonts: EmbeddedFonts) -> String {
        var out = ""
        for (i, face) in fonts.faces.enumerated() {
            let openType = face.data.starts(with: Array("OTTO".utf8))
            out += "@font-face { font-family: \"\(name(i))\"; font-weight: \(face.weight); src: url(data:font/\(openType ? "otf" : "ttf");base64,"
            out += Base64.encode(face.data)
            out += ") format(\"\(openType ? "opentype" : "truetype")\"); } /* \(String(face.family.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " })) */\n"
        }
        return out
    }

    /// The CSS family list a text in `font` and `lang` is drawn with: the
    /// embedded faces in the measure's order, then the spec's families.
    static func familyList(_ font: TextFont, lang: String?, in fonts: EmbeddedFonts) -> String {
        let embedded = (fonts.order[EmbeddedFonts.Request(font: font, lang: lang)] ?? []).map { "'\(name($0))'" }
        let named = font.families.map { "'" + String($0.filter { $0 != "'" && $0 != "\\" }) + "'" }
        return (embedded + named).joined(separator: ", ")
    }
}

/// RFC 4648 base64 with padding, for the fonts inlined as `data:` URLs.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64.
    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)]]
            out += rest == 2 ? [alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
