tests/match-study.sh (issue 40, item 4: where gmk-search lost its games): a
record of c-gomoku-cli's kind with two games, one won by gmk (skipped), one
lost: it let an open three stand (a3, the sixth stone), after which black
wins by fours; g8 or k8 would have stopped it, and gmk-search blocks now.

  $ printf '(;FF[4]GM[4]GN[1]RU[0]SZ[15]PB[gmk]PW[other]RE[B+1];B[hh];W[aa];B[ih];W[ab];B[jh];W[ac];B[kh];W[ad];B[lh])\n' > m.sgf
  $ printf '(;FF[4]GM[4]GN[2]RU[0]SZ[15]PB[other]PW[gmk]RE[B+1];B[hh];W[aa];B[ih];W[ab];B[jh];W[ac];B[kh];W[ad];B[lh])\n' >> m.sgf
  $ bash "$TESTDIR/../match-study.sh" m.sgf
  game                         stone move  before refutations            engines (1)
  m:2                             6 a3    some   g8k8                   (g8|k8)\+ (re)
  lost games 1; a VCT after one of gmk's moves in 1 (by the 12th stone in 1)
  before that move: refutable 1, not refutable (lost earlier) 0, undecided 0, no VCT yet 0
  .*gmk-search \(--nodes 100000\) chooses a refutation in 1 of 1 (re)

A record that cannot be read, and an unknown option, stop with status 2:

  $ bash "$TESTDIR/../match-study.sh" missing.sgf
  match-study.sh: cannot read missing.sgf
  [2]
  $ bash "$TESTDIR/../match-study.sh" --fast m.sgf
  match-study.sh: unknown option --fast
  [2]
