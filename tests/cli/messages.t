Messages (issue 38, item 9): bytes quoted from the input are escaped as \xNN
by every tool; a UTF-8 byte order mark at the start of a file is skipped by
every reader; a book or a RenLib library given to build says what to use,
once; a bad diagram character is one error (diagram-numbers.t).

  $ printf 'h8 h9\t\002\n' | gmk-book build -q -o a.book
  gmk-book: <stdin>:1: record 1: '\x02' is not a result (1-0, 0-1, 1/2-1/2, black, white, draw, ?)
  gmk-book: a.book: not written (no game read: every record was bad)
  [1]
  $ printf 'h8 \001\n' | gmk-eval -n 0
  gmk-eval: <stdin>:1: bad coordinate '\x01'
  [1]

A BOM before the first line, in positions and in records.

  $ printf '\357\273\277h8 h9\n' > bom.txt; printf '\357\273\277h8 h9 h10\t1-0\n' > bom-games.txt
  $ gmk-eval -n 0 bom.txt; gmk-solve bom.txt | cut -f1; gmk-search --depth 1 bom.txt | cut -f1
  h8h9	black	-	16	
  h8h9
  h8h9
  $ gmk-book build -q -o bom.book bom-games.txt && gmk-book probe bom.book bom.txt
  h8h9	h10:1:1:0:0:0.667
  $ printf '\357\273\277[Event "x"]\n[Result "1-0"]\n\n1. h8 h9 2. h10 1-0\n' > bom.pgn; gmk-book build -q -o pgn.book bom.pgn && echo h8 | gmk-book probe pgn.book
  h8	h9:1:0:0:1:0.333

A book or a library fed to build: one line that says what to use, exit 2,
nothing written.

  $ gmk-book export --renlib -o bom.lib bom.book
  $ gmk-book build -q -o new.book bom.book; gmk-book build -q -o new.book bom.lib; ls new.book 2>/dev/null | wc -l
  gmk-book: bom.book: a gmk book, not game records (use gmk-book merge)
  gmk-book: new.book: not written (an input failed; the old file is kept)
  gmk-book: bom.lib: a RenLib library, not game records (use gmk-book import)
  gmk-book: new.book: not written (an input failed; the old file is kept)
  0
