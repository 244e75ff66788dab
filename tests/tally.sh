#!/bin/sh
# tests/tally.sh — the one closing line of `make check`.
#
#   tests/tally.sh add NAME PASSED FAILED SKIPPED
#       a runner's counts (tests/run-unit.sh, tests/cli.sh,
#       tests/determinism.sh call it when GMK_TALLY names the tally file);
#   tests/tally.sh run NAME CMD...
#       runs CMD (a check with no counts of its own): one passed or one failed;
#       exits with CMD's status;
#   tests/tally.sh end FILE STATUS
#       prints "N passed, N failed, N skipped" over every line of FILE; a
#       STATUS other than 0 (make gave up on a target) with no failure
#       counted counts as one failure. Exit 1 when anything failed.
set -u
cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
add)
    [ -n "${GMK_TALLY:-}" ] || exit 0
    echo "$1 $2 $3 $4" >>"$GMK_TALLY" ;;
run)
    name=$1
    shift
    if "$@"; then
        [ -n "${GMK_TALLY:-}" ] && echo "$name 1 0 0" >>"$GMK_TALLY"
        exit 0
    else
        s=$?
        [ -n "${GMK_TALLY:-}" ] && echo "$name 0 1 0" >>"$GMK_TALLY"
        exit $s
    fi ;;
end)
    file=$1 status=$2
    [ -f "$file" ] || : >"$file"
    awk -v status="$status" '
        { p += $2; f += $3; s += $4 }
        END {
            if (status != 0 && f == 0) f = 1
            printf "%d passed, %d failed, %d skipped\n", p, f, s
            exit f > 0
        }' "$file" ;;
*)
    echo "usage: tests/tally.sh add NAME P F S | run NAME CMD... | end FILE STATUS" >&2
    exit 2 ;;
esac
