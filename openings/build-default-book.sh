#!/bin/sh
# openings/build-default-book.sh GAMES... — builds a default opening book of
# gmk-search from game records made by the project's own tools (the
# self-play games of selfplay-books.sh, which calls this for each rule):
#
#     RULE=standard OUT=openings/default-standard.book openings/build-default-book.sh games.txt
#
# The first 30 stones of each game, positions seen at least twice. The
# environment: RULE (required; gmk-search reads a
# default book in freestyle and standard only, see gmk-search(1)), OUT (default
# openings/default-RULE.book), MAX_PLY, MIN_GAMES, GMK_BIN.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${GMK_BIN:-$here/../bin}
rule=${RULE:-}
[ -n "$rule" ] || { echo "$0: set RULE (freestyle, standard or renju) for the book's rule" >&2; exit 2; }
out=${OUT:-$here/default-$rule.book}
[ $# -ge 1 ] || { echo "usage: $0 GAMES..." >&2; exit 2; }
"$bin/gmk-book" build -r "$rule" --max-ply "${MAX_PLY:-30}" --min-games "${MIN_GAMES:-2}" -o "$out" "$@"
"$bin/gmk-book" stats "$out"
