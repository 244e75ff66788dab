`make demo` runs: one section per program, each run when its program is
built (tests/demo.sh).

  $ bash "$TESTDIR/../demo.sh" > demo.out 2>&1 || cat demo.out
  $ grep -c '^==== gmk-' demo.out
  4
  $ tail -1 demo.out
  demo: done in [0-9]+ s (re)
