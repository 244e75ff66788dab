Numbered diagrams read back (issue 38, item 3): the move numbers give the
order, in all four tools; any other stray character in a row is an error that
names it and its column, never a stone silently dropped.

  $ echo 'e5 f6 e4 d5 e6' | gmk-eval --numbers -f diagram -s 9 -n 2 | tail -n +2 > num.txt; cat num.txt
      a  b  c  d  e  f  g  h  i
   9  .  .  .  .  .  .  .  .  . 9
   8  .  .  .  .  .  .  .  .  . 8
   7  .  .  .  .  A  .  .  .  . 7
   6  .  .  .  .  5  2  .  .  . 6
   5  .  .  .  4  1  .  .  .  . 5
   4  .  .  .  .  3  .  .  .  . 4
   3  .  .  .  .  B  .  .  .  . 3
   2  .  .  .  .  .  .  .  .  . 2
   1  .  .  .  .  .  .  .  .  . 1
      a  b  c  d  e  f  g  h  i
  
  $ gmk-eval -n 0 num.txt
  e5f6e4d5e6	white	-	10009	
  $ gmk-solve num.txt | cut -f1
  e5f6e4d5e6
  $ gmk-search --nodes 200 num.txt | cut -f1
  e5f6e4d5e6
  $ printf 'e5 f6 e4 d5 e6\t1-0\n' > g.txt; gmk-book build -q -s 9 -o g.book g.txt && gmk-book probe g.book num.txt | cut -f1
  e5f6e4d5e6

Without labels, with a missing number (a pass) and --to-move for the side.

  $ printf '. 1 2 . .\n. . . 4 .\n. . . . .\n. . . . .\n. . . . .\n' | gmk-eval -n 0 | cut -f1,2
  b5c5--d4	black
  $ printf '. 1 2 . .\n. . . 4 .\n. . . . .\n. . . . .\n. . . . .\n' | gmk-eval -n 0 --to-move white | cut -f1,2
  b5c5--d4--	white

A digit among x and o stones, a number twice, a stray character: one error
each, naming it.

  $ printf '. x 7 . .\n. . o . .\n. . . . .\n. . . . .\n. . . . .\n' | gmk-eval -n 0
  gmk-eval: <stdin>:1: diagram row 1, column c: move number 7 among x and o stones (a diagram has one or the other)
  [1]
  $ printf '. 1 2 . .\n. . . 1 .\n. . . . .\n. . . . .\n. . . . .\n' | gmk-solve
  gmk-solve: <stdin>:1: move number 1 is on both d4 and b5
  [1]
  $ printf '. x ? . .\n. . o . .\n. . . . .\n. . . . .\n. . . . .\n' | gmk-eval -n 0
  gmk-eval: <stdin>:1: diagram row 1, column c: '?' is not a diagram character
  [1]
  $ printf '. . . . .\n. x o . .\n. . . \001 .\n. . . . .\n. . . . .\n' | gmk-book probe g.book
  gmk-book: <stdin>:1: diagram row 3, column d: '\x01' is not a diagram character
  [1]

A move list of column o (or x) is still a move list, not a diagram row.

  $ echo 'o1 o2 o3 o4 o5 o6' | gmk-eval -n 0 | cut -f1-3
  o1o2o3o4o5o6	black	-
