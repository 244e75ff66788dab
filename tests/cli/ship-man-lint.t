Every man page beside the programs (cmd/*.[1-9]) renders without a warning
(groff -ww; mandoc -Tlint and man --warnings when installed), is ASCII, has a
.TH naming its file and the sections NAME, DESCRIPTION, EXAMPLES and EXIT
STATUS (and SYNOPSIS, OPTIONS in section 1) (tests/ship/man.sh).
#requires: -n "$(command -v groff)"

  $ bash "$TESTDIR/../ship/man.sh" lint "$TESTDIR"/../../cmd/*.[1-9]
  man lint: [1-9][0-9]* pages, 0 problems .* (re)
