#!/usr/bin/env bash
# Every test of the project, in one run (`make test` calls this after
# installing libyaml-dev when needed). Stages:
#   1. release build, failing on any compiler warning in the project's code;
#   2. unit, fixture and CLI tests (XCTest, `swift test`);
#   3. the official JSON-Schema-Test-Suite through `accordion validate --schema`;
#   4. real-browser tests of `render --format html` (headless chromium);
#   5. benchmark harness smoke run (1,000 panels, one run each, no timing asserted);
#   6. fuzz smoke run (every libFuzzer target, a few seconds each).
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

stage "unit, fixture and CLI tests (swift test)"
$SWIFT test --disable-swift-testing 2>&1 | tee "$LOG_DIR/swift-test.log"
status=${PIPESTATUS[0]}
line=$(grep -E "Executed [0-9]+ tests?, with" "$LOG_DIR/swift-test.log" | tail -1)
total=$(sed -nE 's/.*Executed ([0-9]+) tests?.*/\1/p' <<<"$line")
skipped=$(sed -nE 's/.*with ([0-9]+) tests? skipped.*/\1/p' <<<"$line")
fails=$(sed -nE 's/.* ([0-9]+) failures?.*/\1/p' <<<"$line")
[[ -n "$total" && -n "$fails" ]] && count "swift test" "$status" $((total - ${skipped:-0} - fails)) "$fails" \
    || count "swift test" "$status" "" ""

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

python_stage "json-schema-test-suite" python3 -B Tests/Conformance/json_schema_test_suite.py .build/release/accordion
python_stage "browser" make --no-print-directory browser-test
python_stage "bench-smoke" make --no-print-directory bench-smoke
python_stage "fuzz-smoke" make --no-print-directory fuzz-smoke

echo
if [[ ${#failed_stages[@]} -gt 0 ]]; then echo "failed stages: ${failed_stages[*]}"; fi
echo "all: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
