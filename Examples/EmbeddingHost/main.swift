// An app embedding the accordion model, end to end, through the public API
// only: load a spec (AccordionSpec), make the container (AccordionModel),
// drive it from a display clock at 60 frames per second, and do what a view
// layer would do on each frame: move the views whose frames changed, add
// and remove child views as the containment log says.
//
// Here the "display" is simulated and the "views" are lines of text:
//
//     frame 18 t=0.3
//       move VC3 header 0 88 375 44 content 0 132 375 535
//       add VC3
//
// A real app would call the same three things from its display link
// (CADisplayLink, requestAnimationFrame, a game loop): `apply` the steps
// that are due, `layout(at:)` for the frames, `events(through:)` for the log.
//
// With `--host-measure` the host measures text itself, as an iOS app would
// with Core Text: it plugs its own `TextMeasure` into the container (here a
// stand-in for a platform text system: every character 0.6 em, lines broken
// at spaces), and the model lays the panels out by the lines it returns.
// It prints each text content's lines and widths first.
//
// Usage: EmbeddingHost [--host-measure] SPEC.yaml

import AccordionModel
import AccordionSpec
import Foundation

/// A host's own measure: what a platform's text system would answer. Every
/// character advances 0.6 em; a line takes words while they fit.
struct HostTextMeasure: TextMeasure, Equatable {
    static let advance = 0.6

    func measuredLines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [MeasuredLine] {
        let room = width - 2 * metrics.padding
        let em = Self.advance * metrics.fontSize
        var lines: [MeasuredLine] = []
        for (index, paragraph) in TextWrap.paragraphs(of: text).enumerated() {
            if index > 0 { lines.append(MeasuredLine(text: "", width: 0)) }
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if !line.isEmpty, Double(candidate.count) * em > room + 1e-9 {
                    lines.append(MeasuredLine(text: line, width: Double(line.count) * em))
                    line = String(word)
                } else {
                    line = candidate
                }
            }
            if !line.isEmpty { lines.append(MeasuredLine(text: line, width: Double(line.count) * em)) }
        }
        return lines
    }

    func lines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [String] {
        measuredLines(of: text, width: width, metrics: metrics, lang: lang).map(\.text)
    }

    func clusters(of text: String) -> [MeasuredCluster] {
        text.indices.map { MeasuredCluster(text: text[$0...$0], advance: Self.advance) }
    }
}

/// What the view layer currently shows for one panel.
struct ShownPanel: Equatable {
    var header: Rect
    var content: Rect?
}

func spell(_ r: Rect) -> String {
    [r.x, r.y, r.width, r.height].map { "\($0)" }.joined(separator: " ")
}

func run(specPath: String, hostMeasure: Bool) -> Int32 {
    guard let data = FileManager.default.contents(atPath: specPath) else {
        FileHandle.standardError.write(Data("EmbeddingHost: cannot read \(specPath)\n".utf8))
        return 2
    }
    // 1. Load and validate: problems come back as values with their place in the file.
    let result = SpecLoader.load([UInt8](data), source: specPath)
    guard let document = result.document else {
        for d in result.diagnostics where d.severity == .error {
            FileHandle.standardError.write(Data("\(specPath):\(d.span.start.line):\(d.span.start.column): \(d.message)\n".utf8))
        }
        return 1
    }

    // 2. The container as the spec loads it. The script plays the user here;
    // an app would make a `Step(.tap(panel:))` when a header is touched.
    var spec = document.container
    if hostMeasure {
        spec.textMeasure = TextMeasurer(HostTextMeasure())
        for panel in document.panels {
            guard case .text(let text, let metrics)? = panel.content else { continue }
            let lines = spec.textMeasure.measure.measuredLines(of: text, width: spec.width, metrics: metrics, lang: nil)
            print("measured \(panel.id): " + lines.map { "\($0.text.count):\($0.width)" }.joined(separator: " "))
        }
    }
    var container = AccordionContainer(title: document.title, container: spec,
                                       panels: document.panels, expandedIndices: document.expandedIndices)
    let script = document.steps
    var nextStep = 0

    // 3. The view layer's state: what each panel's views show, and how much
    // of the containment log it has acted on.
    var shown: [String: ShownPanel] = [:]
    var delivered = 0

    let framesPerSecond = 60.0
    var frame = 0
    while true {
        let now = Double(frame) / framesPerSecond
        // Every step due by now happens, in order (a step's time is the
        // model's to say: its `at`, or when the container is next idle).
        while nextStep < script.count, container.time(of: script[nextStep]) <= now + timeTolerance {
            container.apply(script[nextStep])
            nextStep += 1
        }

        var actions: [String] = []
        let frames = container.layout(at: now)
        var inStack: Set<String> = []
        for f in frames {
            let id = f.panel.id
            inStack.insert(id)
            let now = ShownPanel(header: f.header, content: f.content)
            if shown[id] != now {
                shown[id] = now
                actions.append("move \(id) header \(spell(f.header)) content " + (f.content.map(spell) ?? "none"))
            }
        }
        for id in shown.keys.sorted() where !inStack.contains(id) {
            shown[id] = nil
            actions.append("drop \(id)")
        }
        // The log entries that became due since the last frame: add and
        // remove child views (an app would also forward appearance calls).
        let due = container.events(through: now)
        for entry in due.dropFirst(delivered) {
            switch entry.event {
            case .addChild: actions.append("add \(entry.panel ?? "")")
            case .removeFromParent: actions.append("remove \(entry.panel ?? "")")
            default: break
            }
        }
        delivered = due.count

        if !actions.isEmpty {
            print("frame \(frame) t=\(now)")
            for action in actions { print("  " + action) }
        }
        // Done when the script has run and the last transition has settled.
        if nextStep == script.count, now >= container.settledTime { break }
        frame += 1
    }
    print("settled after frame \(frame)")
    return 0
}

let arguments = Array(CommandLine.arguments.dropFirst())
let hostMeasure = arguments.first == "--host-measure"
guard arguments.count == (hostMeasure ? 2 : 1) else {
    FileHandle.standardError.write(Data("usage: EmbeddingHost [--host-measure] SPEC.yaml\n".utf8))
    exit(2)
}
exit(run(specPath: arguments[arguments.count - 1], hostMeasure: hostMeasure))
