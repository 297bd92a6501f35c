import AccordionDiagnostics
import AccordionModel

/// A JSON-shaped value with ordered object keys: the single tree behind the
/// JSON and YAML dumps, so both spell exactly the same content.
public enum DumpValue: Hashable, Sendable {
    /// An absent value the dump still names (`title`, `transition`, `content`…).
    case null
    /// A flag such as `interactionEnabled`.
    case bool(Bool)
    /// An integer (indices): spelled without a fraction.
    case int(Int)
    /// A measure (points, seconds, fractions): spelled rounded to 3 decimals.
    case number(Double)
    /// Ids, titles, colours, event names.
    case string(String)
    /// Panels, events, or the snapshots of `--steps`.
    case array([DumpValue])
    /// Keys in insertion order: dumps diff cleanly and read top-down.
    case object([(String, DumpValue)])

    /// Structural equality, key order included (tuples are not `Equatable`, so it is spelled out).
    public static func == (a: DumpValue, b: DumpValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.int(x), .int(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Hashes the same parts `==` compares.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let v): hasher.combine(v)
        case .int(let v): hasher.combine(v)
        case .number(let v): hasher.combine(v)
        case .string(let v): hasher.combine(v)
        case .array(let v): hasher.combine(v)
        case .object(let v):
            for (k, x) in v {
                hasher.combine(k)
                hasher.combine(x)
            }
        }
    }
}

/// A field of the dump as a writer meets it: a value, or a long list given
/// as its length and a maker of each element, so a writer can build, spell
/// and drop one element at a time: a large dump's whole tree would be held
/// in memory at once, and building it costs more than spelling it.
public enum DumpField {
    /// A value held whole.
    case value(DumpValue)
    /// A list of `count` elements, element `i` made by `element(i)`.
    case items(count: Int, element: (Int) -> DumpValue)

    /// The field as a value of the tree.
    public var value: DumpValue {
        switch self {
        case .value(let v): v
        case .items(let count, let element): .array((0..<count).map(element))
        }
    }
}

/// Builds the dump tree of a snapshot, its keys always in one order (the
/// goldens and the tools that read the JSON rely on it).
public enum DumpTree {
    /// The whole dump of one moment.
    ///
    /// - Parameter s: The moment.
    /// - Returns: Its dump.
    public static func snapshot(_ s: Snapshot) -> DumpValue { snapshot(s, step: nil) }

    /// The whole dump of one moment; `step`, when given, leads it as the
    /// `step` field (each dump of a `--steps` series says which step made it).
    ///
    /// - Parameters:
    ///   - s: The moment.
    ///   - step: The `step` field's value, or nil for none.
    /// - Returns: Its dump.
    public static func snapshot(_ s: Snapshot, step: DumpValue?) -> DumpValue {
        .object(snapshotFields(s, step: step).map { ($0.0, $0.1.value) })
    }

    /// The dump of one moment as its top-level fields, in order; the panels
    /// and the events are made one element at a time.
    ///
    /// - Parameters:
    ///   - s: The moment.
    ///   - step: The `step` field's value, or nil for none.
    /// - Returns: Each field's name and value.
    public static func snapshotFields(_ s: Snapshot, step: DumpValue? = nil) -> [(String, DumpField)] {
        let lead: [(String, DumpField)] = step.map { [("step", .value($0))] } ?? []
        var container: [(String, DumpValue)] = [
            ("width", .number(s.container.width)),
            ("height", .number(s.container.height)),
            ("layout", .string(s.container.layout.rawValue)),
            ("expansion", .string(s.container.expansion.rawValue)),
            ("collapsible", .bool(s.container.collapsible)),
            ("interruption", .string(s.container.interruption.rawValue)),
        ]
        // Only a picture of the dark appearance says so: every other dump is as it was.
        if s.container.appearance == .dark { container.append(("appearance", .string(Appearance.dark.rawValue))) }
        // Only an inset-grouped stack says its style, with the section geometry its frames follow.
        if s.container.style == .insetGrouped {
            container.append(("style", .object([
                ("name", .string(ContainerStyle.insetGrouped.rawValue)),
                ("inset", .number(ContainerStyle.sectionInset)),
                ("gap", .number(ContainerStyle.sectionGap)),
                ("cornerRadius", .number(ContainerStyle.sectionCornerRadius)),
            ])))
        }
        // Only a container shown on a device says where it lies on the screen, and what the device is.
        var device: [(String, DumpField)] = []
        if let d = s.container.device {
            let i = d.insets, screen = s.container.screenSize
            container.append(("frame", .object([("x", .number(i.left)), ("y", .number(i.top)),
                                                ("width", .number(s.container.width)), ("height", .number(s.container.height))])))
            device = [("device", .value(.object([
                ("name", .string(d.rawValue)), ("width", .number(screen.width)), ("height", .number(screen.height)),
                ("insets", .object([("top", .number(i.top)), ("left", .number(i.left)),
                                    ("bottom", .number(i.bottom)), ("right", .number(i.right))])),
            ])))]
        }
        return lead + [
            ("title", .value(s.title.map(DumpValue.string) ?? .null)),
            ("time", .value(.number(s.time))),
        ] + device + [
            ("container", .value(.object(container))),
            ("expandedIndex", .value(s.expandedIndex.map(DumpValue.int) ?? .null)),
            ("expandedPanel", .value(s.expandedPanel.map(DumpValue.string) ?? .null)),
            ("expandedIndices", .value(.array(s.expandedIndices.map(DumpValue.int)))),
            ("visible", .value(visible(s.visible))),
            ("interactionEnabled", .value(.bool(s.interactionEnabled))),
        ] + (s.scroll.map { [("scroll", .value(scroll($0)))] } ?? []) + [
            ("transition", .value(s.transition.map { transition($0, nests: s.nests) } ?? .null)),
            ("panels", panelsField(s)),
            ("events", .items(count: s.events.count) { event(s.events[$0]) }),
        ]
    }

    /// The `step` field of a series' dump: which step produced it, or null
    /// for the state as loaded (no step happened).
    ///
    /// - Parameter origin: The step, or nil for the state as loaded.
    /// - Returns: The field's value.
    public static func step(_ origin: StepOrigin?) -> DumpValue {
        guard let origin else { return .null }
        return .object([
            ("index", .int(origin.index)),
            ("kind", .string(origin.kind)),
            ("line", origin.line.map(DumpValue.int) ?? .null),
        ])
    }

    /// The `scroll` field: the offset shown and `S`, the settled stack's height.
    static func scroll(_ position: ScrollPosition) -> DumpValue {
        .object([("offset", .number(position.offset)), ("contentHeight", .number(position.contentHeight))])
    }

    static func visible(_ v: Visible?) -> DumpValue {
        switch v {
        case nil: .null
        case .panel(let title)?: .object([("kind", .string("panel")), ("title", .string(title))])
        case .modal(let title)?: .object([("kind", .string("modal")), ("title", .string(title))])
        }
    }

    static func transition(_ t: TransitionInfo, nests: Bool = false) -> DumpValue {
        var fields: [(String, DumpValue)] = [
            ("from", t.from.map(DumpValue.int) ?? .null),
            ("to", t.to.map(DumpValue.int) ?? .null),
            ("start", .number(t.start)),
            ("end", .number(t.end)),
            ("progress", .number(t.progress)),
        ]
        // Only a tree's dump has them, so a flat spec's dump keeps its bytes.
        if nests {
            fields.append(("opened", .array(t.opened.map(DumpValue.string))))
            fields.append(("closed", .array(t.closed.map(DumpValue.string))))
        }
        return .object(fields)
    }

    /// The `panels` field: a flat stack's panels, or in a tree each panel
    /// with the level nested in it (`nested`).
    static func panelsField(_ s: Snapshot) -> DumpField {
        guard s.nests else { return .items(count: s.panels.count) { panel(s.panels[$0], expanded: s.isExpanded($0)) } }
        // Each level's frames, by its holder's id, in the level's order.
        var levels: [String: [Int]] = [:]
        for (i, frame) in s.nested.enumerated() { levels[frame.holder, default: []].append(i) }
        func nested(_ spec: PanelSpec) -> [(String, DumpValue)] {
            guard let level = spec.nested else { return [] }
            let open = s.nestedOpen[spec.id] ?? []
            let panels: [DumpValue] = (levels[spec.id] ?? []).map { i in
                let f = s.nested[i]
                var fields: [(String, DumpValue)] = [
                    ("index", .int(f.index)),
                    ("id", .string(f.panel.id)),
                    ("title", .string(f.panel.title)),
                    ("color", .string(Colors.hex(f.panel.color))),
                    ("titleColor", .string(Colors.hex(f.panel.titleColor))),
                    ("expanded", .bool(open.contains(f.index))),
                    ("disabled", .bool(f.panel.disabled)),
                ] + accessories(f.panel) + [
                    ("shown", .bool(f.isShown)),
                    ("header", f.header.map(rect) ?? .null),
                    ("content", f.content.map { frame in content(f.textLines, frame: frame) } ?? .null),
                ]
                fields += nested(f.panel)
                return .object(fields)
            }
            return [("nested", .object([
                ("expansion", .string(level.expansion.rawValue)),
                ("collapsible", .bool(level.collapsible)),
                ("indent", .number(level.indent)),
                ("expandedIndices", .array(open.map(DumpValue.int))),
                ("panels", .array(panels)),
            ]))]
        }
        return .items(count: s.panels.count) { i in
            guard case .object(let fields) = panel(s.panels[i], expanded: s.isExpanded(i)) else { return .null }
            return .object(fields + nested(s.panels[i].panel))
        }
    }

    /// A rectangle as the dump spells it.
    ///
    /// - Parameter r: A frame of the model.
    /// - Returns: An object of `x`, `y`, `width` and `height`, in that order,
    ///   so a failed `frames` check can show the actual frame the way the dump does.
    public static func rect(_ r: Rect) -> DumpValue {
        .object([
            ("x", .number(r.x)), ("y", .number(r.y)),
            ("width", .number(r.width)), ("height", .number(r.height)),
        ])
    }

    static func panel(_ p: PanelFrame, expanded: Bool) -> DumpValue {
        .object([
            ("index", .int(p.index)),
            ("id", .string(p.panel.id)),
            ("title", .string(p.panel.title)),
            ("color", .string(Colors.hex(p.panel.color))),
            ("titleColor", .string(Colors.hex(p.panel.titleColor))),
            ("expanded", .bool(expanded)),
            ("disabled", .bool(p.panel.disabled)),
        ] + accessories(p.panel) + [
            ("header", rect(p.header)),
            ("content", p.content.map { content(p, frame: $0) } ?? .null),
        ])
    }

    /// The header's accessories, each only when the panel has it (so a
    /// dump of a spec without them is what it always was): `badge`,
    /// `detail`, `subtitle` and `icon`, as written.
    static func accessories(_ panel: PanelSpec) -> [(String, DumpValue)] {
        let a = panel.accessories
        guard !a.isEmpty else { return [] }
        var fields: [(String, DumpValue)] = []
        if let badge = a.badge { fields.append(("badge", .string(badge))) }
        if let detail = a.detail { fields.append(("detail", .string(detail))) }
        if let subtitle = a.subtitle { fields.append(("subtitle", .string(subtitle))) }
        if let icon = a.icon { fields.append(("icon", .string(icon.rawValue))) }
        return fields
    }

    /// A content view's frame, and for a text content the lines the model
    /// wrapped it into (`lines`, top to bottom, "" between paragraphs), so
    /// authors can `expect` them.
    static func content(_ p: PanelFrame, frame: Rect) -> DumpValue { content(p.textLines, frame: frame) }

    /// A content view's frame with the lines of its text, when it has text.
    static func content(_ textLines: [String]?, frame: Rect) -> DumpValue {
        guard let lines = textLines, case .object(var fields) = rect(frame) else { return rect(frame) }
        fields.append(("lines", .array(lines.map(DumpValue.string))))
        return .object(fields)
    }

    /// One containment-log entry as the dump's `events` spell it.
    ///
    /// - Parameter e: The log entry.
    /// - Returns: Its `time`, `event`, and `panel`, `reason` (a `tapIgnored`'s)
    ///   and `cause` (a change's) when it has them.
    public static func event(_ e: LogEntry) -> DumpValue {
        var fields: [(String, DumpValue)] = [("time", .number(e.time)), ("event", .string(e.event.rawValue))]
        if let panel = e.panel { fields.append(("panel", .string(panel))) }
        if let reason = e.reason { fields.append(("reason", .string(reason.rawValue))) }
        if let cause = e.cause { fields.append(("cause", .string(cause.name))) }
        return .object(fields)
    }
}

/// Colour spellings shared by every renderer.
enum Colors {
    static let digits = Array("0123456789ABCDEF")

    /// `#RRGGBBAA`, upper case, as the dump specifies.
    static func hex(_ c: RGBA) -> String {
        var out = "#"
        for shift in stride(from: 28, through: 0, by: -4) {
            out.append(digits[Int((c >> UInt32(shift)) & 0xF)])
        }
        return out
    }

    /// `#RRGGBB` for SVG fills (alpha goes to `fill-opacity`).
    static func rgbHex(_ c: RGBA) -> String { String(hex(c).prefix(7)) }

    static func red(_ c: RGBA) -> Int { Int((c >> 24) & 0xFF) }
    static func green(_ c: RGBA) -> Int { Int((c >> 16) & 0xFF) }
    static func blue(_ c: RGBA) -> Int { Int((c >> 8) & 0xFF) }
    static func alpha(_ c: RGBA) -> Int { Int(c & 0xFF) }

    /// Alpha as an opacity in 0…1.
    static func opacity(_ c: RGBA) -> Double { Double(alpha(c)) / 255 }
}

/// Number spellings for people (captions, labels), as opposed to the dump's.
enum Numbers {
    /// Up to 3 decimals, no trailing zeros: `0.3`, `535`, `12.125`.
    static func short(_ v: Double) -> String { JSONText.rounded(v, places: 3) }

    /// `v` as a count in `0...limit`: NaN is 0 and huge values stop at the
    /// limit, where `Int(v)` would trap (a spec can hold 1e308).
    static func count(_ v: Double, limit: Int) -> Int {
        guard v > 0 else { return 0 }
        return v >= Double(limit) ? limit : Int(v)
    }
}
