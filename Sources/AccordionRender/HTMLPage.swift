/// The fixed parts of the interactive page besides its player: the style
/// sheet and the skeleton. They are constants (the page's size per panel is
/// only the embedded data). The player is `Player/player.js`, compiled in as
/// `PlayerScript` (see the comment at its top for what it owns).
enum HTMLPage {
    static let style = #"""
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; background: #F2F2F7; color: #1C1C1E;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  display: flex; flex-wrap: wrap; gap: 32px; align-items: flex-start; }
main { display: flex; flex-direction: column; align-items: center; }
h1 { font-size: 22px; font-weight: 600; margin: 0 0 16px; text-align: center; max-width: 100%; }
.stage { position: relative; }
.chassis { position: absolute; left: 0; top: 0; transform-origin: 0 0; }
.chassis .button { position: absolute; border-radius: 1.5px; background: #2C2C2E; }
.device { position: absolute; inset: 0; background: #1C1C1E;
  box-shadow: 0 0 0 0.75px #48484A, inset 0 0 0 0.75px #48484A, 0 12px 32px rgba(0, 0, 0, 0.18); }
.device .camera { position: absolute; border-radius: 50%; background: #3A3A3C; }
.screen { position: relative; overflow: clip; border-radius: 0; box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.35); }
.screen.scrolls { overflow-x: hidden; overflow-y: auto; overscroll-behavior: contain; scrollbar-width: none;
  overflow-anchor: none; }
.screen.scrolls::-webkit-scrollbar { display: none; }
/* A named device's screen under the container (its safe area): the status bar and home indicator in its insets. */
.device .glass { position: absolute; overflow: hidden; color: #000000; box-shadow: 0 0 0 1px rgba(0, 0, 0, 0.35); }
.device .glass svg { display: block; }
.dark .device .glass { color: #FFFFFF; }
.screen.inset { box-shadow: none; }
.screen .sizer { position: absolute; left: 0; top: 0; width: 1px; visibility: hidden; }
.scale { margin: 8px 0 0; color: #6C6C70; font-size: 12px; font-variant-numeric: tabular-nums; }
.header { position: absolute; left: 0; top: 0; z-index: 2; margin: 0; border: 0; border-radius: 0;
  padding-block: 0; padding-inline: 16px 40px; display: block; text-align: start; font-family: inherit; font-weight: 600;
  white-space: nowrap; overflow: hidden; cursor: pointer;
  transform-origin: 0 0; -webkit-tap-highlight-color: transparent; }
.header.bare { padding-inline-end: 16px; }
.sections .header { border-radius: var(--section-radius); }
.sections .header.joined { border-end-start-radius: 0; border-end-end-radius: 0; }
.sections .content { border-radius: 0 0 var(--section-radius) var(--section-radius); }
.heading { margin: 0; font: inherit; }
.chunk { position: absolute; left: 0; top: 0; z-index: 2; content-visibility: auto; pointer-events: none; }
.chunk.near { content-visibility: visible; }
.chunk .header { pointer-events: auto; }
.header.disabled { cursor: default; }
.header .line { display: block; overflow: hidden; line-height: 1.2; }
.header.has-icon { padding-inline-start: calc(24px + 1.2em); }
.header .icon { position: absolute; inset-inline-start: 16px; top: 50%; width: 1.2em; height: 1.2em; margin-top: -0.6em;
  fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
.header .badge { display: inline-block; margin-inline-start: 6px; padding: 0 0.5em; min-width: 1.5em; font-size: 0.75em;
  line-height: 1.5; border-radius: 0.75em; text-align: center; vertical-align: 0.1em; }
.header .subtitle { display: block; overflow: hidden; font-size: 0.75em; line-height: 1.2; }
.header .detail { position: absolute; inset-inline-end: 40px; top: 50%; transform: translateY(-50%); }
.header.bare .detail { inset-inline-end: 16px; }
.header .separator { position: absolute; left: 0; right: 0; top: 0; pointer-events: none; }
.header:focus { outline: none; }
.header:focus-visible { box-shadow: inset 0 0 0 3px #FFD60A; }
.header .chevron { position: absolute; inset-inline-end: 18px; top: 50%; width: 8px; height: 8px;
  border-right: 2px solid currentColor; border-bottom: 2px solid currentColor;
  transform: translateY(-70%) rotate(45deg); }
.header[aria-expanded="false"] .chevron { transform: translate(-30%, -50%) rotate(-45deg); }
.header:dir(rtl)[aria-expanded="false"] .chevron { transform: translate(30%, -50%) rotate(135deg); }
.header .lock { position: absolute; inset-inline-end: 16px; top: 50%; width: 10px; height: 8px; margin-top: -2px;
  border-radius: 2px; background: currentColor; }
.header .blocked { position: absolute; inset-inline-end: 15px; top: 50%; width: 14px; height: 14px; margin-top: -7px;
  border: 2px solid currentColor; border-radius: 50%; }
.header .blocked::before { content: ""; position: absolute; left: 50%; top: -1px; bottom: -1px; width: 2px; margin-left: -1px;
  background: currentColor; transform: rotate(45deg); }
.header .lock::before { content: ""; position: absolute; left: 2px; top: -6px; width: 6px; height: 7px;
  border: 2px solid currentColor; border-bottom: 0; border-radius: 3px 3px 0 0; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
  white-space: nowrap; }
.content { position: absolute; left: 0; top: 0; z-index: 0; overflow: hidden; background-color: #FAFAFC;
  background-image: repeating-linear-gradient(to bottom, transparent 0 43px, #E5E5EA 43px 44px);
  background-position: 16px 0; background-repeat: no-repeat; background-size: 100% 100%;
  transform-origin: 0 0; }
.content.front { z-index: 1; }
.content[hidden="until-found"] { width: 0 !important; height: 0 !important; background: none !important;
  pointer-events: none; }
.content.filled { background: #FFFFFF; color: #1C1C1E; }
.content .line { position: absolute; white-space: pre; }
:lang(zh), :lang(ja) { line-break: strict; }
.content .row { position: absolute; left: 0; right: 0; padding-block: 0; padding-inline: 16px 40px; display: flex;
  flex-direction: column; justify-content: center; overflow: hidden; white-space: nowrap; }
.content .row b { font-weight: 400; overflow: hidden; text-overflow: ellipsis; }
.content .row small { color: #6C6C70; overflow: hidden; text-overflow: ellipsis; }
.content .row:not(:last-child)::before { content: ""; position: absolute; inset-inline: 16px 0; bottom: 0;
  height: 1px; background: #E5E5EA; }
.content .row::after { content: ""; position: absolute; inset-inline-end: 20px; top: 50%; width: 7px; height: 7px;
  border-right: 2px solid #C7C7CC; border-bottom: 2px solid #C7C7CC; transform: translate(-30%, -50%) rotate(-45deg); }
.content .row:dir(rtl)::after { transform: translate(30%, -50%) rotate(135deg); }
.content .card { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%);
  max-width: calc(100% - 24px); padding: 8px 16px; background: #FFFFFF; border: 1px solid #D1D1D6;
  border-radius: 12px; text-align: center; white-space: nowrap; }
.content .card b { display: block; font-size: 17px; overflow: hidden; text-overflow: ellipsis; }
.content .card span { font-size: 15px; color: #6C6C70; }
.content.short .card { background: transparent; border: 0; padding: 0; }
.content.short .card b { display: none; }
.content.short .card span { font-size: 13px; }
.modal { position: absolute; inset: 0; z-index: 3; pointer-events: none; background: rgba(0, 0, 0, 0.35); }
.modal div { position: absolute; left: 0; right: 0; bottom: -24px; border-radius: 12px; background: #FFFFFF;
  text-align: center; padding-top: 24px; }
.modal div::before { content: ""; position: absolute; left: calc(50% - 18px); top: 6px; width: 36px;
  height: 5px; border-radius: 2.5px; background: #C7C7CC; }
.modal b { display: block; font-size: 17px; }
.modal span { font-size: 12px; color: #6C6C70; }
aside { width: 440px; max-width: 100%; background: #FFFFFF; border-radius: 12px; padding: 16px 18px;
  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.08); }
aside h2 { font-size: 15px; margin: 0 0 8px; }
aside dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 16px; }
aside dt { color: #6C6C70; }
aside dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
aside p { color: #6C6C70; font-size: 12px; margin: 0 0 12px; }
#log { list-style: none; margin: 0; padding: 8px; max-height: 460px; overflow: auto; background: #F7F7FA;
  border-radius: 8px; font: 12px/1.5 ui-monospace, "SF Mono", Menlo, Consolas, monospace; }
#log li { white-space: pre-wrap; overflow-wrap: anywhere; }
#log li .t { color: #6C6C70; }
#log li.ignored { color: #B3261E; }
#log li.container { color: #6C6C70; }
.appearance { margin: 0 0 8px; padding: 4px 12px; border: 1px solid #C7C7CC; border-radius: 14px; background: #FFFFFF;
  color: #1C1C1E; font: inherit; font-size: 12px; cursor: pointer; }
.appearance[aria-pressed="true"] { background: #1C1C1E; color: #F2F2F7; border-color: #48484A; }
.appearance:focus-visible { outline: 3px solid #FFD60A; outline-offset: 1px; }
/* The dark appearance: iOS's dark system colours for what the page draws itself. */
:root.dark { color-scheme: dark; }
.dark body { background: #000000; color: #F2F2F7; }
.dark .scale, .dark aside dt, .dark aside p, .dark #log li .t, .dark #log li.container { color: #AEAEB2; }
.dark aside { background: #1C1C1E; box-shadow: none; }
.dark #log { background: #2C2C2E; }
.dark #log li.ignored { color: #FF6961; }
.dark .content { background-color: #121214; background-image: repeating-linear-gradient(to bottom, transparent 0 43px, #38383A 43px 44px); }
.dark .content.filled { background: #1C1C1E; color: #F2F2F7; }
.dark .content .row small { color: #AEAEB2; }
.dark .content .row:not(:last-child)::before { background: #38383A; }
.dark .content .row::after { border-color: #636366; }
.dark .content .card { background: #2C2C2E; border-color: #48484A; }
.dark .content .card span, .dark .modal span { color: #AEAEB2; }
.dark .modal div { background: #1C1C1E; }
.dark .modal div::before { background: #636366; }

"""#

    /// The skeleton, with `chrome` (attributes such as ` lang="en"`) on the
    /// elements holding the page's own English words.
    static func body(chrome: String, showing: PageChrome = .debug) -> String {
        var page = body
        // The device page has no controller state or log; the bare one, only the screen.
        if showing != .debug, let aside = page.firstRange(of: "<aside"), let end = page.firstRange(of: "</aside>\n") {
            page.removeSubrange(aside.lowerBound..<end.upperBound)
        }
        if showing == .none {
            page = page.replacing("<h1 id=\"title\"></h1>\n", with: "").replacing("<p class=\"scale\" id=\"scale\"></p>\n", with: "")
                .replacing("<button type=\"button\" class=\"appearance\" id=\"appearance\" aria-pressed=\"false\" hidden>Dark appearance</button>\n", with: "")
                .replacing("<main>", with: "<main class=\"bare\">")
        }
        return chrome.isEmpty ? page : page.replacing("<aside aria-label", with: "<aside\(chrome) aria-label")
            .replacing("<p class=\"scale\"", with: "<p\(chrome) class=\"scale\"")
            .replacing("<button type=\"button\" class=\"appearance\"", with: "<button\(chrome) type=\"button\" class=\"appearance\"")
    }

    static let body = #"""
<main>
<h1 id="title"></h1>
<div class="stage" id="stage"><div class="chassis" id="chassis"><div class="device" id="device"><div class="screen" id="screen"></div></div></div></div>
<p class="scale" id="scale"></p>
<button type="button" class="appearance" id="appearance" aria-pressed="false" hidden>Dark appearance</button>
</main>
<aside aria-label="controller state">
<h2>ExpandableViewController</h2>
<dl>
<dt>time</dt><dd id="time"></dd>
<dt>expandedIndex</dt><dd id="expanded-index"></dd>
<dt>expandedIndices</dt><dd id="expanded-indices"></dd>
<dt>expandedViewController</dt><dd id="expanded-panel"></dd>
<dt>visibleViewController</dt><dd id="visible"></dd>
<dt>interaction</dt><dd id="interaction"></dd>
</dl>
<p>Click a header, or Tab to one and press Enter or Space; ↑ and ↓ move between headers.
Frames and log order come from the Swift model.</p>
<h2 id="log-heading">Containment log</h2>
<ol id="log" aria-live="polite" aria-labelledby="log-heading" tabindex="0"></ol>
</aside>
<noscript><p>This preview needs JavaScript to play the container back.</p></noscript>

"""#
}
