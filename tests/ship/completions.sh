#!/usr/bin/env bash
# tests/ship/completions.sh SHELL PROGRAM... — checks the SHELL (bash, zsh or
# fish) completion of each PROGRAM against the program's own option table:
#   - "PROG --" completes exactly the long options, "PROG -" exactly the long
#     and short ones, in the program and in each of its commands;
#   - each option's argument completes to its values (rule names, formats...),
#     file names (@file) or directory names (@dir), also as "--opt=VALUE";
#   - the first operand of a program with commands completes to the command
#     names (and file names too when the commands are optional, after which
#     the program's options go on), other operands to file names, also after
#     an option's value.
# The completions are generated afresh with completions/gen.sh, as the build
# does. With bash it also checks that the program accepts every option of its
# table ("PROG [CMD] --opt VALUE --help" exits 0) and refuses one that is not
# there (exit 2), so the completed set is exactly what the program accepts.
# Prints each failure and a summary; exit status 1 if anything failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/table.sh"
shell=$1
shift
progs=()
for p in "$@"; do progs+=("$(cd "$(dirname "$p")" && pwd)/$(basename "$p")"); done
set -- "${progs[@]}"
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
bash "$here/../../completions/gen.sh" "$work/compl" "$@" || exit 1
mkdir -p "$work/cwd/somedir"
: > "$work/cwd/some.txt"
files="some.txt somedir"   # what file-name completion offers in $work/cwd

cases=() exps=()
add() { cases+=("$1"); exps+=("$2"); }
words() { tr ' ' '\n' | sed '/^$/d' | sort -u | paste -sd ' '; }
failed=0
fail() { echo "FAIL $shell: $*"; failed=$((failed + 1)); }

for p in "$@"; do
    name=$(basename "$p")
    rows=$(table_rows "$p") || { fail "$p --list-options failed"; continue; }
    cmds=$(table_commands "$p" | words)
    first=$cmds   # what the first operand completes to
    optional=""
    if table_optional "$p"; then optional=1 first=$(echo "$cmds $files" | words); fi
    for ctx in $(table_contexts "$p"); do
        pre=$name
        [ "$ctx" = - ] || pre="$name $ctx"
        mine=$(awk -F"$SEP" -v c="$ctx" '$1 == c' <<< "$rows")
        longs=$(cut -d "$SEP" -f2 <<< "$mine" | words)
        shorts=$(awk -F"$SEP" '$3 != "-" { print $3 }' <<< "$mine" | words)
        add "$pre --" "$longs"
        add "$pre -" "$(echo "$longs $shorts" | words)"
        if [ "$ctx" = - ] && [ -n "$cmds" ]; then add "$pre " "$first"; else add "$pre " "$files"; fi
        if [ "$ctx" = - ] && [ -n "$optional" ]; then   # a file, then the program's options
            add "$pre some.txt --" "$longs"
            add "$pre some.txt " "$files"
        fi
        after=""   # an option and its value, to check operands after it
        while IFS=$SEP read -r _ long short arg vals def _; do
            [ -n "$arg" ] || continue
            case $vals in
            @file) exp=$files ;;
            @dir) exp=somedir ;;
            "") exp="" ;;
            *) exp=$(echo "$vals" | words) ;;
            esac
            add "$pre $long " "$exp"
            [ "$short" = - ] || add "$pre $short " "$exp"
            case $vals in
            @* | "") ;;
            *) add "$pre $long=" "$(for v in $exp; do printf '%s ' "$long=$v"; done | words)" ;;
            esac
            [ -n "$after" ] || after="$long $(sample_value "$vals" "$def")"
        done <<< "$mine"
        if [ -n "$after" ]; then
            if [ "$ctx" = - ] && [ -n "$cmds" ]; then
                add "$pre $after " "$first"
            else
                add "$pre $after " "$files"
            fi
        fi
        # the program accepts each option of its table, and refuses others
        if [ "$shell" = bash ]; then
            while IFS=$SEP read -r _ long short arg vals def _; do
                args=("$long")
                [ -n "$arg" ] && args+=("$(sample_value "$vals" "$def")")
                # shellcheck disable=SC2086
                (cd "$work/cwd" && "$p" ${pre#"$name"} "${args[@]}" --help </dev/null >/dev/null 2>&1)
                st=$?
                [ $st = 0 ] || fail "$pre ${args[*]} --help: exit $st: option not accepted"
            done <<< "$mine"
            # shellcheck disable=SC2086
            (cd "$work/cwd" && "$p" ${pre#"$name"} --no-such-option </dev/null >/dev/null 2>&1)
            st=$?
            [ $st = 2 ] || fail "$pre --no-such-option: exit $st, not 2"
        fi
    done
done

# ---- ask the shell -------------------------------------------------------
# group RAW — the shell's answers, one group per case ended by a line "--",
# to one line per case: first TAB field, trailing "/" dropped, sorted, unique.
group() {
    local l acc=""
    while IFS= read -r l; do
        if [ "$l" = -- ]; then
            printf '%s\n' "$acc" | words
            acc=""
        else
            l=${l%%$'\t'*}
            acc="$acc ${l%/}"
        fi
    done < "$1"
}
got=$work/got
cd "$work/cwd" || exit 2
case $shell in
bash)
    # COMP_WORDS as bash splits the line; "--opt=x" is tried both whole and
    # split at "=" as COMP_WORDBREAKS does, and both must give the same.
    printf '%s\n' "${cases[@]}" | bash -c '
        for f in "$1"/bash/*; do . "$f"; done
        run() { # WORD... — prints COMPREPLY, one per line, then "--"
            local fn
            fn=$(complete -p "$1" 2>/dev/null) || { echo "<no complete -F for $1>"; echo --; return; }
            fn=${fn#*-F }; fn=${fn%% *}
            COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            "$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf "%s\n" "${COMPREPLY[@]}" --
        }
        while IFS= read -r line; do
            read -ra w <<< "$line"
            [[ $line == *" " ]] && w+=("")
            last=${w[-1]}
            if [[ $last == --*=* ]]; then
                unset "w[-1]"
                w+=("${last%%=*}" "=")
                [[ -n ${last#*=} ]] && w+=("${last#*=}")
                run "${w[@]}" | sed "/^--\$/! s|^|${last%%=*}=|"
            else
                run "${w[@]}"
            fi
        done' _ "$work/compl" > "$work/raw"
    group "$work/raw" > "$got"
    # the same "=" cases with COMP_WORDBREAKS not splitting at "=" (one word)
    eq=()
    for i in "${!cases[@]}"; do [[ ${cases[i]} == *=* ]] && eq+=("$i"); done
    if [ ${#eq[@]} -gt 0 ]; then
        for i in "${eq[@]}"; do printf '%s\n' "${cases[i]}"; done | bash -c '
            for f in "$1"/bash/*; do . "$f"; done
            while IFS= read -r line; do
                read -ra COMP_WORDS <<< "$line"
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                fn=$(complete -p "${COMP_WORDS[0]}"); fn=${fn#*-F }; fn=${fn%% *}
                COMPREPLY=()
                "$fn"
                printf "%s\n" "${COMPREPLY[@]}" --
            done' _ "$work/compl" > "$work/raw1"
        mapfile -t whole < <(group "$work/raw1")
        for k in "${!eq[@]}"; do
            i=${eq[k]}
            [ "${whole[k]-}" = "${exps[i]}" ] ||
                fail "'${cases[i]}' as one word: expected [${exps[i]}], got [${whole[k]-}]"
        done
    fi
    ;;
zsh)
    zsh "$here/zsh-complete.zsh" "$work/compl/zsh" "${cases[@]}" > "$work/raw" 2>&1 ||
        { echo "FAIL zsh: could not drive zsh:"; cat "$work/raw"; exit 1; }
    group "$work/raw" > "$got"
    ;;
fish)
    fish --no-config -c '
        for f in $argv[1]/fish/*.fish; source $f; end
        for l in $argv[2..-1]; complete -C"$l"; printf "%s\n" --; end' "$work/compl" "${cases[@]}" \
        > "$work/raw" 2>&1 || { echo "FAIL fish: fish failed:"; cat "$work/raw"; exit 1; }
    group "$work/raw" > "$got"
    ;;
*) echo "usage: $0 bash|zsh|fish PROGRAM..." >&2; exit 2 ;;
esac

mapfile -t results < "$got"
for i in "${!cases[@]}"; do
    r=${results[i]-<no answer>}
    [ "$r" = "${exps[i]}" ] || fail "'${cases[i]}': expected [${exps[i]}], got [$r]"
done
echo "$shell completions: ${#cases[@]} cases for $# programs, $failed failed"
[ "$failed" = 0 ]
