#!/usr/bin/env bash
# Regenerates Sources/AccordionSpec/Generated/BundledSchema.swift from
# Schemas/accordion.schema.json, so an installed binary carries the schema
# and needs nothing beside it. Like every generated Swift file, it lives in
# its module's `Generated/` folder and begins with a header saying it is
# generated, from which file, and this command (run from the repository's
# root). The file's bytes go in unchanged as a raw multi-line string
# literal whose `#` delimiter is one longer than any run of `#` that follows
# a `"` in the schema, so nothing in the schema can close it.
# BundledSchemaTests proves the embedded copy is byte-identical to the file.
set -euo pipefail
cd "$(dirname "$0")/.."
schema=Schemas/accordion.schema.json
out=Sources/AccordionSpec/Generated/BundledSchema.swift

if LC_ALL=C grep -q $'\r' "$schema"; then
    echo "embed-schema: $schema contains CR characters; a Swift string literal would turn them into LF" >&2
    exit 1
fi
mkdir -p "$(dirname "$out")"
longest=$(LC_ALL=C grep -o '"#*' "$schema" | awk '{ n = length($0) - 1; if (n > m) m = n } END { print m + 0 }')
hashes=$(printf '#%.0s' $(seq 1 $((longest + 1))))

{
    echo "// GENERATED FILE: do not edit."
    echo "// Generated from $schema by:"
    echo "//   scripts/embed-schema.sh"
    echo "// Edit that file and run the command again; BundledSchemaTests fails until you do."
    echo ""
    echo "/// The bundled accordion spec schema, byte for byte the content of"
    echo "/// \`$schema\`: the single source of truth, compiled in so an"
    echo "/// installed \`accordion\` needs no file beside it."
    echo "public enum BundledSchema {"
    echo "    /// The schema's JSON text, exactly as in the file."
    echo "    public static let text: String = ${hashes}\"\"\""
    cat "$schema"
    # The literal drops the line break just before its closing delimiter:
    # this one, so the file's own final newline (if any) is kept.
    echo ""
    echo "\"\"\"${hashes}"
    echo "}"
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out (delimiter ${hashes}\"\"\")"
