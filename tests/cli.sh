#!/usr/bin/env bash
# tests/cli.sh — runs CLI tests written as data (cram-like .t files).
#
# In a .t file, lines indented by two spaces are the test; others are comments.
#   "  $ command"     a shell command (bash), run in a scratch directory
#   "  > more"        continues the command on another line
#   "  output"        the expected output (stdout and stderr together)
#   "  text (re)"     an output line matched as an extended regular expression
#   "  [N]"           the expected exit status when it is not 0
# A comment line "#requires: CONDITION" skips the file (with a notice) unless
# the bash test CONDITION holds, e.g. "#requires: -d \"$GMK_SHARED\"".
# Environment: GMK_BIN (programs, put first on PATH), GMK_SHARED (the shared
# data folder), TESTDIR (the folder of the .t file).
set -u
GMK_BIN=${GMK_BIN:-$(pwd)/bin}
GMK_SHARED=${GMK_SHARED:-../shared/data}
case "$GMK_SHARED" in /*) ;; *) GMK_SHARED=$(cd "$(dirname "$GMK_SHARED")" 2>/dev/null && pwd)/$(basename "$GMK_SHARED") ;; esac
export GMK_BIN GMK_SHARED
export PATH="$GMK_BIN:$PATH"
export LC_ALL=C

# the tally of make check is ours alone, not of the runs our tests make
tally=${GMK_TALLY:-}
unset GMK_TALLY
total=0 failed=0 skipped=0
diffs=""

# compares expected (file $1) with actual (file $2) honouring (re) lines
match_output() {
    local -a exp act
    mapfile -t exp < "$1"
    mapfile -t act < "$2"
    [ "${#exp[@]}" -eq "${#act[@]}" ] || return 1
    local i
    for ((i = 0; i < ${#exp[@]}; i++)); do
        local e=${exp[$i]} a=${act[$i]}
        if [[ "$e" == *" (re)" ]]; then
            [[ "$a" =~ ^${e% (re)}$ ]] || return 1
        else
            [ "$e" == "$a" ] || return 1
        fi
    done
    return 0
}

run_case() { # file, line, command, expected-file, expected-status, scratch
    local out status
    out=$(mktemp)
    (cd "$6" && TESTDIR="$TESTDIR" bash -c "$3" >"$out" 2>&1)
    status=$?
    total=$((total + 1))
    if ! match_output "$4" "$out" || [ "$status" != "$5" ]; then
        failed=$((failed + 1))
        echo "FAIL $1:$2: \$ $3"
        echo "--- expected (status $5)"
        cat "$4"
        echo "--- got (status $status)"
        cat "$out"
        echo "---"
    fi
    rm -f "$out"
}

for t in "$@"; do
    TESTDIR=$(cd "$(dirname "$t")" && pwd)
    export TESTDIR
    req=$(sed -n 's/^#requires: //p' "$t")
    if [ -n "$req" ]; then
        while IFS= read -r cond; do
            if ! eval "[ $cond ]"; then
                echo "skip $(basename "$t"): needs $cond"
                skipped=$((skipped + 1))
                continue 2
            fi
        done <<< "$req"
    fi
    scratch=$(mktemp -d)
    cmd="" cmdline=0 exp=$(mktemp) status=0 lineno=0
    flush() {
        if [ -n "$cmd" ]; then run_case "$t" "$cmdline" "$cmd" "$exp" "$status" "$scratch"; fi
        cmd="" status=0
        : > "$exp"
    }
    while IFS= read -r line || [ -n "$line" ]; do
        lineno=$((lineno + 1))
        case "$line" in
            "  \$ "*) flush; cmd=${line#  \$ }; cmdline=$lineno ;;
            "  > "*) cmd="$cmd"$'\n'"${line#  > }" ;;
            "  ["[0-9]*"]") status=${line#  [}; status=${status%]} ;;
            "  "*) [ -n "$cmd" ] && printf '%s\n' "${line#  }" >> "$exp" ;;
            *) flush ;;
        esac
    done < "$t"
    flush
    rm -rf "$scratch" "$exp"
done
echo "cli tests: $total run, $failed failed, $skipped files skipped"
GMK_TALLY=$tally sh "$(dirname "$0")/tally.sh" add cli $((total - failed)) "$failed" "$skipped"
[ "$failed" -eq 0 ]
