tests/engine-match.sh (issue 52: the matches against the real engines, as
README's Performance section measured them). Playing needs c-gomoku-cli
and the opponents, which the tree never has; --tally scores a record of
c-gomoku-cli's kind. Four games: gmk wins as black by five; loses as white
by five; a game whose START the opponent answered with ERROR (a time loss
with no engine move: left out); the opponent loses on time as white.

  $ printf '(;FF[4]GM[4]GN[1]RU[0]SZ[15]PB[gmk]PW[rapfi]RE[B+1]TE[Black win by five connection]\n;B[hh]C[opening move];W[hg]C[opening move];B[ih]C[5ms];W[ig]C[7ms];B[jh]C[5ms];W[jg]C[7ms];B[kh]C[5ms];W[kg]C[7ms];B[lh]C[5ms])\n' > m.sgf
  $ printf '(;FF[4]GM[4]GN[2]RU[0]SZ[15]PB[rapfi]PW[gmk]RE[B+1]TE[Black win by five connection]\n;B[hh]C[opening move];W[hg]C[opening move];B[ih]C[5ms];W[ig]C[7ms];B[jh]C[5ms];W[jg]C[7ms];B[kh]C[5ms];W[kg]C[7ms];B[lh]C[5ms])\n' >> m.sgf
  $ printf '(;FF[4]GM[4]GN[3]RU[0]SZ[15]PB[gmk]PW[rapfi]RE[B+1]TE[Black win by time forfeit]\n;B[hh]C[opening move];W[hg]C[opening move];B[ih]C[opening move])\n' >> m.sgf
  $ printf '(;FF[4]GM[4]GN[4]RU[0]SZ[15]PB[gmk]PW[rapfi]RE[B+1]TE[Black win by time forfeit]\n;B[hh]C[opening move];W[hg]C[opening move];B[ih]C[5ms];W[ig]C[7ms])\n' >> m.sgf
  $ bash "$TESTDIR/../engine-match.sh" --tally m.sgf rapfi
  gmk-search vs rapfi, freestyle, tc=2/0.08: 2.0/3 = 66.7% (black 2.0/2, white 0.0/1); START errors left out 1; lost on time, crash, illegal or forbidden move: gmk-search 0, rapfi 1

A draw counts half; a record that cannot be read, an unknown rule or option,
and a match without its folder stop with status 2:

  $ printf '(;FF[4]GM[4]GN[5]RU[4]SZ[15]PB[rapfi]PW[gmk]RE[0]TE[Draw by adjudication]\n;B[hh]C[opening move];W[ig]C[7ms])\n' > d.sgf
  $ bash "$TESTDIR/../engine-match.sh" --tally d.sgf --rule renju
  gmk-search vs opponent, renju, tc=2/0.08: 0.5/1 = 50.0% (black 0.0/0, white 0.5/1); START errors left out 0; lost on time, crash, illegal or forbidden move: gmk-search 0, opponent 0
  $ bash "$TESTDIR/../engine-match.sh" --tally missing.sgf
  engine-match.sh: cannot read missing.sgf
  [2]
  $ bash "$TESTDIR/../engine-match.sh" --rule gomoku --tally m.sgf
  engine-match.sh: unknown rule gomoku
  [2]
  $ bash "$TESTDIR/../engine-match.sh" --fast m.sgf
  engine-match.sh: unknown option --fast
  [2]
  $ bash "$TESTDIR/../engine-match.sh" no-such-dir pbrain-rapfi
  engine-match.sh: no-such-dir/bin/c-gomoku-cli not found (../shared/tools/opponents.sh no-such-dir builds it)
  [2]
