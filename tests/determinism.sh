#!/usr/bin/env bash
# tests/determinism.sh — the same input and options give byte-identical
# output: every case runs twice and, when it has a thread count, also with
# 1 and with N threads; the outputs (stdout, stderr, exit status) must match
# byte for byte. `make check` runs it (check-determinism).
#
#   GMK_BIN=bin GMK_SHARED=../shared/data bash tests/determinism.sh [NAME...]
#
# ADDING A CASE: one line in the CASES section at the bottom:
#
#   det NAME INPUT [--threads N] [--filter CMD] [--needs-shared] -- PROGRAM ARGS...
#
#   NAME           a unique word, shown in the report and usable to pick cases
#   INPUT          a shell command whose stdout is fed to the program ('-' for
#                  none); may use $GMK_SHARED and $TESTS (this folder)
#   --threads N    the program has a thread option: ARGS contain {T}, which
#                  becomes 1 for the reference runs and N for a third run
#                  that must give the same bytes
#   --values A B   the same for any other option whose value must not change
#                  the output (memory limits...): {T} is A, then B
#   --filter CMD   a command the outputs go through before comparing, for
#                  fields that are allowed to differ (time), e.g.
#                  --filter "sed -E 's/\"ms\":[0-9]+/\"ms\":0/'"
#   --needs-shared skip (with a notice) when $GMK_SHARED is absent
#
# DET_MAX_LINES=N (environment) keeps only the first N input lines of every
# case: `make DEBUG=1 check` sets it, as sanitized programs are slow.
#
# Examples for the programs to come:
#   det solve-vcf "cut -f8 \$GMK_SHARED/puzzles/lfz084.tsv | head -300" --needs-shared \
#       --threads 4 --filter "sed -E 's/\"ms\":[0-9]+//'" -- gmk-solve -r renju --json --threads {T}
# A program that writes a file should write it to stdout (or cat it after),
# so that the file's bytes are what is compared.
set -u
GMK_BIN=${GMK_BIN:-$(pwd)/bin}
GMK_SHARED=${GMK_SHARED:-../shared/data}
TESTS=$(cd "$(dirname "$0")" && pwd)
case "$GMK_SHARED" in /*) ;; *) GMK_SHARED=$(cd "$(dirname "$GMK_SHARED")" 2>/dev/null && pwd)/$(basename "$GMK_SHARED") ;; esac
export GMK_BIN GMK_SHARED TESTS LC_ALL=C
export PATH="$GMK_BIN:$PATH"
PICK=("$@")
# the tally of make check is ours alone, not of the runs our tests make
tally=${GMK_TALLY:-}
unset GMK_TALLY
total=0 failed=0 skipped=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Runs the command (args, {T} replaced by $1) on the input file $2; writes
# stdout, stderr and the status, filtered, to file $3.
run_once() {
    local t=$1 in=$2 out=$3
    shift 3
    local -a argv=()
    local a
    for a in "${CMD[@]}"; do argv+=("${a//\{T\}/$t}"); done
    (cd "$scratch" && "${argv[@]}" < "$in" > "$out.stdout" 2> "$out.stderr"; echo "status $?" > "$out.status")
    cat "$out.stdout" "$out.stderr" "$out.status" | eval "$FILTER" > "$out"
    rm -f "$out.stdout" "$out.stderr" "$out.status"
}

det() {
    local name=$1 input=$2
    shift 2
    local threads=0 needs_shared=0 ref=1
    FILTER=cat
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        case "$1" in
            --threads) threads=$2; shift 2 ;;
            --values) ref=$2; threads=$3; shift 3 ;;
            --filter) FILTER=$2; shift 2 ;;
            --needs-shared) needs_shared=1; shift ;;
            *) echo "det $name: unknown option $1" >&2; failed=$((failed + 1)); return ;;
        esac
    done
    shift
    CMD=("$@")
    if [ ${#PICK[@]} -gt 0 ] && [[ " ${PICK[*]} " != *" $name "* ]]; then return; fi
    if [ $needs_shared = 1 ] && [ ! -d "$GMK_SHARED" ]; then
        echo "skip $name: needs $GMK_SHARED"
        skipped=$((skipped + 1))
        return
    fi
    if ! command -v "${CMD[0]}" >/dev/null 2>&1; then
        echo "skip $name: no program ${CMD[0]}"
        skipped=$((skipped + 1))
        return
    fi
    local in="$scratch/$name.in"
    if [ "$input" = - ]; then
        : > "$in"
    elif [ -n "${DET_MAX_LINES:-}" ]; then
        (cd "$scratch" && eval "$input") | head -n "$DET_MAX_LINES" > "$in"
    else
        (cd "$scratch" && eval "$input") > "$in"
    fi
    total=$((total + 1))
    run_once "$ref" "$in" "$scratch/$name.a"
    run_once "$ref" "$in" "$scratch/$name.b"
    local bad=""
    cmp -s "$scratch/$name.a" "$scratch/$name.b" || bad="two runs differ"
    if [ -z "$bad" ] && [ "$threads" != 0 ] && [ "$threads" != "$ref" ]; then
        run_once "$threads" "$in" "$scratch/$name.c"
        cmp -s "$scratch/$name.a" "$scratch/$name.c" || bad="{T}=$ref and {T}=$threads differ"
    fi
    if [ -n "$bad" ]; then
        failed=$((failed + 1))
        echo "FAIL determinism $name: $bad (${CMD[*]})"
        diff "$scratch/$name.a" "$scratch/$name.b" | head -10
        [ -f "$scratch/$name.c" ] && diff "$scratch/$name.a" "$scratch/$name.c" | head -10
    fi
    [ -s "$scratch/$name.a" ] || echo "warning: determinism $name: no output at all"
}

# A few thousand positions made from the shared puzzles, or from the tests.
puzzle_positions() {
    if [ -d "$GMK_SHARED" ]; then
        awk -F'\t' 'NR > 1 && $3 == 15 { print $8 "\t" $1 "/" $2 }' "$GMK_SHARED/puzzles/lfz084.tsv"
    fi
    sed -n 's/^  \$ printf .\([a-v0-9 ,-]*\)\\n.*/\1/p' "$TESTS"/cli/*.t
}

# Every K-th 15x15 puzzle of one kind (vcf, vct, win3 ...) from the shared
# puzzles, with its set/index carried: shared_puzzles KIND K
shared_puzzles() {
    awk -F'\t' -v kind="$1" -v k="$2" 'NR > 1 && $3 == 15 && $6 == kind && ++n % k == 0 {
        print $8 "\t" $1 "/" $2 }' "$GMK_SHARED/puzzles/lfz084.tsv"
}

# N deterministic pseudo-random games of 24 moves, one a line.
random_games() {
    awk -v games="$1" 'BEGIN { s = 7; for (g = 0; g < games; g++) { delete used; line = ""; n = 0;
        while (n < 24) { s = (s * 69069 + 1) % 4294967296; p = int(s / 65536) % 225;
            if (p in used) continue; used[p] = 1; line = line sprintf("%c%d", 97 + p % 15, int(p / 15) + 1); n++ }
        print line } }'
}

# Filter for JSON output: drops the "ms" member (time may differ).
NO_MS="sed -E 's/,\"ms\":[0-9.]+//'"

# ---- CASES ------------------------------------------------------------------
det eval-text "puzzle_positions" -- gmk-eval -r renju
det eval-json "puzzle_positions" -- gmk-eval --json -r renju
det eval-freestyle "puzzle_positions" -- gmk-eval --json
det eval-diagram "puzzle_positions | head -200" -- gmk-eval -f diagram -r standard
det eval-garbage "head -c 100000 $GMK_BIN/gmk-eval" -- gmk-eval --json
det solve-vcf "shared_puzzles vcf 25" --needs-shared --filter "$NO_MS" \
    -- gmk-solve -r renju --json --all --nodes 20000
det solve-vct "shared_puzzles vct 20" --needs-shared --filter "$NO_MS" \
    -- gmk-solve -r renju --vct --json --nodes 20000
det solve-tests "puzzle_positions | head -100" --filter "$NO_MS" -- gmk-solve --json --nodes 5000
det solve-memory "puzzle_positions | head -100" --values 1 256 --filter "$NO_MS" \
    -- gmk-solve --json --all --nodes 5000 -m {T}
# a book is compared as the bytes of the file; 1 MB of counts spills sorted
# runs, 1024 MB keeps all in memory: the same book
det book-build "random_games 3000" --values 1 1024 \
    -- sh -c 'gmk-book build -o b.book -m {T} --max-ply 0 - && cat b.book'
# the search is deterministic single-threaded (lazy SMP with N threads is
# not, by design): bench node counts and signature, and searches to a depth
det search-bench - --filter "sed -E 's/[0-9]+ ms//g; s/nps [0-9]+//; s/ +/ /g'" -- gmk-search bench -d 4
det search-depth "puzzle_positions | head -40" --filter "$NO_MS" -- gmk-search --json -d 3
det book-shared "cat $GMK_SHARED/games/eva_movelists.txt" --needs-shared \
    -- sh -c 'gmk-book build -o b.book - && gmk-book dump b.book && cat b.book'

echo "determinism: $total cases, $failed failed, $skipped skipped"
GMK_TALLY=$tally sh "$(dirname "$0")/tally.sh" add determinism $((total - failed)) "$failed" "$skipped"
[ "$failed" -eq 0 ]
