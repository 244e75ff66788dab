gmk-search bench: fixed positions of all three rules at a fixed depth, one
thread; the last line is the node count and the signature that commits
changing the search record.

  $ gmk-search bench --depth 3 | tail -1
  Bench: [0-9]+ signature [0-9a-f]{16} (re)
  $ gmk-search bench --depth 3 | grep -c ' best '
  11
  $ a=$(gmk-search bench --depth 3 | tail -1); b=$(gmk-search bench --depth 3 | tail -1); test "$a" = "$b" && echo same
  same
