#!/usr/bin/env bash
# tests/tune-games.sh [--games N] [--rules "R..."] [--jobs J] [--out DIR] OPPDIR
# — the positions the evaluation's weights are fitted on (tests/tune.c):
# games of Rapfi's classical engine against itself (stronger than
# gmk-search; PentaZen, the other opponent, is weaker and in renju loses
# games by forbidden moves), and every position of them labelled by Rapfi's
# own evaluation.
#
# OPPDIR is the folder ../shared/tools/opponents.sh built (bin/c-gomoku-cli,
# bin/pbrain-rapfi-classical220723); nothing in the tree needs them, and
# their games are not kept in it. Per rule (default "freestyle standard
# renju"): N games (default 400) at tc=2/0.08, J at a time (default 2), the
# openings in random order, each under one of the 8 board symmetries
# (c-gomoku-cli's -transform): renju from the 26 standard openings
# (openings/renju26.tsv), freestyle and standard from the 200 of
# tests/ab_openings_freestyle.txt; DIR/RULE.txt (default DIR: tune-games)
# with one game a line as tests/tune reads them (moves from the
# bottom-left, a TAB, the winner; games lost on time or by a crash left
# out); then DIR/RULE.lab, each position after the sixth stone labelled by
# Rapfi's evaluation of the side to move after a 40 ms search (tests/label:
# timeout_turn 70 ms, of which Rapfi keeps 30 back; J labellers on parts of
# the games). Last, the command that fits the weights (Rapfi's evaluation is
# a win rate through sigmoid(v / 200), its own scaling factor: -e 200):
#
#   make tune && build/release/tests/tune -n 2000 -e 200 -r freestyle DIR/freestyle.lab \
#       -r standard DIR/standard.lab -r renju DIR/renju.lab > lib/search/eval_weights.def
#
# On 2 cores, 400 games take about 5 minutes and their labels 7.
#
# Measured with it (2026-12-07; matches against Rapfi at tc=2/0.08 from the
# 26 renju openings under the 8 symmetries, the games where Rapfi answered
# START with ERROR left out; the tree's weights before: renju 38.8% of 587
# games, black 101/293, white 127/294): fits on 800 renju games (31,576
# positions), 400 freestyle and 400 standard (33,671) lowered the loss on
# held-out labels from 0.094 to 0.068 (renju), 0.060 to 0.055 and 0.059 to
# 0.051, and on the outcomes of 196 other renju games from 0.210 to 0.196.
# In play: both renju sets 39.2% of 584; the white-to-move set alone 32.6%
# of 387; the black-to-move set alone 40.7% of 381 (fitted on 90% of the
# positions) and 42.6% of 373 (black 72/185, white 87/188; on all of them):
# that set is in lib/search/eval_weights.def, the fit on the black-to-move
# positions only (an even number of stones; the other sets then have no
# sample and stay as they are):
#
#   awk -F'\t' '{ s = $1; n = gsub(/[a-o][0-9]+/, "", s) } n % 2 == 0' DIR/renju.lab > renju-b.lab
#   build/release/tests/tune -n 2000 -e 200 -r renju renju-b.lab > lib/search/eval_weights.def
#
# (tune starts from the weights it was built with: those of 8b4bc89 here.)
#
# Freestyle 31.1% of 190 against 33.8% of 185, standard 39.3% of 191
# against 40.8% of 185: their set stays.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
games=400 rules="freestyle standard renju" jobs=2 out=tune-games
while [ $# -gt 0 ]; do
    case $1 in
    --games) games=$2; shift ;;
    --rules) rules=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --out) out=$2; shift ;;
    -*) echo "tune-games.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done
opp=${1:-}
if [ -z "$opp" ] || [ ! -x "$opp/bin/c-gomoku-cli" ]; then
    echo "tune-games.sh: OPPDIR with bin/c-gomoku-cli is needed (../shared/tools/opponents.sh OPPDIR)" >&2
    exit 2
fi
mkdir -p "$out" || exit 2
make -C "$here" tune > /dev/null || exit 2
rapfi=$opp/bin/pbrain-rapfi-classical220723
for rule in $rules; do
    case $rule in
    freestyle) code=0 openings=tests/ab_openings_freestyle.txt ;;
    standard) code=1 openings=tests/ab_openings_freestyle.txt ;;
    renju) code=4 openings=openings/renju26.tsv ;;
    *) echo "tune-games.sh: unknown rule $rule" >&2; exit 2 ;;
    esac
    echo "tune-games: $rule, $games games"
    awk -f "$here/tests/offsets.awk" "$here/$openings" > "$out/$rule.openings" || exit 2
    "$opp/bin/c-gomoku-cli" -each tc=2/0.08 maxmemory=67108864 \
        -engine "cmd=$rapfi" name=rapfi -engine "cmd=$rapfi" name=rapfi2 \
        -rule $code -boardsize 15 -games "$games" -repeat -concurrency "$jobs" \
        -openings file="$out/$rule.openings" order=random -transform -sgf "$out/$rule.sgf" > "$out/$rule.log" 2>&1 ||
        { tail -5 "$out/$rule.log"; exit 1; }
    grep 'Score of' "$out/$rule.log" | tail -1
    # SGF (GM[4], rows from the top) -> "moves<TAB>winner", five-in-a-row
    # wins and draws only
    awk 'BEGIN { RS = "\\(;" }
        NR > 1 {
            re = ""; te = ""
            if (match($0, /RE\[[^]]*\]/)) re = substr($0, RSTART + 3, RLENGTH - 4)
            if (match($0, /TE\[[^]]*\]/)) te = substr($0, RSTART + 3, RLENGTH - 4)
            w = re ~ /^B\+/ ? "black" : re ~ /^W\+/ ? "white" : "draw"
            if (w != "draw" && te !~ /five/) next
            s = $0; mv = ""; n = 0
            while (match(s, /;[BW]\[[a-o][a-o]\]/)) {
                c = substr(s, RSTART + 3, 1); r = 15 - (index("abcdefghijklmno", substr(s, RSTART + 4, 1)) - 1)
                mv = mv c r; n++; s = substr(s, RSTART + RLENGTH)
            }
            if (n >= 8) print mv "\t" w
        }' "$out/$rule.sgf" > "$out/$rule.txt"
    echo "tune-games: $(wc -l < "$out/$rule.txt") games in $out/$rule.txt"
    # J labellers, each on every J-th game
    pids=()
    for ((j = 0; j < jobs; j++)); do
        awk -v j=$j -v n="$jobs" 'NR % n == j' "$out/$rule.txt" > "$out/$rule.$j.part"
        "$here/build/release/tests/label" -r "$rule" "$rapfi" "$out/$rule.$j.part" > "$out/$rule.$j.lab" &
        pids+=($!)
    done
    ok=1
    for p in "${pids[@]}"; do wait "$p" || ok=0; done
    [ $ok = 1 ] || { echo "tune-games.sh: labelling failed" >&2; exit 1; }
    for ((j = 0; j < jobs; j++)); do cat "$out/$rule.$j.lab"; done > "$out/$rule.lab"
    rm -f "$out/$rule".[0-9]*.part "$out/$rule".[0-9]*.lab
    echo "tune-games: $(wc -l < "$out/$rule.lab") positions in $out/$rule.lab"
done
args=""
for rule in $rules; do args="$args -r $rule $out/$rule.lab"; done
echo "fit: make tune && build/release/tests/tune -n 2000 -e 200$args > lib/search/eval_weights.def"
echo "(every set of those rules; which fitted sets played better, and the command that keeps one, are in the header of $0)"
