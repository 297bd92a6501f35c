#!/usr/bin/env bash
# Runs every fuzz target (or the ones named) for SECONDS each, one after
# the other, and prints a summary line per target. Exit status 1 when any
# target crashed, hung, leaked or ran out of memory; the input that did it
# is in fuzz-work/artifacts/<target>/ and the log in fuzz-work/logs/.
#
#   Fuzz/run.sh SECONDS [TARGET...]
#
# Corpora grow in fuzz-work/corpus/<target>/ (git-ignored) and are reused by
# later runs; the committed seeds are samples/, Tests/Fixtures/ and
# Fuzz/seeds/<target>/. Tunables: FUZZ_TIMEOUT (s per input, default 5),
# FUZZ_RSS_MB (default 2048), FUZZ_MAX_LEN (bytes, default 16384).
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${1:?usage: Fuzz/run.sh SECONDS [TARGET...]}
shift
OUT=${FUZZ_BUILD:-.build/fuzz}
WORK=${FUZZ_WORK:-fuzz-work}
if [[ $# -gt 0 ]]; then targets=("$@"); else
    targets=(); for f in Fuzz/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi

Fuzz/build.sh "${targets[@]}" || exit 2

failed=0
# Swift's own crash backtracer fights AddressSanitizer; libFuzzer and ASan
# print the stack themselves.
export SWIFT_BACKTRACE=enable=no
# fontconfig's process-long caches (the measure loads it when a spec asks for
# `measure: font`) are not leaks; the suppressions are the test suite's.
export LSAN_OPTIONS="suppressions=$(pwd)/scripts/lsan-toolchain.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
summary="$WORK/summary.txt"
mkdir -p "$WORK"
printf '%-12s %8s %12s %10s %8s %s\n' target seconds executions exec/s rss_mb result | tee "$summary"
for target in "${targets[@]}"; do
    corpus="$WORK/corpus/$target"
    artifacts="$WORK/artifacts/$target/"
    log="$WORK/logs/$target.log"
    mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
    seeds=()
    [[ -d Fuzz/seeds/$target ]] && seeds+=("Fuzz/seeds/$target")
    # The structured target decodes bytes into decisions, so YAML files are
    # no use to it as seeds.
    if [[ $target != fuzz-model ]]; then
        for d in samples Tests/Fixtures; do [[ -d $d ]] && seeds+=("$d"); done
    fi
    # Schemas, including the official meta-schemas cached from PyPI.
    if [[ $target == fuzz-schema ]]; then
        for d in Schemas .build/meta-schemas; do [[ -d $d ]] && seeds+=("$d"); done
    fi
    "$OUT/$target" "$corpus" "${seeds[@]}" \
        -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-5}" \
        -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -max_len="${FUZZ_MAX_LEN:-16384}" \
        -artifact_prefix="$artifacts" -print_final_stats=1 >"$log" 2>&1
    status=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
    if [[ $status == 0 ]]; then result=ok; else
        result="FAILED (exit $status): $(grep -m1 -E 'ERROR:|fatal error|Fatal error|==ERROR|Test unit written' "$log" | cut -c1-160)"
        failed=1
    fi
    printf '%-12s %8s %12s %10s %8s %s\n' "$target" "$seconds" "${execs:-?}" "${rate:-?}" "${rss:-?}" "$result" | tee -a "$summary"
done
exit $failed
