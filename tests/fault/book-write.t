Fault tests for gmk-book's writes: a book is written to a temporary file
beside it, synced and renamed over the old one, so however a write ends the
path holds either the old book or the whole new one.

Games to build from: 3,000 deterministic pseudo-random games of 24 moves (a
book of about 450 KB), and a small old book.

  $ awk 'BEGIN { s = 7; for (g = 0; g < 3000; g++) { delete used; line = ""; n = 0;
  >   while (n < 24) { s = (s * 69069 + 1) % 4294967296; p = int(s / 65536) % 225;
  >     if (p in used) continue; used[p] = 1; line = line sprintf("%c%d", 97 + p % 15, int(p / 15) + 1); n++ }
  >   print line } }' > games.txt
  $ gmk-book build -q -o new.book --max-ply 0 games.txt && gmk-book stats new.book > /dev/null && echo built
  built

A write that fails (a file size limit, as a full disk would): the reason,
exit status 2, the old book as it was and no temporary file left.

  $ printf 'h8 i9 h10\t1-0\n' | gmk-book build -q -o g.book -; cp g.book old.book
  $ (trap '' XFSZ; ulimit -f 64; gmk-book build -q -o g.book --max-ply 0 games.txt)
  gmk-book: g.book: write failed: File too large
  [2]
  $ cmp g.book old.book && gmk-book stats g.book > /dev/null && echo intact; ls | grep tmp | wc -l
  intact
  0

The same for a merge.

  $ (trap '' XFSZ; ulimit -f 64; gmk-book merge -q -o g.book new.book old.book)
  gmk-book: g.book: write failed: File too large
  [2]
  $ cmp g.book old.book && echo intact; ls | grep tmp | wc -l
  intact
  0

Killed at any moment of a rebuild (SIGKILL after 0 to 90 ms): the book is
the old one or the whole new one, never a mix (a killed process may leave its
temporary file behind).

  $ for t in 0 0.01 0.02 0.03 0.04 0.05 0.06 0.07 0.08 0.09; do
  >   cp old.book k.book; gmk-book build -q -o k.book --max-ply 0 games.txt & pid=$!
  >   sleep $t; kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null
  >   cmp -s k.book old.book || cmp -s k.book new.book || echo "mixed book after $t s"
  >   gmk-book stats k.book > /dev/null || echo "unreadable after $t s"; done; echo checked
  checked

Stopped by SIGTERM or SIGHUP (a user's kill, a closed terminal) at any
moment, with runs spilled to $TMPDIR (--memory 1): the same, and nothing
left behind, neither the temporary book nor the runs and their folder.

  $ mkdir spill; rm -f k.book.tmp.*
  $ for t in 0 0.01 0.02 0.03 0.05 0.08 0.12 0.2; do for sig in TERM HUP; do
  >   cp old.book k.book; TMPDIR=$PWD/spill gmk-book build -q -m 1 -o k.book --max-ply 0 games.txt & pid=$!
  >   sleep $t; kill -$sig $pid 2>/dev/null; wait $pid 2>/dev/null
  >   cmp -s k.book old.book || cmp -s k.book new.book || echo "mixed book after $t s"
  >   ls k.book.tmp.* spill/* 2>/dev/null; done; done; echo checked
  checked
