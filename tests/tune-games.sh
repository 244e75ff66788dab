#!/usr/bin/env bash
# tests/tune-games.sh [--games N] [--rules "R..."] [--out DIR] OPPDIR — the
# positions the evaluation's weights are fitted on (tests/tune.c): games of
# Rapfi's classical engine against PentaZen, both stronger than gmk-search,
# and every position of them labelled by Rapfi's own evaluation.
#
# OPPDIR is the folder ../shared/tools/opponents.sh built (bin/c-gomoku-cli,
# bin/pbrain-rapfi-classical220723, bin/pbrain-pentazen); nothing in the
# tree needs them, and their games are not kept in it. Per rule (default
# "freestyle standard"): N games (default 400) at tc=2/0.08, one at a time,
# from the 200 openings of tests/ab_openings_freestyle.txt (each twice,
# colours swapped); DIR/RULE.txt (default DIR: tune-games) with one game a
# line as tests/tune reads them (moves from the bottom-left, a TAB, the
# winner; games lost on time or by a crash left out); then DIR/RULE.lab,
# each position after the sixth stone labelled by Rapfi's evaluation of the
# side to move after a 40 ms search (tests/label: timeout_turn 70 ms, of
# which Rapfi keeps 30 back). Last, the command that
# fits the weights (Rapfi's evaluation is a win rate through
# sigmoid(v / 200), its own scaling factor: -e 200):
#
#   make tune && build/release/tests/tune -n 3000 -e 200 -r freestyle DIR/freestyle.lab \
#       -r standard DIR/standard.lab > lib/search/eval_weights.def
#
# About 9 minutes a rule for the games and 4 for the labels.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
games=400 rules="freestyle standard" out=tune-games
while [ $# -gt 0 ]; do
    case $1 in
    --games) games=$2; shift ;;
    --rules) rules=$2; shift ;;
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
# the openings as c-gomoku-cli's offsets from the centre (rows from the top)
awk '!/^#/ && NF {
        s = $0; o = ""
        while (match(s, /[a-o][0-9]+/)) {
            m = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
            x = index("abcdefghijklmno", substr(m, 1, 1)) - 8; y = 8 - substr(m, 2)
            o = o (o ? ", " : "") x "," y
        }
        print o
    }' "$here/tests/ab_openings_freestyle.txt" > "$out/openings.txt"
for rule in $rules; do
    case $rule in
    freestyle) code=0 ;;
    standard) code=1 ;;
    renju) code=4 ;;
    *) echo "tune-games.sh: unknown rule $rule" >&2; exit 2 ;;
    esac
    echo "tune-games: $rule, $games games"
    "$opp/bin/c-gomoku-cli" -each tc=2/0.08 maxmemory=67108864 \
        -engine "cmd=$opp/bin/pbrain-rapfi-classical220723" name=rapfi \
        -engine "cmd=$opp/bin/pbrain-pentazen" name=pentazen \
        -rule $code -boardsize 15 -games "$games" -repeat -concurrency 1 \
        -openings file="$out/openings.txt" order=sequential -sgf "$out/$rule.sgf" > "$out/$rule.log" 2>&1 ||
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
    "$here/build/release/tests/label" -r "$rule" "$opp/bin/pbrain-rapfi-classical220723" "$out/$rule.txt" \
        > "$out/$rule.lab" || exit 1
done
args=""
for rule in $rules; do args="$args -r $rule $out/$rule.lab"; done
echo "fit: make tune && build/release/tests/tune -n 3000 -e 200$args > lib/search/eval_weights.def"
