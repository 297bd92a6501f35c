/// A 32-bit colour read as `0xRRGGBBAA`.
public typealias RGBA = UInt32

/// A rectangle in points, origin at the container's top-left, y downwards.
public struct Rect: Hashable, Sendable {
    /// Left edge; always 0 for the accordion's full-width views.
    public var x: Double
    /// Top edge, from the container's top (what animations move).
    public var y: Double
    /// Width; the container's width for headers and content.
    public var width: Double
    /// Height; a header height or the panel's content height `C_i`.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// How the expanded panel's content is sized.
public enum LayoutMode: String, Sendable, Hashable {
    /// The content takes all the space left under the headers (the article's controller).
    case fill
    /// The content takes its `contentHeight`, capped by that space.
    case fit
}

/// How many panels may be open at once.
public enum ExpansionMode: String, Sendable, Hashable {
    /// At most one: opening a panel closes the open one (the article's controller).
    case single
    /// Any number: a tap opens or closes its own panel and leaves the others as they are.
    case multiple
}

/// What a tap accepted while a transition runs does to that transition.
public enum InterruptionPolicy: String, Sendable, Hashable {
    /// The tap is ignored (the article's controller stops delivering touches).
    case ignore
    /// The running transition completes at once, then the tap's own starts from the settled layout.
    case finish
    /// As `finish` for the state and the log, but the new transition starts
    /// from the frames shown at the tap, so no header jumps.
    case retarget
}

/// What the container does with a stack taller than itself.
public enum OverflowMode: String, Sendable, Hashable {
    /// Nothing scrolls: the headers must fit, and content is capped by the space under them.
    case clip
    /// The container scrolls over the stack: content keeps its own height,
    /// and a window `[offset, offset + H)` of the stack is shown.
    case scroll
}

/// How the stack is drawn and laid out: edge to edge, or as the rounded
/// sections of an iOS Settings screen (`container.style`).
public enum ContainerStyle: String, Sendable, Hashable, CaseIterable {
    /// Headers and contents span the container's width and touch one
    /// another: the article's stack, and the default.
    case plain
    /// Each top-level panel is a section: its header and content inset by
    /// `sectionInset` from both side edges, `sectionGap` apart from the
    /// section above (and from the container's top and bottom edges), drawn
    /// with corners of `sectionCornerRadius` (UIKit's `insetGrouped` table
    /// style with compact section spacing). The gaps count with the headers:
    /// they are part of `totalHeaderHeight`, so the space the open contents
    /// share is what is left under headers and gaps.
    case insetGrouped

    /// Points between each side edge of the container and a section: the
    /// layout margin of an iPhone's inset-grouped table.
    public static let sectionInset = 16.0
    /// Points above each section and below the last one.
    public static let sectionGap = 20.0
    /// The corner radius a section is drawn with (a drawing only: frames are rectangles).
    public static let sectionCornerRadius = 10.0

    /// The inset of every top-level frame from each side edge: 0 in `plain`.
    public var inset: Double { self == .insetGrouped ? Self.sectionInset : 0 }
    /// The gap above each top-level header and below the last: 0 in `plain`.
    public var gap: Double { self == .insetGrouped ? Self.sectionGap : 0 }
}

/// The base direction of a text, as a spec's `dir` writes it.
public enum WritingDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right.
    case ltr
    /// Right to left: the title and the text start at the right, the header's mark sits at the left.
    case rtl
    /// Each paragraph and each title takes the direction of its first strong
    /// character (UAX #9 P2–P3), left to right when it has none; so a spec
    /// that says nothing stays left to right.
    case auto
}

/// The language and base direction one level of a spec writes (the top
/// level, a panel or a panel's content); nil where it writes nothing, so
/// the level inherits its parent's. Renderers read it; the layout does not.
public struct Writing: Hashable, Sendable {
    /// A BCP 47 language tag (`zh-Hans`, `ar`), or nil.
    public var lang: String?
    /// The base direction, or nil.
    public var dir: WritingDirection?

    /// Creates the values of one level.
    public init(lang: String? = nil, dir: WritingDirection? = nil) {
        self.lang = lang
        self.dir = dir
    }

    /// Whether this level writes neither key.
    public var isInherited: Bool { lang == nil && dir == nil }

    /// The direction in effect: `dir`, or `auto` when nothing up the chain wrote one.
    public var direction: WritingDirection { dir ?? .auto }

    /// This level's values, the parent's where it writes none: what is in
    /// effect at this level when `parent` is what is in effect above it.
    ///
    /// - Parameter parent: What is in effect above this level.
    /// - Returns: What is in effect at this level.
    public func inheriting(from parent: Writing) -> Writing {
        Writing(lang: lang ?? parent.lang, dir: dir ?? parent.dir)
    }
}

/// The `lang` and `dir` a panel writes for itself (its header title and,
/// unless they are overridden, its content) and for its content.
public struct PanelWriting: Hashable, Sendable {
    /// The panel's own values.
    public var panel: Writing
    /// Its `content`'s own values.
    public var content: Writing

    /// Creates a panel's values; the defaults inherit everything.
    public init(panel: Writing = Writing(), content: Writing = Writing()) {
        self.panel = panel
        self.content = content
    }

    /// Whether the panel writes neither key anywhere.
    public var isInherited: Bool { panel.isInherited && content.isInherited }
}

/// What few panels carry, boxed together (`PanelSpec.extrasBox`): their own
/// `lang` and `dir`, their header accessories, and dark colours written
/// `{light, dark}`.
struct PanelExtras: Hashable, Sendable {
    var writing = PanelWriting()
    var accessories = HeaderAccessories()
    var dark: DarkColors?

    var isEmpty: Bool { writing.isInherited && accessories.isEmpty && dark == nil }
}

/// A panel's extras when it has some: indirect, so that the panels of a
/// large stack that have none pay one word for them.
indirect enum ExtrasBox: Hashable, Sendable {
    case extras(PanelExtras)

    var value: PanelExtras {
        switch self { case .extras(let e): e }
    }
}

/// The measures of a text content, resolved (defaults applied).
public struct TextMetrics: Hashable, Sendable {
    /// Space around the text on every side, in points.
    public var padding: Double
    /// The font size; advances are multiples of it (`TextMeasure`).
    public var fontSize: Double
    /// The height of one line, in points.
    public var lineHeight: Double
    /// The font the text is measured in (`measure: font`), or nil for the
    /// metric measure (advances as multiples of `fontSize`, no font).
    public var font: TextFont?

    /// Creates the measures; the defaults are the spec format's.
    public init(padding: Double = 16, fontSize: Double = 15, lineHeight: Double = 20, font: TextFont? = nil) {
        self.padding = padding
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.font = font
    }
}

/// One row of a list content: a title and an optional detail line.
public struct ContentRow: Hashable, Sendable {
    /// The row's title.
    public var title: String
    /// The secondary text under or beside the title, nil when none.
    public var detail: String?

    /// Creates a row.
    public init(title: String, detail: String? = nil) {
        self.title = title
        self.detail = detail
    }
}

/// What a panel shows when open, as the spec says it; its height follows
/// from it (`ContainerState.intrinsicHeight(ofPanel:)`) and renderers draw it.
/// Indirect, so a panel without content pays one word for it: a large
/// stack of panels without content stays small.
public indirect enum PanelContent: Hashable, Sendable {
    /// Paragraphs of text, separated by blank lines, wrapped by the container's `textMeasure`.
    case text(String, TextMetrics)
    /// A list of rows, each `rowHeight` points tall.
    case rows([ContentRow], rowHeight: Double)
    /// An accordion nested in the panel (`content: {panels: [...]}`): a
    /// level with its own open set, laid out inside the panel's content box.
    case accordion(NestedLevel)
}

/// A level of panels nested in a panel's content, fully resolved: its
/// panels (whose ids are unique across the whole tree) and the rules of its
/// own open set. The container's `interruption`, `animation`, `layout` and
/// `overflow` apply to every level.
public struct NestedLevel: Hashable, Sendable {
    /// The level's panels, top to bottom (each with its resolved header height).
    public var panels: [PanelSpec]
    /// Whether one or several panels of the level may be open at once.
    public var expansion: ExpansionMode
    /// False keeps at least one panel of the level open once one is.
    public var collapsible: Bool
    /// The level's open set at load, by index in `panels` (the spec's
    /// default, its first panel, already applied).
    public var expandedIndices: [Int]
    /// Points by which the level's headers and contents are inset from the
    /// leading edge of the parent's content box.
    public var indent: Double

    /// Creates a level; the defaults are the spec format's.
    public init(panels: [PanelSpec], expansion: ExpansionMode = .single, collapsible: Bool = true,
                expandedIndices: [Int]? = nil, indent: Double = 0) {
        self.panels = panels
        self.expansion = expansion
        self.collapsible = collapsible
        self.expandedIndices = expandedIndices ?? (panels.isEmpty ? [] : [0])
        self.indent = indent
    }
}

extension PanelSpec {
    /// The level nested in the panel's content, nil for a flat panel.
    public var nested: NestedLevel? {
        if case .accordion(let level)? = content { return level }
        return nil
    }
}

/// What a container's tap transitions do when the viewer asks for reduced motion.
public enum ReducedMotionPolicy: String, CaseIterable, Sendable {
    /// Every transition takes 0 s (the default, as iOS and the web's
    /// `prefers-reduced-motion` guidance ask of large motion).
    case instant
    /// The transitions play as they would otherwise.
    case keep
}

/// The timing curves of the spec, as cubic Béziers from (0,0) to (1,1).
public enum AnimationCurve: String, Sendable, Hashable {
    /// (0, 0, 1, 1): constant speed.
    case linear
    /// (0.42, 0, 1, 1): starts slowly, as UIKit's `.curveEaseIn`.
    case easeIn
    /// (0, 0, 0.58, 1): ends slowly, as UIKit's `.curveEaseOut`.
    case easeOut
    /// (0.42, 0, 0.58, 1): UIKit's default for view animations.
    case easeInOut
}

/// One child view controller of the stack, fully resolved (defaults applied).
public struct PanelSpec: Hashable, Sendable {
    /// Unique name by which `expanded`, `tap`, `expand` and `setPanels` refer to the panel.
    public var id: String
    /// The header's title (and the panel's title when it is the visible one).
    public var title: String
    /// The header's background colour.
    public var color: RGBA
    /// The header title's colour.
    public var titleColor: RGBA
    /// This panel's header height (the container's when the spec gave none).
    public var headerHeight: Double
    /// Preferred content height for the `fit` layout; nil fills the space.
    public var contentHeight: Double?
    /// A tap on its header is ignored; `expand` and `collapse` steps still
    /// work, so a disabled panel that is open is pinned open.
    public var disabled: Bool
    /// Where the panel's dark colours come from (`dark`): one byte in the
    /// padding after `disabled`, so a large stack of palette colours pays
    /// nothing for its dark variants.
    var darkRule = DarkRule.same
    /// What the panel shows when open; nil draws the placeholder card, and
    /// in `fit` the panel then takes its share of the space.
    public var content: PanelContent?
    /// The `lang` and `dir` the panel writes for itself and its content;
    /// what is in effect is `writing(in:)`.
    public var writing: PanelWriting {
        get { extrasBox?.value.writing ?? PanelWriting() }
        set { extras { $0.writing = newValue } }
    }
    /// What few panels carry (their own `lang` and `dir`, accessories,
    /// written dark colours), in one box: a panel with none pays one word.
    var extrasBox: ExtrasBox?

    /// Changes the panel's extras, dropping the box when nothing is left in it.
    mutating func extras(_ change: (inout PanelExtras) -> Void) {
        var extras = extrasBox?.value ?? PanelExtras()
        change(&extras)
        extrasBox = extras.isEmpty ? nil : .extras(extras)
    }

    /// What is in effect for the header title and for the content, inside a
    /// container whose top level writes `top` (each level inherits the one above).
    ///
    /// - Parameter top: The spec's top-level values (`ContainerSpec.writing`).
    /// - Returns: The panel's (its title's) and its content's values in effect.
    public func writing(in top: Writing) -> (panel: Writing, content: Writing) {
        let w = writing
        let panel = w.panel.inheriting(from: top)
        return (panel, w.content.inheriting(from: panel))
    }

    /// Creates a panel.
    public init(id: String, title: String, color: RGBA, titleColor: RGBA = 0xFFFF_FFFF,
                headerHeight: Double, contentHeight: Double? = nil, disabled: Bool = false,
                content: PanelContent? = nil, writing: PanelWriting = PanelWriting(),
                accessories: HeaderAccessories = HeaderAccessories()) {
        self.content = content
        let extras = PanelExtras(writing: writing, accessories: accessories, dark: nil)
        self.extrasBox = extras.isEmpty ? nil : .extras(extras)
        self.id = id
        self.title = title
        self.color = color
        self.titleColor = titleColor
        self.headerHeight = headerHeight
        self.contentHeight = contentHeight
        self.disabled = disabled
    }
}

/// What an `update` step changes in a panel: each property it writes,
/// nil for one it leaves as it is. None of them moves a header (the header
/// height is not among them), so an update never changes `Σ h_i`; a new
/// `content` can change the panel's `fit` height and its wrapped lines.
public struct PanelUpdate: Hashable, Sendable {
    /// The new title.
    public var title: String?
    /// Whether taps on the header are ignored from then on (the open panel is then pinned).
    public var disabled: Bool?
    /// The new header colour.
    public var color: RGBA?
    /// The new title colour.
    public var titleColor: RGBA?
    /// The new content (never a nested accordion: the schema refuses
    /// `panels` in an update, whose ids the stack would have to take in).
    public var content: PanelContent?
    /// The new content's own `lang` and `dir`, read with `content`.
    public var contentWriting: Writing?
    /// The new colours in the dark appearance, when `color` or `titleColor`
    /// is written `{light, dark}`; a colour written once is both.
    public var darkColor: RGBA?, darkTitleColor: RGBA?
    /// The new badge, detail, subtitle and icon: `.some(nil)` removes one
    /// (a spec writes `badge: null`), nil leaves it as it is.
    public var badge: String??, detail: String??, subtitle: String??, icon: HeaderIcon??

    /// Creates an update; every property left nil stays as it is.
    public init(title: String? = nil, disabled: Bool? = nil, color: RGBA? = nil, titleColor: RGBA? = nil,
                content: PanelContent? = nil, contentWriting: Writing? = nil,
                badge: String?? = nil, detail: String?? = nil, subtitle: String?? = nil, icon: HeaderIcon?? = nil) {
        self.badge = badge
        self.detail = detail
        self.subtitle = subtitle
        self.icon = icon
        self.title = title
        self.disabled = disabled
        self.color = color
        self.titleColor = titleColor
        self.content = content
        self.contentWriting = contentWriting
    }

    /// The names of the properties it writes, in the schema's order, as a
    /// caption lists them ("title, disabled").
    public var names: [String] {
        var names: [String] = []
        if title != nil { names.append("title") }
        if disabled != nil { names.append("disabled") }
        if badge != nil { names.append("badge") }
        if detail != nil { names.append("detail") }
        if subtitle != nil { names.append("subtitle") }
        if icon != nil { names.append("icon") }
        if color != nil { names.append("color") }
        if titleColor != nil { names.append("titleColor") }
        if content != nil { names.append("content") }
        return names
    }

    /// `panel` with these properties replaced.
    ///
    /// - Parameter panel: The panel as it stands.
    /// - Returns: The panel with every property this update writes replaced.
    public func applied(to panel: PanelSpec) -> PanelSpec {
        var panel = panel
        if let title { panel.title = title }
        if let disabled { panel.disabled = disabled }
        let dark = panel.dark ?? DarkColors(color: panel.color, titleColor: panel.titleColor)
        if let color { panel.color = color }
        if let titleColor { panel.titleColor = titleColor }
        if color != nil || titleColor != nil {
            panel.dark = DarkColors(color: color.map { darkColor ?? $0 } ?? dark.color,
                                    titleColor: titleColor.map { darkTitleColor ?? $0 } ?? dark.titleColor)
        }
        if badge != nil || detail != nil || subtitle != nil || icon != nil {
            var accessories = panel.accessories
            if let badge { accessories.badge = badge }
            if let detail { accessories.detail = detail }
            if let subtitle { accessories.subtitle = subtitle }
            if let icon { accessories.icon = icon }
            panel.accessories = accessories
        }
        if let content {
            panel.content = content
            var writing = panel.writing
            writing.content = contentWriting ?? Writing()
            panel.writing = writing
        }
        return panel
    }
}

/// The container as a spec configures it, fully resolved.
public struct ContainerSpec: Hashable, Sendable {
    /// Width `W` of the content view hosting the panels (points); `resize` changes it.
    public var width: Double = 375
    /// Height `H` of the content view (points); `resize` changes it.
    public var height: Double = 667
    /// Default header height (`headerViewHeight`); panels already carry their own resolved value.
    public var headerHeight: Double = 44
    /// How the expanded panel's content is sized.
    public var layout: LayoutMode = .fill
    /// Length of every tap transition in seconds; 0 makes taps instant.
    public var duration: Double = 0.3
    /// Timing curve of every tap transition.
    public var curve: AnimationCurve = .easeInOut
    /// What tap transitions do when the viewer asks for reduced motion
    /// (`animation.reducedMotion`).
    public var reducedMotion: ReducedMotionPolicy = .instant
    /// Whether the viewer asks for reduced motion (iOS's Reduce Motion, a
    /// page's `prefers-reduced-motion`, `render --reduced-motion`): where
    /// the container is shown, not what the spec says.
    public var prefersReducedMotion = false
    /// How long a tap transition takes: `duration`, or 0 when the viewer
    /// asks for reduced motion and the spec's policy is `instant` (the log
    /// is the same, at the moment of the tap, and no tap meets a running
    /// transition). The one rule the model, the renderers and the page ask.
    public var transitionDuration: Double { prefersReducedMotion && reducedMotion == .instant ? 0 : duration }
    /// Colour of the content view, seen wherever no header or content covers it.
    public var background: RGBA = 0xFFFF_FFFF
    /// The line drawn between two headers that touch (a drawing only: no frame moves).
    public var separator: HeaderSeparator = .auto
    /// Edge to edge, or inset rounded sections (`container.style`).
    public var style: ContainerStyle = .plain
    /// The width of every top-level header and content frame: `width`, less
    /// the sections' inset on both sides in `insetGrouped` (never negative).
    /// Text contents wrap at it.
    public var panelWidth: Double { style == .plain ? width : max(0, width - 2 * style.inset) }
    /// The separator actually drawn: `separator`, or none in `insetGrouped`,
    /// whose headers each start a section and never touch one another.
    public var drawnSeparator: HeaderSeparator { style == .plain ? separator : .none }
    /// The background in the dark appearance; nil when it is `background`.
    public var darkBackground: RGBA?
    /// The appearance a picture of the container is drawn in (`Snapshot.appearing`).
    public var appearance: Appearance = .light
    /// The device the container is shown on (the spec's `device`, or
    /// `render --device`); nil for none, the picture before devices existed.
    /// The container's size is then the device's safe area (`shown(on:)`).
    public var device: Device?
    /// Whether one panel or several may be open at once.
    public var expansion: ExpansionMode = .single
    /// False keeps at least one panel open once one is: a tap that would
    /// close the last open panel is ignored.
    public var collapsible = true
    /// What a tap during a running transition does.
    public var interruption: InterruptionPolicy = .ignore
    /// Whether the container clips the stack to its height or scrolls over it.
    public var overflow: OverflowMode = .clip
    /// The level (1…6) of the headings the page wraps header buttons in;
    /// only the HTML page reads it.
    public var headingLevel = 3
    /// The spec's top-level `lang` and `dir`, which every panel and content
    /// inherits unless it writes its own; only renderers read it.
    public var writing = Writing()
    /// How text is measured: the lines of text contents and the clusters
    /// titles are cut at. The spec loader sets the format's measure
    /// (version 2, ICU's); the default is the model's own,
    /// ``ScalarTextMeasure``, which needs no Unicode tables.
    public var textMeasure: TextMeasurer = .scalar

    /// The defaults of the spec format.
    public init() {}
}

/// One script step, references already resolved to indices into the stack
/// as it is when the step happens. A panel number below the stack's count
/// names a top-level panel; one at or above it names the nested panel
/// `number − count` in tree order (`ContainerState.nestedSlots`), so a step
/// addresses any panel of the tree with one `Int`.
public enum StepAction: Hashable, Sendable {
    /// The user taps header `panel`: expands it, or collapses it when it is the expanded one.
    case tap(panel: Int)
    /// Lets time pass: happens `seconds` after the previous step.
    case wait(seconds: Double)
    /// The container changes size (a rotation); completes a running transition first.
    case resize(width: Double, height: Double)
    /// Opens `panel` without animation (in `single` closing the open one);
    /// nil collapses every open panel, as `collapse(panel: nil)`.
    case expand(panel: Int?)
    /// Closes `panel` without animation; nil closes every open panel, one
    /// instant transition each, in ascending index order.
    case collapse(panel: Int?)
    /// Shows `panel` (a number of the tree, at any level): opens every
    /// closed panel above it, outermost first, each as `expand` would, and
    /// with `open` the panel itself too; then, with `overflow: scroll`,
    /// scrolls its header (and its content when open) into view.
    case reveal(panel: Int, open: Bool)
    /// Presents a modal with this title over the expanded panel.
    case present(title: String)
    /// Dismisses the presented modal.
    case dismiss
    /// Replace the whole stack with these panels.
    case setPanels([PanelSpec])
    /// Changes some properties of top-level panel `panel` in place (its
    /// place, id, open state and header height stay), then lays the
    /// container out again at once, as `resize` does. Boxed (`indirect`): an
    /// update is large and rare, and every step of a script is as large as
    /// the largest case.
    indirect case update(panel: Int, PanelUpdate)
    /// The user scrolls the container so that stack offset `offset` is at its
    /// top (clamped to the scroll range); only `overflow: scroll` moves.
    case scroll(offset: Double)
}

/// The kinds of step the reducer takes, in the order the format lists
/// them, each named as a script writes it: the one list of step kinds.
/// The spec module's step table (`StepTable`) gives each its written keys
/// and rules, the schema test holds the schema to it, and captions and
/// dumps name steps by it.
public enum StepKind: String, CaseIterable, Hashable, Sendable {
    /// `StepAction.tap`.
    case tap
    /// `StepAction.wait`.
    case wait
    /// `StepAction.resize`.
    case resize
    /// `StepAction.expand`.
    case expand
    /// `StepAction.collapse`.
    case collapse
    /// `StepAction.reveal`.
    case reveal
    /// `StepAction.present`.
    case present
    /// `StepAction.dismiss`.
    case dismiss
    /// `StepAction.setPanels`.
    case setPanels
    /// `StepAction.update`.
    case update
    /// `StepAction.scroll`.
    case scroll
}

extension StepAction {
    /// The step's kind, by which scripts, captions and dumps name it.
    public var kind: StepKind {
        switch self {
        case .tap: .tap
        case .wait: .wait
        case .resize: .resize
        case .expand: .expand
        case .collapse: .collapse
        case .reveal: .reveal
        case .present: .present
        case .dismiss: .dismiss
        case .setPanels: .setPanels
        case .update: .update
        case .scroll: .scroll
        }
    }
}

/// A step and, for every step but `wait`, an optional absolute time.
public struct Step: Hashable, Sendable {
    /// What the step does.
    public var action: StepAction
    /// `at:` seconds on the container's clock, or nil for "when idle".
    public var at: Double?
    /// Who asked for the step, when it is not the step's own kind: a host
    /// that applies a tap the user made with the keyboard says `.key`.
    /// Nil (the default) lets `cause` follow the step's kind.
    public var origin: ChangeCause?

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - action: What the step does.
    ///   - at: Seconds on the container's clock, or nil for "when idle".
    ///   - origin: The cause its changes carry in place of the kind's own
    ///     (`ChangeCause(kind:)`), or nil for the kind's.
    public init(_ action: StepAction, at: Double? = nil, origin: ChangeCause? = nil) {
        self.action = action
        self.at = at
        self.origin = origin
    }

    /// The cause every change of the open set this step makes carries in
    /// the log (its transitions' start and end entries, the entries of the
    /// panels a `setPanels` takes out or brings in): `origin` when given,
    /// else the one its kind names; nil for a kind that never changes the
    /// open set. The one rule: the reducer stamps it on the transitions it
    /// starts and the container on the entries it writes, never a renderer.
    public var cause: ChangeCause? { origin ?? ChangeCause(kind: action.kind) }
}

/// Why the open set changed: what every containment-log entry of a change
/// carries (`LogEntry.cause`), the dump's events spell (`cause`), `drive`
/// answers with and the page's `accordionchange` event gives as its
/// `reason`. Distinct from `IgnoreReason`, which says why a tap changed
/// nothing (on `tapIgnored` only): a cause is never on an ignored tap and
/// a reason never on a change.
///
/// One byte (`UInt8`), so a log record keeps its 16-byte stride; spelled by
/// `name` wherever it is written out.
public enum ChangeCause: UInt8, CaseIterable, Sendable, Hashable {
    /// A pointer tap on a header: a script's `tap`, a `drive` tap, a click on the page.
    case tap
    /// A header activated from the keyboard (Enter or Space on the page).
    case key
    /// An `expand` step (`expand: all` included).
    case expand
    /// A `collapse` step (`collapse: all` included).
    case collapse
    /// A `reveal` step, for every ancestor it opens and the panel itself.
    case reveal
    /// A `setPanels` step: the open panels it takes out and the one it opens.
    case setPanels
    /// A URL fragment naming a panel of the page (`page.html#billing`): the page's tap on it.
    case fragment
    /// A host page opening the panel the browser's find-in-page matched (not written by the model's steps).
    case find

    /// How the dump, `drive` and the page spell it.
    public var name: String {
        switch self {
        case .tap: "tap"
        case .key: "key"
        case .expand: "expand"
        case .collapse: "collapse"
        case .reveal: "reveal"
        case .setPanels: "setPanels"
        case .fragment: "fragment"
        case .find: "find"
        }
    }

    /// The cause spelled `name`, or nil.
    ///
    /// - Parameter name: A spelling, as `name` writes it.
    public init?(name: String) {
        guard let cause = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = cause
    }

    /// The cause a step of `kind` gives its changes, nil for the kinds that
    /// never change the open set (`wait`, `resize`, `present`, `dismiss`,
    /// `update`, `scroll`): those complete a running transition at most,
    /// and its end entries keep the cause of the step that started it.
    ///
    /// - Parameter kind: A step kind.
    public init?(kind: StepKind) {
        switch kind {
        case .tap: self = .tap
        case .expand: self = .expand
        case .collapse: self = .collapse
        case .reveal: self = .reveal
        case .setPanels: self = .setPanels
        case .wait, .resize, .present, .dismiss, .update, .scroll: return nil
        }
    }
}

/// The names of containment-log events, as the article's controller calls them
/// (all of them: what an `expect` step's `events` may name).
public enum LogEvent: String, CaseIterable, Sendable, Hashable {
    /// A transition starts: the application stops delivering touches (container-level).
    case beginIgnoringInteractionEvents
    /// `willMoveToParentViewController:nil` on the panel about to leave.
    case willMoveToParent
    /// `addChildViewController:` for the panel about to become the child.
    case addChild
    /// The leaving panel's view starts disappearing.
    case viewWillDisappear
    /// The arriving panel's view starts appearing.
    case viewWillAppear
    /// The leaving panel's view is gone.
    case viewDidDisappear
    /// The arriving panel's view is on screen.
    case viewDidAppear
    /// `didMoveToParentViewController:` for the new child.
    case didMoveToParent
    /// `removeFromParentViewController` for the panel that left.
    case removeFromParent
    /// A transition ended: touches are delivered again (container-level).
    case endIgnoringInteractionEvents
    /// A tap that had no effect; `reason` says why.
    case tapIgnored
    /// A modal was presented over the expanded panel.
    case presentModal
    /// The modal was dismissed.
    case dismissModal
}

/// Why a tap was ignored (all of them: what an `expect` step's event line may give as its reason).
public enum IgnoreReason: String, CaseIterable, Sendable, Hashable {
    /// A transition was running (interaction events were being ignored).
    case transition
    /// A modal covered the container.
    case modal
    /// The tapped panel is disabled.
    case disabled
    /// The tap would close the last open panel and the container is not collapsible.
    case notCollapsible
    /// The tapped header is inside a closed panel (a nested level whose
    /// parent, or a panel above it, is closed), so nothing shows it;
    /// judged after `transition` and before `disabled`.
    case hidden

    /// The tap rules that concern the tapped panel itself (after a modal and
    /// a running transition): a disabled panel ignores taps, and the last
    /// open panel of a container that is not collapsible cannot be closed.
    /// The model's tap rule and the renderers' header marks (a dimmed bar, a
    /// lock) both read it here.
    ///
    /// - Parameters:
    ///   - disabled: Whether the panel is disabled.
    ///   - isOpen: Whether the panel is open (in the open set the tap is judged on).
    ///   - openCount: How many panels are open.
    ///   - collapsible: The container's `collapsible`.
    /// - Returns: `.disabled`, `.notCollapsible`, or nil when the panel itself takes the tap.
    public static func forPanel(disabled: Bool, isOpen: Bool, openCount: Int, collapsible: Bool) -> IgnoreReason? {
        if disabled { return .disabled }
        if !collapsible, isOpen, openCount == 1 { return .notCollapsible }
        return nil
    }
}

/// One entry of the containment log.
public struct LogEntry: Hashable, Sendable {
    /// When it happened, in seconds on the container's clock.
    public var time: Double
    /// What happened.
    public var event: LogEvent
    /// Panel id; nil for the container-level interaction events.
    public var panel: String?
    /// Only on `tapIgnored`: why the tap changed nothing.
    public var reason: IgnoreReason?
    /// On every entry of a change of the open set (a transition's start
    /// and end entries, a `setPanels`'s leaving and arriving panels): why
    /// it changed. Nil on loading's entries, `tapIgnored` and the modal's.
    public var cause: ChangeCause?

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - time: When it happened, in seconds on the container's clock.
    ///   - event: What happened.
    ///   - panel: The panel's id; nil for the container-level events.
    ///   - reason: Why a `tapIgnored` tap changed nothing.
    ///   - cause: Why the open set changed, on a change's entries.
    public init(time: Double, event: LogEvent, panel: String? = nil, reason: IgnoreReason? = nil, cause: ChangeCause? = nil) {
        self.time = time
        self.event = event
        self.panel = panel
        self.reason = reason
        self.cause = cause
    }
}

/// What `visibleViewController` is.
public enum Visible: Hashable, Sendable {
    /// The expanded panel, by title.
    case panel(title: String)
    /// The presented modal, by title.
    case modal(title: String)
}

/// A running (or, at `layout(at:)` time, shown) transition.
public struct TransitionInfo: Hashable, Sendable {
    /// Index of the panel that was expanded when the tap came, or nil.
    public var from: Int?
    /// Index of the panel being expanded, or nil when the tap collapses.
    public var to: Int?
    /// Time of the tap that started it.
    public var start: Double
    /// `start + duration`, when its end-of-transition entries are due.
    public var end: Double
    /// Linear fraction of the duration elapsed at the moment shown.
    public var progress: Double
    /// In a tree, the ids (of any level) whose panels the transition opens
    /// and closes; empty in a flat stack, where `from` and `to` say it.
    public var opened: [String] = []
    /// See `opened`.
    public var closed: [String] = []
    /// Why it runs (`Transition.cause`): what its end entries will carry,
    /// for a render that plays the rest of it (the page).
    public var cause: ChangeCause = .tap

    /// Creates a transition description.
    ///
    /// - Parameters:
    ///   - from: Index of the panel expanded when it started, or nil.
    ///   - to: Index of the panel being expanded, or nil.
    ///   - start: When it started.
    ///   - end: When its end entries are due.
    ///   - progress: Linear fraction of the duration elapsed at the moment shown.
    ///   - opened: In a tree, the ids it opens.
    ///   - closed: In a tree, the ids it closes.
    ///   - cause: Why it runs; a tap's by default.
    public init(from: Int?, to: Int?, start: Double, end: Double, progress: Double,
                opened: [String] = [], closed: [String] = [], cause: ChangeCause = .tap) {
        self.from = from
        self.to = to
        self.start = start
        self.end = end
        self.progress = progress
        self.opened = opened
        self.closed = closed
        self.cause = cause
    }
}

/// One panel as shown at a moment.
public struct PanelFrame: Hashable, Sendable {
    /// Position in the stack.
    public var index: Int
    /// The panel itself (for titles and colours in renders).
    public var panel: PanelSpec
    /// The header's frame at that moment.
    public var header: Rect
    /// The content view's frame, or nil when the panel has no content view.
    public var content: Rect?
    /// The lines of the panel's text content as the model wrapped them at
    /// the container's width (draw exactly these); nil without a text content.
    public var textLines: [String]?

    /// Creates a panel frame.
    public init(index: Int, panel: PanelSpec, header: Rect, content: Rect?, textLines: [String]? = nil) {
        self.textLines = textLines
        self.index = index
        self.panel = panel
        self.header = header
        self.content = content
    }
}

/// Everything a render shows of the container at one moment; the fields and
/// their order are those of the JSON dump.
public struct Snapshot: Hashable, Sendable {
    /// The spec's title, nil when it has none.
    public var title: String?
    /// The moment shown, in seconds.
    public var time: Double
    /// The container at that moment (its size after any `resize`).
    public var container: ContainerSpec
    /// `expandedIndex`: the lowest open panel; already the new one while a transition runs.
    public var expandedIndex: Int?
    /// Every open panel, ascending (the set `O`); already the new set while a transition runs.
    public var expandedIndices: [Int]
    /// `visibleViewController`: the modal, else the expanded panel, else nil.
    public var visible: Visible?
    /// False only while a transition runs at `time`.
    public var interactionEnabled: Bool
    /// The scroll position at `time`; nil with `overflow: clip`.
    public var scroll: ScrollPosition?
    /// The transition running at `time`, if any.
    public var transition: TransitionInfo?
    /// Every panel of the stack with its frames, top to bottom.
    public var panels: [PanelFrame]
    /// The containment log up to and including `time`.
    public var events: [LogEntry]
    /// Whether the stack holds a nested level: only then does the dump
    /// show the tree (`nested`, `shown`, a transition's `opened`/`closed`).
    public var nests = false
    /// Every nested panel's frames, in tree order (empty for a flat stack).
    public var nested: [NestedFrame] = []
    /// Every nested level's open set, by the id of the panel holding it.
    public var nestedOpen: [String: [Int]] = [:]

    /// Creates a snapshot.
    ///
    /// `expandedIndices` nil means the single open panel `expandedIndex`, if any.
    public init(title: String?, time: Double, container: ContainerSpec, expandedIndex: Int?,
                expandedIndices: [Int]? = nil, visible: Visible?, interactionEnabled: Bool,
                transition: TransitionInfo?, panels: [PanelFrame], events: [LogEntry],
                scroll: ScrollPosition? = nil) {
        self.scroll = scroll
        self.title = title
        self.time = time
        self.container = container
        self.expandedIndex = expandedIndex
        self.expandedIndices = expandedIndices ?? expandedIndex.map { [$0] } ?? []
        self.visible = visible
        self.interactionEnabled = interactionEnabled
        self.transition = transition
        self.panels = panels
        self.events = events
    }

    /// The expanded panel's id, for the dump's `expandedPanel`.
    public var expandedPanel: String? {
        expandedIndex.flatMap { $0 < panels.count ? panels[$0].panel.id : nil }
    }

    /// Whether panel `index` is open (in `expandedIndices`), by bisection.
    ///
    /// - Parameter index: A panel's index in the stack.
    /// - Returns: True when it is open.
    public func isExpanded(_ index: Int) -> Bool { expandedIndices.containsSorted(index) }
}

/// Where a scrolling container is scrolled to at one moment.
public struct ScrollPosition: Hashable, Sendable {
    /// The stack offset at the container's top: the window shown is
    /// `[offset, offset + H)`.
    public var offset: Double
    /// `S`, the height of the settled stack the container is in or heading to.
    public var contentHeight: Double

    /// Creates a scroll position.
    public init(offset: Double, contentHeight: Double) {
        self.offset = offset
        self.contentHeight = contentHeight
    }
}
