fish: the generated completions, asked with `complete -C`, offer exactly what
each program's option table says (tests/ship/completions.sh).
#requires: -n "$(command -v fish)"
#requires: -x "${GMK_FIXTURE:-}"

  $ bash "$TESTDIR/../ship/completions.sh" fish "$GMK_BIN"/gmk-* "$GMK_FIXTURE" "$GMK_FIXTURE-search"
  fish completions: [0-9]+ cases for [0-9]+ programs, 0 failed (re)
