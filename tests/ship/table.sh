# tests/ship/table.sh — sourced by the ship tests: reads a program's option
# table (`PROG --list-options`, format in cmd/cli.h) so that every check
# covers whatever options and commands the program has today.

# Fields of table_rows are separated by SEP (the ASCII unit separator): read
# them with `IFS=$SEP read -r ...`; a TAB would merge empty fields.
SEP=$'\037'

# table_rows PROG — one line per option: CTX SEP --long SEP -s|- SEP ARG SEP
# VALUES SEP DEFAULT SEP HELP, where CTX is "-" for the program's own options
# and the command name for a command's.
table_rows() {
    local t
    t=$("$1" --list-options) || return 1
    printf '%s\n' "$t" | awk -F'\t' -v OFS='\037' '
        $1 == "command" { ctx = $2; next }
        $1 ~ /^--./     { print (ctx == "" ? "-" : ctx), $1, $2, $3, $4, $5, $6 }'
}

# table_commands PROG — the command names, one per line (none: no output).
table_commands() {
    "$1" --list-options | awk -F'\t' '$1 == "command" { print $2 }'
}

# table_optional PROG — succeeds when the commands are optional (the first
# operand may be a file instead).
table_optional() {
    "$1" --list-options | awk -F'\t' '$1 == "command" && $4 == "optional" { found = 1 } END { exit !found }'
}

# table_contexts PROG — "-" and then each command name.
table_contexts() {
    echo -
    table_commands "$1"
}

# sample_value VALUES DEFAULT — a value an option with an argument accepts
# (one word: a default such as "no limit" is not a value).
sample_value() {
    case $2 in *" "*) set -- "$1" "" ;; esac
    case $1 in
    @file) echo /dev/null ;;
    @dir) echo . ;;
    "") if [ -n "$2" ]; then echo "$2"; else echo 1; fi ;;
    *) if [ -n "$2" ]; then echo "$2"; else echo "${1%% *}"; fi ;;
    esac
}
