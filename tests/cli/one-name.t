One feel (issue 38, items 5 and 6): a bare --time is seconds in every tool,
and one option name means one idea across the suite (old spellings stay
as aliases, not listed by --help).

--time 1 is one second for gmk-search as for gmk-solve (it was 1 ms).

  $ printf 'h8 h9 i9 g7\n' | gmk-search --time 1 | awk -F'\t' '{ print ($6 >= 500) }'
  1
  $ printf 'h8 h9 i9 g7\n' | gmk-search --time 300ms | awk -F'\t' '{ print ($6 < 1000) }'
  1
  $ gmk-search --time 2x < /dev/null 2>&1 | head -1
  gmk-search: --time: '2x' is not a duration of 1 ms to 86400 s (a number of seconds, or with the unit ms or s)

Table memory is -m/--memory in gmk-search as in gmk-solve and gmk-book build;
--hash still works.

  $ for p in gmk-search gmk-solve; do $p --help | grep -c -- '-m, --memory MB'; done; gmk-book build -q --help | grep -c -- '-m, --memory MB'
  1
  1
  1
  $ printf 'h8\n' | gmk-search -m 8 --depth 2 | cut -f1; printf 'h8\n' | gmk-search --hash 8 --depth 2 | cut -f1
  h8
  h8

-d/--depth is plies in gmk-search only; gmk-solve's limit of attacker moves
is --max-moves, and -d and --depth, which would read as plies there, are
usage errors.

  $ gmk-solve --help | grep -c -- '--max-moves N'; gmk-solve --help | grep -c -- '--depth'; true
  1
  0
  $ echo 'l14 i14 e13 g13 h13 k12 h12 h11 i11 l11 g10 i10 h10 f9 k10 h9 j9 i9 h8 l9 i8 j8' > p.txt
  $ for o in '--max-moves 11' '--max-moves 12'; do gmk-solve -r renju $o p.txt | cut -f3; done
  nowin
  win
  $ gmk-solve -r renju --depth 11 p.txt
  gmk-solve: --depth: unknown option or missing argument
  Try 'gmk-solve --help' for more information.
  [2]

-f/--format is the output format (gmk-eval); records read by gmk-book build
have --input-format (-f and --format still read).

  $ gmk-book build -q --help | grep -c -- '--input-format FORMAT'; gmk-book build -q --help | grep -c -- '-f, '; true
  1
  0
  $ printf 'h8 h9\t1-0\n' > g.txt; gmk-book build -q --input-format moves -o a.book g.txt && gmk-book build -q -f moves -o b.book g.txt && cmp a.book b.book && echo same
  same
  $ gmk-book build -q --input-format xyz -o c.book g.txt
  gmk-book: --input-format: 'xyz' is not one of auto moves pgn sgf psq rif
  Try 'gmk-book build --help' for more information.
  [2]
