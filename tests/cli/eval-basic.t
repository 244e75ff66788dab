gmk-eval: positions in, the normalised position, side to move and winner out.

The issue's examples: JSON for a simple position (here only the members
about notation; eval-threats.t shows the rest).

  $ printf 'h8 i9 h10\n' | gmk-eval --json | grep -o '"position":"h8i9h10","rule":"freestyle","size":15,"to_move":"white","winner":null'
  "position":"h8i9h10","rule":"freestyle","size":15,"to_move":"white","winner":null

Text output: position, side to move, winner, score, candidates (best first);
the first three fields are what this file is about.

Separators are optional, case does not matter, passes fix the side to move.

  $ printf 'h8i9h10\nH8, I9, H10\nh8 -- i8 -- j8\nh8 -- i8 -- j8 --\n' | gmk-eval 2>&1 | cut -f1-3,6-
  h8i9h10	white	-
  h8i9h10	white	-
  h8--i8--j8	white	-
  h8--i8--j8--	black	-

Blank lines and comments are skipped; fields after a TAB are carried through.

  $ printf '# a comment\n\nh8\tpuzzle 1\tmore\n' | gmk-eval 2>&1 | cut -f1-3,6-
  h8	white	-	puzzle 1	more

A bad line in the middle: reported with its line number, the others printed,
exit status 1.

  $ set -o pipefail; printf 'h8\nh8 h8\nh8 i9\nz1\nh8 q\n' | gmk-eval 2>&1 | cut -f1-3,6-
  h8	white	-
  gmk-eval: <stdin>:2: h8 is already occupied (move 2)
  h8i9	black	-
  gmk-eval: <stdin>:4: z1 is off the board (size 15)
  gmk-eval: <stdin>:5: bad coordinate 'q'
  [1]

Moves after a win are an error; the winning move itself is fine.

  $ set -o pipefail; printf 'a1 a2 b1 b2 c1 c2 d1 d2 e1\na1 a2 b1 b2 c1 c2 d1 d2 e1 e2\n' | gmk-eval 2>&1 | cut -f1-3,6-
  a1a2b1b2c1c2d1d2e1	white	black
  gmk-eval: <stdin>:2: e2 comes after the winning move (move 9)
  [1]

The rule decides what an overline is worth.

  $ printf 'a1 a2 b1 b2 c1 c2 e1 e2 f1 f2 d1\n' > six.txt
  $ for r in freestyle standard renju; do gmk-eval -r $r six.txt; done | cut -f1-3
  a1a2b1b2c1c2e1e2f1f2d1	white	black
  a1a2b1b2c1c2e1e2f1f2d1	white	-
  a1a2b1b2c1c2e1e2f1f2d1	white	-

Files: several, "-" for stdin; an unreadable file gives exit status 2 after the
others are done.

  $ set -o pipefail; printf 'h8\n' > a.txt; printf 'i9\n' | gmk-eval a.txt - nonexistent.txt 2>&1 | cut -f1-3,6-
  h8	white	-
  i9	white	-
  gmk-eval: nonexistent.txt: No such file or directory
  [2]

Other board sizes; --origin top mirrors the rows.

  $ printf 'a1 e5\n' | gmk-eval -s 5 --json | cut -c1-64
  {"position":"a1e5","rule":"freestyle","size":5,"to_move":"black"
  $ printf 'h8 i9\n' | gmk-eval --origin top 2>&1 | cut -f1-3,6-
  h8i9	black	-
  $ printf 'h8 i9\n' | gmk-eval --origin top --json | cut -c1-65
  {"position":"h8i9","rule":"freestyle","size":15,"to_move":"black"
  $ printf 'h8 v22\n' | gmk-eval -s 22 2>&1 | cut -f1-3,6-
  h8v22	black	-

Usage errors exit 2.

  $ gmk-eval --rule gomoku < /dev/null
  gmk-eval: --rule: 'gomoku' is not one of freestyle standard renju
  Try 'gmk-eval --help' for more information.
  [2]
  $ gmk-eval --size 23 < /dev/null
  gmk-eval: --size: '23' is not a number in 5..22
  Try 'gmk-eval --help' for more information.
  [2]
  $ gmk-eval --version
  gmk-eval 0.1.0 (re)

A closed pipe ends the program quietly.

  $ yes 'h8 i9' | head -100000 | gmk-eval | head -2 | cut -f1-3
  h8i9	black	-
  h8i9	black	-

Huge lines and NUL bytes are errors of their line; the stream goes on.

  $ set -o pipefail; { head -c 2000000 /dev/zero | tr '\0' 'a'; printf '\nh8\nh8\0i9\ni9\n'; } | gmk-eval 2>&1 | cut -f1-3,6-
  gmk-eval: <stdin>:1: line too long
  h8	white	-
  gmk-eval: <stdin>:3: NUL byte in line
  i9	white	-
  [1]
