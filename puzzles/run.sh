#!/usr/bin/env bash
# puzzles/run.sh [--fast] [--bin DIR] [--verbose] FILE... — runs puzzle files
# (format in puzzles/README.md) through gmk-solve and prints one row per
# puzzle and a summary. A puzzle passes when the result is its `expect`;
# for `nowin` an `unknown` passes too (a limit stopped the search: never a
# wrong answer) and is counted apart. --fast skips the rows tagged slow.
# Exit status 1 when a puzzle fails, 2 on usage errors.
set -u
fast=0 verbose=0 bin=${GMK_BIN:-$(cd "$(dirname "$0")/.." && pwd)/bin}
while [ $# -gt 0 ]; do
    case $1 in
    --fast) fast=1 ;;
    --verbose) verbose=1 ;;
    --bin) bin=$2; shift ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done
[ $# -gt 0 ] || { echo "usage: run.sh [--fast] [--bin DIR] [--verbose] FILE..." >&2; exit 2; }
solve=$bin/gmk-solve
[ -x "$solve" ] || { echo "run.sh: $solve not found (make first)" >&2; exit 2; }

total=0 pass=0 fail=0 unknown=0 skipped=0 nodes_sum=0
ms_sum=0
fmt='%-34s %-6s %-8s %10s %9s  %s\n'
[ $verbose = 1 ] && printf "$fmt" puzzle expect result nodes ms status
for file in "$@"; do
    while IFS=$'\t' read -r name rule size opts expect tags pos line; do
        case $name in '#'* | '') continue ;; esac
        if [ $fast = 1 ] && [[ $tags == *slow* ]]; then
            skipped=$((skipped + 1))
            continue
        fi
        total=$((total + 1))
        # shellcheck disable=SC2086
        out=$(printf '%s\n' "$pos" | "$solve" -r "$rule" -s "$size" $opts --json 2>&1)
        result=$(sed -n 's/.*"result":"\([a-z]*\)".*/\1/p' <<< "$out")
        n=$(sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' <<< "$out")
        ms=$(sed -n 's/.*"ms":\([0-9.]*\).*/\1/p' <<< "$out")
        verified=$(sed -n 's/.*"verified":\([a-z]*\).*/\1/p' <<< "$out")
        status=FAIL
        if [ "$result" = "$expect" ] && { [ "$result" != win ] || [ "$verified" = true ]; }; then
            status=ok
        elif [ "$expect" = nowin ] && [ "$result" = unknown ]; then
            status=unknown
        fi
        case $status in
        ok) pass=$((pass + 1)) ;;
        unknown) unknown=$((unknown + 1)) ;;
        *) fail=$((fail + 1)) ;;
        esac
        nodes_sum=$((nodes_sum + ${n:-0}))
        ms_sum=$(awk -v a="$ms_sum" -v b="${ms:-0}" 'BEGIN { printf "%.1f", a + b }')
        if [ $verbose = 1 ] || [ $status = FAIL ]; then
            printf "$fmt" "$name" "$expect" "${result:-error}" "${n:--}" "${ms:--}" "$status"
            [ $status = FAIL ] && [ -z "$result" ] && printf '  %s\n' "$out"
        fi
    done < "$file"
done
printf 'puzzles: %d run, %d ok, %d unknown (nowin expected), %d failed, %d skipped; %d nodes, %s ms\n' \
    "$total" "$pass" "$unknown" "$fail" "$skipped" "$nodes_sum" "$ms_sum"
[ $fail = 0 ]
