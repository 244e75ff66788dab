#!/usr/bin/env bash
# tests/ship/man.sh lint PAGE...        — every man page renders without a warning
#   (groff -ww -z; mandoc -Tlint when installed; man --warnings -l when man is),
#   is plain ASCII, has a .TH naming its file, and has the sections NAME,
#   SYNOPSIS (section 1), DESCRIPTION, EXAMPLES and EXIT STATUS.
# tests/ship/man.sh options MANDIR PROGRAM... — the page MANDIR/PROGRAM.1 of
#   each program documents exactly its option table: every option
#   (`--list-options`, commands included) has an item (.TP) in the page whose
#   tag names its long and short forms and whose text gives its default, every
#   command is named in the page, and every option in an item tag exists.
#   A program without a page yet is listed in the summary, not failed. Every
#   page in MANDIR names the programs' version in its .TH line ("gmk X.Y.Z").
# tests/ship/man.sh examples PAGE...    — the EXAMPLES run as written: in each
#   .EX/.EE block, a "$ command" line (continued on the next lines while it
#   ends in "|" or "\\") followed by output lines is run with the programs on
#   PATH, in a scratch directory, and must print exactly that output (stdout
#   and stderr together) and exit 0. A command shown without output is only
#   an illustration (it may need files the reader has) and is not run.
# Prints each problem and a summary line; exit status 1 on any problem.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/table.sh"
export LC_ALL=C
mode=${1:-}
shift
problems=0
problem() { echo "$*"; problems=$((problems + 1)); }

# The page as plain text items: "TAG<SEP>TEXT" for each .TP item, roff
# escapes for dashes and fonts removed.
man_items() {
    sed -e 's/\\-/-/g; s/\\f[BIRP]//g; s/\\f(..//g; s/\\f\[[^]]*\]//g; s/\\&//g; s/\\(aq/'"'"'/g' "$1" |
        awk -v sep="$SEP" '
        function flush() { if (tag != "") print tag sep text; tag = ""; text = "" }
        /^\.TP/ { flush(); want = 1; next }
        /^\.(SH|SS|PP|P|LP|RE|RS)( |$)/ { flush(); want = 0; next }
        want == 1 { tag = $0; sub(/^\.[A-Z]+ /, "", tag); gsub(/"/, "", tag); want = 2; next }
        want == 2 { line = $0; if (line ~ /^\./) sub(/^\.[A-Z]+ ?/, "", line); gsub(/"/, "", line)
                    text = text " " line }
        END { flush() }'
}

case $mode in
lint)
    linters="groff"
    command -v mandoc >/dev/null 2>&1 && linters="$linters mandoc"
    command -v man >/dev/null 2>&1 && linters="$linters man"
    for page in "$@"; do
        base=$(basename "$page")
        name=${base%.*} sect=${base##*.}
        out=$(groff -man -ww -z "$page" 2>&1)
        [ -z "$out" ] || problem "$base: groff -ww: $out"
        if command -v mandoc >/dev/null 2>&1; then
            out=$(mandoc -man -Tlint "$page" 2>&1)
            [ -z "$out" ] || problem "$base: mandoc -Tlint: $out"
        fi
        if command -v man >/dev/null 2>&1; then
            out=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
            [ -z "$out" ] || problem "$base: man --warnings -l: $out"
        fi
        ! grep -n '[^ -~	]' "$page" >/dev/null || problem "$base: not plain ASCII (use roff escapes):
$(grep -n '[^ -~	]' "$page" | head -3)"
        th=$(sed -n 's/^\.TH  *\([^ ]*\)  *\([^ ]*\).*/\1 \2/p' "$page" | head -1)
        want="$(printf '%s' "$name" | tr a-z A-Z) $sect"
        [ "$th" = "$want" ] || problem "$base: .TH says '$th', not '$want'"
        sections="NAME DESCRIPTION EXAMPLES EXIT_STATUS"
        [ "$sect" = 1 ] && sections="NAME SYNOPSIS DESCRIPTION OPTIONS EXAMPLES EXIT_STATUS"
        for s in $sections; do
            s=${s//_/ }
            grep -Eq "^\.SH \"?$s\"?\$" "$page" || problem "$base: no $s section"
        done
    done
    echo "man lint: $# pages, $problems problems ($linters)"
    ;;
options)
    mandir=$1
    shift
    nopage="" checked=0
    for p in "$@"; do
        name=$(basename "$p")
        page=$mandir/$name.1
        if [ ! -f "$page" ]; then
            nopage="$nopage $name"
            continue
        fi
        checked=$((checked + 1))
        items=$(man_items "$page")
        plain=$(sed -e 's/\\-/-/g; s/\\f[BIRP]//g' "$page")
        rows=$(table_rows "$p") || { problem "$name: --list-options failed"; continue; }
        while IFS=$SEP read -r ctx long short arg vals def help; do
            where=$name
            [ "$ctx" = - ] || where="$name $ctx"
            item=$(awk -F"$SEP" -v l="$long" '
                { n = split($1, w, /[ ,=\[\]|]+/); for (i = 1; i <= n; i++) if (w[i] == l) { print; exit } }' <<< "$items")
            if [ -z "$item" ]; then
                problem "$name.1: no item for $where $long"
                continue
            fi
            tag=${item%%"$SEP"*} text=${item#*"$SEP"}
            if [ "$short" != - ]; then
                case " ${tag//,/ } " in *" $short "*) ;; *) problem "$name.1: the item of $long does not name $short" ;; esac
            fi
            if [ -n "$def" ]; then
                case "$text" in *"$def"*) ;; *) problem "$name.1: the item of $long does not give its default ($def)" ;; esac
            fi
        done <<< "$rows"
        for c in $(table_commands "$p"); do
            grep -qw -- "$c" <<< "$plain" || problem "$name.1: command $c is not described"
        done
        # every option named in an item tag is an option of the program
        known=$(cut -d "$SEP" -f2,3 <<< "$rows" | tr "$SEP" '\n')
        while IFS= read -r tagopt; do
            grep -qxF -- "$tagopt" <<< "$known" || problem "$name.1: documents $tagopt, which $name does not have"
        done < <(cut -d "$SEP" -f1 <<< "$items" | grep -oE -- '(^|[ ,])--?[A-Za-z0-9][-A-Za-z0-9]*' |
                 sed 's/^[ ,]*//' | sort -u)
    done
    # the version every page names, as the programs print it
    version=$("$1" --version 2>/dev/null | awk '{ print $2 }')
    for page in "$mandir"/*.[1-9]; do
        [ -f "$page" ] || continue
        th=$(grep -m1 '^\.TH' "$page")
        case $th in *"\"gmk $version\""*) ;; *) problem "$(basename "$page"): .TH does not say \"gmk $version\": $th" ;; esac
    done
    summary="man options: $checked pages checked against their programs, $problems problems"
    [ -z "$nopage" ] || summary="$summary; no page yet for:$nopage"
    echo "$summary"
    ;;
examples)
    work=$(mktemp -d) || exit 2
    trap 'rm -rf "$work"' EXIT
    ran=0
    for page in "$@"; do
        base=$(basename "$page")
        # roff to text inside .EX/.EE, then to the tests/cli.sh format
        sed -n '/^\.EX/,/^\.EE/p' "$page" |
            sed -e 's/\\-/-/g; s/\\(aq/'"'"'/g; s/\\(dq/"/g; s/\\(mu/x/g; s/\\&//g' \
                -e 's/\\f[BIRP]//g; s/\\e/\\/g' |
            awk '
            function flush() { if (cmd != "" && nout > 0) { printf "%s%s\n", cmd, out; n++ }
                               cmd = ""; out = ""; nout = 0; cont = 0 }
            /^\.EX/ { flush(); next }
            /^\.EE/ { flush(); print ""; next }
            /^\$ / { flush(); cmd = "  " $0; cont = ($0 ~ /[|\\]$/); next }
            cont && cmd != "" { sub(/^ +/, ""); cmd = cmd "\n  > " $0; cont = ($0 ~ /[|\\]$/); next }
            cmd != "" { out = out "\n  " $0; nout++ }
            END { flush(); print n + 0 > "/dev/stderr" }' > "$work/$base.t" 2> "$work/count"
        ran=$((ran + $(cat "$work/count")))
        if ! (cd "$work" && bash "$here/../cli.sh" "$base.t" > "$work/out" 2>&1); then
            problem "$(sed -n '/^FAIL/,$p' "$work/out" | grep -v '^cli tests:')"
        fi
    done
    echo "man examples: $ran commands in $# pages, $problems problems"
    ;;
*) echo "usage: $0 lint PAGE... | options MANDIR PROGRAM... | examples PAGE..." >&2; exit 2 ;;
esac
[ "$problems" = 0 ]
