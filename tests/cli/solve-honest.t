gmk-solve says only what it proved (issue 53): nowin when the search was
exhausted under the rule and the limits asked for, unknown and the limit
that stopped it (text: the word where the line would be; JSON: "limit")
otherwise. Each limit is forced here, for each kind and for --defend.

A renju VCT on 9x9 (hand-made: a false three that is no threat).

  $ echo 'e7 c5 e6 g4 h7 f6 h6 g6 f5 i5 g5 g7 h4 -- h3 -- h2 --' > p.txt
  $ echo 'e7 c5 e6 g4 h7 f6 h6 g6 f5 i5 g5 g7 h4 -- h3 -- h2 -- --' > d.txt
  $ gmk-solve -r renju -s 9 p.txt --vct | cut -f2,3
  vct	win

The default --vct searches the whole threat space; a narrower kind asked by
name (--threes 1: threats of one four only) proves only that no win of that
kind exists.

  $ gmk-solve --help | grep -c -- '--threes N .*(default: 99)'
  1
  $ gmk-solve -r renju -s 9 p.txt --vct --threes 1 | cut -f2-4
  vct	nowin	-

The node limit and the time limit, in text and in JSON: never nowin.

  $ gmk-solve -r renju -s 9 p.txt --vct --nodes 1000 | cut -f2-4
  vct	unknown	nodes
  $ gmk-solve -r renju -s 9 p.txt --vct --threes 1 --nodes 1000 --json | grep -o '"result":"[a-z]*","limit":"[a-z]*"'
  "result":"unknown","limit":"nodes"
  $ gmk-solve -r renju -s 9 p.txt --vct --threes 1 --time 1ms | cut -f2-4
  vct	unknown	time
  $ gmk-solve -r renju -s 9 p.txt --vct --threes 1 --time 1ms --json | grep -o '"result":"[a-z]*","limit":"[a-z]*"'
  "result":"unknown","limit":"time"

Win in N, the same.

  $ echo 'h8 h9 l10 j10 l9 i8 j7 k8 l7 l8 m8 m7 k9 n9 k11 j11 j12 m9 k12 m4' > w.txt
  $ gmk-solve w.txt --win 2 | cut -f2,3
  win	win
  $ gmk-solve w.txt --win 2 --nodes 10 | cut -f2-4
  win	unknown	nodes
  $ gmk-solve -r renju -s 9 p.txt --win 4 --time 1ms | cut -f2-4
  win	unknown	time

--defend: white faces black's VCT; a limit leaves the threat unknown (never
nothreat), or the moves it could not try undecided (?...), with the limit.

  $ gmk-solve -r renju -s 9 d.txt --defend --vct --nodes 1000 | cut -f2-4
  defend-vct	unknown	nodes
  $ gmk-solve -r renju -s 9 d.txt --defend --vct --time 1ms --json | grep -o '"result":"[a-z]*","limit":"[a-z]*"'
  "result":"unknown","limit":"time"
  $ gmk-solve -r renju -s 9 d.txt --defend --vct --nodes 200000 --json | grep -o '"result":"[a-z]*","limit":"[a-z]*"'
  "result":"threat","limit":"nodes"

One kind per run: two different kinds are a usage error, not "the last one
wins".

  $ gmk-solve --vct --vcf < /dev/null
  gmk-solve: --vct and --vcf cannot be used together (one kind of win per run)
  Try 'gmk-solve --help' for more information.
  [2]
  $ gmk-solve --vct --win 3 < /dev/null
  gmk-solve: --vct and --win cannot be used together (one kind of win per run)
  Try 'gmk-solve --help' for more information.
  [2]
  $ gmk-solve --win 2 --win 3 < /dev/null
  gmk-solve: --win 2 and --win 3 cannot be used together
  Try 'gmk-solve --help' for more information.
  [2]
  $ gmk-solve --vct --vct < /dev/null

--time: a default per position (in --help), 0 for none, at most a day as in
gmk-search.

  $ gmk-solve --help | grep -c -- '--time TIME .*(default: 30s)'
  1
  $ gmk-solve w.txt --win 2 --time 0 | cut -f3
  win
  $ gmk-solve --time 86401 < /dev/null
  gmk-solve: --time: '86401' is not a duration of 1 ms to 86400 s (a number of seconds, or with the unit ms or s)
  Try 'gmk-solve --help' for more information.
  [2]

JSON says under which narrower limits, if any, a result holds.

  $ gmk-solve -r renju -s 9 p.txt --vct --threes 1 --max-moves 9 --json | grep -o '"result":"[a-z]*".*"within":{[^}]*}'
  "result":"nowin","line":[],"within":{"threes":1,"max_moves":9}
  $ gmk-solve -r renju -s 9 p.txt --vct --json | grep -c within
  0
  [1]
