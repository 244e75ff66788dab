#!/usr/bin/env bash
# tests/engine-match.sh [--rule R] [--games N] [--tc G/M] [--openings SET|FILE]
#                       [--jobs J] [--out PREFIX] [--gmk CMD] OUTDIR ENGINE
# tests/engine-match.sh --tally SGF [--rule R] [--tc G/M] [ENGINE]
#
# gmk-search against another Gomocup (pbrain) engine, as the figures of
# README's Performance section were measured: c-gomoku-cli from OUTDIR
# (../shared/tools/opponents.sh OUTDIR builds it, with PentaZen and Rapfi;
# nothing in the tree needs them), 15x15, 64 MB each, N games (default 200)
# at tc=G/M (default 2/0.08: G seconds a game, M a move), J at a time
# (default 2: one engine thinks per game), each opening twice with the
# colours swapped and under c-gomoku-cli's 8 board transforms in turn.
# ENGINE is a pbrain engine (OUTDIR/bin/pbrain-rapfi-classical220723,
# OUTDIR/bin/pbrain-pentazen, or a path); --gmk CMD replaces gmk-search
# (default: bin/gmk-search --gomocup with the tree's default books).
# Openings: `r26` (default), the 26 renju openings of openings/renju26.tsv;
# `kata60`, the 60 balanced five-stone renju openings of
# SHARED/openings/katagomo_renju5_balanced_first60.txt (SHARED: GMK_SHARED
# or ../shared/data), openings gmk-search was never tuned on; or a FILE of
# c-gomoku-cli offsets (one opening a line: x,y pairs from the centre, rows
# from the top).
#
# The games go to PREFIX.sgf and c-gomoku-cli's output to PREFIX.log
# (default PREFIX: match-RULE-OPENINGS-ENGINE in the current folder); then
# one line: gmk-search's score over the games that counted, by colour. A
# game that ENGINE's START answered with ERROR (Rapfi does now and then;
# c-gomoku-cli scores it as a time loss before any engine move) is left out
# and counted; losses on time, by a crash, an illegal or a forbidden move
# are counted for each side. --tally SGF prints that line for the games of
# an SGF file from an earlier match (the player named gmk against the
# other), without playing. Exit status: 0 when the match ran, 1 when
# c-gomoku-cli failed, 2 on usage errors.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
shared=${GMK_SHARED:-$here/../shared/data}
rule=freestyle games=200 tc=2/0.08 openings=r26 jobs=2 out= gmk= tally=
while [ $# -gt 0 ]; do
    case $1 in
    --rule) rule=$2; shift ;;
    --games) games=$2; shift ;;
    --tc) tc=$2; shift ;;
    --openings) openings=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --out) out=$2; shift ;;
    --gmk) gmk=$2; shift ;;
    --tally) tally=$2; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "engine-match.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done
# the tally: a game with no engine move (no "ms" comment) lost on time or
# by a crash is a START error
tally_sgf() {
    awk -v rule="$rule" -v tc="$tc" -v opp="$2" 'BEGIN { RS = "\\(;" }
function prop(p,   r) { r = ""; if (match($0, p "\\[[^]]*\\]")) r = substr($0, RSTART + 3, RLENGTH - 4); return r }
NR > 1 {
    pb = prop("PB"); pw = prop("PW"); re = prop("RE"); te = prop("TE")
    s = $0
    if (gsub(/ms\]/, "", s) == 0 && te ~ /time|crash/) { start++; next }
    black = re ~ /^B\+/ ? 1 : re ~ /^W\+/ ? 0 : 0.5
    if (pb == "gmk") { nb++; b += black } else if (pw == "gmk") { nw++; w += 1 - black } else next
    if (te ~ /time|crash|illegal|forbidden/) {
        if ((re ~ /^B\+/ && pw == "gmk") || (re ~ /^W\+/ && pb == "gmk")) own++
        else other++
    }
}
END {
    n = nb + nw
    printf "gmk-search vs %s, %s, tc=%s: %.1f/%d = %.1f%% (black %.1f/%d, white %.1f/%d); START errors left out %d; " \
        "lost on time, crash, illegal or forbidden move: gmk-search %d, %s %d\n",
        opp, rule, tc, b + w, n, n ? 100 * (b + w) / n : 0, b, nb, w, nw, start, own, opp, other
}' "$1"
}
case $rule in
freestyle) code=0 ;;
standard) code=1 ;;
renju) code=4 ;;
*) echo "engine-match.sh: unknown rule $rule" >&2; exit 2 ;;
esac
if [ -n "$tally" ]; then
    [ -r "$tally" ] || { echo "engine-match.sh: cannot read $tally" >&2; exit 2; }
    tally_sgf "$tally" "${1:-opponent}"
    exit 0
fi
if [ $# -ne 2 ]; then
    echo "usage: tests/engine-match.sh [options] OUTDIR ENGINE (--help)" >&2
    exit 2
fi
opp=$1 engine=$2
cli=$opp/bin/c-gomoku-cli
[ -x "$cli" ] || { echo "engine-match.sh: $cli not found (../shared/tools/opponents.sh $opp builds it)" >&2; exit 2; }
[ -x "$engine" ] || [ -x "$opp/bin/$engine" ] || { echo "engine-match.sh: engine $engine not found" >&2; exit 2; }
[ -x "$engine" ] || engine=$opp/bin/$engine
case $games in '' | *[!0-9]*) echo "engine-match.sh: --games wants a number" >&2; exit 2 ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# the openings as c-gomoku-cli's offsets
case $openings in
r26) awk -f "$here/tests/offsets.awk" "$here/openings/renju26.tsv" > "$tmp/openings.txt" ;;
kata60)
    f=$shared/openings/katagomo_renju5_balanced_first60.txt
    [ -f "$f" ] || { echo "engine-match.sh: $f not found" >&2; exit 2; }
    # GTP coordinates (no column I), rows from the bottom
    awk '!/^#/ && NF { o = ""
            for (i = 2; i <= NF && $i != "#"; i++)
                o = o (o ? ", " : "") (index("ABCDEFGHJKLMNOP", substr($i, 1, 1)) - 8) "," (8 - substr($i, 2))
            print o }' "$f" > "$tmp/openings.txt" ;;
*)
    [ -f "$openings" ] || { echo "engine-match.sh: openings $openings: no such set or file" >&2; exit 2; }
    cp "$openings" "$tmp/openings.txt" ;;
esac
[ -s "$tmp/openings.txt" ] || { echo "engine-match.sh: no openings" >&2; exit 2; }
if [ -z "$gmk" ]; then
    [ -x "$here/bin/gmk-search" ] || { echo "engine-match.sh: bin/gmk-search not built (make)" >&2; exit 2; }
    printf '#!/bin/sh\nGMK_BOOK_DIR="%s" exec "%s" --gomocup "$@"\n' "$here/openings" "$here/bin/gmk-search" > "$tmp/pbrain-gmk"
else
    printf '#!/bin/sh\nexec %s "$@"\n' "$gmk" > "$tmp/pbrain-gmk"
fi
chmod +x "$tmp/pbrain-gmk"
[ -n "$out" ] || out=match-$rule-$(basename "$openings" .txt)-$(basename "$engine")
"$cli" -each tc="$tc" maxmemory=67108864 \
    -engine cmd="$tmp/pbrain-gmk" name=gmk -engine cmd="$engine" name=opponent \
    -rule $code -boardsize 15 -games "$games" -repeat -concurrency "$jobs" \
    -openings file="$tmp/openings.txt" order=sequential -transform -sgf "$out.sgf" > "$out.log" 2>&1 ||
    { echo "engine-match.sh: c-gomoku-cli failed (rc $?), see $out.log" >&2; exit 1; }
tally_sgf "$out.sgf" "$(basename "$engine")"
