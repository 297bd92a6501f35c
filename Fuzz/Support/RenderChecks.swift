/// Checks shared by the targets that run the model and the renderers.
import AccordionDiagnostics
import AccordionModel
import AccordionRender
import AccordionYAML

/// A title that would break out of markup or a script if written raw.
let hostileTitle = "</script><b x=\"&amp;\">"

/// Traps with every broken invariant of the model.
func checkInvariants(_ model: AccordionContainer, _ context: @autoclosure () -> String) {
    let problems = model.assertInvariants()
    if !problems.isEmpty { fuzzFailure("\(context()): \(problems.joined(separator: "; "))") }
}

/// Every renderer over the snapshots, with checks that need no golden file:
/// the JSON and YAML dumps load back (through our own loader) into the same
/// tree, the SVG is well-formed XML, and nothing is empty.
func renderEveryFormat(_ snapshots: [Snapshot]) {
    guard let last = snapshots.last else { fuzzFailure("ScriptRun.run returned no snapshot") }
    let firstFew = Array(snapshots.prefix(2))
    for (series, steps) in [([last], false), (firstFew, true)] {
        let json = Renderer.render(series, format: .json, steps: steps)
        let yaml = Renderer.render(series, format: .yaml, steps: steps)
        let fromJSON = loadDump(json, "json")
        let fromYAML = loadDump(yaml, "yaml")
        if fromJSON != fromYAML {
            fuzzFailure("the YAML dump does not load back as the JSON dump does:\n\(firstDifference(fromJSON, fromYAML))\nYAML:\n\(yaml.prefix(3000))")
        }
    }
    for steps in [false, true] {
        let series = steps ? snapshots : [last]
        let text = Renderer.render(series, format: .text, steps: steps, color: steps)
        if text.isEmpty { fuzzFailure("empty text drawing") }
        let svg = Renderer.render(series, format: .svg, steps: steps)
        if let problem = xmlProblem(svg) { fuzzFailure("SVG is not well-formed XML: \(problem)\n\(svg.prefix(3000))") }
    }
    // The HTML page embeds titles in markup and in its script: none may close a tag early.
    let html = Renderer.render([last], format: .html, steps: false)
    if !html.hasSuffix("</html>\n") && !html.hasSuffix("</html>") { fuzzFailure("HTML page does not end with </html>") }
    if html.contains("</script><b") { fuzzFailure("a panel title closed a tag of the HTML page") }
}

private func loadDump(_ text: String, _ format: String) -> String {
    var limits = YAMLLimits()
    limits.maxInputBytes = Int.max
    do {
        return canonical(try YAMLLoader(limits: limits).load(Array(text.utf8), source: "dump.\(format)"))
    } catch {
        fuzzFailure("the \(format) dump does not load: \(error.diagnostics.first.map { "\($0.span.start.line):\($0.span.start.column) \($0.message)" } ?? "")\n\(text.prefix(3000))")
    }
}

/// One line per leaf, `path = value`, numbers as doubles: equal trees give equal text.
private func canonical(_ node: YAMLNode, path: String = "", into out: inout String) {
    switch node.kind {
    case .scalar(let s):
        let value: String
        switch s.value {
        case .null: value = "null"
        case .bool(let b): value = "\(b)"
        case .int(let i): value = "number \(Double(i))"
        case .bigInt(let digits): value = "big \(digits)"
        case .float(let d): value = "number \(d)"
        case .string(let t): value = "string \(String(reflecting: t))"
        }
        out += "\(path) = \(value)\n"
    case .sequence(let items):
        out += "\(path) = [\(items.count)]\n"
        for (i, item) in items.enumerated() { canonical(item, path: "\(path)/\(i)", into: &out) }
    case .mapping(let entries):
        out += "\(path) = {\(entries.count)}\n"
        for entry in entries {
            var key = ""
            canonical(entry.key, path: "", into: &key)
            canonical(entry.value, path: "\(path)/\(key.dropFirst(3).dropLast())", into: &out)
        }
    }
}

private func canonical(_ node: YAMLNode) -> String {
    var out = ""
    canonical(node, into: &out)
    return out
}

private func firstDifference(_ a: String, _ b: String) -> String {
    for (x, y) in zip(a.split(separator: "\n"), b.split(separator: "\n")) where x != y {
        return "json: \(x)\nyaml: \(y)"
    }
    return "lengths differ"
}

/// A small well-formedness check: tags nest and close, attribute values are
/// quoted, `<` never appears in text or attributes, `&` only starts an entity.
func xmlProblem(_ xml: String) -> String? {
    let s = Array(xml.utf8)
    var i = 0
    var stack: [ArraySlice<UInt8>] = []
    var roots = 0
    func entityOK(_ at: Int) -> Bool {
        var j = at + 1
        while j < s.count, j - at < 12, s[j] != UInt8(ascii: ";") {
            let c = s[j]
            let ok = (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "#")
            if !ok { return false }
            j += 1
        }
        return j < s.count && s[j] == UInt8(ascii: ";") && j > at + 1
    }
    while i < s.count {
        let c = s[i]
        if c == UInt8(ascii: "&") {
            if !entityOK(i) { return "bare & at byte \(i)" }
            i += 1
        } else if c == UInt8(ascii: "<") {
            if s[i...].starts(with: Array("<!--".utf8)) || s[i...].starts(with: Array("<?".utf8)) {
                let close = Array((s[i + 1] == UInt8(ascii: "!") ? "-->" : "?>").utf8)
                var j = i + 2
                while j < s.count, !s[j...].starts(with: close) { j += 1 }
                if j >= s.count { return "unclosed comment or declaration at byte \(i)" }
                i = j + close.count
                continue
            }
            var j = i + 1
            let closing = j < s.count && s[j] == UInt8(ascii: "/")
            if closing { j += 1 }
            let nameStart = j
            while j < s.count, ![UInt8(ascii: " "), UInt8(ascii: ">"), UInt8(ascii: "/"), 0x0A, 0x09].contains(s[j]) { j += 1 }
            let name = s[nameStart..<j]
            if name.isEmpty { return "empty tag name at byte \(i)" }
            var quote: UInt8? = nil
            while j < s.count {
                let d = s[j]
                if let q = quote {
                    if d == q { quote = nil } else if d == UInt8(ascii: "<") { return "< inside an attribute at byte \(j)" }
                    else if d == UInt8(ascii: "&"), !entityOK(j) { return "bare & inside an attribute at byte \(j)" }
                } else if d == UInt8(ascii: "\"") || d == UInt8(ascii: "'") {
                    quote = d
                } else if d == UInt8(ascii: ">") {
                    break
                } else if d == UInt8(ascii: "<") {
                    return "< inside a tag at byte \(j)"
                }
                j += 1
            }
            if j >= s.count { return "unclosed tag at byte \(i)" }
            let selfClosing = s[j - 1] == UInt8(ascii: "/")
            if closing {
                guard let open = stack.popLast() else { return "closing tag without an open one at byte \(i)" }
                if open != name { return "</\(String(decoding: name, as: UTF8.self))> closes <\(String(decoding: open, as: UTF8.self))> at byte \(i)" }
            } else if !selfClosing {
                if stack.isEmpty { roots += 1 }
                stack.append(name)
            } else if stack.isEmpty {
                roots += 1
            }
            i = j + 1
        } else {
            i += 1
        }
    }
    if let open = stack.last { return "<\(String(decoding: open, as: UTF8.self))> never closed" }
    if roots != 1 { return "\(roots) root elements" }
    return nil
}
