"""A stand-in for Schemas/accordion.schema.json while that file is written.

The harness validates with the real schema as soon as it exists in the
repository; until then the Python peers need *some* schema of the same shape
and weight (draft 2020-12, `$defs` for colour, panel and step, `oneOf` over
step kinds, patterns, `additionalProperties: false`), so their figures are
realistic. It is written into .build/ at run time, never under Schemas/.
"""

NUMBER_POS = {"type": "number", "exclusiveMinimum": 0}
NUMBER_NONNEG = {"type": "number", "minimum": 0}
REF = {"anyOf": [{"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"},
                 {"type": "integer", "minimum": 0}]}


def step(name, value):
    return {
        "type": "object",
        "required": [name],
        "properties": {name: value, "at": NUMBER_NONNEG},
        "additionalProperties": False,
    }


SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://example.invalid/accordion.placeholder.schema.json",
    "title": "accordion spec (benchmark placeholder)",
    "type": "object",
    "required": ["accordion", "panels"],
    "properties": {
        "accordion": {"const": 1},
        "title": {"type": "string"},
        "container": {
            "type": "object",
            "properties": {
                "width": NUMBER_POS,
                "height": NUMBER_POS,
                "headerHeight": NUMBER_POS,
                "layout": {"enum": ["fill", "fit"]},
                "expanded": {"anyOf": [REF, {"type": "null"}]},
                "animation": {
                    "type": "object",
                    "properties": {
                        "duration": NUMBER_NONNEG,
                        "curve": {"enum": ["linear", "easeIn", "easeOut", "easeInOut"]},
                    },
                    "additionalProperties": False,
                },
                "background": {"$ref": "#/$defs/colour"},
            },
            "additionalProperties": False,
        },
        "panels": {"type": "array", "items": {"$ref": "#/$defs/panel"}},
        "script": {"type": "array", "items": {"$ref": "#/$defs/step"}},
    },
    "patternProperties": {"^x-": True},
    "additionalProperties": False,
    "$defs": {
        "colour": {
            "oneOf": [
                {"type": "integer", "minimum": 0, "maximum": 4294967295},
                {"type": "string", "pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"},
            ]
        },
        "panel": {
            "type": "object",
            "required": ["id", "title"],
            "properties": {
                "id": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_-]*$"},
                "title": {"type": "string"},
                "color": {"$ref": "#/$defs/colour"},
                "titleColor": {"$ref": "#/$defs/colour"},
                "headerHeight": NUMBER_POS,
                "contentHeight": NUMBER_NONNEG,
            },
            "additionalProperties": False,
        },
        "step": {
            "oneOf": [
                step("tap", REF),
                {
                    "type": "object",
                    "required": ["wait"],
                    "properties": {"wait": NUMBER_NONNEG},
                    "additionalProperties": False,
                },
                step("resize", {
                    "type": "object",
                    "required": ["width", "height"],
                    "properties": {"width": NUMBER_POS, "height": NUMBER_POS},
                    "additionalProperties": False,
                }),
                step("expand", {"anyOf": [REF, {"type": "null"}]}),
                step("present", {"type": "string"}),
                step("dismiss", {"const": True}),
                step("setPanels", {
                    "type": "array",
                    "items": {"anyOf": [REF, {"$ref": "#/$defs/panel"}]},
                }),
            ]
        },
    },
}
