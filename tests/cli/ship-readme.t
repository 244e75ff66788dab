The README's tutorial runs exactly as written: every ```console tested block
(tests/ship/readme.sh; failures name the README's line).
#requires: -n "$(command -v jq)"

  $ bash "$TESTDIR/../ship/readme.sh" "$TESTDIR/../.."
  readme: [1-9][0-9]* commands in 1 files, ok (re)
