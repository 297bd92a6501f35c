#!/usr/bin/env bash
# `make docs`: the library modules' DocC documentation as one static site in
# .build/docs (open .build/docs/index.html through any static file server, or
# browse .build/docs/documentation/<module>/index.html).
#
# With the toolchain's own tools, no plugin package: the debug build's module
# files give each module's public symbol graph (swift-symbolgraph-extract,
# into .build/docs-symbols/<Module>, which scripts/check-docs.py reads), then
# `docc convert` turns each module's catalog (Sources/<Module>/<Module>.docc)
# and graph into an archive, failing on any DocC warning, and `docc merge`
# combines the archives under one landing page.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
BIN=$(dirname "$(command -v "$SWIFT")")
DOCC=${DOCC:-$BIN/docc}
EXTRACT=${SYMBOLGRAPH_EXTRACT:-$BIN/swift-symbolgraph-extract}
MODULES=(AccordionDiagnostics AccordionParallel AccordionYAML JSONSchema AccordionModel AccordionUnicode AccordionText AccordionSpec AccordionRender)
SYMBOLS=.build/docs-symbols
ARCHIVES=.build/docs-archives
SITE=.build/docs

# Every module (one `--target` flag would build only one and its dependencies).
"$SWIFT" build >/dev/null
MODULE_DIR=$("$SWIFT" build --show-bin-path)/Modules
TRIPLE=$(uname -m)-unknown-linux-gnu

rm -rf "$SYMBOLS" "$ARCHIVES" "$SITE"
mkdir -p "$ARCHIVES"
for module in "${MODULES[@]}"; do
    mkdir -p "$SYMBOLS/$module"
    "$EXTRACT" -module-name "$module" -I "$MODULE_DIR" -I Sources/CYAML -I Sources/CICU/include -I Sources/CFont/include -target "$TRIPLE" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$SYMBOLS/$module"
    "$DOCC" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$SYMBOLS/$module" \
        --output-dir "$ARCHIVES/$module.doccarchive" \
        --fallback-display-name "$module" --fallback-bundle-identifier "accordion.$module" \
        --enable-experimental-external-link-support \
        --transform-for-static-hosting --warnings-as-errors
done
archives=()
for module in "${MODULES[@]}"; do archives+=("$ARCHIVES/$module.doccarchive"); done
"$DOCC" merge "${archives[@]}" --output-path "$SITE" \
    --synthesized-landing-page-name accordion --synthesized-landing-page-kind Package
echo "docs: the site is in $SITE (documentation/<module>/ for each module)"
