gmk-search bench: fixed positions of all three rules at a fixed depth, one
thread; the last line is the node count and the signature that commits
changing the search record.

  $ gmk-search bench --depth 3 | tail -1
  Bench: [0-9]+ signature [0-9a-f]{16} (re)
  $ gmk-search bench --depth 3 | grep -c ' best '
  11
  $ a=$(gmk-search bench --depth 3 | tail -1); b=$(gmk-search bench --depth 3 | tail -1); test "$a" = "$b" && echo same
  same

Positions of one's own: FILE lines "rule size depth position" ('#' comments),
the same format as the established engine's list in the shared data.

  $ printf '# rule size depth position\nrenju 15 3 h8h9i9\nfreestyle 9 2 e5\n' | gmk-search bench - | head -2 | awk '{print $1, $2, $3, $5, $7 ~ /^[a-o][0-9]+$/}'
  1 renju 15 3 1
  2 freestyle 9 2 1
  $ printf 'renju fifteen 3 h8\n' | gmk-search bench -
  gmk-search: -:1: not 'rule size depth position'
  [2]
