import AccordionModel

/// How each built-in `HeaderIcon` is drawn: vector paths on a 24 × 24
/// grid, stroked 2 units wide with round caps and joins in the title's
/// colour (the SVG and the page draw the same path data), and one
/// character a terminal shows in one column (`HeaderIconTests` holds every
/// symbol to both).
enum HeaderIcons {
    /// The path data of `icon` on its 24 × 24 grid.
    static func path(_ icon: HeaderIcon) -> String {
        switch icon {
        case .chevronUp: "M6 15l6-6 6 6"
        case .chevronDown: "M6 9l6 6 6-6"
        case .chevronLeft: "M15 6l-6 6 6 6"
        case .chevronRight: "M9 6l6 6-6 6"
        case .gear: "M17 12a5 5 0 1 1-10 0a5 5 0 1 1 10 0ZM14 12a2 2 0 1 1-4 0a2 2 0 1 1 4 0Z"
            + "M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9L7 7M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1"
        case .bell: "M6 16v-5a6 6 0 0 1 12 0v5l2 2H4ZM10 20.5a2 2 0 0 0 4 0"
        case .lock: "M5 11h14v10H5ZM8 11V8a4 4 0 0 1 8 0v3"
        case .wifi: "M2 9a15 15 0 0 1 20 0M5.5 12.5a10 10 0 0 1 13 0M9 16a5 5 0 0 1 6 0M12 19.5h.01"
        case .bluetooth: "M7 7l10 10-5 5V2l5 5L7 17"
        case .person: "M16 7a4 4 0 1 1-8 0a4 4 0 1 1 8 0ZM4 21a8 8 0 0 1 16 0"
        case .envelope: "M3 5h18v14H3ZM3 6l9 7 9-7"
        case .cart: "M2 3h3l3 12h11l2-8H6.5M10 20h.01M18 20h.01"
        case .truck: "M2 6h11v10H2ZM13 9h4l4 4v3h-8M9 18a2 2 0 1 1-4 0a2 2 0 1 1 4 0ZM19 18a2 2 0 1 1-4 0a2 2 0 1 1 4 0Z"
        case .question: "M22 12a10 10 0 1 1-20 0a10 10 0 1 1 20 0ZM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5h.01"
        case .info: "M22 12a10 10 0 1 1-20 0a10 10 0 1 1 20 0ZM12 11v6M12 7.5h.01"
        case .star: "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9Z"
        case .heart: "M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11Z"
        case .house: "M3 11l9-8 9 8M5 9.5V21h14V9.5M10 21v-6h4v6"
        case .magnifier: "M17 10.5a6.5 6.5 0 1 1-13 0a6.5 6.5 0 1 1 13 0ZM15.5 15.5L21 21"
        case .calendar: "M3 5h18v16H3ZM3 10h18M8 3v4M16 3v4"
        case .clock: "M22 12a10 10 0 1 1-20 0a10 10 0 1 1 20 0ZM12 7v5l3 2"
        case .phone: "M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2Z"
        case .camera: "M3 7h4l2-3h6l2 3h4v13H3ZM16 13.5a4 4 0 1 1-8 0a4 4 0 1 1 8 0Z"
        case .globe: "M22 12a10 10 0 1 1-20 0a10 10 0 1 1 20 0ZM2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20"
        case .moon: "M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5Z"
        case .sun: "M16 12a4 4 0 1 1-8 0a4 4 0 1 1 8 0ZM12 2v2M12 20v2M2 12h2M20 12h2"
            + "M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
        case .checkmark: "M4 12.5l5 5L20 6.5"
        case .plus: "M12 5v14M5 12h14"
        case .trash: "M4 6h16M9 6V3h6v3M6 6l1 15h10l1-15M10 10v7M14 10v7"
        case .doc: "M6 2h8l5 5v15H6ZM14 2v5h5M9 13h7M9 17h7"
        case .creditcard: "M2 5h20v14H2ZM2 10h20M6 15h4"
        case .key: "M11 15a4 4 0 1 1-8 0a4 4 0 1 1 8 0ZM10 12L20 2M16 6l3 3M18 4l2 2"
        case .airplane: "M12 2c1 0 1.5 1 1.5 2v5.5l8 4.5v2l-8-2.5V19l2.5 2v1.5L12 21.5l-4 1V21l2.5-2v-5.5l-8 2.5v-2l8-4.5V4c0-1 .5-2 1.5-2Z"
        case .battery: "M2 7h17v10H2ZM22 10.5v3M5 10v4M8.5 10v4"
        }
    }

    /// The one character a terminal shows for `icon`, one column wide.
    static func character(_ icon: HeaderIcon) -> Character {
        switch icon {
        case .chevronUp: "\u{2303}"     // ⌃ up arrowhead
        case .chevronDown: "\u{2304}"   // ⌄ down arrowhead
        case .chevronLeft: "\u{2039}"   // ‹
        case .chevronRight: "\u{203A}"  // ›
        case .gear: "\u{2699}"          // ⚙
        case .bell: "\u{237E}"          // ⍾ bell symbol
        case .lock: "\u{2293}"          // ⊓ a shackle
        case .wifi: "\u{2314}"          // ⌔ sector
        case .bluetooth: "\u{16D2}"     // ᛒ the rune the logo is drawn from
        case .person: "\u{263A}"        // ☺
        case .envelope: "\u{2709}"      // ✉
        case .cart: "\u{2294}"          // ⊔ a basket
        case .truck: "\u{26DF}"         // ⛟ black truck
        case .question: "?"
        case .info: "\u{2139}"          // ℹ information source
        case .star: "\u{272D}"          // ✭
        case .heart: "\u{2765}"         // ❥
        case .house: "\u{2302}"         // ⌂
        case .magnifier: "\u{2315}"     // ⌕
        case .calendar: "\u{2338}"      // ⌸ a page of lines
        case .clock: "\u{25F7}"         // ◷
        case .phone: "\u{2706}"         // ✆
        case .camera: "\u{2399}"        // ⎙
        case .globe: "\u{25CD}"         // ◍
        case .moon: "\u{263E}"          // ☾
        case .sun: "\u{263C}"           // ☼
        case .checkmark: "\u{2713}"     // ✓
        case .plus: "+"
        case .trash: "\u{2327}"         // ⌧
        case .doc: "\u{2398}"           // ⎘
        case .creditcard: "\u{25AD}"    // ▭
        case .key: "\u{26B7}"           // ⚷
        case .airplane: "\u{2708}"      // ✈
        case .battery: "\u{25AE}"       // ▮
        }
    }

    /// The mark of a disabled, closed header ("cannot be opened"): a
    /// circle with a slash, on a 24 × 24 grid as the icons are.
    static let cannotOpen = "M20 12a8 8 0 1 1-16 0a8 8 0 1 1 16 0ZM6.3 17.7L17.7 6.3"
}
