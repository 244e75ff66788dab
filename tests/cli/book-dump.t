gmk-book dump prints a representative position for each key (issue 38,
item 13), not only the key: the shortest line of book moves that reaches it,
in the key's canonical orientation, so the move beside it reads on that
board ("-" the empty board, "?" a key no line of book moves reaches; JSON
"position", "" and null).

  $ printf 'h8 h9 h10\t1-0\nh8 g8 f8\t0-1\nh8 i9\t1/2-1/2\nh8 i9 j10\ni8 h8\t1-0\n' > g.txt
  $ gmk-book build -q -o g.book g.txt && gmk-book dump g.book
  0000000000000000	-	h7	1	1	0	0	0.667
  0000000000000000	-	h8	4	1	1	1	0.500
  100919fdd39786ed	h8	g7	2	0	1	0	0.500
  100919fdd39786ed	h8	h7	2	1	0	1	0.500
  37f6bbf8ebf5e496	h8h9	h10	2	1	0	1	0.500
  68872fec59051bd0	g8	h8	1	0	0	1	0.333
  70618ba70c024434	h8i7	j6	1	0	0	0	0.500
  $ gmk-book dump --json g.book | sed -n 5p
  {"key":"37f6bbf8ebf5e496","position":"h8h9","move":"h10","games":2,"wins":1,"draws":0,"losses":1,"score":0.5000}

Each position probes back to its key's moves (probe lists the best first
and shows moves equivalent under the position's symmetry once: h7 of the
empty board as h9).

  $ gmk-book dump g.book | cut -f2 | uniq | gmk-book probe g.book | cut -f1,2
  -	h9:1:1:0:0:0.667
  h8	h9:2:1:0:1:0.500
  h8h9	h10:2:1:0:1:0.500
  g8	h8:1:0:0:1:0.333
  h8i7	j6:1:0:0:0:0.500
