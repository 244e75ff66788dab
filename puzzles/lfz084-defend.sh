#!/usr/bin/env bash
# puzzles/lfz084-defend.sh [--bin DIR] [SHARED] — gmk-solve --defend against
# the lfz084 `points-vcf-defence` answer sets (SHARED/puzzles/lfz084.tsv,
# default ../shared/data; the side to move faces the opponent's VCF and the
# book lists the moves that stop it). Prints one row per puzzle with an
# answer: `same`, or each point where the book and gmk-solve differ, replayed
# to say which is wrong:
#  - a point only the book lists: gmk-solve --vcf after it; a checked win
#    of the opponent proves it no defence (`book: P no defence: LINE`);
#  - a point only gmk-solve lists: a four of the side to move is replayed
#    with its forced block and gmk-solve --defend after them (`book misses
#    four P: blocked at Q, then ...` with the moves that still refute), any
#    other move with gmk-solve --vcf after it (the opponent's search,
#    exhausted: `book misses P: no VCF after it`);
#  - anything else (the opponent has no VCF after a book point, or does
#    after one of ours) is the solver's error: `SOLVER: ...`, exit status 1.
# A book answer that holds occupied points is read in the frame, one
# point off in a row or column, where none is (`frame dx,dy`).
set -u
bin=${GMK_BIN:-$(cd "$(dirname "$0")/.." && pwd)/bin}
while [ $# -gt 0 ]; do
    case $1 in
    --bin) bin=$2; shift ;;
    -*) echo "lfz084-defend.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done
tsv=${1:-../shared/data}/puzzles/lfz084.tsv
if [ ! -f "$tsv" ]; then
    echo "lfz084-defend.sh: $tsv not found: skipped"
    exit 0
fi
solve() { "$bin/gmk-solve" -r renju --time 0 "$@"; }
# field KEY: a JSON string field of one gmk-solve answer; list KEY: a list field, as words
field() { sed -n "s/.*\"$1\":\"\([a-z]*\)\".*/\1/p"; }
list() { sed -n "s/.*\"$1\":\[\([^]]*\)\].*/\1/p" | tr -d '"' | tr ',' ' '; }
# shift_points "POINTS" DX DY: each point moved by (DX, DY)
shift_points() {
    awk -v dx="$2" -v dy="$3" 'BEGIN { c = "abcdefghijklmnopqrstuvwxyz" }
        { for (i = 1; i <= NF; i++) { x = index(c, substr($i, 1, 1)) + dx; y = substr($i, 2) + dy
              printf "%s%s%d", (i > 1 ? " " : ""), substr(c, x, 1), y } print "" }' <<< "$1"
}
# occupied "POSITION" "POINTS": how many of POINTS hold a stone (or are off the board)
occupied() {
    awk -v pos="$1" -v pts="$2" 'BEGIN { n = split(pos, p, " "); for (i = 1; i <= n; i++) s[p[i]] = 1
        m = split(pts, q, " "); k = 0
        for (i = 1; i <= m; i++) { y = substr(q[i], 2) + 0
            if (q[i] in s || y < 1 || y > 15 || substr(q[i], 1, 1) !~ /^[a-o]$/) k++ }
        print k }'
}
rows=0 same=0 book_errors=0 missed=0 solver_errors=0 framed=0
status=0
while IFS=$'\t' read -r set idx _ _ _ kind side pos answer; do
    if [ "$kind" != points-vcf-defence ] || [ -z "$answer" ]; then continue; fi
    rows=$((rows + 1))
    out=$(printf '%s\n' "$pos" | solve --vcf --defend --json)
    ours=$(list defences <<< "$out")
    frame=""
    if [ "$(occupied "$pos" "$answer")" -gt 0 ]; then
        for d in "-1 0" "1 0" "0 -1" "0 1"; do
            # shellcheck disable=SC2086
            moved=$(shift_points "$answer" $d)
            if [ "$(occupied "$pos" "$moved")" = 0 ]; then
                answer=$moved frame=" frame ${d/ /,}"
                framed=$((framed + 1))
                break
            fi
        done
    fi
    book_only=$(comm -23 <(tr ' ' '\n' <<< "$answer" | sort) <(tr ' ' '\n' <<< "$ours" | sort))
    ours_only=$(comm -13 <(tr ' ' '\n' <<< "$answer" | sort) <(tr ' ' '\n' <<< "$ours" | sort))
    if [ -z "$book_only$ours_only" ]; then
        same=$((same + 1))
        printf '%s #%s (%s)%s\tsame\n' "$set" "$idx" "$side" "$frame"
        continue
    fi
    notes=""
    for p in $book_only; do
        a=$(printf '%s %s\n' "$pos" "$p" | solve --vcf --json)
        if [ "$(field result <<< "$a")" = win ] && grep -q '"verified":true' <<< "$a"; then
            notes="$notes; book: $p no defence: $(list line <<< "$a" | tr -d ' ')"
            book_errors=$((book_errors + 1))
        else
            notes="$notes; SOLVER: misses $p ($(field result <<< "$a") after it)"
            solver_errors=$((solver_errors + 1))
        fi
    done
    for p in $ours_only; do
        q=$(printf '%s %s\n' "$pos" "$p" | "$bin/gmk-eval" -r renju --json |
            sed -n 's/.*"five":{"black":\[\([^]]*\)\],"white":\[\([^]]*\)\]}.*/\1 \2/p' | tr -d '",')
        q=${q## } q=${q%% }
        if [ -n "$q" ] && [ "${q// /}" = "$q" ]; then
            d=$(printf '%s %s %s\n' "$pos" "$p" "$q" | solve --vcf --defend --json)
            if [ "$(field result <<< "$d")" = nothreat ]; then
                notes="$notes; book misses four $p: blocked at $q, no threat is left"
            else
                refute=$(list defences <<< "$d")
                notes="$notes; book misses four $p: blocked at $q, then $(wc -w <<< "$refute") moves refute (${refute// /,})"
            fi
            missed=$((missed + 1))
            continue
        fi
        a=$(printf '%s %s\n' "$pos" "$p" | solve --vcf --json)
        if [ "$(field result <<< "$a")" = nowin ]; then
            notes="$notes; book misses $p: no VCF after it"
            missed=$((missed + 1))
        else
            notes="$notes; SOLVER: $p listed, but $(field result <<< "$a") after it"
            solver_errors=$((solver_errors + 1))
        fi
    done
    printf '%s #%s (%s)%s\t%s\n' "$set" "$idx" "$side" "$frame" "${notes#; }"
done < "$tsv"
echo "points-vcf-defence: $rows with an answer, $same the same ($framed read one point off), book errors: $book_errors points that do not defend, $missed defences the book misses; solver errors: $solver_errors"
[ "$solver_errors" = 0 ] || status=1
exit $status
