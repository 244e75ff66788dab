A default that --help states (and the man page repeats, tests/ship/man.sh)
is what the program does. gmk-book probe reads positions under the book's
own rule and size unless -r or -s is given (d4 after e5 shows as f6, its
image with the highest row: the position is symmetric).
#requires: -n "$(command -v jq)"

  $ gmk-book probe --help | grep -e --rule -e --size
    -r, --rule RULE            rule of the positions (default: the book's)
    -s, --size N               board size, 5..22 (default: the book's)
  $ printf 'e5 d4 e6\t1-0\n' | gmk-book build -q -r renju -s 9 -o r9.book -
  $ echo e5 | gmk-book probe --json r9.book | jq -c '{rule, size, moves: [.moves[].move]}'
  {"rule":"renju","size":9,"moves":["f6"]}
