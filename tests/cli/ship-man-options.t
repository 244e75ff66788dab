A program's page cmd/PROG.1 documents exactly its option table: an item for
each option (and command) with its short form and default, and no item for an
option the program does not have (tests/ship/man.sh). A program without a
page yet is named in the summary. Every page names the programs' version.

  $ bash "$TESTDIR/../ship/man.sh" options "$TESTDIR/../../cmd" "$GMK_BIN"/gmk-*
  man options: [1-9][0-9]* pages checked against their programs, 0 problems.* (re)
