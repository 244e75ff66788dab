#!/usr/bin/env zsh
# tests/ship/zsh-complete.zsh DIR LINE... — prints, for each command LINE,
# the matches zsh's completion system offers at the end of LINE (one per
# line, then a line "--"), with the completion functions of DIR first on
# fpath. It drives an interactive `zsh -f` through a pseudo-terminal (zpty),
# presses TAB and records every match the completion functions add, by
# wrapping compadd. Exit status 2 if zsh cannot be driven.
emulate -L zsh
zmodload zsh/zpty || exit 2
dir=$1
shift
init=$(mktemp) || exit 2
trap 'rm -f $init; zpty -d gmkz 2>/dev/null' EXIT
cat > $init <<EOF
PS1='' PROMPT='' RPROMPT=''
unsetopt zle_bracketed_paste 2>/dev/null
fpath=(${(q)dir} \$fpath)
autoload -Uz compinit && compinit -u -D
zstyle ':completion:*' list-grouped false
zstyle ':completion:*' insert-tab false
compadd() {
    # calls that only query (-O, -A, -D) pass through
    if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
        builtin compadd "\$@"
        return
    fi
    local -a __gmk_hits
    builtin compadd -A __gmk_hits "\$@"
    local __h
    for __h in \$__gmk_hits; do print -r -- "<match>\$IPREFIX\$__h"; done
    builtin compadd "\$@"   # and add them for real, so that fallbacks behave as usual
}
__gmk_done() { print -r -- '<done>' }
# TAB: complete, then say so (comppostfuncs is emptied after each use)
__gmk_tab() { comppostfuncs=(__gmk_done); zle complete-word }
zle -N __gmk_tab
bindkey '^I' __gmk_tab
zstyle ':completion:*' menu no
unsetopt auto_menu auto_list list_beep
print -r -- '<ready>'
EOF
zpty gmkz zsh -f -i || exit 2
zpty -w gmkz "source ${(q)init}"
zpty -r gmkz out '*<ready>*' || { print -u2 "zsh-complete: zsh did not start"; exit 2 }
for line in "$@"; do
    # type the line, TAB, then ^U to clear it for the next one
    zpty -w -n gmkz "$line"$'\t'
    seen=0
    while zpty -r gmkz out; do
        out=${out//$'\r'/}
        for l in ${(f)out}; do
            [[ $l == *'<done>'* ]] && { seen=1; break 2 }
            [[ $l == *'<match>'* ]] && print -r -- ${l#*<match>}
        done
    done
    print -r -- --
    (( seen )) || { print -u2 "zsh-complete: no completion for: $line"; exit 2 }
    zpty -w -n gmkz $'\C-u'
done
