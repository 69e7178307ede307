#!/usr/bin/env bash
# Runs feedlint's cargo-fuzz targets (fuzz/) one after another for a fixed time each (issue 10).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]    # default 600 s, every target
#   JOBS=2 scripts/fuzz.sh 600               # two targets at a time (one per core)
#
# Installs cargo-fuzz when missing. The toolchain here is stable, so cargo fuzz runs with
# RUSTC_BOOTSTRAP=1 (it needs -Z flags for the sanitizer). Each target's corpus (fuzz/corpus/T/,
# kept between runs) is seeded from the repository's own feeds and fuzz/seeds/T/. Prints one line
# per target: seconds, executions, executions per second, corpus size, crashes. A crash, timeout
# or out-of-memory input is saved under fuzz/artifacts/T/; the script then exits 1 and names it.
# Reproduce one with `RUSTC_BOOTSTRAP=1 cargo fuzz run T fuzz/artifacts/T/FILE` (from fuzz/'s
# parent) and turn it into a regression test (fuzz/README.md).
set -euo pipefail

SECONDS_EACH="${1:-600}"
shift || true
cd "$(dirname "$0")/.."
ROOT="$PWD"
ALL=(read_delimited read_xml read_json read_any gtin price shipping config)
if [[ $# -gt 0 ]]; then TARGETS=("$@"); else TARGETS=("${ALL[@]}"); fi
JOBS="${JOBS:-1}"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi
(cd fuzz && cargo fuzz build -O) >&2

seed() {
    local t="$1" dir="fuzz/corpus/$1"
    mkdir -p "$dir"
    local files=()
    case "$t" in
        read_delimited) files=(tests/hostile/*.csv tests/hostile/*.tsv tests/hostile/*.txt examples/*.csv examples/*.tsv) ;;
        read_xml) files=(tests/hostile/*.xml examples/*.xml) ;;
        read_json) files=(tests/hostile/*.json tests/hostile/*.ndjson examples/*.json examples/*.ndjson) ;;
        read_any) files=(tests/hostile/* examples/*.csv examples/*.xml examples/*.json) ;;
    esac
    local f
    for f in "${files[@]}" fuzz/seeds/"$t"/*; do
        [[ -f "$f" ]] || continue
        # Files above 1 MiB are left out: the fuzzer's inputs stay small.
        [[ $(stat -c %s "$f") -le 1048576 ]] || continue
        case "$t" in
            # The first byte picks the format or file name; 0 keeps the file's own kind likely.
            read_delimited | read_json | read_any) { printf '\0'; cat "$f"; } > "$dir/seed-$(basename "$f")" ;;
            *) cp "$f" "$dir/seed-$(basename "$f")" ;;
        esac
    done
}

run_one() {
    local t="$1" log="fuzz/logs/$1.log"
    mkdir -p fuzz/logs "fuzz/artifacts/$t"
    seed "$t"
    local rc=0
    (cd fuzz && cargo fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$SECONDS_EACH" -timeout=60 -rss_limit_mb=2048 -detect_leaks=0 \
        -print_final_stats=1 -artifact_prefix="artifacts/$t/") > "$log" 2>&1 || rc=$?
    local execs rate corpus crashes
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    corpus=$(find "fuzz/corpus/$t" -type f | wc -l)
    crashes=$(find "fuzz/artifacts/$t" -type f | wc -l)
    printf '%-15s %8s %12s %8s %8s %8s %s\n' "$t" "$SECONDS_EACH" "${execs:-?}" "${rate:-?}" \
        "$corpus" "$crashes" "$([[ $rc -eq 0 ]] && echo ok || echo "exit $rc: $ROOT/$log")"
}

printf '%-15s %8s %12s %8s %8s %8s %s\n' target seconds executions exec/s corpus crashes result
running=0
for t in "${TARGETS[@]}"; do
    run_one "$t" &
    running=$((running + 1))
    if [[ $running -ge $JOBS ]]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait || true

found=$(find fuzz/artifacts -type f 2>/dev/null | sort)
if [[ -n "$found" ]]; then
    echo "fuzz.sh: inputs that crashed, hung or ran out of memory:" >&2
    echo "$found" >&2
    exit 1
fi
