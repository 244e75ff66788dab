#!/bin/sh
# openings/selfplay-books.sh — makes the default opening books of gmk-search,
# openings/default-freestyle.book and default-standard.book, from
# gmk-search's own games: for each rule, every opening (freestyle and
# standard: tests/match_openings.txt; renju, on request: the 26 of
# openings/renju26.tsv — gmk-search has no default renju book, see
# open_default_books in cmd/gmk-search.c, but --book plays one)
# played once with each colour by each of several pairs of node budgets, by
# the referee of `make match` (tests/match.c), without a book. One thread
# and node budgets make every game the same on every run. The books keep
# the first 30 stones of the positions seen in at least two games
# (build-default-book.sh). About 15 minutes on 2 cores.
#
# Usage: sh openings/selfplay-books.sh [RULE...]   (default: freestyle standard)
# Environment: GMK_BIN (programs, default bin/), MATCH (the referee).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
bin=${GMK_BIN:-$root/bin}
match=${MATCH:-$root/build/release/tests/match}
[ -n "${GMK_BIN:-}" ] || make -s -C "$root" bin/gmk-search bin/gmk-book build/release/tests/match >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
[ $# -gt 0 ] || set -- freestyle standard
for rule in "$@"; do
    case $rule in
    renju) openings=$here/renju26.tsv ;;
    freestyle | standard) openings=$root/tests/match_openings.txt ;;
    *) echo "selfplay-books.sh: unknown rule $rule" >&2; exit 2 ;;
    esac
    n=$(grep -cv '^#' "$openings")
    : > "$tmp/$rule.games"
    for pair in "12000 20000" "20000 40000" "40000 12000" "8000 30000"; do
        set -- $pair
        "$match" -r "$rule" -g $((2 * n)) -j 2 -t 10000 --openings "$openings" -o "$tmp/g.txt" \
            "$bin/gmk-search --gomocup --no-book --nodes $1" \
            "$bin/gmk-search --gomocup --no-book --nodes $2" >&2
        # "moves TAB winner reason" -> "moves TAB result" (a result is black's)
        awk -F'\t' '{ split($2, r, " "); print $1 "\t" (r[1] == "black" || r[1] == "white" ? r[1] : "draw") }' \
            "$tmp/g.txt" >> "$tmp/$rule.games"
    done
    RULE=$rule OUT=$here/default-$rule.book GMK_BIN=$bin sh "$here/build-default-book.sh" "$tmp/$rule.games"
done
