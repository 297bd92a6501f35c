import AccordionDiagnostics
import AccordionModel

/// A spec after validation: plain values the container model consumes, with
/// every default applied, colours as `0xRRGGBBAA` and every panel reference
/// already resolved to an index into the stack as it is at that step.
public struct AccordionSpecDocument: Hashable, Sendable {
    /// The spec's `title`, or nil when it has none.
    public var title: String?
    /// The content view's size, header height, layout, animation and background.
    public var container: ContainerSpec
    /// The initial stack, top to bottom.
    public var panels: [PanelSpec]
    /// The panels open at load, ascending: `container.expanded` resolved,
    /// defaulting to the first panel when there are panels; empty means none.
    public var expandedIndices: [Int]
    /// The lowest panel open at load, nil for none (setting it opens that one panel alone).
    public var expandedIndex: Int? {
        get { expandedIndices.first }
        set { expandedIndices = newValue.map { [$0] } ?? [] }
    }
    /// The script, in order, with targets resolved against the stack at each step.
    public var steps: [Step]
    /// The line each step of `steps` is written on (1-based), so output about
    /// a step can point back at the spec; empty for a document built by hand.
    public var stepLines: [Int]
    /// The script's `expect` and `snapshot` steps, in order, each with the
    /// number of `steps` that happen before it: kept beside the steps, so
    /// the model and the renderers never see them.
    public var expectations: [Expectation]
    /// `container.content` as the spec wrote it: what a panel defined later
    /// (by a host's `setPanels` in `drive`) starts from.
    var contentDefaults = ContentDefaults()

    /// Creates a document with at most one panel open at load (tests and
    /// embedding apps build them by hand too).
    public init(title: String?, container: ContainerSpec, panels: [PanelSpec], expandedIndex: Int?, steps: [Step],
                stepLines: [Int] = [], expectations: [Expectation] = []) {
        self.init(title: title, container: container, panels: panels, expandedIndices: expandedIndex.map { [$0] } ?? [],
                  steps: steps, stepLines: stepLines, expectations: expectations)
    }

    /// Creates a document with any panels open at load, ascending.
    public init(title: String?, container: ContainerSpec, panels: [PanelSpec], expandedIndices: [Int], steps: [Step],
                stepLines: [Int] = [], expectations: [Expectation] = []) {
        self.title = title
        self.container = container
        self.panels = panels
        self.expandedIndices = expandedIndices
        self.steps = steps
        self.stepLines = stepLines
        self.expectations = expectations
    }
}

/// A document whose script the rules played on the container with its
/// log, and the container at each of its expectations: what they look at,
/// so `accordion test` checks them without playing the script a second
/// time. Only the rules make one, so the moments always belong to the document.
public struct PlayedScript: Sendable {
    /// The case's document, as `SpecResult.document` gives it.
    public let document: AccordionSpecDocument
    /// The container as the steps above each expectation leave it.
    let containers: [AccordionContainer]

    /// The container at each of `document.expectations`, in order: at its
    /// `at` when given, else at the settled moment after the steps above
    /// it. Each is made when the sequence reaches it (a snapshot holds every
    /// frame and the log so far).
    public var moments: some Sequence<Snapshot> {
        zip(containers, document.expectations).lazy.map { container, expectation in
            container.snapshot(at: expectation.at ?? container.settledTime)
        }
    }
}

/// What loading a spec found: every problem, and the typed document when
/// there was no error (warnings alone still give a document).
public struct SpecResult: Sendable {
    /// Every problem found, sorted by position.
    public var diagnostics: [Diagnostic]
    /// The decoded spec; nil exactly when `diagnostics` holds an error.
    public var document: AccordionSpecDocument?
    /// The document with the container at each of its expectations, when
    /// the rules played a test case's script (`SpecLoader.check(_:script:)`);
    /// nil otherwise.
    public internal(set) var played: PlayedScript?

    /// Creates a result.
    public init(diagnostics: [Diagnostic], document: AccordionSpecDocument?) {
        self.diagnostics = diagnostics
        self.document = document
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// The header colours a panel gets when its spec gives none, by the panel's
/// index in the list that defines it: the article's flat palette (turquoise,
/// blue, amethyst first), each darkened until the default white title reaches
/// WCAG AA (4.5:1) on it, so a spec that sets no colour passes the audit an
/// accessibility checker makes of its page. The twins of the flat palette
/// (green sea, belize hole) are darker still (6:1), so no two colours of the
/// palette look alike. All opaque; the guide lists them.
public enum Palette {
    /// The colours, as `0xRRGGBBAA`; index `i` uses `colors[i % count]`.
    public static let colors: [UInt32] = [
        0x1284_6DFF,  // turquoise (the article's 0x1ABC9C)
        0x2A7A_B0FF,  // peter river (0x3498DB)
        0x9B59_B6FF,  // amethyst, as it was
        0xB060_1AFF,  // carrot (0xE67E22)
        0xD044_36FF,  // alizarin (0xE74C3C)
        0x0F70_5DFF,  // green sea (0x16A085)
        0x2168_97FF,  // belize hole (0x2980B9)
        0x3449_5EFF,  // wet asphalt, as it was
    ]

    /// The default colour of the panel at `index` of its list.
    ///
    /// - Parameter index: The panel's position, from 0.
    /// - Returns: The colour as `0xRRGGBBAA`.
    public static func color(at index: Int) -> UInt32 { colors[index % colors.count] }

    /// The dark variant of the default colour of the panel at `index`
    /// (the model's rule, `DarkColors.variant(of:)`: 78 % of each channel).
    ///
    /// - Parameter index: The panel's position, from 0.
    /// - Returns: The colour as `0xRRGGBBAA`.
    public static func darkColor(at index: Int) -> UInt32 { DarkColors.variant(of: color(at: index)) }

    /// The default background in the dark appearance: black, iOS's.
    public static let darkBackground: UInt32 = 0x0000_00FF
}
