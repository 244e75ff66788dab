#!/usr/bin/env bash
# tests/demo.sh — `make demo`: the suite at work on bundled data, in under a
# minute. One section per program; a section runs only when its program is
# built (GMK_BIN/gmk-*) and says so when it is skipped, so the demo grows as
# the programs land. Each section shows its commands as a reader would type
# them, runs them in a scratch directory and stops the demo if one fails.
#
# To extend: add to your program's section function below (demo_eval,
# demo_solve, demo_book, demo_search), using `show` for each command. Data
# must be bundled with the project (puzzles/, openings/, tests/ship/selfplay.*,
# or written here with printf), never
# ../shared/data, which a fresh clone does not have. `make check` runs the
# demo too (tests/cli/ship-demo.t), so keep it working and fast.
set -u
GMK_BIN=${GMK_BIN:-$(pwd)/bin}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export PATH="$GMK_BIN:$PATH" LC_ALL=C
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
bold=$(tput bold 2>/dev/null || true) plain=$(tput sgr0 2>/dev/null || true)
[ -t 1 ] || bold="" plain=""

# show COMMAND — prints "$ COMMAND", runs it; a failure ends the demo.
show() {
    printf '%s$ %s%s\n' "$bold" "$1" "$plain"
    bash -o pipefail -c "$1" || { echo "demo: FAILED: $1" >&2; exit 1; }
    echo
}

# section PROGRAM TITLE FUNCTION — runs FUNCTION if PROGRAM is built.
section() {
    local start=$SECONDS
    printf '%s==== %s ====%s\n\n' "$bold" "$2" "$plain"
    if [ ! -x "$GMK_BIN/$1" ]; then
        printf '(%s is not built yet: skipped)\n\n' "$1"
        return
    fi
    "$3"
    printf '(%s: %d s)\n\n' "$1" $((SECONDS - start))
}

# ---- gmk-eval: positions in, facts out --------------------------------------
demo_eval() {
    printf '%s\n' \
        'h8 i9 h10	an opening' \
        'h8 h9 i8 i9 j8 j9 k8 k9 l8	black made five' \
        'h8 -- i8 -- j8	an open three, white to move' \
        'f8 a1 g8 o1 h9 a15 h10 o15	a double three at h8' \
        'a1 a2 b1 b2 c1 c2 e1 e2 f1 f2 d1	an overline' > positions.txt
    show "cat positions.txt"
    show "gmk-eval positions.txt"
    show "gmk-eval -r renju positions.txt | cut -f1,3,4,6 | sort -t \"\$(printf '\\t')\" -k3,3nr"
    if command -v jq >/dev/null 2>&1; then
        show "gmk-eval --json -r renju positions.txt | jq -c '{carry, winner, four, forbidden, score}'"
    else
        show "gmk-eval --json positions.txt"
    fi
    show "sed -n 4p positions.txt | gmk-eval -r renju -f diagram -n 3"
    show "sed -n 4p positions.txt | gmk-eval -r renju --point h8 -n 0"
    show "printf 'h8 i9 j10\\n' | gmk-eval --origin top -f diagram | tail -n +2 | gmk-eval -n 0 | cut -f1"
}

# ---- gmk-solve: forced wins ----------------------------------------------------
# Proofs by continuous fours and threats, each checked before it is printed;
# the project's own puzzles (puzzles/) two files at a time.
demo_solve() {
    printf '%s\n' \
        'h8 a1 i8 a3 j8 a5 h9 a7 h10 a9	black wins by fours' \
        'h8 a1 i8 a2 j8 a3	an open three' \
        'h8 h9 i8 i9	no forced win yet' \
        'g8 h10 i8 h11 g7 h12 i9 a1 h13	white four, forbidden defence' > puzzles.txt
    show "gmk-solve puzzles.txt"
    show "gmk-solve -r renju --all puzzles.txt | cut -f3-"
    if command -v jq >/dev/null 2>&1; then
        show "gmk-solve -r renju --json puzzles.txt | jq -c 'select(.result == \"win\") | {carry, line, verified, nodes}'"
    fi
    show "split -l 1 puzzles.txt part. && ls part.* | xargs -P 4 -n 1 gmk-solve -r renju | sort -t \"\$(printf '\\t')\" -k5 | cut -f3-"
    show "sed -n 2p puzzles.txt | gmk-solve --tree proof.sgf && cat proof.sgf"
    show "printf 'h8 i6 i11 j7 i8 j8 i9 i7 k9 k7 h7 h5 k8 c7\\n' | gmk-solve --vct --tree vct.sgf && head -c 200 vct.sgf; echo"
    show "ls $ROOT/puzzles/handmade.tsv $ROOT/puzzles/quintet.tsv | xargs -P 2 -n 1 bash $ROOT/puzzles/run.sh --fast"
}

# ---- gmk-book: opening books from game records --------------------------------
# The 52 bundled self-play games (tests/ship/selfplay.sh), half PGN, half psq.
demo_book() {
    cp "$ROOT/tests/ship/selfplay.pgn" "$ROOT/tests/ship/selfplay.psq" "$ROOT/openings/renju26.tsv" .
    show "head -9 selfplay.pgn; head -4 selfplay.psq"
    show "gmk-book build -r renju -o renju.book selfplay.pgn selfplay.psq"
    show "gmk-book stats renju.book | grep -w -e ^games -e ^positions -e ^entries -e ^bytes"
    show "printf 'h8\\nh8 h9\\nh8 i9\\n' | gmk-book probe --top 3 renju.book"
    show "printf 'h8 h9 h10\\nh8 g8 f8\\nh8 h7 h6\\n' | gmk-book probe renju.book"
    show "gmk-book probe --top 1 renju.book renju26.tsv | cut -f1,2,5 | head -8"
    if command -v jq >/dev/null 2>&1; then
        show "echo 'h8 h9' | gmk-book probe --json --top 3 renju.book | jq -c '.moves[] | {move, games, wins, score}'"
    fi
    show "for i in 1 2 3 4 5; do echo 'h8 h9' | gmk-book probe --pick renju.book | cut -f2; done"
    show "awk '/^\\[Event/ { n++ } { print > (\"shard.\" n % 4) }' selfplay.pgn && ls shard.?"
    show "ls shard.? | xargs -P 4 -I{} gmk-book build -r renju -o {}.book {}"
    show "gmk-book build -r renju -o pgn.book selfplay.pgn && gmk-book merge -o merged.book shard.?.book && cmp merged.book pgn.book && echo same bytes"
    show "printf 'h8 i9 h8\\nh8 i9 h10\\tblack\\n' | gmk-book build -o bad.book -; echo \"exit status \$?\""
}

# ---- gmk-search: the engine ----------------------------------------------------
demo_search() {
    show "printf 'h8 h9 i9\\n' | gmk-search --json --depth 6"
    show "printf 'h8 h9 i9 i8 j10\\n' | gmk-search --time 1 --verbose"
    show "printf 'h8 g8 i8 a1 j8 a3 k9 a5 k10 a7\\n' | gmk-search --depth 6"
    # the engine plays itself, one process a move (a 1 MB table: a 64 MB one
    # takes longer to clear than the search), until a five (at most 60 stones)
    show "pos=h8; while [ \"\$(echo \$pos | gmk-eval -n 0 | cut -f3)\" = - ] && [ \$(echo \$pos | wc -w) -lt 60 ]; do pos=\"\$pos \$(echo \$pos | gmk-search --nodes 3000 --hash 1 | cut -f2)\"; done; echo \"\$pos\" | gmk-eval -n 0 -f diagram"
    show "ln -s \"\$(command -v gmk-search)\" pbrain-gmk && printf 'START 15\\nINFO timeout_turn 300\\nBEGIN\\nTURN 8,8\\nTURN 9,9\\nEND\\n' | ./pbrain-gmk"
    show "gmk-search bench --depth 4 | tail -2"
}


start=$SECONDS
section gmk-eval "gmk-eval: what is on the board" demo_eval
section gmk-solve "gmk-solve: forced wins (VCF, VCT)" demo_solve
section gmk-book "gmk-book: an opening book from game records" demo_book
section gmk-search "gmk-search: a short search" demo_search
echo "demo: done in $((SECONDS - start)) s"
