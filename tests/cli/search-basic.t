gmk-search: best move, score, depth, nodes, milliseconds and principal
variation per position (node counts and times vary, so they are matched).

The issue's example: a legal best move with its principal variation.

  $ printf 'h8 h9 i9\n' | gmk-search --json --depth 8 | grep -c '"best":"[a-o][0-9]*","score":-\?[0-9]*,"depth":8,"nodes":[0-9]*,"ms":[0-9]*,"pv":\["[a-o][0-9]*"'
  1

Text: position, best, score, depth, nodes, ms, pv. A five on the board at once
is "win in 1"; a four must be blocked.

  $ printf 'h8 a1 i8 a3 j8 a5 k8 a7\n' | gmk-search --depth 4
  h8a1i8a3j8a5k8a7	g8	win in 1	1	1	[0-9]+	g8 (re)
  $ printf 'h8 g8 i8 a3 j8 a5 k8\n' | gmk-search --depth 4 | cut -f1,2
  h8g8i8a3j8a5k8	l8

A four-three is a forced win, shown as one: three own moves to the five.

  $ printf 'h8 g8 i8 a1 j8 a3 k9 a5 k10 a7\n' | gmk-search --depth 6 | cut -f2,3
  k8	win in 3
  $ printf 'h8 g8 i8 a1 j8 a3 k9 a5 k10 a7\n' | gmk-search --depth 6 --json | grep -o '"score":"[^"]*"'
  "score":"win in 3"

Renju: black never plays a forbidden point (j8 would be a double three);
freestyle plays it and wins.

  $ printf 'h8 a1 i8 o1 j9 a15 j10 o15\n' | gmk-search -r renju --depth 4 | cut -f2 | grep -c j8
  0
  [1]
  $ printf 'h8 a1 i8 o1 j9 a15 j10 o15\n' | gmk-search -r freestyle --depth 4 | cut -f2,3
  j8	win in 3

--multipv N: more lines, as more TAB fields (move, score, pv) in text and a
"lines" array in JSON. Carried fields stay at the end.

  $ printf 'h8	my note\n' | gmk-search --depth 3 --multipv 3 | awk -F'	' '{print NF, $NF}'
  14 my note
  $ printf 'h8\n' | gmk-search --depth 3 --multipv 2 --json | grep -o '"lines":\[{"move":"[a-o][0-9]*"' | wc -l
  1

--verbose: one info line per completed depth on stderr.

  $ printf 'h8\n' | gmk-search --depth 3 --verbose 2>&1 >/dev/null | sed 's/ nodes.*//'
  info depth 1 seldepth [0-9]+ score -?[0-9]+ (re)
  info depth 2 seldepth [0-9]+ score -?[0-9]+ (re)
  info depth 3 seldepth [0-9]+ score -?[0-9]+ (re)

Limits: nodes and time (the search stops at the next check).

  $ printf 'h8 h9 i9 g7\n' | gmk-search --nodes 3000 | awk -F'	' '{print ($5 < 6000)}'
  1
  $ printf 'h8 h9 i9 g7\n' | gmk-search --time 100ms | awk -F'	' '{print ($6 < 1000)}'
  1

--time counts seconds (as gmk-solve and timeout(1) do) unless a unit says
otherwise; the Gomocup protocol keeps its milliseconds.

  $ printf 'h8 h9 i9 g7\n' | gmk-search --time 0.05s | awk -F'	' '{print ($6 < 1000)}'
  1
  $ gmk-search --time 2x < /dev/null
  gmk-search: --time: '2x' is not a duration of 1 ms to 86400 s (a number of seconds, or with the unit ms or s)
  Try 'gmk-search --help' for more information.
  [2]

The seed's simple intelligence (the match baseline): no search.

  $ printf 'h8 g8 i8 a3 j8 a5 k8\n' | gmk-search --simple | cut -f2
  l8

A position that is already won has no move; bad input is reported and the
others are searched.

  $ printf 'a1 a2 b1 b2 c1 c2 d1 d2 e1\nh8 h8\nh8\n' | gmk-search --depth 2 2>&1 | cut -f1-3
  a1a2b1b2c1c2d1d2e1	-	over
  gmk-search: <stdin>:2: h8 is already occupied (move 2)
  h8	[a-o][0-9]+	-?[0-9]+ (re)

Bad options are usage errors.

  $ gmk-search --depth 0
  gmk-search: --depth: '0' is not a number in 1..100
  Try 'gmk-search --help' for more information.
  [2]
  $ gmk-search --disable speed
  gmk-search: --disable: 'speed' is not one of tt history vcf prune
  Try 'gmk-search --help' for more information.
  [2]

Features switch off for ablation matches; the answer stays legal.

  $ printf 'h8 h9 i9\n' | gmk-search --depth 4 --disable tt,history,vcf,prune | cut -f2 | grep -c '^[a-o][0-9]*$'
  1

--book BOOK (a gmk-book book): a move with at least 3 games of known result
is played at once, the best scored ("book":true, depth 0); where the book's
moves have fewer results the search chooses among them; elsewhere the
search plays as usual.

  $ printf 'h8 i9 j10\t1-0\nh8 i9 j10\t1-0\nh8 i9 j10\t0-1\nh8 i9 h10\t0-1\nh8 h9 h10\n' > games.txt
  $ gmk-book build -q -o g.book games.txt
  $ printf 'h8 i9\n' | gmk-search --book g.book --depth 4 --json | grep -o '"best":"j10","score":[0-9]*,"book":true,"depth":0'
  "best":"j10","score":100,"book":true,"depth":0
  $ printf 'h8 h9\nh8 h9 h10 h11\n' | gmk-search --book g.book --depth 4 | cut -f1,2,4
  h8h9	h10	4
  h8h9h10h11	[a-o][0-9]+	4 (re)
  $ gmk-search --book missing.book
  gmk-search: missing.book: .* (re)
  [2]
