Settings are not silently ignored (issue 38, item 10).

A --size that does not match a diagram is an error for that diagram (it was
evaluated on the diagram's board).

  $ printf '. . . . .\n. . . . .\n. . x . .\n. . . . .\n. . . . .\n' > d.txt
  $ gmk-eval -s 15 -n 0 d.txt
  gmk-eval: d.txt:1: diagram is 5x5, --size says 15
  [1]
  $ gmk-eval -s 5 -n 0 d.txt; gmk-eval -n 0 d.txt
  c3	white	-	7	
  c3	white	-	7	

--book with --multipv: the book gives one move, so the search answers, and
says so.

  $ printf 'h8 h9 h10\t1-0\n' > g.txt; gmk-book build -q -o g.book g.txt
  $ echo 'h8 h9' | gmk-search --book g.book --multipv 2 --depth 2 | cut -f2 | grep -c '[a-o][0-9]'
  gmk-search: --book: not used with --top 2 (a book gives one move); searching instead
  1
