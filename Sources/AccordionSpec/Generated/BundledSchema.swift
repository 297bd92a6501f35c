// GENERATED FILE: do not edit.
// Generated from Schemas/accordion.schema.json by:
//   scripts/embed-text.sh --public Schemas/accordion.schema.json Sources/AccordionSpec/Generated/BundledSchema.swift BundledSchema "The bundled accordion spec schema"
// Edit that file and run the command again; the module's tests fail until you do.

/// The bundled accordion spec schema: byte for byte the content of `Schemas/accordion.schema.json`,
/// compiled in so the binary needs no file beside it.
public enum BundledSchema {
    /// The file's text, exactly as in the file.
    public static let text: String = ##"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://accordion.dev/schemas/v1/accordion.schema.json",
  "title": "Accordion spec, version 1",
  "description": "A declarative accordion: a container of panels stacked like rolled-up scrolls, one header each; tapping a header unrolls its panel and rolls up the one that was open (the article's ExpandableViewController). An optional script drives it.",
  "markdownDescription": "A declarative **accordion**: a container of panels stacked like rolled-up scrolls, one header each; tapping a header unrolls its panel and rolls up the one that was open (the article's `ExpandableViewController`). An optional `script` drives it.\n\nValidate with `accordion validate FILE`; explain a rule with `accordion explain RULE`.",
  "type": "object",
  "required": ["accordion", "panels"],
  "properties": {
    "accordion": {
      "title": "Format version",
      "description": "The spec format version. Always the integer 1; it lets a file identify itself as an accordion spec.",
      "markdownDescription": "The spec format version. Always the integer `1`; it lets a file identify itself as an accordion spec.",
      "const": 1,
      "default": 1,
      "examples": [1]
    },
    "title": {
      "title": "Spec title",
      "description": "Name of the spec, shown in renders. Absent or null: no title.",
      "markdownDescription": "Name of the spec, shown in renders. Absent or `null`: no title.\n\nQuote titles that YAML 1.1 would read as booleans (`'Yes'`, `'Off'`).",
      "type": ["string", "null"],
      "default": null,
      "examples": ["ExpandableViewController demo", "Mail"]
    },
    "container": {
      "$ref": "#/$defs/container",
      "default": {},
      "examples": [{"width": 375, "height": 667, "headerHeight": 44, "layout": "fill", "expanded": 0}]
    },
    "panels": {
      "title": "Panels",
      "description": "The stacked child view controllers, top to bottom. May be empty.",
      "markdownDescription": "The stacked child view controllers, top to bottom (the article's `viewControllers`). May be empty.",
      "type": "array",
      "items": {"$ref": "#/$defs/panel"},
      "default": [],
      "examples": [[{"id": "VC1", "title": "View Controller 1", "color": "#1ABC9CFF"}]]
    },
    "script": {
      "title": "Script",
      "description": "What to do to the container, in order: taps, waits, resizes, expands, collapses, modals and stack replacements. Every step but wait may carry at: seconds.",
      "markdownDescription": "What to do to the container, in order. Each step is a one-key mapping:\n\n- `tap: ID|INDEX`\n- `wait: SECONDS`\n- `resize: {width, height}`\n- `expand: ID|INDEX|null`\n- `collapse: ID|INDEX|all`\n- `present: TITLE`\n- `dismiss: true`\n- `setPanels: [ID or panel, ...]`\n- `expect: {...}` and `snapshot: NAME` (checked by `accordion test`, changing nothing)\n\nEvery step but `wait` may also carry `at: SECONDS`, an absolute time on the container's clock.",
      "type": "array",
      "items": {"$ref": "#/$defs/step"},
      "default": [],
      "examples": [[{"tap": "VC3"}, {"wait": 0.5}, {"tap": "VC2", "at": 1}]]
    },
    "tolerance": {
      "title": "Expectation tolerance",
      "description": "Default tolerance of every expect step of this file, in points: how far a measured length may be from the expected one. Default 0.5.",
      "markdownDescription": "Default tolerance of every `expect` step of this file, in points: how far a measured length (frames; `x`, `y`, `width`, `height` under `path`) may be from the expected one. Default `0.5`; an `expect` may set its own. Other numbers (times, `progress`) match to the dump's 3 decimals.",
      "type": "number",
      "minimum": 0,
      "default": 0.5,
      "examples": [0.5, 1]
    },
    "measure": {"$ref": "#/$defs/measure", "default": "metric", "examples": ["font", "metric"]},
        "font": {"$ref": "#/$defs/font", "default": {}, "examples": [{"family": ["Noto Sans"], "weight": 400, "size": 15}]},
    "lang": {"$ref": "#/$defs/lang", "description": "The language of the spec's texts, a BCP 47 tag (zh-Hans, ar, en-GB); panels and their content inherit it. The page's <html lang>. Absent: none said.", "markdownDescription": "The language of the spec's texts, a BCP 47 tag (`zh-Hans`, `ar`, `en-GB`); panels and their `content` inherit it unless they set their own. The page's `<html lang>`. Absent: none said (the page says `en`).", "default": "en", "examples": ["zh-Hans", "ar"]},
    "dir": {"$ref": "#/$defs/dir", "description": "The base direction of the spec's texts: ltr, rtl, or auto (each paragraph and title by its first strong character); panels and their content inherit it. Default auto.", "markdownDescription": "The base direction of the spec's texts: `ltr`, `rtl`, or `auto` (each paragraph and each title by its first strong character, UAX #9 P2\u2013P3; left-to-right without one); panels and their `content` inherit it unless they set their own. Default `auto`.", "default": "auto", "examples": ["rtl", "ltr"]},
    "device": {"enum": ["phone", "phone-landscape", "tablet", "none", null], "default": null, "description": "The device the container is shown on: phone (393 x 852 pt, safe-area insets top 59, bottom 34), phone-landscape (852 x 393, left 59, right 59, bottom 21, no status bar), tablet (820 x 1180, top 24, bottom 20) or none (no chassis, no insets). The container's frame is the safe area: with phone, phone-landscape or tablet its size is the screen less the insets, and a written container.width/height is overridden. render --device overrides this key. Absent or null: the picture before devices existed (the chassis fitted to the container, no status bar, no insets).", "markdownDescription": "The device the container is shown on: `phone` (393 \u00d7 852 pt, an iPhone 15 Pro; safe-area insets top 59, bottom 34), `phone-landscape` (852 \u00d7 393; left 59, right 59, bottom 21, no status bar, as iOS), `tablet` (820 \u00d7 1180, an 11-inch iPad Air; top 24, bottom 20) or `none` (no chassis, the screen is the container, no insets). The container's frame is the **safe area**: with `phone`, `phone-landscape` or `tablet` its size is the screen less the insets, and a written `container.width`/`height` is overridden (`validate` warns, `device-overrides-container-size`). `render --device` overrides this key. Absent or null: the picture before devices existed (the chassis fitted to the container, no status bar, no insets).", "examples": ["phone", "tablet"]}
  },
  "patternProperties": {
    "^x-": {
      "title": "Extension",
      "description": "Top-level keys starting with x- are ignored: a place to keep YAML anchors for reuse.",
      "markdownDescription": "Top-level keys starting with `x-` are ignored: a place to keep YAML anchors (`&name`) for reuse, as Docker Compose files do.",
      "default": null,
      "examples": [{"brand": "#1ABC9CFF"}]
    }
  },
  "additionalProperties": false,
  "$defs": {
    "colour": {
      "$anchor": "colour",
      "title": "Colour",
      "description": "A 32-bit colour read as 0xRRGGBBAA: an integer 0 to 4294967295 (YAML hex such as 0x1ABC9CFF, or decimal) or a string #RRGGBB (opaque) or #RRGGBBAA; or one per appearance, {light: C, dark: C}.",
      "markdownDescription": "A 32-bit colour read as `0xRRGGBBAA`: an integer `0` to `4294967295` (YAML hex such as `0x1ABC9CFF`, or decimal) or a string `'#RRGGBB'` (opaque) or `'#RRGGBBAA'`.\n\nQuote the `#` forms: unquoted, YAML reads `#` as the start of a comment.\n\nOne colour per appearance: `{light: '#0064D2', dark: '#0A84FF'}` (both required); a colour written once is the same in both.",
      "type": ["integer", "string", "object"],
      "minimum": 0,
      "maximum": 4294967295,
      "pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$",
      "required": ["light", "dark"],
      "properties": {
        "light": {"$ref": "#/$defs/colourValue", "title": "Light appearance", "description": "The colour in the light appearance.", "markdownDescription": "The colour in the light appearance (the default one).", "default": 4294967295, "examples": ["#0064D2"]},
        "dark": {"$ref": "#/$defs/colourValue", "title": "Dark appearance", "description": "The colour in the dark appearance.", "markdownDescription": "The colour in the dark appearance (`render --appearance dark`, the page under `prefers-color-scheme: dark`).", "default": 255, "examples": ["#0A84FF"]}
      },
      "additionalProperties": false,
      "default": 4294967295,
      "examples": [448568575, "#1ABC9C", "#3498DBFF", {"light": "#0064D2", "dark": "#0A84FF"}]
    },
    "colourValue": {
      "title": "Colour",
      "description": "A 32-bit colour read as 0xRRGGBBAA: an integer 0 to 4294967295 or a string #RRGGBB (opaque) or #RRGGBBAA.",
      "markdownDescription": "A 32-bit colour read as `0xRRGGBBAA`: an integer `0` to `4294967295` or a string `'#RRGGBB'` (opaque) or `'#RRGGBBAA'`.",
      "type": ["integer", "string"],
      "minimum": 0,
      "maximum": 4294967295,
      "pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$",
      "default": 4294967295,
      "examples": [448568575, "#1ABC9C"]
    },
    "length": {
      "title": "Length",
      "description": "A length in points, greater than 0.",
      "markdownDescription": "A length in points, greater than `0`.",
      "type": "number",
      "exclusiveMinimum": 0,
      "default": 44,
      "examples": [44, 375, 667]
    },
    "seconds": {
      "title": "Seconds",
      "description": "A time in seconds, 0 or more.",
      "markdownDescription": "A time in seconds, `0` or more.",
      "type": "number",
      "minimum": 0,
      "default": 0,
      "examples": [0, 0.3, 1.5]
    },
    "lang": {
      "title": "Language",
      "description": "A well-formed BCP 47 language tag: a language subtag, then optional script, region and variant subtags, separated by hyphens (zh-Hans, ar, en-GB, sr-Latn-RS).",
      "markdownDescription": "A well-formed [BCP 47](https://www.rfc-editor.org/info/bcp47) language tag: a language subtag, then optional script, region and variant subtags, separated by hyphens (`zh-Hans`, `ar`, `en-GB`, `sr-Latn-RS`). Not `zh_CN`: the separator is `-`.",
      "type": "string",
      "pattern": "^(?:(?:[A-Za-z]{2,3}(?:-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8})(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|[0-9]{3}))?(?:-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(?:-[0-9A-WY-Za-wy-z](?:-[A-Za-z0-9]{2,8})+)*(?:-[Xx](?:-[A-Za-z0-9]{1,8})+)?|[Xx](?:-[A-Za-z0-9]{1,8})+)$",
      "default": "en",
      "examples": ["zh-Hans", "ar", "en-GB"]
    },
    "dir": {
      "title": "Direction",
      "description": "A base direction: ltr (left to right), rtl (right to left) or auto (each paragraph and title by its first strong character).",
      "markdownDescription": "A base direction: `ltr` (left to right), `rtl` (right to left) or `auto` (each paragraph and each title by its first strong letter, UAX #9 P2\u2013P3; left to right when it has none).",
      "enum": ["ltr", "rtl", "auto"],
      "default": "auto",
      "examples": ["rtl", "ltr"]
    },
    "idShape": {
      "title": "Id shape",
      "description": "The shape of a panel id where it is written: an ASCII id is a letter or underscore, then letters, digits, underscores or hyphens; an id with other characters has no ASCII character but those (the rest of UAX #31 is checked by validate).",
      "markdownDescription": "The shape of a panel id where it is written: an ASCII id is a letter or `_`, then letters, digits, `_` or `-`; an id with other characters has no ASCII character but those (the rest of UAX #31 is checked by `validate`, rule `panel-id-not-identifier`).",
      "if": {"pattern": "^[\\x00-\\x7F]*$"},
      "then": {"pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"},
      "else": {"pattern": "^[^\\x00-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F][^\\x00-\\x2C\\x2E\\x2F\\x3A-\\x40\\x5B-\\x5E\\x60\\x7B-\\x7F]*$"}
    },
    "panelId": {
      "title": "Panel id",
      "description": "A panel's unique name, a Unicode identifier (UAX #31): a letter or underscore, then letters, digits, marks, underscores or hyphens, in any script (VC1, wi-fi, \u8bbe\u7f6e). Ids are compared after NFC normalization. An ASCII id: a letter or underscore, then letters, digits, underscores or hyphens.",
      "markdownDescription": "A panel's unique name, a Unicode identifier ([UAX #31](https://www.unicode.org/reports/tr31/)): a letter or `_` (XID_Start), then letters, digits, marks, `_` (XID_Continue) or `-`, in any script (`VC1`, `wi-fi`, `\u8bbe\u7f6e`). Ids are compared after NFC normalization, so `caf\u00e9` written with a combining accent is the same id.",
      "type": "string",
      "allOf": [{"$ref": "#/$defs/idShape"}],
      "default": "panel",
      "examples": ["VC1", "inbox", "wi-fi", "\u8bbe\u7f6e"]
    },
    "panelRef": {
      "title": "Panel reference",
      "description": "A panel id in the stack as it is at that moment, or a 0-based index into it.",
      "markdownDescription": "A panel `id` in the stack as it is at that moment, or a 0-based index into it.",
      "type": ["string", "integer"],
      "allOf": [{"$ref": "#/$defs/idShape"}],
      "minimum": 0,
      "default": 0,
      "examples": ["VC2", 0, 2]
    },
    "container": {
      "title": "Container",
      "description": "The content view that hosts the panels. Every key is optional.",
      "markdownDescription": "The content view that hosts the panels. Every key is optional.",
      "type": "object",
      "properties": {
        "width": {
          "$ref": "#/$defs/length",
          "title": "Width",
          "description": "Width of the content view in points, greater than 0. Under a named device (phone, phone-landscape, tablet) the device's safe area is the size and this is not used.",
          "markdownDescription": "Width of the content view in points, greater than `0`. Under a named `device` (`phone`, `phone-landscape`, `tablet`) the device's safe area is the size and this is not used.",
          "default": 375,
          "examples": [375, 390, 768]
        },
        "height": {
          "$ref": "#/$defs/length",
          "title": "Height",
          "description": "Height of the content view in points, greater than 0. All headers must fit in it. Under a named device the device's safe area is the size and this is not used.",
          "markdownDescription": "Height of the content view in points, greater than `0`. All headers must fit in it. Under a named `device` the device's safe area is the size and this is not used.",
          "default": 667,
          "examples": [667, 844, 1024]
        },
        "headerHeight": {
          "$ref": "#/$defs/length",
          "title": "Header height",
          "description": "Height of every header (headerViewHeight) unless a panel overrides it.",
          "markdownDescription": "Height of every header (`headerViewHeight`) unless a panel sets its own `headerHeight`.",
          "default": 44,
          "examples": [44, 56]
        },
        "layout": {
          "title": "Layout",
          "description": "fill: the expanded panel's content takes all the space left under the headers. fit: it takes its contentHeight, capped by that space, and the headers below follow right after it.",
          "markdownDescription": "- `fill`: the expanded panel's content takes all the space left under the headers (the original controller);\n- `fit`: it takes its `contentHeight`, capped by that space, and the headers below follow right after it.",
          "enum": ["fill", "fit"],
          "default": "fill",
          "examples": ["fill", "fit"]
        },
        "expanded": {
          "title": "Initially expanded panel",
          "description": "The panel expanded at load (expandedIndex): a panel id, an index in panels, or null for none; with expansion: multiple also a list of ids or indices ([] for none). Default: the first panel if there is one.",
          "markdownDescription": "The panel expanded at load (`expandedIndex`): a panel `id`, an index in `panels`, or `null` for none. With `expansion: multiple` also a list of ids or indices (`[]` for none), each panel named once. Default: the first panel if there is one.",
          "type": ["string", "integer", "null", "array"],
          "allOf": [{"$ref": "#/$defs/idShape"}],
          "minimum": 0,
          "items": {"$ref": "#/$defs/panelRef"},
          "default": 0,
          "examples": ["VC1", 0, null, ["faq-1", "faq-3"]]
        },
        "expansion": {
          "title": "Expansion",
          "description": "single: at most one panel is open, and opening one closes the open one. multiple: any number are open; a tap opens or closes its own panel only.",
          "markdownDescription": "- `single`: at most one panel is open, and opening one closes the open one (the original controller);\n- `multiple`: any number are open; a tap opens or closes its own panel and leaves the others. In `fill` the open panels share the space equally; in `fit` each takes its `contentHeight` (capped by the space), so the stack may grow taller than the container.",
          "enum": ["single", "multiple"],
          "default": "single",
          "examples": ["single", "multiple"]
        },
        "collapsible": {
          "title": "Collapsible",
          "description": "false keeps at least one panel open once one is: a tap that would close the last open panel is ignored. Default true.",
          "markdownDescription": "`false` keeps at least one panel open once one is: a tap that would close the last open panel is ignored (reason `notCollapsible`). Script steps (`collapse`, `expand: null`) may still close it. Default `true`.",
          "type": "boolean",
          "default": true,
          "examples": [true, false]
        },
        "interruption": {
          "title": "Interruption",
          "description": "What a tap during a running transition does. ignore: it is ignored. finish: the running transition completes at once and the tap's own starts. retarget: as finish, but the new transition starts from where the views are shown, so nothing jumps; it settles where finish would.",
          "markdownDescription": "What a tap during a running transition does:\n- `ignore`: it is ignored (the original controller);\n- `finish`: the running transition completes at once (its end is logged at the tap) and the tap's own transition starts from the settled layout;\n- `retarget`: as `finish` for the state and the log, but the new transition starts from the frames (and the scroll offset) shown at the tap, so no header jumps; it settles exactly where `finish` would.",
          "enum": ["ignore", "finish", "retarget"],
          "default": "ignore",
          "examples": ["ignore", "retarget"]
        },
        "headingLevel": {
          "title": "Heading level",
          "description": "The level (1 to 6) of the headings that hold the header buttons on the HTML page, as the WAI-ARIA accordion pattern asks. Default 3.",
          "markdownDescription": "The level (`1` to `6`) of the headings (`<h3>`, ...) that hold the header buttons on the HTML page, as the WAI-ARIA accordion pattern asks: pick the level that fits the page's outline. Default `3`.",
          "type": "integer",
          "minimum": 1,
          "maximum": 6,
          "default": 3,
          "examples": [3, 2]
        },
        "overflow": {
          "title": "Overflow",
          "description": "clip: the headers must fit in the container and content is capped by the space under them. scroll: the container scrolls over the stack, content keeps its own height, and opening a panel scrolls it into view.",
          "markdownDescription": "- `clip`: the headers must fit in the container and content is capped by the space under them (`headers-overflow` otherwise);\n- `scroll`: the container scrolls over the stack (the window `[offset, offset + height)` is shown), content keeps its own height in `fit`, and opening a panel scrolls its header and as much of its content as fits into view.",
          "enum": ["clip", "scroll"],
          "default": "clip",
          "examples": ["clip", "scroll"]
        },
        "content": {
          "title": "Content defaults",
          "description": "Defaults for every panel's content measures: padding, fontSize and lineHeight for text, rowHeight for rows.",
          "markdownDescription": "Defaults for every panel's `content` measures: `padding`, `fontSize` and `lineHeight` for text, `rowHeight` for rows. A panel's own values win.",
          "type": "object",
          "properties": {
            "padding": {"$ref": "#/$defs/contentPadding", "default": 16, "examples": [16, 12]},
            "fontSize": {"$ref": "#/$defs/contentFontSize", "default": 15, "examples": [15, 17]},
            "lineHeight": {"$ref": "#/$defs/contentLineHeight", "default": 20, "examples": [20, 22]},
            "rowHeight": {"$ref": "#/$defs/contentRowHeight", "default": 44, "examples": [44, 60]},
            "measure": {"$ref": "#/$defs/measure", "default": "metric", "examples": ["font", "metric"]},
            "font": {"$ref": "#/$defs/font", "default": {}, "examples": [{"family": ["Noto Sans"], "weight": 400, "size": 15}]}
          },
          "additionalProperties": false,
          "default": {},
          "examples": [{"fontSize": 17, "lineHeight": 22}]
        },
        "animation": {
          "title": "Animation",
          "description": "How a tap's transition runs.",
          "markdownDescription": "How a tap's transition runs.",
          "type": "object",
          "properties": {
            "duration": {
              "$ref": "#/$defs/seconds",
              "title": "Duration",
              "description": "Transition length in seconds; 0 means instant.",
              "markdownDescription": "Transition length in seconds; `0` means instant.",
              "default": 0.3,
              "examples": [0.3, 0, 0.25]
            },
            "curve": {
              "title": "Timing curve",
              "description": "Timing curve: linear (0,0,1,1), easeIn (0.42,0,1,1), easeOut (0,0,0.58,1) or easeInOut (0.42,0,0.58,1).",
              "markdownDescription": "Timing curve, as a cubic B\u00e9zier: `linear` (0,0,1,1), `easeIn` (0.42,0,1,1), `easeOut` (0,0,0.58,1) or `easeInOut` (0.42,0,0.58,1).",
              "enum": ["linear", "easeIn", "easeOut", "easeInOut"],
              "default": "easeInOut",
              "examples": ["easeInOut", "linear"]
            },
            "reducedMotion": {
              "title": "Reduced motion",
              "description": "What transitions do when the viewer asks for reduced motion (render --reduced-motion, drive --reduced-motion, the page's prefers-reduced-motion): instant (every transition takes 0 s; the same log, at the moment of the tap) or keep (they play anyway).",
              "markdownDescription": "What transitions do when the viewer asks for reduced motion (`render --reduced-motion`, `drive --reduced-motion`, the page's `prefers-reduced-motion`): `instant` (every transition takes 0 s; the same log, at the moment of the tap) or `keep` (they play anyway).",
              "enum": ["instant", "keep"],
              "default": "instant",
              "examples": ["instant", "keep"]
            }
          },
          "additionalProperties": false,
          "default": {"duration": 0.3, "curve": "easeInOut"},
          "examples": [{"duration": 0.25, "curve": "easeOut"}]
        },
        "style": {
          "title": "Style",
          "description": "How the stack is drawn. plain (the default): headers and contents span the container's width and touch one another. insetGrouped: each panel is a rounded section, as an iOS Settings screen draws it: inset 16 points from both side edges, 20 points below the section above (and below the container's top edge, and above its bottom edge after the last), with corners of radius 10. The gaps count as the headers do: the open panels share what is left under headers and gaps. Frames in the dump are the sections' rectangles; separators are not drawn; the background defaults to #F2F2F7 (iOS's grouped background) and black in the dark appearance.",
          "markdownDescription": "How the stack is drawn:\n- `plain` (the default): headers and contents span the container's width and touch one another;\n- `insetGrouped`: each panel is a rounded section, as an iOS Settings screen draws it: inset `16` points from both side edges, `20` points below the section above (and below the container's top edge, and above its bottom edge after the last), with corners of radius `10`.\n\nThe gaps count as the headers do: the open panels share what is left under headers and gaps. Frames in the dump are the sections' rectangles; separators are not drawn; `background` defaults to `'#F2F2F7'` (iOS's grouped background) and black in the dark appearance.",
          "enum": ["plain", "insetGrouped"],
          "default": "plain",
          "examples": ["insetGrouped"]
        },
        "separator": {
          "title": "Separator",
          "description": "The line drawn on the top edge of each header below another. auto (the default): a hairline, 1 point, black at 20 % on a light header and white at 30 % on a dark one, only between headers of the same colour, so stacked headers never merge into one band; none: no line; {color, thickness}: that line on every header but the first.",
          "markdownDescription": "The line drawn on the top edge of each header below another (whether the panel above is open or closed):\n- `auto` (the default): a hairline, 1 point, black at 20 % on a light header and white at 30 % on a dark one, only between headers of the same colour, so stacked headers never merge into one band;\n- `none`: no line;\n- `{color, thickness}`: that line on every header but the first (`color` defaults to `'#C6C6C8'`, `thickness` to `1`).\n\nA drawing only: no frame moves.",
          "anyOf": [
            {"enum": ["auto", "none"]},
            {
              "type": "object",
              "additionalProperties": false,
              "properties": {
                "color": {
                  "$ref": "#/$defs/colour",
                  "title": "Separator colour",
                  "description": "The line's colour. Default #C6C6C8.",
                  "markdownDescription": "The line's colour. Default `'#C6C6C8'`.",
                  "default": "#C6C6C8",
                  "examples": ["#C6C6C8"]
                },
                "thickness": {
                  "title": "Separator thickness",
                  "description": "The line's thickness in points, greater than 0 and at most 8. Default 1.",
                  "markdownDescription": "The line's thickness in points, greater than `0` and at most `8`. Default `1`.",
                  "type": "number",
                  "exclusiveMinimum": 0,
                  "maximum": 8,
                  "default": 1,
                  "examples": [1, 0.5]
                }
              }
            }
          ],
          "default": "auto",
          "examples": ["auto", "none", {"color": "#C6C6C8", "thickness": 0.5}]
        },
        "background": {
          "$ref": "#/$defs/colour",
          "title": "Background colour",
          "description": "Colour of the content view behind the panels, as 0xRRGGBBAA or '#RRGGBB[AA]'.",
          "markdownDescription": "Colour of the content view behind the panels, as `0xRRGGBBAA` or `'#RRGGBB[AA]'`.",
          "default": 4294967295,
          "examples": [4294967295, "#F2F2F7"]
        }
      },
      "additionalProperties": false,
      "default": {},
      "examples": [{"width": 375, "height": 667}]
    },
    "panel": {
      "title": "Panel",
      "description": "One stacked child view controller: an id, a header title and optional colours and heights.",
      "markdownDescription": "One stacked child view controller: an `id`, a header `title` and optional colours and heights.",
      "type": "object",
      "required": ["id", "title"],
      "properties": {
        "id": {
          "$ref": "#/$defs/panelId",
          "description": "Unique name of the panel, used by container.expanded and the script: a letter or underscore, then letters, digits, underscores or hyphens.",
          "markdownDescription": "Unique name of the panel, used by `container.expanded` and the script: a letter or `_`, then letters, digits, `_` or `-`.",
          "default": "panel",
          "examples": ["VC1", "inbox"]
        },
        "title": {
          "title": "Header title",
          "description": "The title shown in the panel's header.",
          "markdownDescription": "The title shown in the panel's header. Quote titles that YAML 1.1 would read as booleans (`'Yes'`, `'On'`).",
          "type": "string",
          "default": "",
          "examples": ["View Controller 1", "Inbox"]
        },
        "color": {
          "$ref": "#/$defs/colour",
          "title": "Header colour",
          "description": "Header background colour. Default: a colour from the built-in palette, by the panel's index.",
          "markdownDescription": "Header background colour, `0xRRGGBBAA` or `'#RRGGBB[AA]'`. Default: a colour from the built-in palette, by the panel's index.",
          "default": "#1ABC9CFF",
          "examples": [448568575, "#3498DB"]
        },
        "titleColor": {
          "$ref": "#/$defs/colour",
          "title": "Title colour",
          "description": "Colour of the header title. Default: opaque white.",
          "markdownDescription": "Colour of the header title. Default: opaque white, `0xFFFFFFFF`.",
          "default": 4294967295,
          "examples": [4294967295, "#000000"]
        },
        "headerHeight": {
          "$ref": "#/$defs/length",
          "title": "Header height",
          "description": "This panel's header height. Default: container.headerHeight.",
          "markdownDescription": "This panel's header height. Default: `container.headerHeight`.",
          "default": 44,
          "examples": [44, 60]
        },
        "contentHeight": {
          "title": "Content height",
          "description": "Preferred content height in points (0 or more), used by the fit layout. Absent or null: the content fills the space.",
          "markdownDescription": "Preferred content height in points (`0` or more), used by the `fit` layout. Absent or `null`: the content fills the space.",
          "type": ["number", "null"],
          "minimum": 0,
          "default": null,
          "examples": [200, 320.5]
        },
        "disabled": {
          "title": "Disabled",
          "description": "true: a tap on this panel's header is ignored. The script may still expand or collapse it, so a disabled panel that is open is pinned open. Default false.",
          "markdownDescription": "`true`: a tap on this panel's header is ignored (reason `disabled`). The script may still `expand` or `collapse` it, so a disabled panel that is open is pinned open. Default `false`.",
          "type": "boolean",
          "default": false,
          "examples": [false, true]
        },
        "badge": {
          "title": "Badge",
          "description": "A short text drawn in a pill at the end of the title: an unread count, New. It keeps its width when space is short (the title is cut first).",
          "markdownDescription": "A short text drawn in a pill at the end of the title: an unread count (`'3'`), `New`. It keeps its width when space is short: the title is cut first (`title-truncated`). Quote numbers so that YAML reads them as text.",
          "type": "string",
          "minLength": 1,
          "maxLength": 32,
          "default": "1",
          "examples": ["3", "New"]
        },
        "detail": {
          "title": "Detail",
          "description": "A value shown before the header's mark, right-aligned (at the left in right-to-left), as Settings shows Home beside Wi-Fi. When space is short the title is cut first, then the detail.",
          "markdownDescription": "A value shown before the header's mark, right-aligned (at the left in a right-to-left header), as Settings shows `Home` beside `Wi-Fi`. When space is short the title is cut first, down to its first character and `\u2026`, then the detail (`title-truncated` says so).",
          "type": "string",
          "minLength": 1,
          "default": "On",
          "examples": ["Home", "Off"]
        },
        "subtitle": {
          "title": "Subtitle",
          "description": "A second, smaller line under the title (0.75 times its size). The header must be at least 2.1 times the title's size plus 8 points tall (44 points at the default size): validate warns when it is not, and the subtitle is then not drawn.",
          "markdownDescription": "A second, smaller line under the title (0.75 times its size), cut with `\u2026` to the room beside the detail. The header must be at least 2.1 \u00d7 the title's size + 8 points tall (44 points at the default 17-point title): `validate` warns (`subtitle-does-not-fit`) when it is not, and the subtitle is then not drawn.",
          "type": "string",
          "minLength": 1,
          "default": "Connected",
          "examples": ["Connected to Home", "2 new messages"]
        },
        "icon": {
          "title": "Icon",
          "description": "A built-in symbol drawn before the title (vector paths in SVG and HTML, one character in the terminal): chevron-up, chevron-down, chevron-left, chevron-right, gear, bell, lock, wifi, bluetooth, person, envelope, cart, truck, question, info, star, heart, house, magnifier, calendar, clock, phone, camera, globe, moon, sun, checkmark, plus, trash, doc, creditcard, key, airplane, battery.",
          "markdownDescription": "A built-in symbol drawn before the title: vector paths in the SVG and the page, one character in the terminal. One of `chevron-up`, `chevron-down`, `chevron-left`, `chevron-right`, `gear`, `bell`, `lock`, `wifi`, `bluetooth`, `person`, `envelope`, `cart`, `truck`, `question`, `info`, `star`, `heart`, `house`, `magnifier`, `calendar`, `clock`, `phone`, `camera`, `globe`, `moon`, `sun`, `checkmark`, `plus`, `trash`, `doc`, `creditcard`, `key`, `airplane`, `battery`.",
          "enum": [
            "chevron-up",
            "chevron-down",
            "chevron-left",
            "chevron-right",
            "gear",
            "bell",
            "lock",
            "wifi",
            "bluetooth",
            "person",
            "envelope",
            "cart",
            "truck",
            "question",
            "info",
            "star",
            "heart",
            "house",
            "magnifier",
            "calendar",
            "clock",
            "phone",
            "camera",
            "globe",
            "moon",
            "sun",
            "checkmark",
            "plus",
            "trash",
            "doc",
            "creditcard",
            "key",
            "airplane",
            "battery"
          ],
          "default": "gear",
          "examples": ["wifi", "envelope"]
        },
        "lang": {"$ref": "#/$defs/lang", "description": "The language of this panel's title and content, when it differs from the spec's (a BCP 47 tag). Default: the spec's lang.", "markdownDescription": "The language of this panel's title and `content`, when it differs from the spec's (a BCP 47 tag). Default: the spec's `lang`.", "default": "en", "examples": ["zh-Hans", "ar"]},
        "dir": {"$ref": "#/$defs/dir", "description": "The base direction of this panel's title and content: ltr, rtl or auto. Default: the spec's dir.", "markdownDescription": "The base direction of this panel's title and `content`: `ltr`, `rtl` or `auto`. Default: the spec's `dir`.", "default": "auto", "examples": ["rtl", "ltr"]},
        "content": {"$ref": "#/$defs/content", "default": {"text": ""}, "examples": [{"text": "Returns are free within 30 days."}, {"rows": ["Inbox", "Sent"]}]}
      },
      "additionalProperties": false,
      "default": {"id": "panel", "title": ""},
      "examples": [{"id": "VC1", "title": "View Controller 1", "color": 448568575, "titleColor": 4294967295}]
    },
    "content": {
      "title": "Content",
      "description": "What the panel shows when open: exactly one of text (paragraphs separated by blank lines), rows (a list of strings or {title, detail}) or panels (a nested accordion). In fit it gives the panel its height: rows n * rowHeight, text lines * lineHeight + 2 * padding, a nested level its headers and open contents.",
      "markdownDescription": "What the panel shows when open: exactly one of\n- `text`: paragraphs separated by blank lines, wrapped by the text measure (grapheme clusters kept whole; `1.0 * fontSize` for East Asian wide characters, `1.25 * fontSize` for an emoji, `0` for combining marks, `0.55 * fontSize` for the rest; lines break at Unicode line break opportunities for the text's `lang`, strict for Chinese and Japanese, within `width - 2 * padding`);\n- `rows`: a list of rows, each a string or `{title, detail}`;\n- `panels`: a nested accordion, with its level's `expansion`, `collapsible`, `expanded`, `headerHeight` and `indent`.\n\nIn `fit` (without `contentHeight`) it gives the panel its height: rows `n * rowHeight`, text `lines * lineHeight + 2 * padding`. Without `content` the panel shows a placeholder.",
      "type": "object",
      "properties": {
        "text": {
          "title": "Text",
          "description": "Paragraphs separated by blank lines; inside a paragraph every run of whitespace counts as one space.",
          "markdownDescription": "Paragraphs separated by blank lines; inside a paragraph every run of whitespace (newlines too) counts as one space. Use a literal block (`|`) for several paragraphs.",
          "type": "string",
          "default": "",
          "examples": ["Returns are free within 30 days."]
        },
        "rows": {
          "title": "Rows",
          "description": "The rows of a list, top to bottom: a string (the title) or {title, detail}.",
          "markdownDescription": "The rows of a list, top to bottom: a string (the title) or `{title, detail}`.",
          "type": "array",
          "items": {"$ref": "#/$defs/contentRow"},
          "default": [],
          "examples": [["Inbox", {"title": "Drafts", "detail": "3"}]]
        },
        "padding": {"$ref": "#/$defs/contentPadding", "default": 16, "examples": [16, 12]},
        "fontSize": {"$ref": "#/$defs/contentFontSize", "default": 15, "examples": [15, 17]},
        "lineHeight": {"$ref": "#/$defs/contentLineHeight", "default": 20, "examples": [20, 22]},
        "rowHeight": {"$ref": "#/$defs/contentRowHeight", "default": 44, "examples": [44, 60]},
        "measure": {"$ref": "#/$defs/measure", "default": "metric", "examples": ["font", "metric"]},
        "font": {"$ref": "#/$defs/font", "default": {}, "examples": [{"family": ["Noto Sans"], "weight": 400, "size": 15}]},
        "lang": {"$ref": "#/$defs/lang", "description": "The language of this content, when it differs from its panel's (a BCP 47 tag). Default: the panel's lang.", "markdownDescription": "The language of this content, when it differs from its panel's (a BCP 47 tag). Default: the panel's `lang`.", "default": "en", "examples": ["zh-Hans", "ar"]},
        "dir": {"$ref": "#/$defs/dir", "description": "The base direction of this content: ltr, rtl or auto (each paragraph by its first strong character). Default: the panel's dir.", "markdownDescription": "The base direction of this content: `ltr`, `rtl` or `auto` (each paragraph by its first strong character). Default: the panel's `dir`.", "default": "auto", "examples": ["rtl", "ltr"]},
        "panels": {
          "title": "Nested panels",
          "description": "A nested accordion: this level's panels, top to bottom, laid out inside this panel's content box. Ids are unique across the whole spec, so the script names a nested panel by its id alone.",
          "markdownDescription": "A nested accordion: this level's panels, top to bottom, laid out inside this panel's content box. Ids are unique across the whole spec, so the script names a nested panel by its id alone (`tap: wifi`). A content with `panels` has no `text`, `rows` or measures, and its panel no `contentHeight`.",
          "type": "array",
          "items": {"$ref": "#/$defs/panel"},
          "default": [],
          "examples": [[{"id": "wifi", "title": "Wi-Fi"}, {"id": "vpn", "title": "VPN"}]]
        },
        "expansion": {
          "title": "Nested expansion",
          "description": "This level's expansion: single (opening a panel closes its open sibling) or multiple. Default single.",
          "markdownDescription": "This level's expansion: `single` (opening a panel closes its open sibling) or `multiple`. Only with `panels`. Default `single`.",
          "enum": ["single", "multiple"],
          "default": "single",
          "examples": ["single", "multiple"]
        },
        "collapsible": {
          "title": "Nested collapsible",
          "description": "false keeps at least one panel of this level open once one is. Only with panels. Default true.",
          "markdownDescription": "`false` keeps at least one panel of this level open once one is. Only with `panels`. Default `true`.",
          "type": "boolean",
          "default": true,
          "examples": [true, false]
        },
        "expanded": {
          "title": "Nested expanded panels",
          "description": "The panels of this level open at load: an id of this level, an index in this level's panels, or null; with expansion: multiple also a list. Default: the level's first panel.",
          "markdownDescription": "The panels of this level open at load: an id of this level, an index in this level's `panels`, or `null`; with `expansion: multiple` also a list (`[]` for none). Only with `panels`. Default: the level's first panel.",
          "type": ["string", "integer", "null", "array"],
          "allOf": [{"$ref": "#/$defs/idShape"}],
          "minimum": 0,
          "items": {"$ref": "#/$defs/panelRef"},
          "default": 0,
          "examples": ["wifi", 0, null, ["wifi", "vpn"]]
        },
        "headerHeight": {
          "$ref": "#/$defs/length",
          "title": "Nested header height",
          "description": "The header height of this level's panels unless a panel sets its own. Only with panels. Default: the enclosing level's.",
          "markdownDescription": "The header height of this level's panels unless a panel sets its own. Only with `panels`. Default: the enclosing level's.",
          "default": 44,
          "examples": [44, 36]
        },
        "indent": {
          "title": "Indent",
          "description": "Points by which this level's headers and contents are inset from the leading edge of the parent's content box (0 or more). Only with panels. Default 0.",
          "markdownDescription": "Points by which this level's headers and contents are inset from the leading edge of the parent's content box (`0` or more; indents add up by level). Only with `panels`. Default `0`.",
          "type": "number",
          "minimum": 0,
          "default": 0,
          "examples": [0, 16]
        }
      },
      "anyOf": [{"required": ["text"]}, {"required": ["rows"]}, {"required": ["panels"]}],
      "dependentSchemas": {
        "text": {"properties": {"rows": false}},
        "panels": {"properties": {"text": false, "rows": false, "padding": false, "fontSize": false, "lineHeight": false, "rowHeight": false}}
      },
      "dependentRequired": {"expansion": ["panels"], "collapsible": ["panels"], "expanded": ["panels"], "headerHeight": ["panels"], "indent": ["panels"]},
      "additionalProperties": false,
      "default": {"text": ""},
      "examples": [{"text": "Returns are free within 30 days."}, {"rows": ["Inbox", {"title": "Drafts", "detail": "3"}]}]
    },
    "contentRow": {
      "title": "Row",
      "description": "One row of a list content: its title, or {title, detail}.",
      "markdownDescription": "One row of a list content: its title, or `{title, detail}`.",
      "type": ["string", "object"],
      "if": {"type": "object"},
      "then": {
        "required": ["title"],
        "properties": {
          "title": {"type": "string", "description": "The row's title.", "markdownDescription": "The row's title.", "default": "", "examples": ["Drafts"]},
          "detail": {"type": "string", "description": "A secondary text beside the title.", "markdownDescription": "A secondary text beside the title.", "default": "", "examples": ["3"]}
        },
        "additionalProperties": false
      },
      "default": "",
      "examples": ["Inbox", {"title": "Drafts", "detail": "3"}]
    },
    "contentPadding": {
      "title": "Padding",
      "description": "Space around a text content on every side, in points (0 or more). Default 16.",
      "markdownDescription": "Space around a text content on every side, in points (`0` or more). Default `16`.",
      "type": "number",
      "minimum": 0,
      "default": 16,
      "examples": [16, 12]
    },
    "contentFontSize": {
      "$ref": "#/$defs/length",
      "title": "Font size",
      "description": "Font size of a text content in points; a character advances 0.55 * fontSize, an East Asian wide one 1.0 * fontSize, an emoji 1.25 * fontSize, a combining mark 0. Default 15.",
      "markdownDescription": "Font size of a text content in points; a character advances `0.55 * fontSize`, an East Asian wide one (ideographs, kana, Hangul) `1.0 * fontSize`, an emoji `1.25 * fontSize`, a combining mark `0` (the guide's \"How text is measured\"). Default `15`.",
      "default": 15,
      "examples": [15, 17]
    },
    "contentLineHeight": {
      "$ref": "#/$defs/length",
      "title": "Line height",
      "description": "Height of one line of a text content in points. Default 20.",
      "markdownDescription": "Height of one line of a text content in points. Default `20`.",
      "default": 20,
      "examples": [20, 22]
    },
    "measure": {
      "title": "Text measure",
      "description": "How text is measured: metric (advances as multiples of fontSize, no font: the same on every machine) or font (shaped with HarfBuzz in the font named by font, falling back by the text's lang; a font not found warns and measures metric). Default metric.",
      "markdownDescription": "How text is measured: `metric` (advances as multiples of `fontSize`, no font: the same on every machine) or `font` (shaped with HarfBuzz in the font named by `font`, each family tried in order, then the system's fallback for the text's `lang`; a family not found is warned about, and a font none of whose families is found measures `metric`). Default `metric`.",
      "enum": ["metric", "font"],
      "default": "metric",
      "examples": ["font", "metric"]
    },
    "font": {
      "title": "Font",
      "description": "The font text is measured in with measure: font: family (a name or names tried in order), weight (100-900, default 400) and size (points; it sets fontSize).",
      "markdownDescription": "The font text is measured in with `measure: font`: `family` (a name, or names tried in order, then the system's fallback for the text's `lang`), `weight` (100\u2013900, default `400`) and `size` (points; it sets `fontSize`).",
      "type": "object",
      "properties": {
        "family": {
          "title": "Font family",
          "description": "A family name, or names tried in order.",
          "markdownDescription": "A family name, or names tried in order (`[Inter, Noto Sans]`).",
          "anyOf": [
            {"type": "string", "minLength": 1},
            {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1}
          ],
          "default": "sans-serif",
          "examples": ["Noto Sans", ["Noto Sans", "DejaVu Sans"]]
        },
        "weight": {
          "title": "Font weight",
          "description": "100 (thin) to 900 (black); 400 regular, 700 bold. Default 400.",
          "markdownDescription": "`100` (thin) to `900` (black); `400` regular, `700` bold. Default `400`.",
          "type": "integer",
          "minimum": 100,
          "maximum": 900,
          "default": 400,
          "examples": [400, 700]
        },
        "size": {"$ref": "#/$defs/contentFontSize", "default": 15, "examples": [15, 17]}
      },
      "additionalProperties": false,
      "default": {},
      "examples": [{"family": ["Noto Sans"], "weight": 400, "size": 15}]
    },
    "contentRowHeight": {
      "$ref": "#/$defs/length",
      "title": "Row height",
      "description": "Height of one row of a list content in points. Default 44.",
      "markdownDescription": "Height of one row of a list content in points. Default `44`.",
      "default": 44,
      "examples": [44, 60]
    },
    "panelOrId": {
      "title": "Panel or id",
      "description": "In setPanels: the id of a panel defined earlier (in panels or an earlier setPanels), or the definition of a new panel.",
      "markdownDescription": "In `setPanels`: the `id` of a panel defined earlier (in `panels` or an earlier `setPanels`), or the definition of a new panel.",
      "type": ["string", "object"],
      "allOf": [{"$ref": "#/$defs/idShape"}],
      "if": {"type": "object"},
      "then": {"$ref": "#/$defs/panel"},
      "default": "panel",
      "examples": ["VC1", {"id": "VC4", "title": "View Controller 4"}]
    },
    "at": {
      "$ref": "#/$defs/seconds",
      "title": "At",
      "description": "Absolute time of the step on the container's clock, in seconds; never earlier than the previous step. Without it the step happens when the container is idle.",
      "markdownDescription": "Absolute time of the step on the container's clock, in seconds; never earlier than the previous step. Without `at` the step happens when the container is idle (after any running transition).",
      "default": 0,
      "examples": [0.5, 2]
    },
    "step": {
      "title": "Step",
      "description": "One script step: a mapping with exactly one action key (tap, wait, resize, expand, collapse, reveal, present, dismiss, setPanels, update or scroll; or expect or snapshot, which check and change nothing) and, for every action but wait, an optional at.",
      "markdownDescription": "One script step: a mapping with exactly one action key (`tap`, `wait`, `resize`, `expand`, `collapse`, `reveal`, `present`, `dismiss`, `setPanels`, `update` or `scroll`; or `expect` or `snapshot`, which check and change nothing) and, for every action but `wait`, an optional `at`.",
      "oneOf": [
        {"$ref": "#/$defs/tapStep"},
        {"$ref": "#/$defs/waitStep"},
        {"$ref": "#/$defs/resizeStep"},
        {"$ref": "#/$defs/expandStep"},
        {"$ref": "#/$defs/collapseStep"},
        {"$ref": "#/$defs/revealStep"},
        {"$ref": "#/$defs/presentStep"},
        {"$ref": "#/$defs/dismissStep"},
        {"$ref": "#/$defs/setPanelsStep"},
        {"$ref": "#/$defs/updateStep"},
        {"$ref": "#/$defs/scrollStep"},
        {"$ref": "#/$defs/expectStep"},
        {"$ref": "#/$defs/snapshotStep"}
      ],
      "default": {"tap": 0},
      "examples": [{"tap": "VC2"}, {"wait": 0.5}, {"tap": "VC1", "at": 1.2}]
    },
    "tapStep": {
      "title": "tap step",
      "description": "Tap a header, as a user would: expands that panel, or collapses it when it is open.",
      "markdownDescription": "Tap a header, as a user would: expands that panel, or collapses it when it is open. Ignored under a modal, while a transition runs (unless `interruption` says otherwise), on a `disabled` panel, and when it would close the last open panel of a container that is not `collapsible`.",
      "type": "object",
      "required": ["tap"],
      "properties": {
        "tap": {
          "$ref": "#/$defs/panelRef",
          "description": "The panel whose header is tapped: an id in the stack at that moment, or an index into it.",
          "markdownDescription": "The panel whose header is tapped: an `id` in the stack at that moment, or an index into it.",
          "default": 0,
          "examples": ["VC2", 1]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"tap": 0},
      "examples": [{"tap": "VC3"}, {"tap": 0, "at": 0.1}]
    },
    "waitStep": {
      "title": "wait step",
      "description": "Let time pass: the step happens at the previous step's time plus these seconds. A wait cannot carry at.",
      "markdownDescription": "Let time pass: the step happens at the previous step's time plus these seconds. A `wait` cannot carry `at`.",
      "type": "object",
      "required": ["wait"],
      "properties": {
        "wait": {
          "$ref": "#/$defs/seconds",
          "description": "Seconds to wait, 0 or more.",
          "markdownDescription": "Seconds to wait, `0` or more.",
          "default": 0.3,
          "examples": [0.5, 1]
        }
      },
      "additionalProperties": false,
      "default": {"wait": 0.3},
      "examples": [{"wait": 0.5}]
    },
    "resizeStep": {
      "title": "resize step",
      "description": "Resize the container (for example a phone rotated to landscape) and lay out again.",
      "markdownDescription": "Resize the container (for example a phone rotated to landscape) and lay out again. Both `width` and `height` are required.",
      "type": "object",
      "required": ["resize"],
      "properties": {
        "resize": {
          "title": "New size",
          "description": "The container's new width and height in points.",
          "markdownDescription": "The container's new `width` and `height` in points.",
          "type": "object",
          "required": ["width", "height"],
          "properties": {
            "width": {
              "$ref": "#/$defs/length",
              "description": "New width in points, greater than 0.",
              "markdownDescription": "New width in points, greater than `0`.",
              "default": 667,
              "examples": [667, 844]
            },
            "height": {
              "$ref": "#/$defs/length",
              "description": "New height in points, greater than 0.",
              "markdownDescription": "New height in points, greater than `0`.",
              "default": 375,
              "examples": [375, 390]
            }
          },
          "additionalProperties": false,
          "default": {"width": 667, "height": 375},
          "examples": [{"width": 844, "height": 390}]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"resize": {"width": 667, "height": 375}},
      "examples": [{"resize": {"width": 844, "height": 390}, "at": 2}]
    },
    "expandStep": {
      "title": "expand step",
      "description": "Open a panel without animation (in single expansion closing the open one): a panel id, an index, or null to collapse all.",
      "markdownDescription": "Open a panel without animation (in `single` expansion closing the open one): a panel `id`, an index, or `null` to collapse all (as `collapse: all`). Works on `disabled` panels.",
      "type": "object",
      "required": ["expand"],
      "properties": {
        "expand": {
          "title": "Panel to expand",
          "description": "A panel id in the stack at that moment, an index into it, or null for none.",
          "markdownDescription": "A panel `id` in the stack at that moment, an index into it, or `null` for none.",
          "type": ["string", "integer", "null"],
          "allOf": [{"$ref": "#/$defs/idShape"}],
          "minimum": 0,
          "default": null,
          "examples": ["VC1", 2, null]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"expand": null},
      "examples": [{"expand": "VC1"}]
    },
    "collapseStep": {
      "title": "collapse step",
      "description": "Close a panel without animation: a panel id, an index, or all for every open panel.",
      "markdownDescription": "Close a panel without animation: a panel `id`, an index, or `all` for every open panel (one instant transition each, top to bottom). Works on `disabled` panels and when the container is not `collapsible`. A panel whose id is `all` is collapsed by its index.",
      "type": "object",
      "required": ["collapse"],
      "properties": {
        "collapse": {
          "title": "Panel to collapse",
          "description": "A panel id in the stack at that moment, an index into it, or all.",
          "markdownDescription": "A panel `id` in the stack at that moment, an index into it, or `all`.",
          "type": ["string", "integer"],
          "allOf": [{"$ref": "#/$defs/idShape"}],
          "minimum": 0,
          "default": "all",
          "examples": ["VC1", 2, "all"]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"collapse": "all"},
      "examples": [{"collapse": "VC1"}, {"collapse": "all"}]
    },
    "revealStep": {
      "title": "reveal step",
      "description": "Show a panel at any level: open every closed panel above it, outermost first, each as expand would (in single expansion closing its open sibling); with open: true the panel too; then, with overflow: scroll, scroll it into view. An error while a modal is up or when a closed panel on the way is disabled.",
      "markdownDescription": "Show a panel at any level, as a link or find-in-page would: open every closed panel above it, outermost first, each as `expand` would (in `single` expansion closing its open sibling); with `open: true` the panel too. Then, with `overflow: scroll`, scroll its header (and its content when open) into view, at once. Instant: it completes a running transition first. An error while a modal is up, and when a closed panel it would open is `disabled` (nothing is opened then).",
      "type": "object",
      "required": ["reveal"],
      "properties": {
        "reveal": {
          "title": "Panel to reveal",
          "description": "A panel id at any level (never an index), or a mapping with the id as panel and open: true to open the panel itself too.",
          "markdownDescription": "A panel `id` at any level (never an index), or `{panel: ID, open: true}` to open the panel itself too.",
          "type": ["string", "object"],
          "allOf": [{"$ref": "#/$defs/idShape"}],
          "required": ["panel"],
          "properties": {
            "panel": {
              "$ref": "#/$defs/panelId",
              "title": "Panel",
              "description": "The id of the panel to reveal, at any level.",
              "markdownDescription": "The `id` of the panel to reveal, at any level.",
              "default": "VC1",
              "examples": ["wifi"]
            },
            "open": {
              "title": "Open it too",
              "description": "Whether the reveal opens the panel itself too, not only the panels above it.",
              "markdownDescription": "Whether the reveal opens the panel itself too, not only the panels above it.",
              "type": "boolean",
              "default": false,
              "examples": [true]
            }
          },
          "additionalProperties": false,
          "default": "VC1",
          "examples": ["wifi", {"panel": "wifi", "open": true}]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"reveal": "VC1"},
      "examples": [{"reveal": "wifi"}, {"reveal": {"panel": "wifi", "open": true}}]
    },
    "presentStep": {
      "title": "present step",
      "description": "Present a modal with this title over the expanded panel.",
      "markdownDescription": "Present a modal with this title over the expanded panel. Needs an expanded panel and no modal already up.",
      "type": "object",
      "required": ["present"],
      "properties": {
        "present": {
          "title": "Modal title",
          "description": "The title of the presented modal.",
          "markdownDescription": "The title of the presented modal.",
          "type": "string",
          "default": "",
          "examples": ["Compose", "Are you sure?"]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"present": ""},
      "examples": [{"present": "Compose"}]
    },
    "dismissStep": {
      "title": "dismiss step",
      "description": "Dismiss the presented modal. The value is always true.",
      "markdownDescription": "Dismiss the presented modal. The value is always `true`.",
      "type": "object",
      "required": ["dismiss"],
      "properties": {
        "dismiss": {
          "title": "Dismiss",
          "description": "Always true.",
          "markdownDescription": "Always `true`.",
          "enum": [true],
          "default": true,
          "examples": [true]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"dismiss": true},
      "examples": [{"dismiss": true}]
    },
    "updateStep": {
      "title": "update step",
      "description": "Change some properties of a top-level panel at that moment (title, disabled, badge, detail, subtitle, icon, color, titleColor, content), at once: a running transition completes first, the container is laid out again (frames jump, a scrolling offset is clamped), and nothing of its own is logged. Disabling the open panel pins it; enabling it makes it closable again.",
      "markdownDescription": "Change some properties of a top-level panel at that moment (`title`, `disabled`, `badge`, `detail`, `subtitle`, `icon`, `color`, `titleColor`, `content`), at once, as `resize` does: a running transition completes first, the container is laid out again (frames jump, a scrolling offset is clamped), and nothing of its own is logged. Disabling the open panel pins it (a tap is ignored, `expand` and `collapse` still work); enabling it makes it closable again. Not blocked by a modal.",
      "type": "object",
      "required": ["update"],
      "properties": {
        "update": {
          "title": "Panel and new properties",
          "description": "The id of a top-level panel as panel, and at least one property to change.",
          "markdownDescription": "The `id` of a top-level panel as `panel`, and at least one property to change: `{panel: ID, title, disabled, badge, detail, subtitle, icon, color, titleColor, content}`.",
          "type": "object",
          "required": ["panel"],
          "minProperties": 2,
          "properties": {
            "panel": {
              "$ref": "#/$defs/panelId",
              "title": "Panel",
              "description": "The id of the top-level panel to change (never an index).",
              "markdownDescription": "The `id` of the top-level panel to change (never an index).",
              "default": "VC1",
              "examples": ["step2"]
            },
            "title": {
              "$ref": "#/$defs/panel/properties/title",
              "description": "The header's new title.",
              "markdownDescription": "The header's new title. Quote titles that YAML 1.1 would read as booleans (`'Yes'`).",
              "default": "",
              "examples": ["Inbox (3)", "1. Your profile (done)"]
            },
            "disabled": {
              "$ref": "#/$defs/panel/properties/disabled",
              "description": "true: taps on the header are ignored from now on (an open panel is pinned open); false: taps work again (an open panel can be closed).",
              "markdownDescription": "`true`: taps on the header are ignored from now on (an open panel is pinned open; `expand` and `collapse` still work); `false`: taps work again (an open panel can be closed).",
              "default": false,
              "examples": [false, true]
            },
            "badge": {
              "anyOf": [{"$ref": "#/$defs/panel/properties/badge"}, {"type": "null"}],
              "description": "The header's new badge; null removes it.",
              "markdownDescription": "The header's new `badge`; `null` removes it.",
              "default": null,
              "examples": ["3", null]
            },
            "detail": {
              "anyOf": [{"$ref": "#/$defs/panel/properties/detail"}, {"type": "null"}],
              "description": "The header's new detail; null removes it.",
              "markdownDescription": "The header's new `detail`; `null` removes it.",
              "default": null,
              "examples": ["Home", null]
            },
            "subtitle": {
              "anyOf": [{"$ref": "#/$defs/panel/properties/subtitle"}, {"type": "null"}],
              "description": "The header's new subtitle; null removes it.",
              "markdownDescription": "The header's new `subtitle`; `null` removes it.",
              "default": null,
              "examples": ["Connected to Home", null]
            },
            "icon": {
              "anyOf": [{"$ref": "#/$defs/panel/properties/icon"}, {"type": "null"}],
              "description": "The header's new icon; null removes it.",
              "markdownDescription": "The header's new `icon`; `null` removes it.",
              "default": null,
              "examples": ["wifi", null]
            },
            "color": {
              "$ref": "#/$defs/panel/properties/color",
              "description": "The header's new background colour.",
              "markdownDescription": "The header's new background colour, `0xRRGGBBAA` or `'#RRGGBB[AA]'`.",
              "default": "#1ABC9CFF",
              "examples": ["#3498DB"]
            },
            "titleColor": {
              "$ref": "#/$defs/panel/properties/titleColor",
              "description": "The header title's new colour.",
              "markdownDescription": "The header title's new colour, `0xRRGGBBAA` or `'#RRGGBB[AA]'`.",
              "default": 4294967295,
              "examples": ["#000000"]
            },
            "content": {
              "allOf": [{"$ref": "#/$defs/content"}, {"not": {"required": ["panels"]}}],
              "title": "New content",
              "description": "The panel's new content: text or rows (not a nested accordion).",
              "markdownDescription": "The panel's new content: `text` or `rows` (not a nested accordion, whose ids the stack would have to take in). In `fit` it changes the panel's height.",
              "default": {"text": ""},
              "examples": [{"text": "Done."}]
            }
          },
          "additionalProperties": false,
          "default": {"panel": "VC1", "disabled": false},
          "examples": [{"panel": "step2", "disabled": false}, {"panel": "inbox", "title": "Inbox (3)"}]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"update": {"panel": "VC1", "disabled": false}},
      "examples": [{"update": {"panel": "step2", "disabled": false}}, {"update": {"panel": "inbox", "title": "Inbox (3)"}, "at": 1}]
    },
    "scrollStep": {
      "title": "scroll step",
      "description": "The user scrolls the container so that this stack offset is at its top, clamped to the scroll range; at once, without a log entry. Only overflow: scroll moves.",
      "markdownDescription": "The user scrolls the container so that this stack offset (points from the top of the first header) is at its top, clamped to `[0, max(0, S - height)]`; at once, without a log entry. During a transition it first completes it. Only `overflow: scroll` moves.",
      "type": "object",
      "required": ["scroll"],
      "properties": {
        "scroll": {
          "title": "Offset",
          "description": "The stack offset to show at the container's top, in points.",
          "markdownDescription": "The stack offset to show at the container's top, in points.",
          "type": "number",
          "default": 0,
          "examples": [0, 480]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"scroll": 0},
      "examples": [{"scroll": 480}]
    },
    "setPanelsStep": {
      "title": "setPanels step",
      "description": "Replace the whole stack at once (the settable viewControllers): ids of panels defined earlier, or new panel definitions.",
      "markdownDescription": "Replace the whole stack at once (the article's settable `viewControllers`): ids of panels defined earlier, or new panel definitions. The expanded panel stays expanded if it is still in the stack.",
      "type": "object",
      "required": ["setPanels"],
      "properties": {
        "setPanels": {
          "title": "New stack",
          "description": "The new stack, top to bottom.",
          "markdownDescription": "The new stack, top to bottom: each item an `id` defined earlier or a new panel definition.",
          "type": "array",
          "items": {"$ref": "#/$defs/panelOrId"},
          "default": [],
          "examples": [["VC2", {"id": "VC4", "title": "View Controller 4"}]]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"setPanels": []},
      "examples": [{"setPanels": ["VC1", "VC3"]}]
    },
    "expectedRect": {
      "title": "Expected rectangle",
      "description": "Any of x, y, width, height in points; the ones left out are not checked.",
      "markdownDescription": "Any of `x`, `y`, `width`, `height` in points; the ones left out are not checked.",
      "type": "object",
      "properties": {
        "x": {
          "title": "x",
          "description": "Expected x in points.",
          "markdownDescription": "Expected x in points.",
          "type": "number",
          "default": 0,
          "examples": [0, 44]
        },
        "y": {
          "title": "y",
          "description": "Expected y in points.",
          "markdownDescription": "Expected y in points.",
          "type": "number",
          "default": 0,
          "examples": [0, 44]
        },
        "width": {
          "title": "width",
          "description": "Expected width in points.",
          "markdownDescription": "Expected width in points.",
          "type": "number",
          "default": 0,
          "examples": [0, 44]
        },
        "height": {
          "title": "height",
          "description": "Expected height in points.",
          "markdownDescription": "Expected height in points.",
          "type": "number",
          "default": 0,
          "examples": [0, 44]
        }
      },
      "additionalProperties": false,
      "default": {},
      "examples": [{"y": 44, "height": 535}]
    },
    "expectedFrames": {
      "title": "Expected frames of a panel",
      "description": "The panel's header frame and its content frame (null: the panel has no content view at that moment).",
      "markdownDescription": "The panel's `header` frame and its `content` frame (`null`: the panel has no content view at that moment).",
      "type": "object",
      "properties": {
        "header": {"$ref": "#/$defs/expectedRect", "default": {}, "examples": [{"y": 0, "height": 44}]},
        "content": {
          "title": "Expected content frame",
          "description": "The content view's frame, or null for no content view.",
          "markdownDescription": "The content view's frame, or `null` for no content view.",
          "anyOf": [{"$ref": "#/$defs/expectedRect"}, {"type": "null"}],
          "default": null,
          "examples": [{"height": 535}, null]
        }
      },
      "additionalProperties": false,
      "default": {},
      "examples": [{"header": {"y": 44}, "content": null}]
    },
    "expectation": {
      "title": "Expectation",
      "description": "What must be true at this moment of the script; accordion test checks it, render and validate ignore it. Without at it is checked when the container is idle after the steps above it; with at, at that moment (transitions interpolated). It never changes the container's clock or state.",
      "markdownDescription": "What must be true at this moment of the script; `accordion test` checks it, `render` and `validate` only check its shape and ids. Without `at` it is checked when the container is idle after the steps above it (at the end of a running transition, like an untimed step, but without moving the clock: a following `wait` still counts from the previous step); with `at: T` (never earlier than the previous step) it is checked at `T` as `render --at T` would show it, mid-transition frames interpolated, seeing only the steps written above it.",
      "type": "object",
      "minProperties": 1,
      "properties": {
        "expanded": {
          "title": "Expected expanded panel",
          "description": "The id of the expanded panel, a list of the expanded panels' ids, or null for none.",
          "markdownDescription": "The `id` of the expanded panel, a list of the expanded panels' ids, or `null` for none.",
          "anyOf": [
            {"$ref": "#/$defs/panelId"},
            {"type": "array", "items": {"$ref": "#/$defs/panelId"}},
            {"type": "null"}
          ],
          "default": null,
          "examples": ["billing", null]
        },
        "expandedIndex": {
          "title": "Expected expandedIndex",
          "description": "The expected expandedIndex, or null for none.",
          "markdownDescription": "The expected `expandedIndex`, or `null` for none.",
          "type": ["integer", "null"],
          "minimum": 0,
          "default": null,
          "examples": [1, null]
        },
        "visible": {
          "title": "Expected visible view controller",
          "description": "The id of the expanded panel shown, modal when a modal is presented, or null.",
          "markdownDescription": "The `id` of the expanded panel shown, `modal` when a modal is presented, or `null`.",
          "type": ["string", "null"],
          "default": null,
          "examples": ["billing", "modal", null]
        },
        "interaction": {
          "title": "Expected interaction",
          "description": "enabled when taps are delivered, disabled while a transition runs.",
          "markdownDescription": "`enabled` when taps are delivered, `disabled` while a transition runs.",
          "enum": ["enabled", "disabled"],
          "default": "enabled",
          "examples": ["enabled", "disabled"]
        },
        "scroll": {
          "title": "Expected scroll",
          "description": "The scroll offset (and the settled stack height, contentHeight) of a container with overflow: scroll; numbers within the tolerance.",
          "markdownDescription": "The scroll `offset` (and `contentHeight`, the settled stack height `S`) of a container with `overflow: scroll`, as the dump's `scroll` field; numbers within the tolerance.",
          "type": "object",
          "properties": {
            "offset": {"type": "number", "description": "The stack offset at the container's top.", "markdownDescription": "The stack offset at the container's top.", "default": 0, "examples": [0, 184]},
            "contentHeight": {"type": "number", "description": "S, the settled stack's height.", "markdownDescription": "`S`, the settled stack's height.", "default": 667, "examples": [528, 1092]}
          },
          "additionalProperties": false,
          "minProperties": 1,
          "default": {"offset": 0},
          "examples": [{"offset": 184}, {"offset": 0, "contentHeight": 528}]
        },
        "frames": {
          "title": "Expected frames",
          "description": "Frames by panel id; numbers within the tolerance.",
          "markdownDescription": "Frames by panel `id`: `{ID: {header: {x?, y?, width?, height?}, content: {...} | null}}`; numbers within the tolerance.",
          "type": "object",
          "additionalProperties": {"$ref": "#/$defs/expectedFrames"},
          "default": {},
          "examples": [{"billing": {"header": {"y": 88}, "content": {"height": 535}}}]
        },
        "events": {
          "title": "Expected events",
          "description": "The containment-log lines since the previous expect (or since load), each EVENT [PANEL] [(REASON)]; {contains: [...]} for lines that must appear in this order among others.",
          "markdownDescription": "The containment-log lines since the previous `expect` (or since load), each written `EVENT [PANEL] [(REASON)]`, e.g. `addChild billing` or `tapIgnored faq3 (transition)`; `{contains: [...]}` for lines that must appear in this order among others.",
          "anyOf": [
            {
              "type": "array",
              "items": {"type": "string", "pattern": "^[A-Za-z]+( [^ ()]+)?( \\([A-Za-z]+\\))?$"}
            },
            {
              "type": "object",
              "required": ["contains"],
              "properties": {
                "contains": {
                  "title": "Contained events",
                  "description": "Lines that must appear in this order, others allowed between them.",
                  "markdownDescription": "Lines that must appear in this order, others allowed between them.",
                  "type": "array",
                  "items": {"type": "string", "pattern": "^[A-Za-z]+( [^ ()]+)?( \\([A-Za-z]+\\))?$"},
                  "default": [],
                  "examples": [["addChild billing"]]
                }
              },
              "additionalProperties": false
            }
          ],
          "default": [],
          "examples": [["addChild billing"], {"contains": ["tapIgnored faq3 (transition)"]}]
        },
        "path": {
          "title": "Dump path",
          "description": "A field of the JSON dump by its own names, e.g. panels[2].content.height; checked against equals, atMost or atLeast.",
          "markdownDescription": "A field of the JSON dump (`render --format json`) by its own names, e.g. `panels[2].content.height` or `transition.progress`; checked against `equals`, `atMost` or `atLeast`.",
          "type": "string",
          "pattern": "^[A-Za-z][A-Za-z0-9]*(\\[[0-9]+\\])*(\\.[A-Za-z][A-Za-z0-9]*(\\[[0-9]+\\])*)*$",
          "default": "expandedPanel",
          "examples": ["panels[2].content.height"]
        },
        "equals": {
          "title": "Expected value",
          "description": "The value the dump has at path; lengths (x, y, width, height) within the tolerance, other numbers to 3 decimals.",
          "markdownDescription": "The value the dump has at `path`; lengths (`x`, `y`, `width`, `height`) within the tolerance, other numbers (times, `progress`) to the dump's 3 decimals.",
          "default": 0,
          "examples": [535, "billing", null]
        },
        "atMost": {
          "title": "Upper bound",
          "description": "The number the dump has at path is this or less; lengths (x, y, width, height) within the tolerance, other numbers to 3 decimals.",
          "markdownDescription": "The number the dump has at `path` is this or less; lengths (`x`, `y`, `width`, `height`) within the tolerance, other numbers to the dump's 3 decimals. With `atLeast`, a range.",
          "type": "number",
          "default": 0,
          "examples": [88, 0.5]
        },
        "atLeast": {
          "title": "Lower bound",
          "description": "The number the dump has at path is this or more; lengths (x, y, width, height) within the tolerance, other numbers to 3 decimals.",
          "markdownDescription": "The number the dump has at `path` is this or more; lengths (`x`, `y`, `width`, `height`) within the tolerance, other numbers to the dump's 3 decimals. With `atMost`, a range.",
          "type": "number",
          "default": 0,
          "examples": [1, 44]
        },
        "tolerance": {
          "title": "Tolerance",
          "description": "How far a measured length may be from the expected one and still pass, in points. Default 0.5.",
          "markdownDescription": "How far a measured length (frames; `x`, `y`, `width`, `height` under `path`) may be from the expected one and still pass, in points. Default `0.5`.",
          "type": "number",
          "minimum": 0,
          "default": 0.5,
          "examples": [0.5, 0.01]
        }
      },
      "dependentRequired": {"equals": ["path"], "atMost": ["path"], "atLeast": ["path"]},
      "dependentSchemas": {"path": {"anyOf": [{"required": ["equals"]}, {"required": ["atMost"]}, {"required": ["atLeast"]}]}},
      "additionalProperties": false,
      "default": {"expanded": null},
      "examples": [{"expanded": "billing", "frames": {"billing": {"content": {"height": 535}}}}]
    },
    "expectStep": {
      "title": "expect step",
      "description": "Checks the container at this point of the script (accordion test); changes nothing.",
      "markdownDescription": "Checks the container at this point of the script (`accordion test`); changes nothing: `render` and `validate` only check its shape and ids.",
      "type": "object",
      "required": ["expect"],
      "properties": {
        "expect": {
          "$ref": "#/$defs/expectation",
          "default": {"expanded": null},
          "examples": [{"expanded": "billing"}]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"expect": {"expanded": null}},
      "examples": [{"expect": {"expanded": "billing", "interaction": "enabled"}}]
    },
    "snapshotStep": {
      "title": "snapshot step",
      "description": "accordion test compares the whole JSON dump at this moment with __snapshots__/FILE/CASE/NAME.json beside the file; changes nothing.",
      "markdownDescription": "`accordion test` compares the whole JSON dump at this moment with `__snapshots__/FILE/CASE/NAME.json` beside the file (`--update` writes it); changes nothing. Timed as `expect`.",
      "type": "object",
      "required": ["snapshot"],
      "properties": {
        "snapshot": {
          "title": "Snapshot name",
          "description": "A file name: letters, digits, dot, dash, underscore.",
          "markdownDescription": "A file name: letters, digits, `.`, `-`, `_`.",
          "type": "string",
          "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]*$",
          "default": "after-tap",
          "examples": ["after-tap"]
        },
        "at": {"$ref": "#/$defs/at", "default": 0, "examples": [0.5, 2]}
      },
      "additionalProperties": false,
      "default": {"snapshot": "after-tap"},
      "examples": [{"snapshot": "billing-open"}]
    }
  }
}

"""##
}
