/// Renderers over model snapshots: the JSON and YAML dumps (one tree, two
/// spellings, so golden files diff cleanly), a terminal drawing and an SVG
/// phone picture, and an interactive HTML preview. Every renderer is a pure function from snapshots to text:
/// the CLI decides where the text goes and whether colour is wanted.
import AccordionDiagnostics
import AccordionModel

/// The output formats `accordion render` offers, in the order its help lists them.
public enum RenderFormat: String, CaseIterable, Sendable {
    /// A compact terminal drawing for authors at a prompt.
    case text
    /// The dump that golden tests and other tools read.
    case json
    /// The same tree as `json`, for people who read YAML more easily.
    case yaml
    /// A true-scale phone picture that opens in any browser.
    case svg
    /// A self-contained interactive page that plays the model back when a header is clicked.
    case html
}

/// What the HTML page shows around the container.
public enum PageChrome: String, CaseIterable, Sendable {
    /// The container alone, at its size, for embedding in another page.
    case none
    /// The device frame with the title, but no controller state or log.
    case device
    /// The device, and beside it the controller's state and containment log (the default).
    case debug
}

/// Which step of a run produced a snapshot of a `--steps` series.
public struct StepOrigin: Hashable, Sendable {
    /// Position in the run, from 0: the script's steps in order, then the steps given on the command line.
    public var index: Int
    /// The step's kind as a spec writes it (`StepKind`'s name).
    public var kind: String
    /// The line of the spec the step is written on; nil for a step from the command line (`--tap`).
    public var line: Int?

    /// The origin of the step at `index`.
    ///
    /// - Parameters:
    ///   - index: Position in the run, from 0.
    ///   - action: The step, for its kind.
    ///   - line: The spec line it is written on, or nil.
    public init(index: Int, action: StepAction, line: Int?) {
        self.index = index
        self.line = line
        kind = action.kind.rawValue
    }
}

/// One entry point per format, so the CLI needs a single call whatever the user asked for.
public enum Renderer {
    /// A step in a caption ("tap VC3", "resize to 667 × 375"): the words
    /// under each drawing and phone of a `--steps` series. Tap, expand,
    /// collapse and reveal name their panel in `panels`, the stack the step
    /// met (which no step of theirs changes, so the stack after it serves),
    /// a nested panel by its id too (the model's numbering of the tree).
    ///
    /// - Parameters:
    ///   - action: The step.
    ///   - panels: The stack, for the panels' ids.
    /// - Returns: The caption's words.
    public static func caption(of action: StepAction, in panels: [PanelSpec]) -> String {
        func name(_ i: Int) -> String {
            if i >= 0, i < panels.count { return panels[i].id }
            // Only a nested panel's step walks the tree for its id.
            let nested = i >= panels.count ? ContainerState.nestedIDs(of: panels) : []
            return i >= panels.count && i - panels.count < nested.count ? nested[i - panels.count] : "#\(i)"
        }
        func number(_ v: Double) -> String { JSONText.rounded(v) }
        switch action {
        case .tap(let i): return "tap " + name(i)
        case .wait(let s): return "wait \(number(s)) s"
        case .resize(let w, let h): return "resize to \(number(w)) × \(number(h))"
        case .expand(let i): return "expand " + (i.map(name) ?? "none")
        case .collapse(let i): return "collapse " + (i.map(name) ?? "all")
        case .reveal(let i, let open): return "reveal " + name(i) + (open ? " and open it" : "")
        case .present(let title): return "present \u{201C}\(title)\u{201D}"
        case .dismiss: return "dismiss"
        case .setPanels(let list):
            let ids = list.prefix(3).map(\.id).joined(separator: ", ") + (list.count > 3 ? ", …" : "")
            return "setPanels [\(ids)]"
        case .scroll(let offset): return "scroll to \(number(offset))"
        case .update(let i, let update): return "update " + name(i) + ": " + update.names.joined(separator: ", ")
        }
    }

    /// Renders one snapshot, or (with `steps`) a series of them as one document:
    /// a JSON array, a YAML sequence, one drawing per step, one phone per step.
    /// `color` only affects `text` (ANSI colour on a terminal). `labels`, one per
    /// snapshot (e.g. "step 2 · tap VC2"), caption the drawings and phones of a
    /// series; without them they are numbered "step 1", "step 2", …. `origins`, one per
    /// snapshot of a series (nil for the state as loaded), lead each JSON and YAML
    /// dump of the series as its `step` field; without them the dumps carry no such field.
    ///
    /// - Parameters:
    ///   - snapshots: The moments (an empty list gives an empty series).
    ///   - format: Which rendering.
    ///   - steps: Whether to render every snapshot as a series, or the last alone.
    ///   - color: Whether `text` uses ANSI colours.
    ///   - labels: Captions, one per snapshot, or nil.
    ///   - origins: Each snapshot's step, or nil.
    ///   - terminal: How the terminal shows `text` (who orders right-to-left
    ///     text, how wide ambiguous characters are).
    ///   - measureOverlay: `svg`: outline each text line's measured box.
    ///   - chrome: `html`: what the page shows around the container.
    /// - Returns: The document.
    public static func render(_ snapshots: [Snapshot], format: RenderFormat, steps: Bool,
                              color: Bool = false, labels: [String] = [], origins: [StepOrigin?] = [],
                              terminal: TerminalOptions = TerminalOptions(), measureOverlay: Bool = false,
                              chrome: PageChrome = .debug) -> String {
        func step(_ i: Int) -> DumpValue? { i < origins.count ? DumpTree.step(origins[i]) : nil }
        func caption(_ i: Int) -> String { i < labels.count ? labels[i] : "step \(i + 1)" }
        guard let last = snapshots.last else {
            // No steps to show: an empty series in every format.
            switch format {
            case .json: return "[]\n"
            case .yaml: return "[]\n"
            case .text: return "(no steps)\n"
            case .svg: return SVGRender.picture([], captions: [])
            case .html: return HTMLRender.page(Snapshot(
                title: nil, time: 0, container: ContainerSpec(), expandedIndex: nil, visible: nil,
                interactionEnabled: true, transition: nil, panels: [], events: []), chrome: chrome)
            }
        }
        switch format {
        case .json:
            guard steps else { return JSONRender.text(last) + "\n" }
            // One dump tree at a time: a long script over a large stack never
            // holds every step's tree at once.
            var out = JSONOutput()
            out.array(count: snapshots.count, indent: 0) { i, out in
                JSONRender.writeSnapshot(snapshots[i], step: step(i), indent: 2, into: &out)
            }
            out.append("\n")
            return out.finish()
        case .yaml:
            guard steps else { return YAMLRender.text(DumpTree.snapshot(last)) }
            var out = ""
            for (i, s) in snapshots.enumerated() {
                out += YAMLRender.text(.array([DumpTree.snapshot(s, step: step(i))]))
            }
            return out
        case .text:
            if steps {
                return snapshots.enumerated().map { i, s in
                    TextRender.drawing(s, color: color, caption: caption(i), terminal: terminal)
                }.joined(separator: "\n")
            }
            return TextRender.drawing(last, color: color, caption: nil, terminal: terminal)
        case .svg:
            if steps {
                return SVGRender.picture(snapshots, captions: snapshots.enumerated().map { i, s in
                    caption(i) + " · t = \(Numbers.short(s.time)) s"
                }, measureOverlay: measureOverlay)
            }
            return SVGRender.picture([last], captions: ["t = \(Numbers.short(last.time)) s"], measureOverlay: measureOverlay)
        case .html:
            // One page: it starts at the last moment, and its log lists every step before it.
            return HTMLRender.page(last, chrome: chrome)
        }
    }
}
