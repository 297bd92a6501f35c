#!/usr/bin/env bash
# Usage: scripts/embed-text.sh [--public] SOURCE OUTPUT NAME SUMMARY
#
# Writes OUTPUT, a Swift file holding SOURCE's bytes unchanged as
# `enum NAME { static let text: String }` (internal to its module, or
# public with --public), so the
# binary carries the file and needs nothing beside it. The bytes go in as a
# raw multi-line string literal whose `#` delimiter is one longer than any
# run of `#` that follows a `"` or a `\` in SOURCE, so nothing in it can
# close the literal or start an escape. OUTPUT begins with a header saying it is generated, from which
# file, and the exact command that regenerates it; a test of the module
# compares the two byte for byte and fails until the command is run again.
#
# The page's player:
#   scripts/embed-text.sh Sources/AccordionRender/Player/player.js Sources/AccordionRender/Generated/PlayerScript.swift PlayerScript "The interactive page's player script"
# The bundled schema (public: the CLI and apps read it):
#   scripts/embed-text.sh --public Schemas/accordion.schema.json Sources/AccordionSpec/Generated/BundledSchema.swift BundledSchema "The bundled accordion spec schema"
set -euo pipefail
cd "$(dirname "$0")/.."
access=""
if [ "${1:-}" = --public ]; then
    access="public "
fi
if [ $# -ne $((${#access} > 0 ? 5 : 4)) ]; then
    sed -n '2p' "$0" | sed 's/^# //' >&2
    exit 2
fi
[ -n "$access" ] && shift
source=$1 out=$2 name=$3 summary=$4

if [ ! -f "$source" ]; then
    echo "embed-text: $source: no such file" >&2
    exit 1
fi
if LC_ALL=C grep -q $'\r' "$source"; then
    echo "embed-text: $source contains CR characters; a Swift string literal would turn them into LF" >&2
    exit 1
fi
# A script inlined in an HTML page ends at the first `</script`, whatever the JavaScript means by it.
case "$source" in
*.js)
    if LC_ALL=C grep -qi '</script' "$source"; then
        echo "embed-text: $source contains '</script', which would end the page's script element" >&2
        exit 1
    fi
    ;;
esac
longest=$(LC_ALL=C grep -o '["\\]#*' "$source" | awk '{ n = length($0) - 1; if (n > m) m = n } END { print m + 0 }')
hashes=$(printf '#%.0s' $(seq 1 $((longest + 1))))
# The command as it is run from the repository's root, each argument quoted when it needs to be.
command="scripts/embed-text.sh${access:+ --public}"
for arg in "$@"; do
    case "$arg" in
    *[!A-Za-z0-9_./-]*) command+=" \"$arg\"" ;;
    *) command+=" $arg" ;;
    esac
done

mkdir -p "$(dirname "$out")"
{
    echo "// GENERATED FILE: do not edit."
    echo "// Generated from $source by:"
    echo "//   $command"
    echo "// Edit that file and run the command again; the module's tests fail until you do."
    echo ""
    echo "/// $summary: byte for byte the content of \`$source\`,"
    echo "/// compiled in so the binary needs no file beside it."
    echo "${access}enum $name {"
    echo "    /// The file's text, exactly as in the file."
    echo "    ${access}static let text: String = ${hashes}\"\"\""
    cat "$source"
    # The literal drops the line break just before its closing delimiter:
    # this one, so the file's own final newline (if any) is kept.
    echo ""
    echo "\"\"\"${hashes}"
    echo "}"
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out (delimiter ${hashes}\"\"\")"
