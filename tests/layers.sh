#!/bin/sh
# tests/layers.sh [--self-test] OBJDIR [LIBDIR [CMDDIR]] — the library's
# layers, checked.
#
# The library's files, bottom layer first (each layer may use the ones below
# it, never one above). A layer is a folder of lib/ (the solver's folder is
# cut into the layers of its own design); within a layer the files are in
# order too: a file may call only files listed before it, so the calls
# between files have no cycle. An independent layer (the proof checker, '!')
# uses no other file of its folder but the folder's public header and the
# files of its own layer.
#
# Three graphs are derived and checked against the order:
#  - the includes: a file (source or header) may include a header of its own
#    layer or of a layer below;
#  - the objects' symbols (nm of OBJDIR/FOLDER/*.o): an object may use a
#    global symbol that another object defines only when that object's file
#    comes before it;
#  - the doors: outside lib/solve/ only solve/gmk_solve.h is included (the
#    solver's internals are its own), and the programs (CMDDIR/*.c, *.h) see
#    the library through its public headers (gmk*.h) only.
# Every lib/*/*.c and lib/*/*.h must be listed. Exit 1 and one line per
# broken edge when the order is broken. --self-test breaks a copy of the tree
# (an include going up between folders and within the solver, a call going
# up, the checker using the search, the solver's internals reached from
# outside) and fails unless the check catches each.
set -u

LAYERS='
core            core/gmk_core.h core/core.c core/bigmem.h core/bigmem.c core/tempfiles.h core/tempfiles.c
                core/outfile.c
board           board/gmk_board.h board/gmk_shapes.h board/gmk_notation.h board/catalog.h board/shapes.h
                board/zobrist.h board/board.h board/catalog.c board/shape_build.c board/shapes.c
                board/zobrist.c board/board.c board/notation.c
threats         threats/gmk_threats.h threats/forbidden.h threats/forbidden.c threats/threats.c
                threats/candidates.c
solve.mem       solve/gmk_solve.h solve/solve_mem.h solve/solve_mem.c
solve.threats   solve/solve_threat.h solve/solve_threat.c solve/solve_defence.c
solve.vcf       solve/vcf.h solve/vcf_gen.c solve/vcf.c
solve.dfpn      solve/vct.h solve/vct_table.c solve/vct.c solve/vct_walk.c
solve.proof     solve/solve_tree.h solve/solve_tree.c solve/proof.h solve/proof.c
solve.checker!  solve/solve_check.h solve/solve_check_rules.c solve/solve_check.c
solve.top       solve/solve.h solve/solve.c solve/solve_defend.c solve/solve_parallel.c
records         records/gmk_records.h records/records.h records/records.c records/records_text.c
                records/records_sgf.c records/records_stream.c
book            book/gmk_book.h book/book.h book/book_items.h book/book_reader.h book/book_items.c
                book/book_write.c book/book_decode.c book/book.c book/book_compact.c book/book_probe.c
                book/book_walk.c book/book_merge.c book/book_build.c book/renlib.c
search          search/gmk_search.h search/evaluate.h search/movepick.h search/timeman.h search/tt.h
                search/search.h search/tt.c search/timeman.c search/evaluate.c search/movepick.c
                search/search_vcf.c search/search.c search/search_simple.c search/search_root.c
                search/protocol.c search/search_bench.c
'

die() { echo "layers: $*" >&2; exit 2; }

# The layers one a line (continuation lines, which start with a space, joined).
layer_lines() {
    echo "$LAYERS" | awk '/^[^ \t]/ { if (l != "") print l; l = $0; next } NF { l = l " " $0 } END { if (l != "") print l }'
}

# includes FILE: the "..." includes of FILE
includes() {
    sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$1"
}

check() {
    objdir=$1 libdir=$2 cmddir=$3 bad=0
    [ -d "$objdir" ] || die "$objdir: no such directory"
    [ -d "$libdir" ] || die "$libdir: no such directory"
    work=$(mktemp -d) || die "no temporary directory"
    # the rank table: file, layer index, file index, layer name
    layer_lines | awk '{ l++; for (i = 2; i <= NF; i++) { n++; print $i, l, n, $1 } }' >"$work/rank"
    listed=$(awk '{ print $1 }' "$work/rank")
    for f in $listed; do
        [ -f "$libdir/$f" ] || { echo "layers: $f is listed but not in $libdir"; bad=1; }
        case $f in *.c) [ -f "$objdir/${f%.c}.o" ] || die "$objdir/${f%.c}.o: not built" ;; esac
    done
    unlisted=$(cd "$libdir" && ls -- */*.c */*.h 2>/dev/null | awk 'FNR == NR { r[$1] = 1; next } !($1 in r)' "$work/rank" -)
    for f in $unlisted; do echo "layers: $f is in no layer (tests/layers.sh)"; bad=1; done
    for p in "$libdir"/*.c; do
        [ -f "$p" ] && { echo "layers: ${p##*/} lies loose in $libdir (every source lives in a folder)"; bad=1; }
    done

    # includes: never a layer above; the checker only the public header;
    # the solver's internals only inside the solver
    (cd "$libdir" && for f in $listed; do [ -f "$f" ] && echo "$f"; done | xargs awk '
        /^[ \t]*#[ \t]*include[ \t]*"/ {
            h = $0; sub(/^[^"]*"/, "", h); sub(/".*/, "", h)
            if (h !~ /\//) { d = FILENAME; sub(/\/[^\/]*$/, "", d); h = d "/" h }
            print FILENAME, h
        }') >"$work/incs"
    awk '
        FNR == NR { lay[$1] = $2; kind[$1] = $4; next }
        {
            f = $1; h = $2
            if (!(h in lay)) next
            if (kind[f] ~ /!$/) {
                if (h !~ /\/gmk_[^\/]*$/ && kind[h] != kind[f]) print "layers: " f " includes " h ": the checker shares nothing with the search"
                next
            }
            if (lay[h] > lay[f]) print "layers: " f " includes " h ", a layer above (" kind[h] " over " kind[f] ")"
            if (f !~ /^solve\// && h ~ /^solve\// && h != "solve/gmk_solve.h")
                print "layers: " f " includes the solver'"'"'s internal " h " (outside the solver, use solve/gmk_solve.h)"
        }' "$work/rank" "$work/incs" >"$work/broken"
    if [ -s "$work/broken" ]; then
        cat "$work/broken"
        bad=1
    fi

    # the programs: public headers only
    if [ -d "$cmddir" ]; then
        for p in "$cmddir"/*.c "$cmddir"/*.h; do
            [ -f "$p" ] || continue
            for inc in $(includes "$p"); do
                [ -f "$cmddir/$inc" ] && continue
                case ${inc##*/} in
                gmk*.h) ;;
                *) echo "layers: ${p##*/} includes the library's internal $inc (programs use the gmk*.h headers)"; bad=1 ;;
                esac
            done
        done
    fi

    # symbols: defined (global) and undefined per object, joined in one awk
    objs=$(for f in $listed; do case $f in *.c) echo "${f%.c}.o" ;; esac; done)
    (cd "$objdir" || exit 2
     nm -A -g --defined-only $objs | awk '{ f = $1; sub(/\.o:.*/, ".c", f); if (NF == 3) print "D", f, $3 }'
     nm -A -u $objs | awk '{ f = $1; sub(/\.o:.*/, ".c", f); print "U", f, $NF }') >"$work/syms" ||
        die "nm failed on $objdir"
    awk -v verbose="${LAYERS_VERBOSE:-}" '
        FNR == NR { lay[$1] = $2; num[$1] = $3; kind[$1] = $4; next }
        $1 == "D" { def[$3] = $2; next }
        { und[$2, $3] = 1; if (!(($2) SUBSEP ($3) in seen)) { seen[$2, $3] = 1; us[++nu] = $2 SUBSEP $3 } }
        END {
            for (i = 1; i <= nu; i++) {
                split(us[i], p, SUBSEP); f = p[1]; s = p[2]
                g = def[s]
                if (g == "" || g == f) continue
                e = f SUBSEP g
                if (!(e in used)) { edges[++ne] = e }
                used[e] = used[e] s " "
            }
            for (i = 1; i <= ne; i++) {
                split(edges[i], p, SUBSEP); f = p[1]; g = p[2]
                if (verbose != "") print f " -> " g ": " used[edges[i]] >"/dev/stderr"
                split(f, ff, "/"); split(g, gg, "/")
                if (kind[f] ~ /!$/ && ff[1] == gg[1] && kind[g] != kind[f]) {
                    print "layers: " f " uses " g " (" used[edges[i]] "): the checker shares nothing with the search"
                    bad = 1; continue
                }
                if (num[g] > num[f]) {
                    back = used[g SUBSEP f]
                    if (back != "") print "layers: cycle: " f " uses " g " (" used[edges[i]] ") and " g " uses " f " (" back ")"
                    else print "layers: " f " (" kind[f] ") calls up into " g " (" kind[g] "): " used[edges[i]]
                    bad = 1
                }
            }
            exit bad
        }' "$work/rank" "$work/syms" >"$work/broken"
    [ -s "$work/syms" ] || die "no symbols read from $objdir"
    if [ -s "$work/broken" ]; then
        sed 's/ )/)/g' "$work/broken"
        bad=1
    fi
    rm -rf "$work"
    return $bad
}

self_test() {
    real_obj=$1 real_lib=$2
    tmp=$(mktemp -d) || die "no temporary directory"
    trap 'rm -rf "$tmp"' EXIT
    cp -R "$real_lib" "$tmp/lib"
    mkdir "$tmp/obj"
    (cd "$real_obj" && find . -name '*.o' | while read -r o; do
        mkdir -p "$tmp/obj/${o%/*}" && cp "$o" "$tmp/obj/$o"; done)
    mkdir "$tmp/cmd"
    printf '#include "gmk.h"\n' >"$tmp/cmd/prog.c"
    chk() { check "$tmp/obj" "$tmp/lib" "$tmp/cmd"; }
    chk >/dev/null || die "self-test: the tree as it is fails"
    # 1. an include going up within the solver: the VCF layer includes the df-pn engine's header
    cp "$tmp/lib/solve/vcf.c" "$tmp/keep"
    echo '#include "vct.h"' >>"$tmp/lib/solve/vcf.c"
    chk | grep -q 'solve/vcf.c includes solve/vct.h' ||
        die "self-test: an include going up (vcf.c -> vct.h) was not caught"
    cp "$tmp/keep" "$tmp/lib/solve/vcf.c"
    # 2. an include going up between folders: the board includes the search
    cp "$tmp/lib/board/board.c" "$tmp/keep"
    echo '#include "search/search.h"' >>"$tmp/lib/board/board.c"
    chk | grep -q 'board/board.c includes search/search.h, a layer above' ||
        die "self-test: an include going up (board -> search) was not caught"
    cp "$tmp/keep" "$tmp/lib/board/board.c"
    # 3. a call going up, seen in the objects only: a vcf.o that calls vct_run
    printf 'int vct_run(void);\nint vcf_run(void);\nint vcf_run(void) { return vct_run(); }\n' >"$tmp/bad.c"
    ${CC:-cc} -c -o "$tmp/obj/solve/vcf.o" "$tmp/bad.c" || die "self-test: cannot compile"
    chk | grep -q 'cycle: solve/vcf.c uses solve/vct.c (vct_run' ||
        die "self-test: a call going up (vcf.o -> vct_run) was not caught"
    cp "$real_obj/solve/vcf.o" "$tmp/obj/solve/vcf.o"
    # 4. a call going up between folders: the records calling the book
    printf 'int book_open(void);\nint records_read(void);\nint records_read(void) { return book_open(); }\n' >"$tmp/bad.c"
    ${CC:-cc} -c -o "$tmp/obj/records/records.o" "$tmp/bad.c" || die "self-test: cannot compile"
    chk | grep -q 'records/records.c (records) calls up into book/book.c (book): book_open' ||
        die "self-test: a call going up (records -> book) was not caught"
    cp "$real_obj/records/records.o" "$tmp/obj/records/records.o"
    # 5. the checker using the search
    printf 'int solve_tick(void);\nint solve_check_tree(void);\nint solve_check_tree(void) { return solve_tick(); }\n' >"$tmp/bad.c"
    ${CC:-cc} -c -o "$tmp/obj/solve/solve_check.o" "$tmp/bad.c" || die "self-test: cannot compile"
    chk | grep -q 'solve/solve_check.c uses solve/solve_threat.c (solve_tick' ||
        die "self-test: the checker calling solve_tick was not caught"
    cp "$real_obj/solve/solve_check.o" "$tmp/obj/solve/solve_check.o"
    # 6. the search reaching into the solver's internals
    cp "$tmp/lib/search/search.c" "$tmp/keep"
    echo '#include "solve/solve.h"' >>"$tmp/lib/search/search.c"
    chk | grep -q "search/search.c includes the solver's internal solve/solve.h" ||
        die "self-test: search.c including solve.h was not caught"
    cp "$tmp/keep" "$tmp/lib/search/search.c"
    # 7. a program reaching into the library's internals
    printf '#include "board/board.h"\n' >>"$tmp/cmd/prog.c"
    chk | grep -q "prog.c includes the library's internal board/board.h" ||
        die "self-test: a program including board/board.h was not caught"
    printf '#include "gmk.h"\n' >"$tmp/cmd/prog.c"
    chk >/dev/null || die "self-test: the tree put back fails"
    echo "layers: self-test: includes and calls going up (in the solver and between folders), the checker using the search, the solver's and the library's internals reached from outside are caught"
}

selftest=0
[ "${1:-}" = "--self-test" ] && { selftest=1; shift; }
[ $# -ge 1 ] || die "usage: tests/layers.sh [--self-test] OBJDIR [LIBDIR [CMDDIR]]"
objdir=$1 libdir=${2:-lib} cmddir=${3:-cmd}
if [ $selftest = 1 ]; then
    self_test "$objdir" "$libdir"
    exit 0
fi
if check "$objdir" "$libdir" "$cmddir"; then
    n=$(layer_lines | awk 'END { print NR }')
    f=$(layer_lines | awk '{ split($1, a, "."); if (!(a[1] in s)) { s[a[1]] = 1; n++ } } END { print n }')
    echo "layers: the library's $f folders in $n layers hold (includes, object symbols, public headers)"
else
    exit 1
fi
