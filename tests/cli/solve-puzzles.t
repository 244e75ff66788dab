gmk-solve on the project's puzzle collection (puzzles/README.md): every
puzzle not tagged slow gives its expected result (`make puzzles` runs them
all, and the lfz084 acceptance run).

  $ bash "$TESTDIR/../../puzzles/run.sh" --fast --bin "$GMK_BIN" "$TESTDIR"/../../puzzles/*.tsv
  puzzles: [0-9]+ run, [0-9]+ ok, 0 unknown \(nowin expected\), 0 failed, [0-9]+ skipped; .* (re)
