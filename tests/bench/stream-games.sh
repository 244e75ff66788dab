#!/usr/bin/env bash
# tests/bench/stream-games.sh [--bin DIR] [SHARED] > tests/bench/solve_stream_games.tsv
# Makes the games of the gmk-solve stream benchmark (tests/bench/solve-stream.sh):
# gmk-search self-play at small node budgets (tests/match.c, no book), each
# opening twice with the colours swapped: freestyle and standard from
# tests/match_openings.txt (120 games each), renju from the 26 standard
# openings (SHARED/openings/renju26_openings.tsv, SHARED defaulting to
# ../shared/data; the project's openings when it is absent), two pairs of
# budgets (104 games). Prints `rule TAB moves TAB result` per game. Needs
# `make build/release/tests/match` (or DEBUG's) and the programs in bin/.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
bin=$here/bin
while [ $# -gt 0 ]; do
    case $1 in
    --bin) bin=$2; shift ;;
    -*) echo "stream-games.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done
shared=${1:-$here/../shared/data}
match=$(ls "$here"/build/release/tests/match "$here"/build/*/tests/match 2>/dev/null | head -n 1)
[ -x "$match" ] || { echo "stream-games.sh: build/release/tests/match not found" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
engine() { echo "$bin/gmk-search --gomocup --no-book --nodes $1"; }
# play RULE GAMES A_NODES B_NODES [match options]
play() {
    local rule=$1 games=$2 a=$3 b=$4
    shift 4
    (cd "$here" && "$match" -r "$rule" -g "$games" -j 1 --shared "$shared" -o "$tmp/out" "$@" \
        "$(engine "$a")" "$(engine "$b")" >&2)
    awk -F'\t' -v r="$rule" '{ printf "%s\t%s\t%s\n", r, $1, $2 }' "$tmp/out"
}
echo "# gmk-solve stream benchmark games: rule, moves, result (made by tests/bench/stream-games.sh)"
play freestyle 120 3000 5000 --openings tests/match_openings.txt
play standard 120 3000 5000 --openings tests/match_openings.txt
play renju 52 2000 4000
play renju 52 3000 6000
