# _gmk_complete TABLE — fills COMPREPLY for COMP_WORDS[COMP_CWORD] from TABLE,
# a program's `--list-options` output (format in cmd/cli.h): options of the
# program, then "command NAME SUMMARY" lines each followed by that command's
# options. Words before the cursor choose the context: the program's options
# come before the command word, the command's after it. Handles "--opt VALUE",
# "--opt=VALUE" (whether or not COMP_WORDBREAKS splits at "="), "-sVALUE",
# "-s VALUE" and "--" (end of options). Operands complete as file names. When
# the commands are optional ("command NAME SUMMARY optional"), the first
# operand may also be a file, after which the program's options go on.
# Needs bash 4; works with or without the bash-completion package.
_gmk_complete() {
    local table=$1 ctx="" row long short arg vals i w cur pending="" ddash="" have_cmd="" optional=""
    local -A argof valsof opts
    local -a cmds=()
    while IFS= read -r row; do
        long=${row%%$'\t'*}; row=${row#*$'\t'}
        if [[ $long == command ]]; then
            ctx=${row%%$'\t'*}
            cmds+=("$ctx")
            [[ $row == *$'\t'*$'\t'optional ]] && optional=1
            continue
        fi
        [[ $long == --?* ]] || continue
        short=${row%%$'\t'*}; row=${row#*$'\t'}
        arg=${row%%$'\t'*}; row=${row#*$'\t'}
        vals=${row%%$'\t'*}
        argof[$ctx/$long]=$arg valsof[$ctx/$long]=$vals
        opts[.$ctx]+=" $long"
        if [[ $short != - ]]; then
            argof[$ctx/$short]=$arg valsof[$ctx/$short]=$vals
            opts[.$ctx]+=" $short"
        fi
    done <<< "$table"

    # Walk the words before the cursor: which context, is an option's value due?
    ctx=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        if [[ -n $pending ]]; then
            [[ $w == = ]] || pending=""   # "--opt = value" when "=" breaks words
            continue
        fi
        if [[ -z $ddash && $w == -- ]]; then
            ddash=1
        elif [[ -z $ddash && $w == --?* ]]; then
            [[ $w != *=* && -n ${argof[$ctx/$w]} ]] && pending=$w
        elif [[ -z $ddash && $w == -?* ]]; then
            local j
            for ((j = 1; j < ${#w}; j++)); do
                if [[ -n ${argof[$ctx/-${w:j:1}]} ]]; then
                    ((j == ${#w} - 1)) && pending=-${w:j:1}
                    break
                fi
            done
        elif ((${#cmds[@]})) && [[ -z $have_cmd ]]; then
            have_cmd=1
            if [[ -z $optional || " ${cmds[*]} " == *" $w "* ]]; then ctx=$w ddash=""; fi
        fi
    done

    cur=${COMP_WORDS[COMP_CWORD]}
    local prefix=""
    if [[ -z $pending && -z $ddash && $cur == --?*=* ]]; then
        pending=${cur%%=*} prefix=${cur%%=*}= cur=${cur#*=}
    elif [[ -n $pending && $cur == = ]]; then
        cur=""
    fi
    COMPREPLY=()
    if [[ -n $pending ]]; then
        vals=${valsof[$ctx/$pending]}
        case $vals in
        @file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -P "$prefix" -f -- "$cur") ;;
        @dir) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -P "$prefix" -d -- "$cur") ;;
        "") ;;
        *) mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$vals" -- "$cur") ;;
        esac
    elif [[ -z $ddash && $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "${opts[.$ctx]}" -- "$cur")
    elif ((${#cmds[@]})) && [[ -z $have_cmd ]]; then
        mapfile -t COMPREPLY < <(compgen -W "${cmds[*]}" -- "$cur")
        if [[ -n $optional ]]; then
            compopt -o filenames 2>/dev/null
            mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -- "$cur")
        fi
    else
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
}
