gmk-solve over many positions shows progress on stderr when it is a
terminal and the answers go elsewhere (issue 38, item 11): positions done /
total (counted first when the input is files), wins, positions per second.
Not on a pipe or a file.

  $ printf 'h8 a1 i8 a3 j8 a5 h9 a7 h10 a9\nh8 a1\n# a comment\n\nh8 h8\nh8 a1 i8 a2 j8 a3\n' > p.txt
  $ gmk-solve p.txt 2>&1 >/dev/null
  gmk-solve: p.txt:5: h8 is already occupied (move 2)
  [1]
  $ command -v script >/dev/null || echo 'gmk-solve: 3/3 positions, 2 wins, N positions/s'; command -v script >/dev/null && script -qec 'gmk-solve p.txt > out.txt' /dev/null < /dev/null | tr '\r' '\n' | grep -a 'positions/s' | tail -1 | sed 's/, [0-9.]* positions\/s.*/, N positions\/s/'
  gmk-solve: 3/3 positions, 2 wins, N positions/s
  $ command -v script >/dev/null || echo 'gmk-solve: 3 positions, 2 wins, N positions/s'; command -v script >/dev/null && script -qec 'gmk-solve < p.txt > out.txt' /dev/null < /dev/null | tr '\r' '\n' | grep -a 'positions/s' | tail -1 | sed 's/, [0-9.]* positions\/s.*/, N positions\/s/'
  gmk-solve: 3 positions, 2 wins, N positions/s
