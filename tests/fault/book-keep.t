Every way gmk-book build, merge, import and export can fail leaves an
existing output byte for byte as it was (issue 38): a missing input, a bad
input, a full disk (a file size limit), SIGINT, SIGKILL in the middle of the
write. The outputs are written to a temporary file beside the target and
renamed over it only when the whole run succeeded (lib/core/tempfiles.c).

Inputs: 3,000 pseudo-random games (a book of about 450 KB), a RenLib library
of the first 400 (export is slow on big books), and the old outputs every
case must leave alone.

  $ awk 'BEGIN { s = 7; for (g = 0; g < 3000; g++) { delete used; line = ""; n = 0;
  >   while (n < 24) { s = (s * 69069 + 1) % 4294967296; p = int(s / 65536) % 225;
  >     if (p in used) continue; used[p] = 1; line = line sprintf("%c%d", 97 + p % 15, int(p / 15) + 1); n++ }
  >   print line } }' > games.txt
  $ head -400 games.txt > mid.txt; gmk-book build -q -o mid.book --max-ply 0 mid.txt && gmk-book export --renlib -o big.lib mid.book
  $ gmk-book build -q -o big.book --max-ply 0 games.txt && gmk-book stats big.book > /dev/null && echo made
  made
  $ printf 'h8 i9 h10\t1-0\n' | gmk-book build -q -o old.book - && gmk-book export --renlib -o old.lib old.book
  $ cat > h.sh <<'SH'
  > keep() { cp old.book out.book; cp old.lib out.lib; }
  > same() { cmp -s out.book old.book && cmp -s out.lib old.lib && echo kept || echo CHANGED; ls | grep -c '\.tmp' || true; }
  > run() { case $1 in build) set -- build -o out.book --max-ply 0 games.txt ;;
  >   merge) set -- merge -o out.book big.book old.book ;; import) set -- import -o out.book big.lib ;;
  >   export) set -- export --renlib -o out.lib mid.book ;; esac
  >   exec env --default-signal=INT gmk-book "$@"; }
  > SH

A missing input (exit status 2).

  $ . ./h.sh; keep; gmk-book build -q -o out.book games.txt missing.txt 2>/dev/null; echo $?; same
  2
  kept
  0
  $ . ./h.sh; keep; gmk-book merge -q -o out.book big.book missing.book 2>/dev/null; echo $?; same
  2
  kept
  0
  $ . ./h.sh; keep; gmk-book import -o out.book missing.lib 2>/dev/null; echo $?; same
  2
  kept
  0
  $ . ./h.sh; keep; gmk-book export --renlib -o out.lib missing.book 2>/dev/null; echo $?; same
  2
  kept
  0

A bad input: records none of which is a game (exit 1: nothing read, issue
54), a book or a library given to build, a truncated book, a library that is
not one (exit 2).

  $ head -c 3000 /dev/zero | tr '\0' 'z' | fold -w 60 > junk.txt; head -c 2000 big.book > cut.book; head -c 2000 big.lib > cut.lib
  $ . ./h.sh; keep; gmk-book build -q -o out.book junk.txt 2>/dev/null; echo $?; same
  1
  kept
  0
  $ . ./h.sh; keep; gmk-book build -q -o out.book games.txt big.book 2>/dev/null; echo $?; same
  2
  kept
  0
  $ . ./h.sh; keep; gmk-book build -q -o out.book big.lib 2>/dev/null; echo $?; same
  2
  kept
  0
  $ . ./h.sh; keep; gmk-book merge -q -o out.book big.book cut.book 2>/dev/null; echo $?; same
  2
  kept
  0
  $ . ./h.sh; keep; gmk-book import -o out.book cut.lib 2>/dev/null; echo $?; gmk-book import -o out.book games.txt 2>/dev/null; echo $?; same
  2
  2
  kept
  0
  $ . ./h.sh; keep; gmk-book export --renlib -o out.lib cut.book 2>/dev/null; echo $?; same
  2
  kept
  0

A full disk: a file size limit (64 KB for the books from 3,000 games,
32 KB for the import, 8 KB for the 18 KB library; SIGXFSZ ignored, so the
write fails with EFBIG as on a full disk).

  $ . ./h.sh; keep; (trap '' XFSZ; ulimit -f 64; gmk-book build -q -o out.book --max-ply 0 games.txt 2>/dev/null; echo $?); same
  2
  kept
  0
  $ . ./h.sh; keep; (trap '' XFSZ; ulimit -f 64; gmk-book merge -q -o out.book big.book old.book 2>/dev/null; echo $?); same
  2
  kept
  0
  $ . ./h.sh; keep; (trap '' XFSZ; ulimit -f 32; gmk-book import -o out.book big.lib 2>/dev/null; echo $?); same
  2
  kept
  0
  $ . ./h.sh; keep; (trap '' XFSZ; ulimit -f 8; gmk-book export --renlib -o out.lib mid.book 2>/dev/null; echo $?); same
  2
  kept
  0

SIGINT (Ctrl-C) at any moment: the old output or the whole new one, and
no temporary file left behind. (run execs gmk-book, so the signal reaches it
and not a subshell; env --default-signal undoes the SIGINT a shell ignores in
its background jobs.)

  $ gmk-book merge -q -o new-merge.book big.book old.book; gmk-book import -o new-import.book big.lib; cp big.book new-build.book; cp big.lib new-export.lib
  $ . ./h.sh; for c in build merge import export; do for t in 0 0.01 0.03 0.06 0.1; do
  >   keep; run $c 2>/dev/null & pid=$!; sleep $t; kill -INT $pid 2>/dev/null; wait $pid 2>/dev/null
  >   case $c in export) cmp -s out.lib old.lib || cmp -s out.lib new-export.lib || echo "$c: mixed after $t s" ;;
  >     *) cmp -s out.book old.book || cmp -s out.book new-$c.book || echo "$c: mixed after $t s" ;; esac
  >   ls | grep '\.tmp'; done; done; echo checked
  checked

SIGKILL at any moment (a killed process may leave its temporary file; the
output is still the old one or the whole new one).

  $ . ./h.sh; for c in build merge import export; do for t in 0 0.01 0.03 0.06 0.1; do
  >   keep; run $c 2>/dev/null & pid=$!; sleep $t; kill -KILL $pid 2>/dev/null; wait $pid 2>/dev/null
  >   case $c in export) cmp -s out.lib old.lib || cmp -s out.lib new-export.lib || echo "$c: mixed after $t s" ;;
  >     *) cmp -s out.book old.book || cmp -s out.book new-$c.book || echo "$c: mixed after $t s" ;; esac
  >   rm -f ./*.tmp*; done; done; echo checked
  checked
