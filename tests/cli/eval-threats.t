gmk-eval: threats, renju forbidden points, candidates and scores.

A black open three: both sides' threat points, the seed's candidates
(attack = what the side to move makes, defense = what the opponent would make,
centre table) and the score (the best candidate's).

  $ printf 'h8 i9 h10\n' | gmk-eval --json -n 3
  {"position":"h8i9h10","rule":"freestyle","size":15,"to_move":"white","winner":null,"five":{"black":[],"white":[]},"four":{"black":[],"white":[]},"open_four":{"black":[],"white":[]},"open_three":{"black":["h7","h9","h11"],"white":[]},"three":{"black":["h6","h12"],"white":[]},"forbidden":[],"candidates":[{"move":"h9","attack":5,"defense":200,"centre":6,"score":211},{"move":"h7","attack":0,"defense":200,"centre":6,"score":206},{"move":"h11","attack":0,"defense":200,"centre":4,"score":204}],"score":211}

Text: position, side to move, winner, score, candidates.

  $ printf 'h8 i9 h10\n' | gmk-eval -n 3
  h8i9h10	white	-	211	h9 h7 h11

Fours and fives: white must block h11 (black's five point) — defense 100000.

  $ printf 'h8 i8 h9 i9 h10 i10 h7 a1\n' | gmk-eval -n 2
  h8i8h9i9h10i10h7a1	black	-	100009	h11 h6
  $ printf 'h8 i8 h9 i9 h10 i10 h7 a1\n' | gmk-eval --json | grep -o '"five":{[^}]*}'
  "five":{"black":["h6","h11"],"white":[]}

Renju: black's forbidden points are listed whoever is to move and are no
move for black. Here e5 would make two open threes (3-3).

  $ printf '. . . . . . . . .\n. . . . . . . . .\n. . . . x . . . .\n. . . . x . . . .\n. . x x . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n' > d.txt
  $ gmk-eval -r renju --to-move black --json d.txt | grep -o '"forbidden":\[[^]]*\]'
  "forbidden":["e5"]
  $ gmk-eval -r freestyle --to-move black --json d.txt | grep -o '"forbidden":\[[^]]*\]'
  "forbidden":[]
  $ gmk-eval -r renju --to-move black -f diagram -n 3 d.txt
  c5--d5--e6--e7--	black	-	205	e4 f5 d6
     a b c d e f g h i
   9 . . . . . . . . . 9
   8 . . . . . . . . . 8
   7 . . . . X . . . . 7
   6 . . . C x . . . . 6
   5 . . x x * B . . . 5
   4 . . . . A . . . . 4
   3 . . . . . . . . . 3
   2 . . . . . . . . . 2
   1 . . . . . . . . . 1
     a b c d e f g h i
  

--point: one point's full valuation; --explain: each shape with its
direction, pattern name and line (as the PCRE2 catalogue sees it: 1 own,
0 empty, 2 the other colour or the edge).

  $ gmk-eval -r renju --to-move black --point e5 d.txt | tail -n +2
  # e5 attack 0 defense 0 centre 7 score 7 forbidden double-three
  # e5 black makes double-three
  # e5 white makes none
  # e5 black horizontal open-three open-three 20011100002
  # e5 black vertical open-three open-three 20000111002
  $ printf 'h8 i9 h10\n' | gmk-eval --explain -n 1
  h8i9h10	white	-	211	h9
  # h6 black vertical three closed-three 00000101010
  # h7 black vertical open-three split-three 00000110100
  # h9 black vertical open-three open-three 00001110000
  # h9 white horizontal open-two open-two 00000110000
  # h11 black vertical open-three split-three 00101100002
  # h12 black vertical three closed-three 01010100022
  $ printf 'h8\n' | gmk-eval --point h8
  gmk-eval: <stdin>:1: --point h8: the point is occupied
  [1]

User shapes: a catalogue file adds or overrides shapes and scores; a bad
pattern gets PCRE2's message with file, line and offset.

  $ printf 'combo open-three 777\n' > mine.txt
  $ printf 'h8 i9 h10\n' | gmk-eval --shapes mine.txt -n 1
  h8i9h10	white	-	788	h9
  $ printf '# mine\nbroken three any 1 11(1\n' > bad.txt
  $ printf 'h8\n' | gmk-eval --shapes bad.txt
  gmk-eval: bad.txt:2: offset 5: missing closing parenthesis
  Try 'gmk-eval --help' for more information.
  [2]
