Board diagrams out (--format diagram) and in.

  $ printf 'h8 i9 h10\n' | gmk-eval -s 9 -f diagram 2>&1 | head -1
  gmk-eval: <stdin>:1: h10 is off the board (size 9)
  $ printf 'e5 f6 e4\n' | gmk-eval -s 9 -f diagram -n 0
  e5f6e4	white	-	210	
     a b c d e f g h i
   9 . . . . . . . . . 9
   8 . . . . . . . . . 8
   7 . . . . . . . . . 7
   6 . . . . . o . . . 6
   5 . . . . x . . . . 5
   4 . . . . X . . . . 4
   3 . . . . . . . . . 3
   2 . . . . . . . . . 2
   1 . . . . . . . . . 1
     a b c d e f g h i
  

A diagram read back gives the same position; the last move (upper case)
comes last.

  $ printf 'e5 f6 e4\n' | gmk-eval -s 9 -f diagram | tail -n +2 | gmk-eval 2>&1 | cut -f1-3
  e5f6e4	white	-

Plain rows without labels; the size comes from the diagram.

  $ printf '.....\n.xo..\n..x..\n.....\n.....\n' | gmk-eval --json | cut -c1-68
  {"position":"c3c4b4","rule":"freestyle","size":5,"to_move":"white","

Unequal counts need --to-move; passes fill in.

  $ printf 'xxx..\n.....\n.....\n.....\n.....\n' | gmk-eval
  gmk-eval: <stdin>:1: cannot tell the side to move from 3 black and 0 white stones (use --to-move)
  [1]
  $ printf 'xxx..\n.....\n.....\n.....\n.....\n' | gmk-eval --to-move white 2>&1 | cut -f1-3
  a5--b5--c5	white	-

A diagram with a five: the winner's stone is last.

  $ printf 'xxxxx\noooo.\n.....\n.....\n.....\n' | gmk-eval 2>&1 | cut -f1-3
  a5a4b5b4c5c4d5d4e5	white	black

Mixed input: lines and diagrams.

  $ printf 'h8\n. . . . .\n. . . . .\n. . x . .\n. . . . .\n. . . . .\n\ni9\n' | gmk-eval 2>&1 | cut -f1-3
  h8	white	-
  c3	white	-
  i9	white	-

Move numbers instead of stones (--numbers; the candidates are letters, as
in every diagram).

  $ printf 'e5 f6 e4 -- e6\n' | gmk-eval -s 9 -f diagram --numbers -n 2
  e5f6e4--e6	white	-	10009	e7 e3
      a  b  c  d  e  f  g  h  i
   9  .  .  .  .  .  .  .  .  . 9
   8  .  .  .  .  .  .  .  .  . 8
   7  .  .  .  .  A  .  .  .  . 7
   6  .  .  .  .  5  2  .  .  . 6
   5  .  .  .  .  1  .  .  .  . 5
   4  .  .  .  .  3  .  .  .  . 4
   3  .  .  .  .  B  .  .  .  . 3
   2  .  .  .  .  .  .  .  .  . 2
   1  .  .  .  .  .  .  .  .  . 1
      a  b  c  d  e  f  g  h  i
  
