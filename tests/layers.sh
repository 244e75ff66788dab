#!/bin/sh
# tests/layers.sh [--self-test] OBJDIR [LIBDIR] — the solver's layers, checked.
#
# The solver's files, bottom layer first (each layer may use the ones below
# it, never one above). Within a layer the files are in order too: a file
# may call only files listed before it, so the calls between files have no
# cycle. An independent file (the checker) uses no other solver file at all.
#
# Two graphs are derived and checked against the order:
#  - the includes: a file (source or header) may include a solver header of
#    its own layer or of a layer below;
#  - the objects' symbols (nm of OBJDIR/*.o): an object may use a global
#    symbol that another solver object defines only when that object's file
#    comes before it.
# Every lib/solve*, lib/vc*, lib/proof* file must be listed here, and no
# other library file may include a solver header (gmk_solve.h is the
# solver's public face). Exit 1 and
# one line per broken edge when the order is broken. --self-test breaks a
# copy of the tree (an include, then a call going up) and fails unless the
# check catches both.
set -u

LAYERS='
mem       solve_mem.h solve_mem.c
threats   solve_threat.h solve_threat.c solve_defence.c
vcf       vcf.h vcf.c
dfpn      vct.h vct_table.c vct.c
proof     solve_tree.h solve_tree.c proof.h proof.c
checker!  solve_check.c
top       solve.h solve.c solve_parallel.c
'

die() { echo "layers: $*" >&2; exit 2; }

# rank FILE: "layer index:file index" of a listed file, empty if not listed
rank() {
    echo "$LAYERS" | awk -v f="$1" '
        NF { l++; for (i = 2; i <= NF; i++) { n++; if ($i == f) { print l ":" n ":" $1; exit } } }'
}

check() {
    objdir=$1 libdir=$2 bad=0
    [ -d "$objdir" ] || die "$objdir: no such directory"
    [ -d "$libdir" ] || die "$libdir: no such directory"
    listed=$(echo "$LAYERS" | awk 'NF { for (i = 2; i <= NF; i++) print $i }')
    for f in $listed; do
        [ -f "$libdir/$f" ] || { echo "layers: $f is listed but not in $libdir"; bad=1; }
        case $f in *.c) [ -f "$objdir/${f%.c}.o" ] || die "$objdir/${f%.c}.o: not built" ;; esac
    done
    for p in "$libdir"/solve* "$libdir"/vc* "$libdir"/proof*; do
        [ -f "$p" ] || continue
        f=${p##*/}
        [ -n "$(rank "$f")" ] || { echo "layers: $f is a solver file in no layer (tests/layers.sh)"; bad=1; }
    done

    # includes
    for f in $listed; do
        r=$(rank "$f") fl=${r%%:*} fkind=${r##*:}
        for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$libdir/$f"); do
            hr=$(rank "$h")
            [ -n "$hr" ] || continue
            hl=${hr%%:*}
            case $fkind in *!) echo "layers: $f includes $h: the checker shares nothing with the search"; bad=1; continue ;; esac
            if [ "$hl" -gt "$fl" ]; then
                echo "layers: $f includes $h, a layer above ($(echo "$hr" | cut -d: -f3) over $fkind)"
                bad=1
            fi
        done
    done

    # the rest of the library sees the solver through gmk_solve.h only
    for p in "$libdir"/*.c "$libdir"/*.h; do
        f=${p##*/}
        [ -n "$(rank "$f")" ] && continue
        for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$p"); do
            [ -n "$(rank "$h")" ] || continue
            echo "layers: $f includes the solver's internal $h (outside the solver, use gmk_solve.h)"
            bad=1
        done
    done

    # symbols: defined (global) and undefined per object
    work=$(mktemp -d) || die "no temporary directory"
    for f in $listed; do
        case $f in *.c) ;; *) continue ;; esac
        o=$objdir/${f%.c}.o
        nm -g --defined-only "$o" | awk 'NF == 3 { print $3 }' | sort -u >"$work/$f.def"
        nm -u "$o" | awk '{ print $NF }' | sort -u >"$work/$f.und"
    done
    for f in $listed; do
        case $f in *.c) ;; *) continue ;; esac
        r=$(rank "$f") fn=$(echo "$r" | cut -d: -f2) fkind=${r##*:}
        for g in $listed; do
            case $g in *.c) ;; *) continue ;; esac
            [ "$g" = "$f" ] && continue
            used=$(comm -12 "$work/$f.und" "$work/$g.def" | tr '\n' ' ')
            [ -n "$used" ] || continue
            gr=$(rank "$g") gn=$(echo "$gr" | cut -d: -f2) gkind=${gr##*:}
            [ -n "${LAYERS_VERBOSE:-}" ] && echo "$f -> $g: $used"
            case $fkind in
            *!) echo "layers: $f uses $g ($used): the checker shares nothing with the search"; bad=1; continue ;;
            esac
            if [ "$gn" -gt "$fn" ]; then
                back=$(comm -12 "$work/$g.und" "$work/$f.def" | tr '\n' ' ')
                if [ -n "$back" ]; then
                    echo "layers: cycle: $f uses $g ($used) and $g uses $f ($back)"
                else
                    echo "layers: $f ($fkind) calls up into $g ($gkind): $used"
                fi
                bad=1
            fi
        done
    done
    rm -rf "$work"
    return $bad
}

self_test() {
    real_obj=$1 real_lib=$2
    tmp=$(mktemp -d) || die "no temporary directory"
    trap 'rm -rf "$tmp"' EXIT
    mkdir "$tmp/lib" "$tmp/obj"
    cp "$real_lib"/*.c "$real_lib"/*.h "$tmp/lib/"
    cp "$real_obj"/*.o "$tmp/obj/"
    check "$tmp/obj" "$tmp/lib" >/dev/null || die "self-test: the tree as it is fails"
    # 1. an include going up: the VCF layer includes the df-pn engine's header
    echo '#include "vct.h"' >>"$tmp/lib/vcf.c"
    check "$tmp/obj" "$tmp/lib" | grep -q 'vcf.c includes vct.h' ||
        die "self-test: an include going up (vcf.c -> vct.h) was not caught"
    cp "$real_lib/vcf.c" "$tmp/lib/vcf.c"
    # 2. a call going up, seen in the objects only: a vcf.o that calls vct_run
    printf 'int vct_run(void);\nint vcf_run(void);\nint vcf_run(void) { return vct_run(); }\n' >"$tmp/bad.c"
    ${CC:-cc} -c -o "$tmp/obj/vcf.o" "$tmp/bad.c" || die "self-test: cannot compile"
    check "$tmp/obj" "$tmp/lib" | grep -q 'cycle: vcf.c uses vct.c (vct_run' ||
        die "self-test: a call going up (vcf.o -> vct_run) was not caught"
    cp "$real_obj/vcf.o" "$tmp/obj/vcf.o"
    # 3. the checker using the search
    printf 'int solve_tick(void);\nint solve_check_tree(void);\nint solve_check_tree(void) { return solve_tick(); }\n' >"$tmp/bad.c"
    ${CC:-cc} -c -o "$tmp/obj/solve_check.o" "$tmp/bad.c" || die "self-test: cannot compile"
    check "$tmp/obj" "$tmp/lib" | grep -q 'solve_check.c uses solve_threat.c (solve_tick' ||
        die "self-test: the checker calling solve_tick was not caught"
    cp "$real_obj/solve_check.o" "$tmp/obj/solve_check.o"
    # 4. the search reaching into the solver's internals
    echo '#include "solve.h"' >>"$tmp/lib/search.c"
    check "$tmp/obj" "$tmp/lib" | grep -q "search.c includes the solver's internal solve.h" ||
        die "self-test: search.c including solve.h was not caught"
    cp "$real_lib/search.c" "$tmp/lib/search.c"
    check "$tmp/obj" "$tmp/lib" >/dev/null || die "self-test: the tree put back fails"
    echo "layers: self-test: an include going up, a call going up, the checker using the search and an internal solver header outside the solver are caught"
}

selftest=0
[ "${1:-}" = "--self-test" ] && { selftest=1; shift; }
[ $# -ge 1 ] || die "usage: tests/layers.sh [--self-test] OBJDIR [LIBDIR]"
objdir=$1 libdir=${2:-lib}
if [ $selftest = 1 ]; then
    self_test "$objdir" "$libdir"
    exit 0
fi
if check "$objdir" "$libdir"; then
    n=$(echo "$LAYERS" | awk 'NF { n++ } END { print n }')
    echo "layers: the solver's $n layers hold (includes and object symbols)"
else
    exit 1
fi
