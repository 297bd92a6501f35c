import AccordionDiagnostics
import AccordionModel
import AccordionText
import AccordionYAML

/// A panel definition as read from the spec, with the nodes diagnostics point at.
struct PanelDefinition {
    /// The resolved panel (defaults applied).
    var spec: PanelSpec
    /// The `id` value; nil when the definition has no usable id (the schema
    /// reported it), so the panel can never be named.
    var idNode: YAMLNodeRef?
    /// What only some panels have; nil for most, so a big stack stays small.
    var notes: PanelNotes?

    /// The `contentHeight` value, for the fit-layout warning.
    var contentHeightNode: YAMLNodeRef? { notes?.contentHeightNode }
    /// The accordion nested in its content, if any.
    var nested: NestedLevelDefinition? { notes?.nested }
    /// What the warning rules found while reading it (usually nothing).
    var findings: [Finding] { notes?.findings ?? [] }
    /// Where it is written, for JSON pointers (notes exist whenever a rule can need it).
    var location: PanelLocation { notes?.location ?? .panels(0) }
}

/// The rarely needed parts of a panel definition (values only, so a
/// stack's notes may be kept and sent anywhere).
final class PanelNotes: Sendable {
    let contentHeightNode: YAMLNodeRef?
    let findings: [Finding]
    let location: PanelLocation
    /// The accordion nested in the panel's `content`, nil for almost every panel.
    let nested: NestedLevelDefinition?

    init(contentHeightNode: YAMLNodeRef?, findings: [Finding], location: PanelLocation,
         nested: NestedLevelDefinition? = nil) {
        self.contentHeightNode = contentHeightNode
        self.findings = findings
        self.location = location
        self.nested = nested
    }
}

/// A level nested in a panel's `content: {panels: [...], ...}`, read
/// leniently like the container: what the schema rejected keeps the default.
final class NestedLevelDefinition: Sendable {
    /// The `content` mapping.
    let node: YAMLNodeRef
    /// The `panels` key, where a diagnostic about the level as a whole points.
    let panelsKey: YAMLNodeRef
    /// The level's panels, each with its notes (a nested panel always has
    /// notes: its location is more than an index).
    let panels: PanelStack
    let expansion: ExpansionMode
    let collapsible: Bool
    /// The `expanded` value; nil when absent (the level's first panel opens).
    let expandedNode: YAMLNodeRef?
    /// The header height of the level's panels that set none.
    let headerHeight: Double
    let indent: Double

    /// The level as the model takes it: its `expanded` read leniently (what
    /// names no panel of the level is left out: `validate` reports it, and
    /// no document is made then), its first panel open by default.
    var model: NestedLevel {
        var open: [Int] = []
        if let node = expandedNode {
            let ids = panels.specs.map(\.id)
            func index(_ item: YAMLNodeRef) -> Int? {
                if let id = item.stringValue { return ids.firstIndex(of: id) }
                if let i = item.integerValue, i >= 0, i < panels.count { return i }
                return nil
            }
            open = node.isNull ? [] : (node.items.map { $0.compactMap(index) } ?? index(node).map { [$0] } ?? [])
        } else if !panels.isEmpty {
            open = [0]
        }
        return NestedLevel(panels: panels.specs, expansion: expansion, collapsible: collapsible,
                           expandedIndices: Array(Set(open)).sorted(), indent: indent)
    }

    init(node: YAMLNodeRef, panelsKey: YAMLNodeRef, panels: PanelStack, expansion: ExpansionMode, collapsible: Bool,
         expandedNode: YAMLNodeRef?, headerHeight: Double, indent: Double) {
        self.node = node
        self.panelsKey = panelsKey
        self.panels = panels
        self.expansion = expansion
        self.collapsible = collapsible
        self.expandedNode = expandedNode
        self.headerHeight = headerHeight
        self.indent = indent
    }
}

/// A stack of panel definitions stored as parallel arrays: the specs array
/// is the one the document hands out, shared rather than copied.
struct PanelStack: Sendable {
    private(set) var specs: [PanelSpec] = []
    private(set) var idNodes: [YAMLNodeRef?] = []
    private(set) var notes: [PanelNotes?] = []

    var count: Int { specs.count }
    var isEmpty: Bool { specs.isEmpty }

    init() {}

    /// Panels known only as specs, without the nodes that wrote them (a
    /// session keeps nothing of a host's line past its step).
    init(specs: [PanelSpec]) {
        self.specs = specs
        idNodes = Array(repeating: nil, count: specs.count)
        notes = Array(repeating: nil, count: specs.count)
    }

    mutating func reserve(_ n: Int) {
        specs.reserveCapacity(n)
        idNodes.reserveCapacity(n)
        notes.reserveCapacity(n)
    }

    /// Panel `i` with an `update`'s properties.
    mutating func update(_ i: Int, _ update: PanelUpdate) {
        specs[i] = update.applied(to: specs[i])
    }

    mutating func append(_ p: PanelDefinition) {
        specs.append(p.spec)
        idNodes.append(p.idNode)
        notes.append(p.notes)
    }

    subscript(i: Int) -> PanelDefinition {
        PanelDefinition(spec: specs[i], idNode: idNodes[i], notes: notes[i])
    }

    /// Whether a panel of this stack holds a nested level (one pass over
    /// the notes, which most panels lack).
    var nests: Bool { notes.contains { $0?.nested != nil } }

    /// Every definition of the tree in tree order (each panel, then the
    /// panels nested in it), with the nested level each belongs to (nil for
    /// this stack's own) and the panel that holds that level.
    func tree() -> [TreeEntry] {
        var out: [TreeEntry] = []
        func walk(_ stack: PanelStack, level: NestedLevelDefinition?, parent: PanelDefinition?) {
            for i in 0..<stack.count {
                let def = stack[i]
                out.append(TreeEntry(definition: def, index: i, level: level, parent: parent))
                if let nested = def.nested { walk(nested.panels, level: nested, parent: def) }
            }
        }
        walk(self, level: nil, parent: nil)
        return out
    }
}

/// One panel of a tree of definitions (`PanelStack.tree()`).
struct TreeEntry {
    let definition: PanelDefinition
    /// Its index in its own level.
    let index: Int
    /// The nested level it belongs to; nil for the stack's own panels.
    let level: NestedLevelDefinition?
    /// The panel holding that level.
    let parent: PanelDefinition?

    /// Its JSON pointer, for a panel of the spec's `panels` or nested anywhere.
    var pointer: String { definition.notes?.location.pointer ?? "/panels/\(index)" }
}

/// Where a panel definition is written.
indirect enum PanelLocation: Sendable {
    /// `panels[i]`
    case panels(Int)
    /// `script[step].setPanels[item]`
    case setPanels(step: Int, item: Int)
    /// `…content.panels[item]` of the panel written at `parent`.
    case nested(parent: PanelLocation, item: Int)

    /// Whether it is a `setPanels` definition (or nested in one).
    var isInScript: Bool {
        switch self {
        case .panels: false
        case .setPanels: true
        case .nested(let parent, _): parent.isInScript
        }
    }

    /// The definition's JSON pointer.
    var pointer: String {
        switch self {
        case .panels(let i): "/panels/\(i)"
        case .setPanels(let step, let item): "/script/\(step)/setPanels/\(item)"
        case .nested(let parent, let item): parent.pointer + "/content/panels/\(item)"
        }
    }
}

/// Something a node-level rule found while the reader walked a node.
enum Finding {
    /// `yes`, `off`... where text is expected.
    case yaml11Boolean(YAMLNodeRef, key: String)
    /// `0x1ABC9C`: a hex colour written without its alpha byte.
    case colourWithoutAlpha(YAMLNodeRef, UInt32, key: String)
    /// A header colour with alpha 00; `shortHex` when it was written
    /// without its alpha byte (`0xFF0000`), so the author's colour is the
    /// digits written, not the value read.
    case invisibleHeader(YAMLNodeRef, UInt32, key: String, shortHex: Bool)
    /// `.inf` or `.nan` as a size or time.
    case notFinite(YAMLNodeRef, key: String)
    /// A non-ASCII id that is no UAX #31 identifier.
    case notIdentifier(YAMLNodeRef, key: String)
    /// A title too faint on its header to read.
    case lowContrast(LowContrast)

    /// The colour rules for one colour value, adding what they find to
    /// `findings` (a panel's list: most colours add nothing, and no list is
    /// made for them). Returns whether the colour is missing its alpha byte.
    static func colour(_ node: YAMLNodeRef, scalar: YAMLScalarRef, value: UInt32, isHeader: Bool, key: String,
                       into findings: inout [Finding]) -> Bool {
        // Only a plain scalar of 3 to 8 bytes can be a short `0x` number: the text is read for no other.
        let shortHex = scalar.style == .plain && scalar.utf8Count <= 8 && scalar.utf8Count > 2 && scalar.withUTF8 { text in
            text[0] == UInt8(ascii: "0") && (text[1] == UInt8(ascii: "x") || text[1] == UInt8(ascii: "X"))
        }
        if shortHex { findings.append(.colourWithoutAlpha(node, value, key: key)) }
        if isHeader, value & 0xFF == 0 { findings.append(.invisibleHeader(node, value, key: key, shortHex: shortHex)) }
        return shortHex
    }
}

/// A panel whose title does not reach `Contrast.minimum` on its header,
/// with the colours as read and the nodes that wrote them.
struct LowContrast {
    var title: UInt32
    var header: UInt32
    var background: UInt32
    /// The `titleColor` entry; nil when the title is white by default.
    var titleEntry: (key: YAMLNodeRef, value: YAMLNodeRef)?
    /// The `color` entry; nil when the header has its palette colour.
    var headerEntry: (key: YAMLNodeRef, value: YAMLNodeRef)?
    /// The panel's mapping, for entries merged in from elsewhere (`<<: *base`).
    var panel: YAMLNodeRef
    /// The appearance whose colours these are.
    var appearance = Appearance.light
    /// In the dark appearance, each colour that is written once for both
    /// (nil where its `dark` half is written): a fix then writes it as a
    /// pair keeping this light value.
    var lightValues: (title: UInt32?, header: UInt32?) = (nil, nil)

    /// The key of its tally (`ContrastTallies`): every panel with these two colours, this one first.
    var pair: UInt64 { ContrastTallies.pair(title: title, header: header) }

    var ratio: Double { Contrast.ratio(title: title, header: header, background: background) }

    /// Checks a panel with at least one colour written. An invisible header
    /// has its own warning, and a panel that writes neither colour has
    /// nothing to point at. Only the first panel with a pair of colours is
    /// returned; the others are counted into its tally.
    static func check(_ spec: PanelSpec, in panel: YAMLNodeRef, titleEntry: (key: YAMLNodeRef, value: YAMLNodeRef)?,
                      headerEntry: (key: YAMLNodeRef, value: YAMLNodeRef)?, background: UInt32,
                      tallies: ContrastTallies, appearance: Appearance = .light,
                      lightValues pairs: (title: UInt32?, header: UInt32?) = (nil, nil)) -> LowContrast? {
        guard titleEntry != nil || headerEntry != nil, spec.color & 0xFF != 0,
              Contrast.ratio(title: spec.titleColor, header: spec.color, background: background) < Contrast.minimum,
              tallies.add(title: spec.titleColor, header: spec.color, id: spec.id) else { return nil }
        return LowContrast(title: spec.titleColor, header: spec.color, background: background,
                           titleEntry: titleEntry, headerEntry: headerEntry, panel: panel, appearance: appearance,
                           lightValues: pairs)
    }
}

/// The panels that share one pair of colours too faint to read. One
/// warning speaks for them all: a spec that repeats a header style on
/// thousands of panels gets one warning that counts them, and the reader
/// keeps no record per panel.
struct SameColours {
    /// How many panels have the colours.
    private(set) var count = 0
    /// The ids of the first few after the one warned about, to name them.
    private(set) var others: [String] = []

    fileprivate mutating func add(_ id: String) {
        if count > 0, others.count < 3, !id.isEmpty { others.append(id) }
        count += 1
    }
}

/// One tally per pair of colours that falls short, for one spec: the
/// reader counts into it, and a warning reads its pair's tally when it is
/// worded (the findings themselves hold only values, so they may be kept
/// and sent anywhere).
final class ContrastTallies {
    private var byPair: [UInt64: SameColours] = [:]

    /// Whether no pair of colours fell short yet.
    var isEmpty: Bool { byPair.isEmpty }

    /// The key of a pair of colours.
    static func pair(title: UInt32, header: UInt32) -> UInt64 { UInt64(title) << 32 | UInt64(header) }

    /// Counts a panel with these colours; returns whether it is the first
    /// such panel (an earlier one already carries the warning otherwise).
    func add(title: UInt32, header: UInt32, id: String) -> Bool {
        // One lookup: the default is made only for a new pair.
        var first = false
        byPair[Self.pair(title: title, header: header), default: { first = true; return SameColours() }()].add(id)
        return first
    }

    /// The panels counted with the colours of `pair`.
    subscript(pair: UInt64) -> SameColours { byPair[pair] ?? SameColours() }
}

/// A set of keys a reader recognises from a key's UTF-8 bytes: a
/// 100,000-panel spec has some 400,000 panel keys and a long script one or
/// two keys per step, and making a `String` of each would cost more than
/// recognising it. Compared as bytes, so code points.
protocol SpelledKey: CaseIterable, RawRepresentable<String>, Sendable {
    /// Every case by its spelling (`spellingTable()`, kept in a `static let`).
    static var spellings: KeySpellings<Self> { get }
}

extension SpelledKey {
    /// The key spelled exactly `text`, or nil.
    init?(_ text: UnsafeBufferPointer<UInt8>) {
        guard let key = Self.spellings.value(forUTF8: text) else { return nil }
        self = key
    }

    /// The cases by their raw values.
    static func spellingTable() -> KeySpellings<Self> { KeySpellings(allCases.map { ($0.rawValue, $0) }) }

    /// The key at `position` of `entries` when it is one of these, read
    /// from its bytes through the non-generic `withKeyText` (the generic one
    /// is not specialised for this module and costs the reader of a large
    /// spec more than the lookup itself).
    static func key(at position: Int, of entries: YAMLEntriesRef) -> Self? {
        key(at: position, of: entries, among: spellings)
    }

    /// The key at `position` of `entries` when it is one of `table`'s (some of these keys).
    static func key(at position: Int, of entries: YAMLEntriesRef, among table: KeySpellings<Self>) -> Self? {
        entries.withKeyText(at: position) { $0.flatMap(table.position(forUTF8:)) }.map { table[$0] }
    }
}

/// The keys of a panel definition.
enum PanelKey: String, SpelledKey {
    case id, title, color, titleColor, headerHeight, contentHeight, disabled, badge, detail, subtitle, icon, lang, dir, content

    static let spellings = spellingTable()
}

/// `container.content`: the measures every panel's content starts from,
/// the spec's own or the format's defaults.
struct ContentDefaults: Hashable, Sendable {
    var text = TextMetrics()
    var rowHeight = 44.0
    /// The text measure in effect (`measure`, top level then
    /// `container.content`) and the font it would use.
    var fontSetting = FontSetting()

    init() {}

    init(_ root: YAMLNodeRef) {
        fontSetting = FontSetting().reading(root)
        if let size = fontSetting.size { text.fontSize = size }
        if let node = root["container"]?["content"], node.entries != nil {
            fontSetting = fontSetting.reading(node)
            if let v = SpecReader.nonNegativeValue(node["padding"]) { text.padding = v }
            if let v = SpecReader.positiveValue(node["fontSize"]) { text.fontSize = v }
            if node["font"] != nil, let size = fontSetting.size { text.fontSize = size }
            if let v = SpecReader.positiveValue(node["lineHeight"]) { text.lineHeight = v }
            if let v = SpecReader.positiveValue(node["rowHeight"]) { rowHeight = v }
        }
        text.font = fontSetting.font
    }
}

/// `measure` and `font` as one level (the top, `container.content`, a
/// panel's `content`) leaves them for the levels inside it: each key
/// written replaces the one inherited; `font.size` sets the level's `fontSize`.
struct FontSetting: Hashable, Sendable {
    var measuresWithFont = false
    var requested = TextFont(families: ["sans-serif"])
    /// The `font.size` written at the level last read, nil when none.
    var size: Double?

    /// The font a text at this level is measured in, nil for the metric measure.
    var font: TextFont? { measuresWithFont ? requested : nil }

    /// This setting with `node`'s `measure` and `font` applied.
    func reading(_ node: YAMLNodeRef) -> FontSetting {
        var next = self
        next.size = nil
        guard node.entries != nil else { return next }
        if let v = node["measure"]?.stringValue, v == "font" || v == "metric" { next.measuresWithFont = v == "font" }
        if let font = node["font"], font.entries != nil {
            var requested = TextFont(families: ["sans-serif"])
            if let family = font["family"] {
                if let name = family.stringValue, !name.isEmpty {
                    requested.families = [name]
                } else if let items = family.items {
                    let names = items.compactMap(\.stringValue).filter { !$0.isEmpty }
                    if !names.isEmpty { requested.families = names }
                }
            }
            if let weight = font["weight"]?.integerValue, (100...900).contains(weight) { requested.weight = weight }
            next.requested = requested
            next.size = SpecReader.positiveValue(font["size"])
        }
        return next
    }
}

/// Reads a spec's node tree into typed values, leniently: whatever is
/// malformed (and so already reported by the schema) becomes a default or is
/// left out, so the semantic rules can still look at the rest of the file.
struct SpecReader {
    let root: YAMLNodeRef
    /// The script played: the spec's own, or a test case's in its place.
    let script: YAMLNodeRef?
    /// The container's colour, behind every header: titles are measured against it.
    let background: UInt32
    /// The container's colour in the dark appearance.
    let darkBackground: UInt32
    /// The pairs of colours found too faint so far.
    let contrastTallies: ContrastTallies
    /// `container.content`: the measures a panel's content starts from.
    let contentDefaults: ContentDefaults

    init(root: YAMLNodeRef, script: YAMLNodeRef? = nil) {
        self.root = root
        self.script = script ?? root["script"]
        let written = Self.themedColour(root["container"]?["background"])
        background = written?.light ?? Self.defaultBackground(of: Self.style(of: root))
        darkBackground = written.map { $0.dark ?? $0.light } ?? Palette.darkBackground
        contrastTallies = ContrastTallies()
        contentDefaults = ContentDefaults(root)
    }

    /// A reader of one step on its own (a host's line in `drive`), whose new
    /// panels start from the measures of the spec the session loaded.
    init(step: YAMLNodeRef, contentDefaults: ContentDefaults) {
        self.init(root: step, script: nil, background: ContainerSpec().background, darkBackground: Palette.darkBackground,
                  contrastTallies: ContrastTallies(), contentDefaults: contentDefaults)
    }

    private init(root: YAMLNodeRef, script: YAMLNodeRef?, background: UInt32, darkBackground: UInt32,
                 contrastTallies: ContrastTallies, contentDefaults: ContentDefaults) {
        self.root = root
        self.script = script
        self.background = background
        self.darkBackground = darkBackground
        self.contrastTallies = contrastTallies
        self.contentDefaults = contentDefaults
    }

    /// The same reader reading `script` instead (the spec's own when nil),
    /// counting faint colours into `tallies` (by default its own).
    func playing(_ script: YAMLNodeRef?, tallies: ContrastTallies? = nil) -> SpecReader {
        SpecReader(root: root, script: script ?? root["script"], background: background, darkBackground: darkBackground,
                   contrastTallies: tallies ?? contrastTallies, contentDefaults: contentDefaults)
    }

    var title: String? { root["title"]?.stringValue }

    /// The container with every default applied, shown on the spec's
    /// `device` (its size then the device's safe area); malformed values
    /// keep the default.
    func container() -> ContainerSpec {
        writtenContainer().shown(on: device)
    }

    /// The spec's top-level `device`; nil when it is absent or not one of
    /// the names (the schema reports that).
    var device: Device? { root["device"]?.stringValue.flatMap(Device.init(rawValue:)) }

    /// The container as its keys write it, before any device.
    private func writtenContainer() -> ContainerSpec {
        var c = ContainerSpec()
        c.textMeasure = TextMeasurer(FontTextMeasure(titleFont: FontSetting().reading(root).font))
        c.background = background
        c.darkBackground = darkBackground == background ? nil : darkBackground
        c.writing = Self.writing(of: root)
        guard let node = root["container"] else { return c }
        if let v = positive(node["width"]) { c.width = v }
        if let v = positive(node["height"]) { c.height = v }
        if let v = positive(node["headerHeight"]) { c.headerHeight = v }
        if let v = node["layout"]?.stringValue, let layout = LayoutMode(rawValue: v) { c.layout = layout }
        if let animation = node["animation"] {
            if let v = animation["duration"]?.numberValue, v >= 0, v.isFinite { c.duration = v }
            if let v = animation["curve"]?.stringValue, let curve = AnimationCurve(rawValue: v) { c.curve = curve }
            if let v = animation["reducedMotion"]?.stringValue, let policy = ReducedMotionPolicy(rawValue: v) { c.reducedMotion = policy }
        }
        if let v = node["expansion"]?.stringValue, let mode = ExpansionMode(rawValue: v) { c.expansion = mode }
        if case .bool(let v)? = node["collapsible"]?.scalar?.value { c.collapsible = v }
        if let v = node["interruption"]?.stringValue, let policy = InterruptionPolicy(rawValue: v) { c.interruption = policy }
        if let v = node["headingLevel"]?.integerValue, (1...6).contains(v) { c.headingLevel = v }
        if let v = node["overflow"]?.stringValue, let mode = OverflowMode(rawValue: v) { c.overflow = mode }
        c.style = Self.style(of: root)
        if let separator = node["separator"] {
            switch separator.stringValue {
            case "none": c.separator = .none
            case "auto": c.separator = .auto
            default:
                if separator.entries != nil {
                    let thickness = separator["thickness"]?.numberValue.flatMap { $0 > 0 && $0 <= 8 ? $0 : nil } ?? 1
                    let colour = Self.themedColour(separator["color"])
                    c.separator = .line(color: colour?.light ?? HeaderSeparator.defaultColor, thickness: thickness,
                                        darkColor: colour?.dark)
                }
            }
        }
        return c
    }

    /// `container.style`, `plain` when it is not one of the two (the schema reports that).
    static func style(of root: YAMLNodeRef) -> ContainerStyle {
        root["container"]?["style"]?.stringValue.flatMap(ContainerStyle.init(rawValue:)) ?? .plain
    }

    /// The container's colour when the spec writes none: white, or in
    /// `insetGrouped` iOS's grouped background (systemGroupedBackground),
    /// so the white sections stand out from it.
    static func defaultBackground(of style: ContainerStyle) -> UInt32 {
        style == .insetGrouped ? 0xF2F2_F7FF : ContainerSpec().background
    }

    /// The `lang` and `dir` written in a mapping (the top level, a panel's
    /// `content`); a `dir` that is not one of the three is left out (the
    /// schema reports it, as it reports a malformed `lang`).
    static func writing(of node: YAMLNodeRef?) -> Writing {
        guard let node, node.entries != nil else { return Writing() }
        return Writing(lang: node["lang"]?.stringValue, dir: node["dir"]?.stringValue.flatMap(WritingDirection.init(rawValue:)))
    }

    /// A panel's `content`, its measures defaulting to `container.content`'s
    /// and then to the format's; nil when it is not a mapping with exactly
    /// one of `text` and `rows` (the schema reports that).
    func content(_ node: YAMLNodeRef) -> PanelContent? {
        guard node.entries != nil else { return nil }
        let text = node["text"]
        let rows = node["rows"]
        switch (text?.stringValue, rows?.items) {
        case (let text?, nil) where rows == nil:
            var metrics = contentDefaults.text
            let setting = node["measure"] == nil && node["font"] == nil ? nil : contentDefaults.fontSetting.reading(node)
            if let v = nonNegative(node["padding"]) { metrics.padding = v }
            if let v = positive(node["fontSize"]) { metrics.fontSize = v }
            if let setting {
                if let size = setting.size { metrics.fontSize = size }
                metrics.font = setting.font
            }
            if let v = positive(node["lineHeight"]) { metrics.lineHeight = v }
            return .text(text, metrics)
        case (nil, let items?) where text == nil:
            var list: [ContentRow] = []
            list.reserveCapacity(items.count)
            for item in items {
                if let title = item.stringValue {
                    list.append(ContentRow(title: title))
                } else if let title = item["title"]?.stringValue {
                    list.append(ContentRow(title: title, detail: item["detail"]?.stringValue))
                } else {
                    return nil
                }
            }
            return .rows(list, rowHeight: positive(node["rowHeight"]) ?? contentDefaults.rowHeight)
        default:
            return nil
        }
    }


    /// The initial stack; a malformed item still takes its place so indices
    /// stay those the author sees.
    func panels(headerHeight: Double) -> PanelStack {
        var stack = PanelStack()
        guard let items = root["panels"]?.items else { return stack }
        stack.reserve(items.count)
        for (i, item) in items.enumerated() {
            stack.append(panel(item, index: i, headerHeight: headerHeight, location: .panels(i)))
        }
        return stack
    }

    /// One panel definition at `index` of its list (for the palette colour),
    /// read in one walk over its keys; the same walk notes what the
    /// warning rules will report, so a 100,000-panel spec is walked once.
    func panel(_ node: YAMLNodeRef, index: Int, headerHeight: Double, location: PanelLocation) -> PanelDefinition {
        var spec = PanelSpec(id: "", title: "", color: Palette.color(at: index), headerHeight: headerHeight)
        var idNode: YAMLNodeRef?
        var contentNode: YAMLNodeRef?
        var nested: NestedLevelDefinition?
        var titleEntry, headerEntry: (key: YAMLNodeRef, value: YAMLNodeRef)?
        // The dark halves of colours written `{light, dark}`.
        var darkTitle, darkHeader: (value: UInt32, entry: (key: YAMLNodeRef, value: YAMLNodeRef))?
        // A colour the schema rejects, or one missing its alpha byte (its
        // author meant another colour), leaves the title contrast unknown.
        var colourUnreadable = false
        var findings: [Finding] = []
        var writing = PanelWriting()
        let entries = node.entries ?? []
        for k in 0..<entries.count {
            // Known keys are recognised from their bytes: no `String` per key.
            guard let which = PanelKey.key(at: k, of: entries),
                  entries.key(at: k).shape == .string else { continue }
            let value = entries.value(at: k)
            if which == .content {
                if value.entries != nil, let key = value.entry("panels")?.key {
                    let level = nestedLevel(value, panelsKey: key, headerHeight: headerHeight, location: location)
                    nested = level
                    spec.content = .accordion(level.model)
                } else {
                    spec.content = content(value)
                }
                writing.content = Self.writing(of: value)
                continue
            }
            if which == .color || which == .titleColor, value.entries != nil {
                // `{light: C, dark: C}`: each written as a colour is, each checked as one.
                guard let light = value.entry("light"), let dark = value.entry("dark"),
                      let lightValue = light.value.colourValue, let darkValue = dark.value.colourValue,
                      let lightScalar = light.value.scalar, let darkScalar = dark.value.scalar else {
                    colourUnreadable = true
                    continue
                }
                if which == .color {
                    spec.color = lightValue
                    headerEntry = light
                    darkHeader = (darkValue, dark)
                } else {
                    spec.titleColor = lightValue
                    titleEntry = light
                    darkTitle = (darkValue, dark)
                }
                for (entry, colour, scalar) in [(light, lightValue, lightScalar), (dark, darkValue, darkScalar)]
                    where Finding.colour(entry.value, scalar: scalar, value: colour, isHeader: which == .color,
                                         key: which.rawValue, into: &findings) {
                    colourUnreadable = true
                }
                continue
            }
            guard case .scalar(let scalar) = value.kind else {
                if which == .color || which == .titleColor { colourUnreadable = true }
                continue
            }
            switch which {
            case .id:
                if case .string(let id) = scalar.value {
                    spec.id = PanelID.normalized(id)
                    idNode = value
                    // A non-ASCII id the schema let through (it checks ASCII ids itself).
                    if PanelID.nonASCIIProblem(id) != nil { findings.append(.notIdentifier(value, key: "id")) }
                    if scalar.isYAML11Boolean, scalar.style == .plain { findings.append(.yaml11Boolean(value, key: "id")) }
                }
            case .title:
                if case .string(let title) = scalar.value {
                    spec.title = title
                    if scalar.isYAML11Boolean, scalar.style == .plain { findings.append(.yaml11Boolean(value, key: "title")) }
                }
            case .color, .titleColor:
                guard let colour = value.colourValue else {
                    colourUnreadable = true
                    continue
                }
                if which == .color {
                    spec.color = colour
                    headerEntry = (entries.key(at: k), value)
                } else {
                    spec.titleColor = colour
                    titleEntry = (entries.key(at: k), value)
                }
                if Finding.colour(value, scalar: scalar, value: colour, isHeader: which == .color, key: which.rawValue,
                                  into: &findings) {
                    colourUnreadable = true
                }
            case .headerHeight:
                if let v = positive(value) { spec.headerHeight = v }
                if case .float(let v) = scalar.value, !v.isFinite { findings.append(.notFinite(value, key: "headerHeight")) }
            case .contentHeight:
                if let v = value.numberValue, v >= 0, v.isFinite {
                    spec.contentHeight = v
                    contentNode = value
                }
                if case .float(let v) = scalar.value, !v.isFinite { findings.append(.notFinite(value, key: "contentHeight")) }
            case .disabled:
                if case .bool(let v) = scalar.value { spec.disabled = v }
            case .badge, .detail, .subtitle:
                guard case .string(let text) = scalar.value, !text.isEmpty else { continue }
                var accessories = spec.accessories
                switch which {
                case .badge: accessories.badge = text
                case .detail: accessories.detail = text
                default: accessories.subtitle = text
                }
                spec.accessories = accessories
            case .icon:
                if case .string(let name) = scalar.value, let icon = HeaderIcon(rawValue: name) { spec.accessories.icon = icon }
            case .lang:
                if case .string(let v) = scalar.value { writing.panel.lang = v }
            case .dir:
                if case .string(let v) = scalar.value, let dir = WritingDirection(rawValue: v) { writing.panel.dir = dir }
            case .content:
                break
            }
        }
        if !writing.isInherited { spec.writing = writing }
        if !colourUnreadable, let low = LowContrast.check(spec, in: node, titleEntry: titleEntry, headerEntry: headerEntry,
                                                                background: background, tallies: contrastTallies) {
            findings.append(.lowContrast(low))
        }
        // The dark appearance: a colour written once is both; an unwritten
        // one takes the default's dark variant (the dark palette).
        if darkHeader != nil || darkTitle != nil {
            spec.dark = DarkColors(color: darkHeader?.value ?? (headerEntry == nil ? DarkColors.variant(of: spec.color) : spec.color),
                                   titleColor: darkTitle?.value ?? spec.titleColor)
        } else if headerEntry == nil {
            spec.derivesDarkColor = true
        }
        if !colourUnreadable, let dark = spec.dark {
            var drawn = spec
            (drawn.color, drawn.titleColor) = (dark.color, dark.titleColor)
            if let low = LowContrast.check(drawn, in: node, titleEntry: darkTitle?.entry ?? titleEntry,
                                           headerEntry: darkHeader?.entry ?? headerEntry, background: darkBackground,
                                           tallies: contrastTallies, appearance: .dark,
                                           lightValues: (title: darkTitle == nil ? spec.titleColor : nil,
                                                         header: darkHeader == nil ? spec.color : nil)) {
                findings.append(.lowContrast(low))
            }
        }
        var notes: PanelNotes?
        if contentNode != nil || !findings.isEmpty || location.isInScript || nested != nil {
            notes = PanelNotes(contentHeightNode: contentNode, findings: findings, location: location, nested: nested)
        } else if case .nested = location {
            notes = PanelNotes(contentHeightNode: nil, findings: [], location: location)
        }
        return PanelDefinition(spec: spec, idNode: idNode, notes: notes)
    }

    /// A level nested in the content `node` of the panel written at
    /// `location`, whose own level's header height is `headerHeight`.
    func nestedLevel(_ node: YAMLNodeRef, panelsKey: YAMLNodeRef, headerHeight: Double,
                     location: PanelLocation) -> NestedLevelDefinition {
        let levelHeaderHeight = positive(node["headerHeight"]) ?? headerHeight
        var stack = PanelStack()
        for (i, item) in (node["panels"]?.items ?? []).enumerated() {
            stack.append(panel(item, index: i, headerHeight: levelHeaderHeight, location: .nested(parent: location, item: i)))
        }
        var expansion = ExpansionMode.single
        if let v = node["expansion"]?.stringValue, let mode = ExpansionMode(rawValue: v) { expansion = mode }
        var collapsible = true
        if case .bool(let v)? = node["collapsible"]?.scalar?.value { collapsible = v }
        return NestedLevelDefinition(node: node, panelsKey: panelsKey, panels: stack, expansion: expansion,
                                     collapsible: collapsible, expandedNode: node["expanded"],
                                     headerHeight: levelHeaderHeight, indent: nonNegative(node["indent"]) ?? 0)
    }

    /// An id (string) or an index (non-negative integer).
    func reference(_ node: YAMLNodeRef) -> PanelReference? {
        if let id = node.stringValue { return .id(PanelID.normalized(id)) }
        if let i = node.integerValue, i >= 0 { return .index(i) }
        return nil
    }

    private func positive(_ node: YAMLNodeRef?) -> Double? { Self.positiveValue(node) }

    private func nonNegative(_ node: YAMLNodeRef?) -> Double? { Self.nonNegativeValue(node) }

    /// A colour written once (both appearances) or `{light: C, dark: C}`;
    /// nil when it is absent or unreadable (the schema reports it).
    static func themedColour(_ node: YAMLNodeRef?) -> (light: UInt32, dark: UInt32?)? {
        guard let node else { return nil }
        if node.entries != nil {
            guard let light = node["light"]?.colourValue, let dark = node["dark"]?.colourValue else { return nil }
            return (light, dark)
        }
        return node.colourValue.map { ($0, nil) }
    }

    static func positiveValue(_ node: YAMLNodeRef?) -> Double? {
        guard let v = node?.numberValue, v > 0, v.isFinite else { return nil }
        return v
    }

    static func nonNegativeValue(_ node: YAMLNodeRef?) -> Double? {
        guard let v = node?.numberValue, v >= 0, v.isFinite else { return nil }
        return v
    }
}
