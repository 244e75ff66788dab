Shell completions are generated at build time from each program's option
table (completions/gen.sh reading `PROG --list-options`). The ones the build
made are those the programs' tables give now:

  $ bash "$TESTDIR/../../completions/gen.sh" fresh "$GMK_BIN"/gmk-* && diff -r -x .stamp fresh "$GMK_COMPLETIONS"

bash: the completion function, called with COMP_WORDS/COMP_CWORD set, offers
exactly the options of each program and command, their values (rules,
formats, files, directories; also as --opt=value), the commands, and file
operands; and each program accepts every option of its table
(tests/ship/completions.sh).
#requires: -x "${GMK_FIXTURE:-}"

  $ bash "$TESTDIR/../ship/completions.sh" bash "$GMK_BIN"/gmk-* "$GMK_FIXTURE" "$GMK_FIXTURE-search"
  bash completions: [0-9]+ cases for [0-9]+ programs, 0 failed (re)
