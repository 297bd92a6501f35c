import XCTest
import AccordionModel

/// A nested level's texts are measured in the `lang` in effect for them
/// (issue 23): the spec's, the holder's or its content's, or the nested
/// panel's own, inherited downwards as at the top level.
final class NestedTextLangTests: XCTestCase {
    /// A measure that answers each text with the `lang` it was asked in.
    private struct LangEcho: TextMeasure, Hashable {
        func lines(of text: String, width: Double, metrics: TextMetrics, lang: String?) -> [String] {
            [lang ?? "none"]
        }
        func clusters(of text: String) -> [MeasuredCluster] { ScalarTextMeasure().clusters(of: text) }
    }

    private func panel(_ id: String, lang: String? = nil, contentLang: String? = nil,
                       content: PanelContent) -> PanelSpec {
        PanelSpec(id: id, title: id, color: 0x3366_99FF, headerHeight: 44, content: content,
                  writing: PanelWriting(panel: Writing(lang: lang), content: Writing(lang: contentLang)))
    }

    func testNestedTextsInheritTheirLang() {
        let text = PanelContent.text("文字", TextMetrics())
        let deeper = NestedLevel(panels: [panel("deep", content: text)], indent: 8)
        let level = NestedLevel(panels: [panel("plain", content: text),
                                         panel("own", lang: "ja", content: text),
                                         panel("ownContent", lang: "ja", contentLang: "ko", content: text),
                                         panel("holder", content: .accordion(deeper))],
                                indent: 16)
        var container = ContainerSpec()
        container.writing = Writing(lang: "en")
        container.textMeasure = TextMeasurer(LangEcho())
        let panels = [panel("top", lang: "zh-Hans", content: .accordion(level)),
                      panel("other", content: .accordion(NestedLevel(panels: [panel("inSpec", content: text)])))]
        var state = ContainerState(container: container, panels: panels, expandedIndices: [0])
        let want = ["plain": ["zh-Hans"], "own": ["ja"], "ownContent": ["ko"], "deep": ["zh-Hans"], "inSpec": ["en"]]
        XCTAssertEqual(state.nestedTextLines, want)
        _ = state.apply(Step(.resize(width: 300, height: 400)))
        XCTAssertEqual(state.nestedTextLines, want, "a resize wraps again in the same languages")
    }
}
