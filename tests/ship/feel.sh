#!/usr/bin/env bash
# tests/ship/feel.sh PROGRAM... — the things every gmk program does alike
# (INTERFACE.md), checked on whatever programs and commands exist:
#   - `--help` (of the program and of each command) exits 0 on stdout and lists
#     exactly the options of its table, each with its short form and
#     "(default: X)" when it has a default; the program's help names every
#     command;
#   - `--version` prints "PROGRAM VERSION" and exits 0;
#   - an unknown option, a missing or unknown (required) command: a message on stderr
#     starting "PROGRAM: ", nothing on stdout, exit status 2;
#   - an option name means the same everywhere: the same short letter and
#     argument in every program and command that has it;
#   - where there is --json and positions are read from stdin (after a book
#     made by the program's build command, for a command used as
#     "CMD BOOK [FILE...]"): one JSON object per position that jq accepts,
#     with position, rule, size and to_move, nothing on stderr (no progress
#     when stderr is not a terminal), exit 0; and a closed pipe (`| head -1`)
#     ends the program quietly.
# Prints each problem and a summary line; exit status 1 on any problem.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/table.sh"
export LC_ALL=C
problems=0
problem() { echo "$*"; problems=$((problems + 1)); }
progs=()
for p in "$@"; do progs+=("$(cd "$(dirname "$p")" && pwd)/$(basename "$p")"); done
set -- "${progs[@]}"
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
have_jq=0
command -v jq >/dev/null 2>&1 && have_jq=1
json_checked=0 contexts=0

for p in "$@"; do
    name=$(basename "$p")
    rows=$(table_rows "$p") || { problem "$name: --list-options failed"; continue; }
    printf '%s\n' "$rows" | sed "s/^/$name$SEP/" >> "$work/all-rows"
    cmds=$(table_commands "$p")
    for ctx in $(table_contexts "$p"); do
        contexts=$((contexts + 1))
        args=()
        where=$name
        if [ "$ctx" != - ]; then args=("$ctx"); where="$name $ctx"; fi
        mine=$(awk -F"$SEP" -v c="$ctx" '$1 == c' <<< "$rows")

        # --help
        "$p" "${args[@]}" --help > help.out 2> help.err < /dev/null
        st=$?
        [ $st = 0 ] || problem "$where --help: exit status $st"
        [ -s help.err ] && problem "$where --help: wrote on stderr: $(head -1 help.err)"
        while IFS=$SEP read -r _ long short arg vals def help; do
            line=$(grep -E -- "(^| )$long( |\$)" help.out | head -1)
            if [ -z "$line" ]; then
                problem "$where --help does not list $long"
                continue
            fi
            [ "$short" = - ] || grep -qE -- "(^| )$short, " <<< "$line" ||
                problem "$where --help: $long without its short form $short"
            [ -z "$def" ] || grep -qF -- "(default: $def)" <<< "$line" ||
                problem "$where --help: $long without its default: $line"
        done <<< "$mine"
        listed=$(grep -oE -- '^ +(-[A-Za-z0-9], )?--[A-Za-z0-9][-A-Za-z0-9]*' help.out |
                 grep -oE -- '--[-A-Za-z0-9]+$' | sort -u)
        expected=$(cut -d "$SEP" -f2 <<< "$mine" | sort -u)
        extra=$(comm -23 <(echo "$listed") <(echo "$expected") | paste -sd ' ')
        [ -z "$extra" ] || problem "$where --help lists options not in its table: $extra"
        if [ "$ctx" = - ]; then
            for c in $cmds; do
                grep -qE "^ +$c( |\$)" help.out || problem "$name --help does not list the command $c"
            done
        fi

        # --version
        out=$("$p" "${args[@]}" --version 2>&1 < /dev/null)
        st=$?
        [ $st = 0 ] || problem "$where --version: exit status $st"
        grep -qE "^$name [0-9]+\.[0-9]+(\.[0-9]+)?([-+~.][A-Za-z0-9.]*)?\$" <<< "$out" &&
            [ "$(wc -l <<< "$out")" = 1 ] || problem "$where --version: '$out'"

        # usage errors
        "$p" "${args[@]}" --no-such-option > bad.out 2> bad.err < /dev/null
        st=$?
        [ $st = 2 ] || problem "$where --no-such-option: exit status $st, not 2"
        [ -s bad.out ] && problem "$where --no-such-option: wrote on stdout"
        grep -q "^$name: " bad.err || problem "$where --no-such-option: no '$name: ' message on stderr"

        # JSON Lines, and a closed pipe
        [ -n "$(awk -F"$SEP" '$2 == "--json"' <<< "$mine")" ] || continue
        # a command that reads positions after a BOOK operand (gmk-book probe)
        # gets a small book made by the program's own build command
        if [ "$ctx" != - ] && grep -q '^Usage: .* BOOK \[FILE\.\.\.\]' help.out; then
            rm -f feel.book
            printf 'h8 i9 h10\t1-0\nh8 h9\t0-1\n' | "$p" build -o feel.book - > /dev/null 2>&1
            [ -s feel.book ] && args+=(feel.book)
        fi
        # a search is capped: this checks the output, not the search (which
        # takes minutes at its default depth in a sanitized build)
        [ -z "$(awk -F"$SEP" '$2 == "--nodes"' <<< "$mine")" ] || args+=(--nodes 2000)
        printf 'h8 i9 h10\nh8\n' | timeout 120 "$p" "${args[@]}" --json > json.out 2> json.err
        st=$?
        if [ $st = 2 ] && [ ! -s json.out ]; then
            continue # needs operands (a book...): checked by the program's own tests
        fi
        json_checked=$((json_checked + 1))
        [ $st = 0 ] || problem "$where --json: exit status $st: $(head -2 json.err)"
        [ -s json.err ] && problem "$where --json: wrote on stderr (progress when not a terminal?): $(head -2 json.err)"
        n=$(wc -l < json.out)
        [ "$n" = 2 ] || problem "$where --json: $n lines for 2 positions"
        if [ $have_jq = 1 ]; then
            got=$(jq -r 'if type == "object" and has("rule") and has("size") and (.to_move | IN("black", "white"))
                         then .position else "bad object: \(tojson)" end' json.out 2>&1)
            [ "$got" = $'h8i9h10\nh8' ] || problem "$where --json: jq says: $got"
        fi
        yes 'h8 i9' | head -n 3000 | { timeout 120 "$p" "${args[@]}" 2> pipe.err; echo $? > pipe.st; } | head -n 1 > /dev/null
        st=$(cat pipe.st)
        [ -s pipe.err ] && problem "$where | head -1: not quiet: $(head -2 pipe.err)"
        case $st in 0 | 141) ;; *) problem "$where | head -1: exit status $st" ;; esac
    done
    if [ -n "$cmds" ] && ! table_optional "$p"; then
        "$p" > none.out 2> none.err < /dev/null
        st=$?
        [ $st = 2 ] && grep -q "^$name: " none.err || problem "$name without a command: exit status $st, not 2 with a message"
        "$p" no-such-command > none.out 2> none.err < /dev/null
        st=$?
        [ $st = 2 ] && grep -q "^$name: " none.err || problem "$name no-such-command: exit status $st, not 2 with a message"
    fi
done

# one name, one meaning: long name -> short letter and argument, and back
if [ -s "$work/all-rows" ]; then
    awk -F"$SEP" '
        { key = $3; val = $4 " " $5; w = $1 ($2 == "-" ? "" : " " $2)
          if (key in seen && seen[key] != val) printf "%s is \"%s\" in %s but \"%s\" in %s\n", key, val, w, seen[key], where[key]
          else if (!(key in seen)) { seen[key] = val; where[key] = w }
          if ($4 != "-") { s = $4; if (s in long && long[s] != key) printf "%s is %s in %s but %s in %s\n", s, key, w, long[s], lwhere[s]
                           else if (!(s in long)) { long[s] = key; lwhere[s] = w } } }' "$work/all-rows" > clash.out
    while IFS= read -r l; do problem "options differ: $l"; done < clash.out
fi

summary="feel: $# programs, $contexts contexts, JSON checked in $json_checked, $problems problems"
[ $have_jq = 1 ] || summary="$summary (jq not installed: JSON not parsed)"
echo "$summary"
[ "$problems" = 0 ]
