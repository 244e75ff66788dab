Fault tests for gmk-solve: the same promises as gmk-eval's (eval-input.t) on
its own output path. check_stream and garbage come from lib.sh.

  $ . "$TESTDIR/lib.sh"; garbage 100000 > garbage.bin; check_stream gmk-solve garbage.bin --nodes 2000
  stream ok (status 1)
  $ . "$TESTDIR/lib.sh"; check_stream gmk-solve garbage.bin --json --vct -r renju --nodes 2000
  stream ok (status 1)
  $ . "$TESTDIR/lib.sh"; head -c 200000 "$GMK_BIN/gmk-solve" > elf.bin; check_stream gmk-solve elf.bin --all --nodes 2000
  stream ok (status 1)
  $ . "$TESTDIR/lib.sh"; { echo h8; garbage 100000; } > mixed.bin; check_stream gmk-solve mixed.bin --nodes 2000
  stream ok (status 1)

Bad lines between good ones: one report each, the others solved.

  $ printf 'h8 a1 i8 a3 j8 a5 h9 a7 h10 a9\n\0\nh8 h8\n\377\nh8 a1 i8\n' | gmk-solve
  h8a1i8a3j8a5h9a7h10a9	vcf	win	h7h6h11
  gmk-solve: <stdin>:2: NUL byte in line
  gmk-solve: <stdin>:3: h8 is already occupied (move 2)
  gmk-solve: <stdin>:4: bad coordinate '\xff'
  h8a1i8	vcf	nowin	-
  [1]

A closed pipe is quiet; a full disk is one error and exit 2.

  $ yes 'h8 a1 i8' | head -50000 | gmk-solve 2>err.txt | head -1; cat err.txt
  h8a1i8	vcf	nowin	-
  $ (trap '' PIPE; yes 'h8 a1 i8' 2>/dev/null | head -50000 2>/dev/null | gmk-solve --json 2>err.txt | head -1 >/dev/null); cat err.txt
  $ printf 'h8 a1 i8\n' | gmk-solve > /dev/full
  gmk-solve: write error: No space left on device
  [2]
  $ printf 'h8\n' > a.txt; gmk-solve missing.txt a.txt
  gmk-solve: missing.txt: No such file or directory
  h8	vcf	nowin	-
  [2]
