#!/usr/bin/env bash
# puzzles/mine-games.sh MOVELISTS [BIN] — mines puzzles from game records: a
# file of games, one move list a line (../shared/data/games/eva_movelists.txt,
# freestyle gomoku from PlayOK). For each game it takes the positions of its
# last 16 plies and asks gmk-solve (BIN, default bin/) for a VCF, then for a
# VCT where there is no VCF; per game it keeps the earliest position with a
# checked VCF win, the earliest with a checked VCT win and no VCF, and one
# position proven to have no VCF. Rows go to stdout in the format of
# puzzles/README.md.
set -eu
games=${1:?usage: mine-games.sh MOVELISTS [BIN]}
bin=${2:-$(cd "$(dirname "$0")/.." && pwd)/bin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# candidate positions: game number, ply, position
awk '{ n = NF; for (k = n - 16; k < n; k++) if (k >= 6) {
         s = ""; for (i = 1; i <= k; i++) s = s (i > 1 ? " " : "") $i
         printf "%s\tg%d-%d\n", s, NR, k } }' "$games" > "$work/cand"
"$bin/gmk-solve" -r freestyle --vcf --nodes 300000 --json "$work/cand" 2> /dev/null > "$work/vcf" || true
"$bin/gmk-solve" -r freestyle --vct --threes 2 --nodes 300000 --json "$work/cand" 2> /dev/null > "$work/vct" || true

field() { sed -n "s/.*\"$1\":\"\{0,1\}\([^\",]*\).*/\1/p"; }
printf '# Positions mined from PlayOK freestyle games (../shared/data/games/eva_movelists.txt)\n'
printf '# by puzzles/mine-games.sh; every win was found by gmk-solve and accepted by its\n'
printf '# checker, every nowin is an exhausted VCF search.\n'
paste "$work/vcf" "$work/vct" | while IFS=$'\t' read -r a b; do
    carry=$(field carry <<< "$a")
    pos=$(field position <<< "$a")
    rv=$(field result <<< "$a")
    rt=$(field result <<< "$b")
    vline=$(sed -n 's/.*"line":\[\([^]]*\)\].*/\1/p' <<< "$a" | tr -d '"' | tr ',' ' ')
    tline=$(sed -n 's/.*"line":\[\([^]]*\)\].*/\1/p' <<< "$b" | tr -d '"' | tr ',' ' ')
    game=${carry%-*}
    if [ "$rv" = win ]; then
        printf 'vcf\t%s\t%s\t%s\t%s\n' "$game" "$carry" "$pos" "$vline"
    elif [ "$rv" = nowin ] && [ "$rt" = win ]; then
        printf 'vct\t%s\t%s\t%s\t%s\n' "$game" "$carry" "$pos" "$tline"
    elif [ "$rv" = nowin ]; then
        printf 'none\t%s\t%s\t%s\t-\n' "$game" "$carry" "$pos"
    fi
done | awk -F'\t' '!seen[$1 FS $2]++' | while IFS=$'\t' read -r kind game name pos line; do
    case $kind in
    vcf) printf 'eva-%s-vcf\tfreestyle\t15\t--vcf\twin\tfast\t%s\t%s\n' "$name" "$pos" "$line" ;;
    vct) printf 'eva-%s-vct\tfreestyle\t15\t--vct --threes 2\twin\tfast\t%s\t%s\n' "$name" "$pos" "$line" ;;
    none) printf 'eva-%s-novcf\tfreestyle\t15\t--vcf\tnowin\tfast\t%s\t-\n' "$name" "$pos" ;;
    esac
done
