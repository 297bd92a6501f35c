import AccordionModel

/// The colours a picture draws around the spec's own: the page behind the
/// device, captions, content views, their text and rules, the placeholder
/// card and the modal sheet, in each appearance (iOS's system colours).
/// The spec's colours (headers, titles, background) come from the snapshot
/// (`Snapshot.appearing`); these are the renderer's.
struct Surface {
    /// Behind the device.
    var page: String
    /// Text on the page and in content views.
    var ink: String
    /// Secondary text: captions' summaries, a row's detail, the card's size.
    var secondaryInk: String
    /// The screen under the container's background.
    var screen: String
    /// A content view's own colour.
    var content: String
    /// The placeholder content (a panel with no content of its own).
    var placeholder: String
    /// Rows' separators and the placeholder's table lines.
    var rule: String
    /// The placeholder's card and its outline.
    var card: String, cardStroke: String
    /// A row's disclosure chevron and the sheet's grabber.
    var chevron: String
    /// The modal sheet.
    var sheet: String

    static let light = Surface(page: "#F2F2F7", ink: "#1C1C1E", secondaryInk: "#6C6C70", screen: "#FFFFFF",
                               content: "#FFFFFF", placeholder: "#FAFAFC", rule: "#E5E5EA", card: "#FFFFFF",
                               cardStroke: "#D1D1D6", chevron: "#C7C7CC", sheet: "#FFFFFF")
    static let dark = Surface(page: "#1C1C1E", ink: "#F2F2F7", secondaryInk: "#AEAEB2", screen: "#000000",
                              content: "#1C1C1E", placeholder: "#121214", rule: "#38383A", card: "#2C2C2E",
                              cardStroke: "#48484A", chevron: "#636366", sheet: "#1C1C1E")

    /// The surface of `appearance`.
    static func of(_ appearance: Appearance) -> Surface { appearance == .dark ? dark : light }
}
