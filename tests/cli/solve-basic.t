gmk-solve: forced wins for the side to move, checked before they are printed.

A VCF (the default kind): the line runs attacker first, defender's forced
blocks in between, and ends with the five.

  $ printf 'h8 a1 i8 a3 j8 a5 h9 a7 h10 a9\n' | gmk-solve
  h8a1i8a3j8a5h9a7h10a9	vcf	win	h7h6h11

JSON Lines carry the kind, the result, the line, whether the checker
accepted it, and the work done.

  $ printf 'h8 a1 i8 a3 j8 a5 h9 a7 h10 a9\n' | gmk-solve --json
  \{"position":"h8a1i8a3j8a5h9a7h10a9","rule":"freestyle","size":15,"to_move":"black","kind":"vcf","result":"win","line":\["h7","h6","h11"\],"verified":true,"nodes":1,"ms":[0-9.]+\} (re)

No four at all: the search space is exhausted, nowin.

  $ printf 'h8 a1 i8\n' | gmk-solve
  h8a1i8	vcf	nowin	-

Renju: white's four whose only defence is a forbidden point for black wins;
the line ends with that four. Under freestyle the same four is blocked.

  $ printf 'g8 h10 i8 h11 g7 h12 i9 a1 h13\n' | gmk-solve -r renju
  g8h10i8h11g7h12i9a1h13	vcf	win	h9
  $ printf 'g8 h10 i8 h11 g7 h12 i9 a1 h13\n' | gmk-solve -r freestyle
  g8h10i8h11g7h12i9a1h13	vcf	nowin	-

A limit that stops the search gives unknown, never a guess, and the limit
where the line would be.

  $ printf 'j12 h11 i11 j11 f10 g10 f9 i10 j9 g9 l9 i9 h8 g8 f7 j8 g7 l8 k7\n' | gmk-solve -r renju --nodes 1
  j12h11i11j11f10g10f9i10j9g9l9i9h8g8f7j8g7l8k7	vcf	unknown	nodes

--time counts seconds here unless a unit says otherwise (2s, 500ms).

  $ printf 'h8 a1 i8 a3 j8 a5 h9 a7 h10 a9\n' | gmk-solve --time 0.5 | cut -f3
  win
  $ printf 'h8 a1 i8 a3 j8 a5 h9 a7 h10 a9\n' | gmk-solve --time 500ms | cut -f3
  win
  $ gmk-solve --time 5h < /dev/null
  gmk-solve: --time: '5h' is not a duration of 1 ms to 86400 s (a number of seconds, or with the unit ms or s)
  Try 'gmk-solve --help' for more information.
  [2]

Carried fields follow the result; bad lines are reported and skipped.

  $ printf 'h8 a1 i8\tpuzzle 7\nh8 h8\n' | gmk-solve
  h8a1i8	vcf	nowin	-	puzzle 7
  gmk-solve: <stdin>:2: h8 is already occupied (move 2)
  [1]
