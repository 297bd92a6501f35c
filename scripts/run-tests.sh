#!/usr/bin/env bash
# Every test of the project, in one run (`make test` calls this after
# installing libyaml-dev and libicu-dev when needed). Stages:
#   1. release build, failing on any compiler warning in the project's code;
#   2. the official draft 2020-12 meta-schemas fetched from PyPI into
#      .build/meta-schemas (once; the tests read them there);
#   3. unit, fixture and CLI tests (XCTest, `swift test`);
#   4. the tests of the loader, the validator, the threads, the model and the
#      Unicode text layers again under ThreadSanitizer and AddressSanitizer
#      (with LeakSanitizer), each in its own scratch path; any report fails;
#   5. the library products' public symbol graph checked for unsafe contracts,
#      every example of docs/spec-guide.md run through the release binary,
#      the DocC documentation (`make docs` without a warning, every public
#      symbol documented, the articles' code compiled by a test),
#      `accordion drive` sessions through a pipe against `render` and `validate`,
#      the terminal drawing's row widths against PyPI's wcwidth and in tmux,
#      the text measure's breaks against ICU's iterators called from C,
#      the model against independent oracles of the expansion modes and of
#      the nested levels (Tests/Oracle) on random specs and scripts,
#      the embedding example (Examples/EmbeddingHost) against `render --at`,
#      the official JSON-Schema-Test-Suite through `accordion validate --schema`,
#      `accordion lsp` through a scripted client and Neovim's (Debian's
#      neovim, installed when missing), and through `accordion test` the
#      samples' expect steps, the held-back test files and the render
#      fixtures' test files (their snapshots are the reviewed render goldens);
#   6. real-browser tests of `render --format html` and of `accordion preview`
#      (headless chromium), `validate`/`render --watch` as processes, and
#      axe-core over every sample page (axe.min.js from PyPI's axe-selenium-python);
#   7. benchmark harness smoke run (1,000 panels, one run each, the page in
#      headless chromium once beside its floor page, no timing asserted);
#   8. fuzz smoke run (every libFuzzer target, a few seconds each).
# Each stage prints its own closing line; the last line of the run is the
# plain total "N passed, N failed" over all stages. Any failing stage makes
# the exit status non-zero (the later stages still run, so one report says
# everything that is wrong).
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
LOG_DIR=.build/test-logs
mkdir -p "$LOG_DIR"
passed=0
failed=0
failed_stages=()

stage() { printf '\n==> %s\n' "$1"; }

# Adds a stage's counts; a stage whose counts cannot be read counts as one
# failure so that a broken runner never passes unnoticed.
count() {
    local name=$1 status=$2 p=$3 f=$4
    if [[ -z "$p" || -z "$f" ]]; then p=0; f=1; fi
    if [[ $status -ne 0 && $f -eq 0 ]]; then f=1; fi
    passed=$((passed + p))
    failed=$((failed + f))
    [[ $status -ne 0 || $f -ne 0 ]] && failed_stages+=("$name")
    printf '%s: %d passed, %d failed\n' "$name" "$p" "$f"
}

stage "release build (warnings in Sources/ fail the build)"
$SWIFT build -c release 2>&1 | tee "$LOG_DIR/release-build.log"
status=${PIPESTATUS[0]}
warnings=$(grep -E "^$(pwd)/Sources/.*: warning:" "$LOG_DIR/release-build.log" | sort -u | wc -l)
if [[ $status -eq 0 && $warnings -eq 0 ]]; then count "release build" 0 1 0; else
    echo "release build: exit $status, $warnings warning(s) in Sources/"; count "release build" 1 0 1; fi

stage "official meta-schemas (PyPI, cached in .build/meta-schemas)"
if python3 -B scripts/fetch-meta-schemas.py; then count "meta-schemas" 0 1 0; else count "meta-schemas" 1 0 1; fi

stage "JUnit consumer (junitparser from PyPI, in .build/junit-venv)"
if scripts/fetch-junit-consumer.sh; then count "junit consumer" 0 1 0; else count "junit consumer" 1 0 1; fi

stage "TAP consumer (tap.py from PyPI, in .build/tap-venv; perl's TAP::Parser from Debian)"
if scripts/fetch-tap-consumer.sh && perl -MTAP::Parser -e 1; then count "tap consumer" 0 1 0; else count "tap consumer" 1 0 1; fi

# Runs `swift test ARGS...` as the stage NAME, logging to LOG_DIR/NAME.log,
# and counts its tests from XCTest's closing line. Sets `log` to the log file.
swift_test_stage() {
    local name=$1; shift
    log="$LOG_DIR/$name.log"
    "$@" 2>&1 | tee "$log"
    local status=${PIPESTATUS[0]}
    local line total skipped fails
    line=$(grep -E "Executed [0-9]+ tests?, with" "$log" | tail -1)
    total=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$line")
    skipped=$(sed -nE 's/.*with ([0-9]+) tests? skipped.*/\1/p' <<<"$line")
    fails=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$line")
    # A sanitizer's report fails the stage even if every test passed.
    local reports
    reports=$(grep -cE "WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer" "$log")
    if [[ $reports -gt 0 ]]; then
        echo "$name: $reports sanitizer report(s), see $log"
        fails=$(( ${fails:-0} + reports ))
    fi
    if [[ -n "$total" && -n "$fails" ]]; then count "$name" "$status" $((total - ${skipped:-0} - ${fails})) "$fails"
    else count "$name" "$status" "" ""; fi
}

stage "unit, fixture and CLI tests (swift test)"
swift_test_stage "swift test" $SWIFT test --disable-swift-testing

# The tests of the loader, the validator, the threads, the model and the
# Unicode text layers (ICU's C interop), under each sanitizer the toolchain
# supports for Swift on Linux (swiftc rejects `-sanitize=undefined` there).
# These targets are where the unsafe code and the threads are; the whole
# suite under both would take about ten minutes more on two cores.
# ACCORDION_TEST_TARGETS makes Package.swift declare only these test targets
# and what they use, so the renderers, servers and CLI are not compiled a
# second and a third time. Each sanitizer has its own scratch path, so the
# ordinary build stays as it is. ACCORDION_SANITIZER scales every time bound a test
# asserts (TimeBounds). LeakSanitizer's suppressions name only XCTest's own
# functions that keep its test cases alive, never the project's code.
SANITIZED_TESTS='AccordionParallelTests|AccordionYAMLTests|JSONSchemaTests|AccordionModelTests|AccordionUnicodeTests|AccordionTextTests|AccordionSpecTests'
for sanitizer in thread address; do
    scratch=.build/${sanitizer:0:1}san   # .build/tsan, .build/asan
    stage "swift test --sanitize=$sanitizer (loader, validator, threads, model, text)"
    ACCORDION_SANITIZER=$sanitizer ACCORDION_TEST_TARGETS="${SANITIZED_TESTS//|/,}" \
    TSAN_OPTIONS="halt_on_error=0" \
    ASAN_OPTIONS="detect_leaks=1" \
    LSAN_OPTIONS="suppressions=$(pwd)/scripts/lsan-toolchain.supp:print_suppressions=0" \
        swift_test_stage "sanitize $sanitizer" $SWIFT test --disable-swift-testing --sanitize=$sanitizer \
            --scratch-path "$scratch" --filter "$SANITIZED_TESTS"
done

# Stages driven by Python scripts that end with "NAME: N passed, N failed".
python_stage() {
    local name=$1; shift
    stage "$name"
    "$@" 2>&1 | tee "$LOG_DIR/$name.log"
    local status=${PIPESTATUS[0]}
    local line
    line=$(grep -E "[0-9]+ passed, [0-9]+ failed" "$LOG_DIR/$name.log" | tail -1)
    if [[ -z "$line" ]]; then
        # A stage without its own counts is one check: it ran clean or not.
        if [[ $status -eq 0 ]]; then count "$name" 0 1 0; else count "$name" "$status" 0 1; fi
        return
    fi
    count "$name" "$status" "$(sed -nE 's/^([^0-9]*)([0-9]+) passed.*/\2/p' <<<"$line")" \
        "$(sed -nE 's/.* ([0-9]+) failed.*/\1/p' <<<"$line")"
}

# The library products' public API carries no unsafe contract (no borrowed
# node handle, unmanaged reference or escaping pointer).
python_stage "public-api" python3 -B scripts/check-public-api.py
# Every example of the spec author's guide, run through the release binary:
# each spec validated, each command's output compared byte for byte.
python_stage "guide" python3 -B Tests/Guide/check_guide.py --accordion .build/release/accordion
# `make docs` builds with no DocC warning; no public symbol lacks its summary,
# parameters, returns or throws; each article's code is in a compiled test.
python_stage "docs" python3 -B scripts/check-docs.py
# `drive` sessions compared with `render`/`validate` of the same steps; the
# embedding example's frame log compared with the model's dumps.
python_stage "drive" python3 -B Tests/Drive/drive_test.py .build/release/accordion
# The terminal drawing's rows against PyPI's wcwidth and in tmux, in twelve scripts.
python_stage "terminal-width" python3 -B Tests/Terminal/width_test.py --accordion .build/release/accordion
# The measure's lines and title cuts against ICU's own iterators called from C
# (not CICU), over a held-back corpus in fourteen scripts at four widths.
python_stage "text-breaks" python3 -B Tests/Text/breaks_test.py --accordion .build/release/accordion
# The model against an independent reading of the expansion-mode semantics
# (Tests/Oracle/modes_oracle.py) on random specs and scripts in every mode and
# interruption policy, through `drive` sessions and `render --at`; the seed is
# printed (--seed replays it).
python_stage "oracle" python3 -B Tests/Oracle/oracle_test.py .build/release/accordion --cases 400
# The nested levels against an independent reading of the guide's "Nested
# accordions" and "reveal" (Tests/Oracle/nested_oracle.py) on random trees of
# 1-3 levels and scripts: `render --format json` settled, `--at` mid-transition
# and `--steps`, and `validate`'s verdicts; about 35 s (the seed is printed).
python_stage "nested oracle" python3 -B Tests/Oracle/nested_oracle_test.py .build/release/accordion --cases 600
python_stage "embedding-example" python3 -B Tests/Drive/embedding_test.py .build/release/EmbeddingHost .build/release/accordion
python_stage "json-schema-test-suite" python3 -B Tests/Conformance/json_schema_test_suite.py .build/release/accordion
# The language server: every method through a scripted client (diagnostics
# identical to validate's for every fixture), then Neovim's built-in client.
python_stage "lsp" python3 -B Tests/LSP/protocol_test.py .build/release/accordion
# The samples' expect steps and test files (samples/*.test.yaml, whose
# snapshots are reviewed goldens too), the held-back test files and the
# render fixtures' test files (whose snapshots are the reviewed render
# goldens), through `accordion test` itself. `accordion test` writes
# snapshots only when asked (`--update`): with ACCORDION_RECORD=1 the
# fixtures' and the samples' snapshots are re-recorded that way first, and
# the run fails, as every recording run does.
if [[ "${ACCORDION_RECORD:-}" == 1 ]]; then
    stage "accordion test --update Tests/Fixtures/render samples (ACCORDION_RECORD=1)"
    .build/release/accordion test --update Tests/Fixtures/render samples | grep -vE '^PASS '
    echo "recorded the render fixtures' and the samples' snapshots; review the diff and run again without ACCORDION_RECORD"
    count "recording" 1 0 1
fi
python_stage "accordion-test" .build/release/accordion test samples Tests/Fixtures/test/mail-client.test.yaml Tests/Fixtures/render
# The article demo's invariants and a retargeting scrolling container's
# settled bounds (Tests/Fixtures/explore/clean), and every sample's named
# properties (every panel reachable, open content visible), over every
# order of taps to each case's depth, and deeper on seeded random walks: a
# correct spec explores clean, in seconds.
python_stage "accordion-test-explore" .build/release/accordion test --explore --walks 50 --seed 1 Tests/Fixtures/explore/clean samples
python_stage "browser" make --no-print-directory browser-test
python_stage "preview" make --no-print-directory preview-test
# axe-core over every sample page in every expansion mode (no violation but colour contrast).
python_stage "accessibility" make --no-print-directory axe-test
python_stage "bench-smoke" make --no-print-directory bench-smoke
python_stage "fuzz-smoke" make --no-print-directory fuzz-smoke

echo
if [[ ${#failed_stages[@]} -gt 0 ]]; then echo "failed stages: ${failed_stages[*]}"; fi
echo "all: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
