import AccordionDiagnostics
import AccordionRender

/// What `accordion preview` adds to the page `render --format html` makes:
/// an overlay for the spec's problems and a script that listens to the
/// server's event stream. The page itself is the renderer's, unchanged.
///
/// The stream sends two kinds of event. `page` carries the version of the
/// newest good page: a page of another version reloads itself, asking the
/// server (`/?expanded=ID`) to keep the panel it has open, and its scroll
/// position; a page of that version hides its overlay.
/// `problem` carries the overlay's markup: the last good page stays, with
/// the located problems over it.
public enum PreviewPage {
    /// The id of the overlay element (the browser test reads it too).
    public static let overlayID = "accordion-preview-problems"

    /// The addendum for a page of `version`, with the overlay shown when
    /// the spec is broken right now.
    ///
    /// - Parameters:
    ///   - version: Names the good page this is, uniquely across the server's
    ///     runs, so a tab that reconnects to a restarted server reloads too.
    ///   - problems: The overlay's markup (`overlay(_:)`), or nil when the spec is good.
    /// - Returns: Markup for the end of the page's body.
    public static func addendum(version: String, problems: String?) -> HTMLRender.PageAddendum {
        var html = "<style>\n\(style)</style>\n"
        html += "<div id=\"\(overlayID)\" role=\"alert\"\(problems == nil ? " hidden" : "")>\(problems ?? "")</div>\n"
        html += "<script>\nconst accordionPreviewVersion = \(JSONText.quote(version, safeInScript: true));\n\(script)</script>\n"
        return HTMLRender.PageAddendum(html: html)
    }

    /// The overlay's markup for the problems `validate` reports: its text,
    /// escaped, each problem at its `file:line:col` with the source line.
    ///
    /// - Parameter report: The text `validate` prints for the file (no colour), or an I/O error.
    /// - Returns: Markup for inside the overlay.
    public static func overlay(_ report: String) -> String {
        "<div class=\"box\"><p>The spec has problems; this is the last good page. Save a fix and it updates.</p>"
            + "<pre>\(XML.escape(report))</pre></div>"
    }

    /// The whole page when the spec has never been good since the server
    /// started: no container, only the overlay (and the script that reloads
    /// once a good page exists).
    ///
    /// - Parameters:
    ///   - title: The document title (the file name).
    ///   - addendum: The preview's overlay and script.
    /// - Returns: A complete HTML document.
    public static func placeholder(title: String, addendum: HTMLRender.PageAddendum) -> String {
        HTMLRender.head(title: title, addendum: addendum) + HTMLRender.tail(addendum)
    }

    /// The header to tap after the spec's script so that the panel a
    /// reloading page had open is open again: none when the script already
    /// leaves it so, or when that panel is gone from the stack. The tap then
    /// runs through the model like any `--tap`, which may still ignore it.
    ///
    /// - Parameters:
    ///   - kept: The panel the page asks to keep open.
    ///   - stack: The panel ids of the stack after the script, top to bottom.
    ///   - expanded: The index of the panel the script leaves open, or nil.
    /// - Returns: The index of the header to tap, or nil.
    public static func tapToKeep(_ kept: KeptPanel, stack: [String], expanded: Int?) -> Int? {
        switch kept {
        case .spec: return nil
        case .none: return expanded
        case .panel(let id):
            guard let i = stack.firstIndex(of: id), i != expanded else { return nil }
            return i
        }
    }

    static let style = #"""
#accordion-preview-problems { position: fixed; inset: 0; z-index: 1000; overflow: auto; padding: 32px;
  background: rgba(28, 28, 30, 0.55); }
#accordion-preview-problems[hidden] { display: none; }
#accordion-preview-problems .box { max-width: 960px; margin: 0 auto; background: #FFFFFF; border-radius: 12px;
  border-top: 6px solid #B3261E; padding: 16px 20px; box-shadow: 0 12px 32px rgba(0, 0, 0, 0.3); }
#accordion-preview-problems p { margin: 0 0 12px; font-weight: 600; color: #B3261E; }
#accordion-preview-problems pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; color: #1C1C1E;
  font: 13px/1.45 ui-monospace, "SF Mono", Menlo, Consolas, monospace; }

"""#

    static let script = #"""
"use strict";
(() => {
  const box = document.getElementById("accordion-preview-problems");
  const scrollKey = "accordion-preview-scroll";
  const saved = sessionStorage.getItem(scrollKey);
  if (saved !== null) {
    sessionStorage.removeItem(scrollKey);
    const [x, y] = JSON.parse(saved);
    window.scrollTo(x, y);
  }
  // The panel open now, as an id ("" for none), or null when there is no
  // container (the page before the first good version).
  function openPanel() {
    const data = document.getElementById("accordion-data");
    if (!window.__accordion || !data) return null;
    const index = window.__accordion.state().expandedIndex;
    if (index === null) return "";
    const panel = JSON.parse(data.textContent).panels[index];
    return panel ? panel.id : null;
  }
  let reloading = false;
  function reload() {
    if (reloading) return;
    reloading = true;
    const params = new URLSearchParams(location.search);
    const open = openPanel();
    if (open !== null) params.set("expanded", open);
    sessionStorage.setItem(scrollKey, JSON.stringify([window.scrollX, window.scrollY]));
    const query = params.toString();
    location.replace(location.pathname + (query ? "?" + query : ""));
  }
  const events = new EventSource("/events");
  events.addEventListener("page", (ev) => {
    if (ev.data !== accordionPreviewVersion) {
      events.close();
      reload();
    } else {
      box.hidden = true;
    }
  });
  events.addEventListener("problem", (ev) => {
    box.innerHTML = ev.data;
    box.hidden = false;
  });
})();

"""#
}
