Rule and size of a book (issue 38, item 7): one behaviour everywhere. A
book's rule and size are the defaults when it is given; a contradiction is
one clear usage error; records that state their rule make the book's rule
when -r is not given.

  $ printf 'h8 h9 h10\t1-0\nh8 h9 h10\t1-0\n' > g.txt
  $ gmk-book build -q -r renju -o renju.book g.txt && gmk-book build -q -o free.book g.txt

gmk-search --book: the book's rule is the default (it was silently ignored
under freestyle); --rule or --size against it is a usage error.

  $ echo 'h8 h9' | gmk-search --book renju.book --depth 3 --json | grep -o '"rule":"renju".*"book":true' | cut -c1-15
  "rule":"renju",
  $ echo 'h8 h9' | gmk-search --book renju.book -r freestyle --depth 3
  gmk-search: --book: renju.book is a renju 15x15 book; --rule freestyle --size 15 does not match
  Try 'gmk-search --help' for more information.
  [2]
  $ echo 'h8 h9' | gmk-search --book free.book -s 19 --depth 3
  gmk-search: --book: free.book is a freestyle 15x15 book; --rule freestyle --size 19 does not match
  Try 'gmk-search --help' for more information.
  [2]

gmk-book probe: a --size against the book is one usage error, as --rule is
(it was an error on every line).

  $ printf 'h8\nh8 h9\n' | gmk-book probe -s 19 free.book
  gmk-book: probe: free.book is a 15x15 book; --size 19 does not match
  Try 'gmk-book probe --help' for more information.
  [2]
  $ printf 'h8\n' | gmk-book probe -r renju free.book
  gmk-book: probe: free.book is a freestyle book; --rule renju does not match
  Try 'gmk-book probe --help' for more information.
  [2]

build without -r: renju records (a PGN [Rule] tag, SGF RU) make a renju book
instead of a line per game and an empty book; a psq board of 20 makes a
20x20 book.

  $ printf '[Rule "renju"]\n[Result "1-0"]\n\n1. h8 h9 2. h10 1-0\n\n[Rule "renju"]\n[Result "0-1"]\n\n1. h8 i9 2. h10 0-1\n' > r.pgn
  $ gmk-book build -q -o r.book r.pgn && gmk-book stats r.book | awk '$1 == "rule" || $1 == "games"'
  rule	renju
  games	2
  $ printf '(;GM[4]FF[4]SZ[15]RU[Renju];B[hh];W[ig];B[jf])\n' > r.sgf; gmk-book build -q -o s.book r.sgf && gmk-book stats s.book | grep '^rule'
  rule	renju

A rule name gmk does not know (caro) is an error for that record, not
freestyle nor the -r of the run.

  $ printf '[Rule "caro"]\n[Result "1-0"]\n\n1. h8 h9 2. h10 1-0\n\n[Rule "renju"]\n[Result "0-1"]\n\n1. h8 i9 2. h10 0-1\n' > c.pgn
  $ gmk-book build -q -r renju -o c.book c.pgn
  gmk-book: c.pgn:1: record 1: rule 'caro' is not freestyle, standard or renju
  [1]
  $ printf '(;GM[4]SZ[15]RU[caro];B[hh];W[ig])\n(;GM[4]SZ[15];B[hh];W[ig])\n' > c.sgf; gmk-book build -q -o c2.book c.sgf
  gmk-book: c.sgf:1: record 1: rule 'caro' is not freestyle, standard or renju
  [1]
