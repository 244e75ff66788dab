One name for one idea across the programs (issue 54): -n/--top N is how
many moves to show, best first, in gmk-eval, gmk-search and gmk-book probe;
the old spellings (--candidates, --multipv) are hidden aliases; --time has
one cap; options that exclude each other are a usage error; a write error on
stdout, even for --help, is exit 2 with a message.

  $ echo 'h8 h9' | gmk-eval -n 2 | cut -f1,5; echo 'h8 h9' | gmk-eval --top 2 | cut -f1,5; echo 'h8 h9' | gmk-eval --candidates 2 | cut -f1,5
  h8h9	[a-o][0-9]+ [a-o][0-9]+ (re)
  h8h9	[a-o][0-9]+ [a-o][0-9]+ (re)
  h8h9	[a-o][0-9]+ [a-o][0-9]+ (re)
  $ echo 'h8 h9' | gmk-search --depth 2 -n 2 | awk -F'\t' '{ print NF }'; echo 'h8 h9' | gmk-search --depth 2 --multipv 2 | awk -F'\t' '{ print NF }'
  10
  10
  $ printf 'h8 i9 h10\t1-0\nh8 i9 j10\t0-1\nh8 h9\t0-1\n' | gmk-book build -q -o n.book -
  $ echo h8 | gmk-book probe -n 1 n.book | awk -F'\t' '{ print NF }'; echo h8 | gmk-book probe --top 2 n.book | awk -F'\t' '{ print NF }'
  2
  3

--help lists the one name, not the old ones; gmk-search's old --multipv and
gmk-eval's --candidates are gone from it.

  $ for p in gmk-eval gmk-search; do $p --help | grep -c -- '-n, --top N'; $p --help | grep -c -e --multipv -e --candidates; done; gmk-book probe --help | grep -c -- '-n, --top N'
  1
  0
  1
  0
  1

--time: at most a day, the same words everywhere.

  $ echo h8 | gmk-search --time 100000
  gmk-search: --time: '100000' is not a duration of 1 ms to 86400 s (a number of seconds, or with the unit ms or s)
  Try 'gmk-search --help' for more information.
  [2]

Modes that exclude each other: one usage error, not the last one winning.

  $ echo h8 | gmk-eval --format diagram --json
  gmk-eval: --format diagram and --json cannot be used together
  Try 'gmk-eval --help' for more information.
  [2]
  $ echo h8 | gmk-search --book n.book --no-book
  gmk-search: --book and --no-book cannot be used together
  Try 'gmk-search --help' for more information.
  [2]

A write error on stdout: a message and exit 2, for --help and --version too.

  $ gmk-eval --help > /dev/full
  gmk-eval: write error: No space left on device
  [2]
  $ gmk-book probe --help > /dev/full
  gmk-book: write error: No space left on device
  [2]
  $ gmk-search --version > /dev/full
  gmk-search: write error: No space left on device
  [2]
  $ echo h8 | gmk-eval > /dev/full
  gmk-eval: write error: No space left on device
  [2]
