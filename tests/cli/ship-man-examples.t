The EXAMPLES of every man page run as written: each "$ command" shown with
its output in an .EX/.EE block must print exactly that (tests/ship/man.sh;
a command shown without output is an illustration and is not run).
#requires: -n "$(command -v jq)"

  $ bash "$TESTDIR/../ship/man.sh" examples "$TESTDIR"/../../cmd/*.[1-9]
  man examples: [0-9]+ commands in [1-9][0-9]* pages, 0 problems (re)
