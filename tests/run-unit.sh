#!/bin/sh
# tests/run-unit.sh — runs the cmocka test programs given as arguments and
# fails if any of them fails; counts their tests (cmocka's own summary lines)
# into the tally of `make check` (tests/tally.sh) when GMK_TALLY is set.
here=$(cd "$(dirname "$0")" && pwd)
failed="" np=0 nf=0
tally=${GMK_TALLY:-}
unset GMK_TALLY
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
for t in "$@"; do
    if "$t" >"$out" 2>&1; then st=0; else st=1; fi
    cat "$out"
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out" | awk '{ n += $1 } END { print n + 0 }')
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out" | awk '{ n += $1 } END { print n + 0 }')
    [ "$st" -ne 0 ] && [ "$f" -eq 0 ] && f=1   # a crash or an exit before the summary
    np=$((np + p)) nf=$((nf + f))
    [ "$st" -ne 0 ] && failed="$failed $(basename "$t")"
done
GMK_TALLY=$tally sh "$here/tally.sh" add unit "$np" "$nf" 0
if [ -n "$failed" ]; then
    echo "unit tests FAILED:$failed ($np passed, $nf failed)" >&2
    exit 1
fi
echo "unit tests: all $# programs passed ($np tests)"
