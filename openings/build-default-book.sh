#!/bin/sh
# openings/build-default-book.sh GAMES... — builds openings/default.book, the
# book gmk-search is to use by default, from game records made by the
# project's own tools (gmk-search self-play, once gmk-search exists):
#
#     gmk-search --selfplay ... > selfplay.txt      # not there yet
#     openings/build-default-book.sh selfplay.txt
#
# Renju, the first 30 stones of each game, positions seen at least twice.
# The environment can change that: RULE, MAX_PLY, MIN_GAMES, GMK_BIN.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${GMK_BIN:-$here/../bin}
[ $# -ge 1 ] || { echo "usage: $0 GAMES..." >&2; exit 2; }
"$bin/gmk-book" build -r "${RULE:-renju}" --max-ply "${MAX_PLY:-30}" \
    --min-games "${MIN_GAMES:-2}" -o "$here/default.book" "$@"
"$bin/gmk-book" stats "$here/default.book"
