gmk-book build and merge end with a one-line summary on stderr when it is
not a terminal (issue 38, item 11): games read, skipped, positions, entries;
-q/--quiet leaves it out. On a terminal the progress line says it instead.

  $ printf 'h8 h9 h10\t1-0\nh8 g8 f8\t0-1\nh8 h8\n' > g.txt
  $ gmk-book build -o g.book g.txt
  gmk-book: g.txt:3: record 3: move 2 (h8) is already occupied by move 1
  gmk-book: g.book: 2 games read, 1 skipped, 3 positions, 3 entries
  [1]
  $ gmk-book merge -o m.book g.book g.book
  gmk-book: m.book: 2 books merged, 4 games, 3 positions, 3 entries
  $ gmk-book build -q -o g.book g.txt; gmk-book merge --quiet -o m.book g.book g.book
  gmk-book: g.txt:3: record 3: move 2 (h8) is already occupied by move 1
  $ command -v script >/dev/null || echo 0; command -v script >/dev/null && script -qec 'gmk-book build -o t.book g.txt' /dev/null < /dev/null | grep -c 'games read'; true
  0
