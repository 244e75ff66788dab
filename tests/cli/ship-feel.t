One feel across the programs (issue 7): every bin/gmk-* and each of its
commands, and a test program with subcommands shaped like gmk-book, checked
by tests/ship/feel.sh: --help lists every option of the table with its
short form and default, --version, exit status 2 with a message on a bad
option or command, one name = one meaning across programs, and where --json
reads positions from stdin (gmk-book probe: after a book made by gmk-book
build): JSON Lines that jq accepts, nothing on stderr when it is not a
terminal, quiet on a closed pipe. New programs are picked up by the glob.
#requires: -x "${GMK_FIXTURE:-}"

  $ bash "$TESTDIR/../ship/feel.sh" "$GMK_BIN"/gmk-* "$GMK_FIXTURE" "$GMK_FIXTURE-search"
  feel: [0-9]+ programs, [0-9]+ contexts, JSON checked in [1-9][0-9]*, 0 problems.* (re)
