#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/Targets/ outside SwiftPM, so the
# package's own `swift build` / `swift test` never see them (they need
# -sanitize=fuzzer, which would slow and clutter the normal build).
#
# Each library module under Sources/ is compiled once (whole-module, -O,
# sanitizer coverage + AddressSanitizer) into .build/fuzz/<Module>.o with its
# .swiftmodule; each target is then one Swift file (plus Fuzz/Support/) linked
# against those objects and libyaml.
#
#   Fuzz/build.sh [TARGET...]        (default: every Fuzz/Targets/*.swift)
#   FUZZ_SANITIZE=fuzzer Fuzz/build.sh   (no ASan: faster runs, no memory checks)
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${FUZZ_BUILD:-.build/fuzz}
SANITIZE=${FUZZ_SANITIZE:-fuzzer,address}
SWIFTC=${SWIFTC:-swiftc}
# Dependency order (Package.swift); the CLI is not a library and is not fuzzed in-process.
MODULES="AccordionDiagnostics AccordionParallel AccordionYAML JSONSchema AccordionModel AccordionUnicode AccordionText AccordionSpec AccordionRender"
# One package name, as SwiftPM passes it: the modules share `package` declarations.
COMMON=(-O -g -swift-version 6 -parse-as-library -package-name accordion -sanitize="$SANITIZE" -I "$OUT" -I Sources/CYAML -I Sources/CICU/include -I Sources/CFont/include)

mkdir -p "$OUT"
stamp="$OUT/.sanitize"
if [[ ! -f $stamp || $(cat "$stamp") != "$SANITIZE" ]]; then
    rm -f "$OUT"/*.o "$OUT"/*.swiftmodule
    echo "$SANITIZE" > "$stamp"
fi

rebuilt=0
objects=()
# The C targets: CICU over ICU, CFont over HarfBuzz and fontconfig (each
# loads its libraries itself, so nothing more is linked).
for target in CICU:cicu CFont:cfont; do
    name=${target%%:*} file=${target##*:}
    object="$OUT/$name.o"
    objects+=("$object")
    if [[ ! -f $object || Sources/$name/$file.c -nt $object || Sources/$name/include/$file.h -nt $object ]]; then
        echo "fuzz build: $name"
        clang -O2 -g -c "Sources/$name/$file.c" -I "Sources/$name/include" -o "$object"
        rebuilt=1
    fi
done
for module in $MODULES; do
    mapfile -t sources < <(find "Sources/$module" -name '*.swift' | sort)
    [[ ${#sources[@]} -gt 0 ]] || continue
    object="$OUT/$module.o"
    objects+=("$object")
    # Rebuild when a source is newer, or when a module below was rebuilt.
    if [[ $rebuilt == 1 || ! -f $object ]] || [[ -n $(find "Sources/$module" -name '*.swift' -newer "$object") ]]; then
        echo "fuzz build: $module"
        "$SWIFTC" "${COMMON[@]}" -module-name "$module" -wmo -c "${sources[@]}" \
            -emit-module -emit-module-path "$OUT/$module.swiftmodule" -o "$object"
        rebuilt=1
    fi
done

mapfile -t support < <(find Fuzz/Support -name '*.swift' | sort)
if [[ $# -gt 0 ]]; then targets=("$@"); else
    targets=(); for f in Fuzz/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
for target in "${targets[@]}"; do
    binary="$OUT/$target"
    entry="Fuzz/Targets/$target.swift"
    if [[ $rebuilt == 1 || ! -f $binary || $entry -nt $binary ]] || [[ -n $(find Fuzz/Support -name '*.swift' -newer "$binary") ]]; then
        echo "fuzz build: $target"
        "$SWIFTC" "${COMMON[@]}" -module-name "${target//-/_}" "$entry" "${support[@]}" "${objects[@]}" \
            -lyaml -use-ld=lld -o "$binary"
    fi
done
