zsh: the generated _gmk-* functions, driven through an interactive zsh in a
pseudo-terminal (tests/ship/zsh-complete.zsh), offer exactly what each
program's option table says (tests/ship/completions.sh).
#requires: -n "$(command -v zsh)"
#requires: -x "${GMK_FIXTURE:-}"

  $ bash "$TESTDIR/../ship/completions.sh" zsh "$GMK_BIN"/gmk-* "$GMK_FIXTURE" "$GMK_FIXTURE-search"
  zsh completions: [0-9]+ cases for [0-9]+ programs, 0 failed (re)
