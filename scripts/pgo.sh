#!/usr/bin/env bash
# A profile-guided (PGO) release build of feedlint and of the bench's examples (issue 9).
#
#   scripts/pgo.sh          # builds target/pgo/release/feedlint and target/pgo/release/examples/*
#   cargo install --path . --root DIR   # (the plain build) for comparison
#
# 1. builds feedlint and the examples instrumented (`-Cprofile-generate`) in target/pgo/instrumented;
# 2. writes training feeds with examples/genfeed.rs (seed 11 and 50,000 products: not the bench's
#    seed 7 feeds, so the profile is not of the files it is measured on) in every format the bench
#    reads: CSV, RSS 2.0 and a bare JSON array;
# 3. runs on each what the bench times: `validate --format ndjson` with one and two jobs,
#    `batch --format json`, `convert --to ndjson`, `gtin --from-feed`, and the bare parse loop
#    (examples/bareparse.rs), so that the bench's reference loop is built from a profile of its
#    own work just as feedlint is;
# 4. merges the profiles with the toolchain's llvm-profdata (rustup's `llvm-tools` component,
#    added if missing: it must match rustc's LLVM) and builds again with `-Cprofile-use`.
# Output is byte-identical to the plain build's; only the code layout and inlining change
# (docs/performance.md, "03072dc, a80541d"). `BENCH_PGO=1 scripts/bench.sh N` runs the bench on this build.
# The RUSTFLAGS set below replace .cargo/config.toml's (LLVM's inlining threshold): the profile
# decides what to inline here, and the PGO measurements in docs/performance.md were made so.
set -euo pipefail
cd "$(dirname "$0")/.."

SYSROOT="$(rustc --print sysroot)"
HOST="$(rustc -vV | sed -n 's/^host: //p')"
PROFDATA="$SYSROOT/lib/rustlib/$HOST/bin/llvm-profdata"
if [[ ! -x $PROFDATA ]]; then
    echo "pgo.sh: adding rustup's llvm-tools component (llvm-profdata)" >&2
    rustup component add llvm-tools >&2
fi
if [[ ! -x $PROFDATA ]]; then
    echo "pgo.sh: $PROFDATA is missing: rustup component add llvm-tools" >&2
    exit 2
fi

OUT="$PWD/target/pgo"
GEN_DIR="$OUT/instrumented"
PROFILES="$OUT/profiles"
TRAIN="$OUT/train"
MERGED="$OUT/merged.profdata"
rm -rf "$PROFILES" "$MERGED"
mkdir -p "$PROFILES" "$TRAIN"

# Build scripts compiled with -Cprofile-generate write profiles of their own while cargo runs
# them: they go to a scratch directory, and only the training runs' files are merged.
RUSTFLAGS="-Cprofile-generate=$PROFILES/build" \
    cargo build --locked --release --bins --examples --target-dir "$GEN_DIR" >&2
BIN="$GEN_DIR/release/feedlint"
EX="$GEN_DIR/release/examples"

N="${PGO_TRAIN_PRODUCTS:-50000}"
declare -A FEED=([csv]="$TRAIN/train-$N.csv" [rss]="$TRAIN/train-$N.xml" [json]="$TRAIN/train-$N.array.json")
export LLVM_PROFILE_FILE="$PROFILES/build/scratch-%p-%m.profraw"
[[ -s ${FEED[csv]} ]] || "$EX/genfeed" --format csv --count "$N" --seed 11 --defects 0.1 > "${FEED[csv]}"
[[ -s ${FEED[rss]} ]] || "$EX/genfeed" --format rss --count "$N" --seed 11 --defects 0.1 > "${FEED[rss]}"
if [[ ! -s ${FEED[json]} ]]; then
    "$EX/genfeed" --format json --count "$N" --seed 11 --defects 0.1 |
        sed -e '1s/^{"products": \[$/[/' -e '$s/^\]}$/]/' > "${FEED[json]}"
fi

export LLVM_PROFILE_FILE="$PROFILES/train-%p-%m.profraw"
DB="$(mktemp -d)"
trap 'rm -rf "$DB"' EXIT
common=(--api-key adb_prod_benchmark0123456789XY --db "$DB/db")
for kind in csv rss json; do
    f="${FEED[$kind]}"
    echo "pgo.sh: training on $f" >&2
    "$EX/bareparse" --kind "$kind" "$f" > /dev/null
    for jobs in 1 2; do
        "$BIN" -q validate --format ndjson --exit-zero --jobs "$jobs" "${common[@]}" "$f" > /dev/null
    done
    # Its report, with the clock and request id fixed and a database of its own, is kept to compare
    # with the final build's.
    FEEDLINT_NOW=2026-01-01T00:00:00Z FEEDLINT_REQUEST_ID=req_pgo \
        "$BIN" -q batch --format json --exit-zero --api-key adb_prod_benchmark0123456789XY \
        --db "$DB/before-$kind" "$f" | cksum > "$TRAIN/$kind.cksum"
    "$BIN" -q convert --to ndjson "${common[@]}" "$f" > /dev/null
    "$BIN" -q gtin --from-feed "$f" --format json --exit-zero "${common[@]}" > /dev/null
done
"$BIN" categories "${common[@]}" > /dev/null
"$BIN" gtin 4006381333931 "${common[@]}" > /dev/null

"$PROFDATA" merge -o "$MERGED" "$PROFILES"/train-*.profraw
RUSTFLAGS="-Cprofile-use=$MERGED" cargo build --locked --release --bins --examples --target-dir "$OUT" >&2
# The same reports from the final build: PGO changes how the code is laid out, never what it does.
unset LLVM_PROFILE_FILE
for kind in csv rss json; do
    f="${FEED[$kind]}"
    if ! FEEDLINT_NOW=2026-01-01T00:00:00Z FEEDLINT_REQUEST_ID=req_pgo \
        "$OUT/release/feedlint" -q batch --format json --exit-zero \
        --api-key adb_prod_benchmark0123456789XY --db "$DB/after-$kind" "$f" |
        cksum | cmp -s - "$TRAIN/$kind.cksum"; then
        echo "pgo.sh: the PGO build's batch report on $f differs from the instrumented build's" >&2
        exit 1
    fi
done
echo "pgo.sh: built $OUT/release/feedlint from $(find "$PROFILES" -maxdepth 1 -name 'train-*.profraw' | wc -l) profiles" >&2
