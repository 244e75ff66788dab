#!/usr/bin/env bash
# tests/match-study.sh [--engine CMD]... [--limit ARGS] [--solve-time T] [--keep DIR] [SGF...]
#
# Where does gmk-search lose its games against other engines? For every game
# of the SGF files (c-gomoku-cli's match records, GM[4], rows from the top;
# default: SHARED/matches/gmk-vs-*.sgf, SHARED defaulting to ../shared/data)
# that the player named "gmk" lost:
#  1. after each of its moves (from the fourth stone on), is there a forced
#     win by continuous threats for the opponent (`gmk-solve --vct`,
#     --solve-time each, default 1 s)? The first such move is the game's
#     "losing move" as far as VCT can see;
#  2. before that move, could it have been refuted (`gmk-solve --defend
#     --vct`, 5 s)? "none": every move lets the VCT through: the game was
#     lost before, by a quiet attack longer than VCT sees (or, in freestyle,
#     by the opening itself); "some": the listed moves stop it; "open": a
#     limit left moves undecided; "quiet": there was no VCT to stop;
#  3. where some move refutes it, does ENGINE (default: the gmk-search of
#     GMK_BIN, else of bin/, with the search limit --limit, default "--nodes
#     100000": about the matches' 80 ms a move, and the same answer on every
#     run, which a time is not) now choose one of them? (--engine again:
#     each engine a column)
# One line per lost game (stone: the move's number in the game, the
# opening's three stones included; engines: each one's move, + when it
# refutes), then the counts. A refutation found here only stops the VCT of
# the solver's limits (threats of VCFs of up to two fours): the opponent may
# still win by a longer attack, so an engine's count of refuting moves is an
# upper bound on the losing moves it avoids. Minutes, not seconds: an opt-in
# study, not a test (README Performance has the figures).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
engines=() limit="--nodes 100000" stime=1s keep=
shared=${GMK_SHARED:-$here/../shared/data}
while [ $# -gt 0 ]; do
    case $1 in
    --engine) engines+=("$2"); shift ;;
    --limit) limit=$2; shift ;;
    --solve-time) stime=$2; shift ;;
    --keep) keep=$2; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "match-study.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done
bin=${GMK_BIN:-$here/bin}
[ ${#engines[@]} -gt 0 ] || engines=("$bin/gmk-search")
[ $# -gt 0 ] || set -- "$shared"/matches/gmk-vs-*.sgf
for f in "$@"; do
    [ -r "$f" ] || { echo "match-study.sh: cannot read $f" >&2; exit 2; }
done
solve=$bin/gmk-solve
[ -x "$solve" ] || { echo "match-study.sh: $solve not built (make)" >&2; exit 2; }
work=${keep:-$(mktemp -d)}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

# shellcheck disable=SC2094 # $f is read, the basename only printed
# games: file TAB game TAB rule TAB gmk's colour TAB won|lost TAB moves (rows from the top)
for f in "$@"; do
    tr -d '\n\r' < "$f" | sed 's/(;/\n(;/g' | awk -v file="$(basename "$f" .sgf)" '
    function prop(p,   r) { r = ""; if (match($0, p "\\[[^]]*\\]")) r = substr($0, RSTART + length(p) + 1, RLENGTH - length(p) - 2); return r }
    /^\(;/ {
        gn = prop("GN"); pb = prop("PB"); re = prop("RE"); ru = prop("RU")
        rule = ru == "4" ? "renju" : ru == "1" ? "standard" : "freestyle"
        colour = pb == "gmk" ? "black" : "white"
        won = (substr(re, 1, 1) == "B") == (colour == "black") ? "won" : "lost"
        mv = ""; s = $0
        while (match(s, /;[BW]\[[a-z][a-z]\]/)) {
            c = substr(s, RSTART + 3, 1); r = substr(s, RSTART + 4, 1)
            mv = mv (mv == "" ? "" : " ") c (index("abcdefghijklmnopqrstuv", r))
            s = substr(s, RSTART + RLENGTH)
        }
        print file "\t" gn "\t" rule "\t" colour "\t" won "\t" mv
    }'
done > "$work/games.tsv"

# gmk-solve over the positions of IN (lines "position TAB file:game:rule:..."),
# each with its game's rule, the answers appended to OUT
solve_by_rule() {
    local in=$1 out=$2 rule
    shift 2
    for rule in freestyle standard renju; do
        grep ":$rule:" "$in" > "$in.$rule" || continue
        "$solve" -r $rule --origin top "$@" < "$in.$rule" >> "$out"
    done
}

# 1. after each of gmk's moves in the lost games: the opponent's VCT
awk -F'\t' '$5 == "lost" {
    n = split($6, m, " "); pos = ""
    for (i = 1; i <= n; i++) {
        pos = pos (i > 1 ? " " : "") m[i]
        if (i >= 4 && (i % 2 == 1) == ($4 == "black")) print pos "\t" $1 ":" $2 ":" $3 ":" i
    }
}' "$work/games.tsv" > "$work/after.txt"
: > "$work/after.out"
solve_by_rule "$work/after.txt" "$work/after.out" --vct --time "$stime"

# the first win a game: the position before that move (the solver's echo of
# the position after it, its last move taken off), and the move
awk -F'\t' '$3 == "win" { split($NF, t, ":"); k = t[1] ":" t[2]
        if (k in stone && stone[k] <= t[4] + 0) next
        if (!(k in stone)) order[n++] = k
        stone[k] = t[4] + 0; match($1, /[a-v][0-9]+$/)
        line[k] = substr($1, 1, RSTART - 1) "\t" $NF ":" substr($1, RSTART) }
    END { for (i = 0; i < n; i++) print line[order[i]] }' "$work/after.out" > "$work/before.txt"

# 2. and 3. refutable? and the engines' moves there
: > "$work/defend.out"
solve_by_rule "$work/before.txt" "$work/defend.out" --vct --defend --time 5s
while IFS=$'\t' read -r pos _ threat refs rest; do
    tag=${rest##*$'\t'}
    if [ "$threat" != threat ]; then
        verdict=quiet mine=- # no VCT before the move: the move itself made it
    elif [ "$refs" = "-" ] || [ -z "$refs" ]; then
        verdict=none mine=-
        case $rest in \?*) verdict=open ;; esac
    else
        verdict=some mine=
        IFS=: read -r _ _ rule _ <<< "$tag"
        for engine in "${engines[@]}"; do
            # shellcheck disable=SC2086 # engine and limit are word lists
            m=$(printf '%s\n' "$pos" | $engine -r "$rule" --origin top $limit 2>/dev/null | cut -f2)
            # the refutations are written together (e7f7i7j7): split them
            if printf '%s\n' "$refs" | grep -oE '[a-v][0-9]+' | grep -qx "$m"; then m="$m+"; else m="$m-"; fi
            mine="$mine${mine:+ }$m"
        done
    fi
    printf '%s\t%s\t%s\t%s\n' "$tag" "$verdict" "$refs" "$mine"
done < "$work/defend.out" > "$work/study.tsv"

printf '%-28s %4s %-5s %-6s %-22s %s\n' game stone move before refutations "engines (${#engines[@]})"
sort -t: -k1,1 -k2,2n "$work/study.tsv" | while IFS=$'\t' read -r tag verdict refs mine; do
    IFS=: read -r file gn _ stone move <<< "$tag"
    printf '%-28s %4s %-5s %-6s %-22s %s\n' "$file:$gn" "$stone" "$move" "$verdict" "${refs:0:22}" "$mine"
done
lost=$(awk -F'\t' '$5 == "lost"' "$work/games.tsv" | wc -l)
awk -F'\t' -v lost="$lost" -v limit="$limit" -v names="$(printf '%s\t' "${engines[@]}")" '
    { n[$2]++; if ($2 == "some") { k++; ne = split($4, e, " "); for (i = 1; i <= ne; i++) ok[i] += (e[i] ~ /\+$/) } }
    { split($1, t, ":"); early += t[4] + 0 <= 12 }
    END {
        printf "lost games %d; a VCT after one of gmk'"'"'s moves in %d (by the 12th stone in %d)\n", lost, NR, early
        printf "before that move: refutable %d, not refutable (lost earlier) %d, undecided %d, no VCT yet %d\n", n["some"], n["none"], n["open"], n["quiet"]
        ne = split(names, nm, "\t")
        for (i = 1; i < ne; i++) printf "%s (%s) chooses a refutation in %d of %d\n", nm[i], limit, ok[i], k
    }' "$work/study.tsv"
