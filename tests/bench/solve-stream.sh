#!/usr/bin/env bash
# tests/bench/solve-stream.sh [--bin DIR | --solve FILE] [--nodes N] [--keep DIR] — the
# gmk-solve stream benchmark: the positions of the engine games in
# tests/bench/solve_stream_games.tsv (gmk-search self-play, made by
# tests/bench/stream-games.sh), every ply from the tenth on to the one
# before the game's end, piped per rule through ONE `gmk-solve --vcf` and ONE
# `gmk-solve --vct --nodes 20000` process, the other options the defaults:
# the pipeline a user runs over a game collection. The node limit (--nodes N
# sets it) keeps the run short and the same on every machine: unlimited, a
# VCT search of a middle-game freestyle position can run for minutes (the
# 61st position here was unknown after 2 M nodes); the positions it stops
# are counted as unknown. Prints per rule and kind the positions, the share
# that are wins (every win checked), the unknown ones, the process's wall and
# CPU time and the positions per second, and the decided positions (win or
# nowin) per second of their own solving time (the JSON "ms"); then the
# totals. --keep DIR keeps the positions and the outputs there.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
solve=$here/bin/gmk-solve keep='' nodes=20000
while [ $# -gt 0 ]; do
    case $1 in
    --nodes) nodes=$2; shift ;;
    --bin) solve=$2/gmk-solve; shift ;;
    --solve) solve=$2; shift ;;
    --keep) keep=$2; shift ;;
    *) echo "solve-stream.sh: unknown option $1" >&2; exit 2 ;;
    esac
    shift
done
[ -x "$solve" ] || { echo "solve-stream.sh: $solve not found (make first)" >&2; exit 2; }
games=$here/tests/bench/solve_stream_games.tsv
tmp=${keep:-$(mktemp -d)}
mkdir -p "$tmp"
[ -n "$keep" ] || trap 'rm -rf "$tmp"' EXIT
echo "solve-stream: $(grep -vc '^#' "$games") games, every ply from the tenth on; gmk-solve --vcf, --vct --nodes $nodes"
printf '%-10s %-4s %9s %7s %7s %8s %8s %8s %10s\n' rule kind positions wins unknown "wall s" "cpu s" "pos/s" \
    "decided/s"
tot_n=0 tot_w=0 tot_u=0
for rule in freestyle standard renju; do
    # every prefix of 10 or more moves that is not the whole game
    awk -F'\t' -v r="$rule" '$1 == r {
        n = 0; s = $2
        while (match(s, /^[a-v][0-9]+/)) { m[++n] = substr(s, 1, RLENGTH); s = substr(s, RLENGTH + 1) }
        p = ""
        for (i = 1; i < n; i++) { p = p m[i]; if (i >= 10) print p }
    }' "$games" > "$tmp/$rule.pos"
    for kind in vcf vct; do
        limit=()
        [ $kind = vct ] && limit=(--nodes "$nodes")
        { TIMEFORMAT='%3R %3U %3S'; time "$solve" -r "$rule" --"$kind" "${limit[@]}" --json "$tmp/$rule.pos" \
            > "$tmp/$rule.$kind.out" 2> "$tmp/$rule.$kind.err"; } 2> "$tmp/$rule.$kind.time"
        read -r real user sys < <(tail -n 1 "$tmp/$rule.$kind.time")
        n=$(wc -l < "$tmp/$rule.pos")
        out=$(wc -l < "$tmp/$rule.$kind.out")
        w=$(grep -c '"result":"win","line":.*"verified":true' "$tmp/$rule.$kind.out")
        u=$(grep -c '"result":"unknown"' "$tmp/$rule.$kind.out")
        read -r dn dms < <(awk '!/"result":"unknown"/ && match($0, /"ms":[0-9.]+/) {
            n++; s += substr($0, RSTART + 5, RLENGTH - 5) } END { print n + 0, s + 0 }' "$tmp/$rule.$kind.out")
        [ "$out" = "$n" ] || echo "solve-stream.sh: $rule $kind: $out answers for $n positions" >&2
        awk -v r="$rule" -v k="$kind" -v n="$n" -v w="$w" -v u="$u" -v t="$real" -v us="$user" -v sy="$sys" \
            -v dn="$dn" -v dms="$dms" 'BEGIN {
            printf "%-10s %-4s %9d %6.1f%% %7d %8.2f %8.2f %8.0f %10.0f\n", r, k, n, 100 * w / n, u, t, us + sy, n / t,
                dn / (dms > 0 ? dms / 1000 : 1e-9) }'
        echo "$kind $n $w $u $real $user $sys $dn $dms" >> "$tmp/totals"
    done
done
awk '{ n[$1] += $2; w[$1] += $3; u[$1] += $4; t[$1] += $5; c[$1] += $6 + $7; dn[$1] += $8; dms[$1] += $9 }
END { for (k in n) printf "solve-stream: %s %d positions, %.1f%% wins, %d unknown, %.2f s wall, %.2f s cpu, %.0f positions/s; the %d decided: %.0f ms solving, %.0f/s\n",
          k, n[k], 100 * w[k] / n[k], u[k], t[k], c[k], n[k] / t[k], dn[k], dms[k], dn[k] / (dms[k] > 0 ? dms[k] / 1000 : 1e-9) }' "$tmp/totals" | sort
