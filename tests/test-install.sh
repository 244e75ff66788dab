#!/bin/sh
# tests/test-install.sh MAKE BINDIR — `make install` into a temporary DESTDIR
# (PREFIX=/usr/local), then checks that
#   - every program of BINDIR is installed, executable, and runs from there
#     (--version, and gmk-eval on a position, as the built one answers), with
#     no build tree on PATH, and holds no path of the build tree (gmk-search
#     looks for its books in PREFIX/share/gmk);
#   - pbrain-gmk links to gmk-search when gmk-search exists (and answers
#     the Gomocup protocol when run without options), and is absent
#     otherwise;
#   - every man page cmd/*.N is in share/man/manN and `man` finds it there;
#   - every program has its bash, zsh and fish completion in the
#     conventional directory; the bash one registers itself, and zsh (fpath)
#     and fish (XDG_DATA_DIRS) find theirs when those shells are installed;
# then `make uninstall` and checks that no file is left behind.
set -u
make=${1:-make}
bin=${2:-bin}
prefix=/usr/local
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
root=$tmp$prefix
failed=0
fail() { echo "install test: $*"; failed=$((failed + 1)); }

if ! $make --no-print-directory install DESTDIR="$tmp" PREFIX="$prefix" > "$tmp.log" 2>&1; then
    cat "$tmp.log"; rm -f "$tmp.log"
    echo "install test: make install failed"
    exit 1
fi
rm -f "$tmp.log"

srcdir=$(pwd)
nprog=0
for p in "$bin"/gmk-*; do
    [ -f "$p" ] || continue
    name=$(basename "$p")
    nprog=$((nprog + 1))
    inst=$root/bin/$name
    [ -x "$inst" ] || { fail "$name not installed in $prefix/bin"; continue; }
    out=$(env PATH="$root/bin:/usr/bin:/bin" "$name" --version 2>&1) || fail "installed $name --version: $out"
    case $out in "$name "*) ;; *) fail "installed $name --version says: $out" ;; esac
    # no path of the build tree is compiled in (nor in the debug information)
    if grep -q "$srcdir" "$inst"; then fail "installed $name holds the build tree's path $srcdir"; fi
    [ -f "$root/share/bash-completion/completions/$name" ] || fail "no bash completion for $name"
    [ -f "$root/share/zsh/site-functions/_$name" ] || fail "no zsh completion for $name"
    [ -f "$root/share/fish/vendor_completions.d/$name.fish" ] || fail "no fish completion for $name"
    out=$(bash -c '. "$1" && complete -p "$2"' _ "$root/share/bash-completion/completions/$name" "$name" 2>&1) ||
        fail "the installed bash completion does not register $name: $out"
    # zsh and fish find them where they look (fpath; XDG_DATA_DIRS and PATH)
    if command -v zsh > /dev/null 2>&1; then
        out=$(zsh -fc 'fpath=($1 $fpath); autoload -Uz compinit; compinit -u -D; print -r -- ${_comps[$2]}' \
              _ "$root/share/zsh/site-functions" "$name" 2>&1)
        [ "$out" = "_$name" ] || fail "zsh does not find the installed completion of $name: $out"
    fi
    if command -v fish > /dev/null 2>&1; then
        out=$(HOME=$tmp/home XDG_DATA_DIRS="$root/share:/usr/share" PATH="$root/bin:$PATH" \
              fish -c "complete -C'$name --'" 2>&1 | grep -c -- '^--help')
        [ "$out" = 1 ] || fail "fish does not find the installed completion of $name"
    fi
done
[ $nprog -gt 0 ] || fail "no programs in $bin"

if [ -x "$root/bin/gmk-eval" ]; then
    out=$(printf 'h8 i9 h10\n' | env PATH="$root/bin:/usr/bin:/bin" gmk-eval --json 2>&1)
    want=$(printf 'h8 i9 h10\n' | "$bin/gmk-eval" --json 2>&1)
    case $out in '{"position":"h8i9h10",'*) ;; *) fail "installed gmk-eval: $out" ;; esac
    [ "$out" = "$want" ] || fail "installed gmk-eval differs from the built one: $out"
fi

if [ -f "$bin/gmk-search" ]; then
    [ -L "$root/bin/pbrain-gmk" ] && [ "$(readlink "$root/bin/pbrain-gmk")" = gmk-search ] ||
        fail "pbrain-gmk is not a link to gmk-search"
    [ -x "$root/bin/pbrain-gmk" ] || fail "pbrain-gmk does not resolve"
    # a Gomocup manager starts it by name, without options
    out=$(printf 'START 15\nEND\n' | env PATH="$root/bin:/usr/bin:/bin" pbrain-gmk 2>&1)
    [ "$out" = OK ] || fail "installed pbrain-gmk does not speak the Gomocup protocol: $out"
    # alone, without its books, it says so and where it looked: the folder
    # it looks in last is PREFIX's, not the source tree's
    mkdir -p "$tmp/lone" && cp "$root/bin/gmk-search" "$tmp/lone/"
    out=$(printf 'START 15\nEND\n' | env -u GMK_BOOK_DIR "$tmp/lone/gmk-search" --gomocup 2>&1)
    case $out in
        *"$srcdir"*) fail "a lone gmk-search looks in the build tree: $out" ;;
        *"no default opening book"*"$prefix/share/gmk;"*"MESSAGE no opening book"*) ;;
        OK) [ -d "$prefix/share/gmk" ] || fail "a lone gmk-search plays with a book from nowhere" ;;
        *) fail "a lone gmk-search does not say it plays without a book: $out" ;;
    esac
    rm -rf "$tmp/lone"
    # it finds its default opening books in share/gmk, not in the source tree
    for book in openings/default-*.book; do
        [ -f "$book" ] || continue
        [ -f "$root/share/gmk/$(basename "$book")" ] || fail "$book not installed in $prefix/share/gmk"
        rule=${book#openings/default-}
        rule=${rule%.book}
        case $rule in freestyle) bit=0 ;; standard) bit=1 ;; renju) bit=4 ;; *) continue ;; esac
        out=$(printf 'START 15\nINFO rule %s\nTURN 7,7\nEND\n' "$bit" |
              env PATH="$root/bin:/usr/bin:/bin" GMK_BOOK_DIR= pbrain-gmk 2>&1)
        case $out in *"MESSAGE book move"*) ;; *) fail "installed pbrain-gmk plays no $rule book move: $out" ;; esac
    done
else
    [ ! -e "$root/bin/pbrain-gmk" ] && [ ! -L "$root/bin/pbrain-gmk" ] ||
        fail "pbrain-gmk installed without gmk-search"
fi

npage=0
for page in cmd/*.[1-9]; do
    [ -f "$page" ] || continue
    npage=$((npage + 1))
    base=$(basename "$page")
    sect=${base##*.}
    [ -f "$root/share/man/man$sect/$base" ] || { fail "$base not in $prefix/share/man/man$sect"; continue; }
    # the paths it names are those of PREFIX (written /usr/local/ in the source)
    n=$(grep -c '/usr/local/' "$page"); m=$(grep -c "$prefix/" "$root/share/man/man$sect/$base")
    [ "$m" -ge "$n" ] || fail "$base: the installed page names $m paths of $prefix, the source $n of /usr/local"
    if command -v man > /dev/null 2>&1; then
        found=$(MANPATH="$root/share/man" man -w "$sect" "${base%.*}" 2>&1)
        [ "$found" = "$root/share/man/man$sect/$base" ] || fail "man -w $sect ${base%.*}: $found"
    fi
done

if ! $make --no-print-directory uninstall DESTDIR="$tmp" PREFIX="$prefix" > /dev/null 2>&1; then
    fail "make uninstall failed"
fi
rm -rf "$tmp/home"
left=$(find "$tmp" ! -type d)
[ -z "$left" ] || fail "left after uninstall: $left"

if [ $failed -ne 0 ]; then exit 1; fi
echo "install test: $nprog programs, $npage man pages, $((nprog * 3)) completions installed, run and uninstalled"
