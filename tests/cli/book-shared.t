gmk-book on the real records and the RenLib library of ../shared/data.

#requires: -d "$GMK_SHARED"

PlayOK games: the swap colour choices (black/white, with their "--" seat
fillers) are not moves and the results name seats. Under the exact-five rule
every game but one is consistent (a five at the last move, by the side the
result names); that one is reported and left out.

  $ gmk-book build -q -r standard -o p.book "$GMK_SHARED"/games/evacoregen6.pgn.txt "$GMK_SHARED"/games/runglathap.pgn.txt 2>&1 | grep 'record '
  gmk-book: .*/evacoregen6.pgn.txt:2954: record 180: move 38 \(i7\) comes after the winning move 37 (re)
  $ gmk-book stats p.book | grep -E '^(rule|games)\b'
  rule	standard
  games	283

After h8, black (the side not to move) won 78 of the 112 games, white 34.

  $ printf 'h8\n' | gmk-book probe p.book
  h8	i12:1:1:0:0:0.667	h14:1:1:0:0:0.667	i11:2:1:0:1:0.500	j13:2:1:0:1:0.500	h10:6:2:0:4:0.375	i9:48:17:0:31:0.360	l12:1:0:0:1:0.333	n14:1:0:0:1:0.333	i10:17:5:0:12:0.316	h13:2:0:0:2:0.250	h9:31:6:0:25:0.212

The Yixin match: game 5 repeats a point and is refused; the other four count.
The record says renju (RU[Soosyrv-8]), so without -r the book is renju; a
--rule that says otherwise skips the games that do not fit.

  $ gmk-book build -q -o y.book "$GMK_SHARED"/games/2018_Yixin_vs_QiGuan_5games.sgf 2>&1 | sed 's|.*/||'
  2018_Yixin_vs_QiGuan_5games.sgf:36: record 5: move 112 (W[nf] = n10) is already occupied by move 85
  $ gmk-book stats y.book | grep -E '^(rule|games)	'
  rule	renju
  games	4
  $ gmk-book build -q -r freestyle -o f.book "$GMK_SHARED"/games/2018_Yixin_vs_QiGuan_5games.sgf 2>&1 | sed 's|.*/||'
  2018_Yixin_vs_QiGuan_5games.sgf:1: game skipped: rule renju, the book's is freestyle (see --rule)
  2018_Yixin_vs_QiGuan_5games.sgf:8: game skipped: rule renju, the book's is freestyle (see --rule)
  2018_Yixin_vs_QiGuan_5games.sgf:15: game skipped: rule renju, the book's is freestyle (see --rule)
  2018_Yixin_vs_QiGuan_5games.sgf:23: game skipped: rule renju, the book's is freestyle (see --rule)
  2018_Yixin_vs_QiGuan_5games.sgf:36: record 5: move 112 (W[nf] = n10) is already occupied by move 85
  gmk-book: f.book: not written (no game read: every record was bad)
  $ gmk-book build -q -r renju -o y.book "$GMK_SHARED"/games/2018_Yixin_vs_QiGuan_5games.sgf 2>&1 | sed 's|.*/||'
  2018_Yixin_vs_QiGuan_5games.sgf:36: record 5: move 112 (W[nf] = n10) is already occupied by move 85
  $ printf 'h8\n' | gmk-book probe y.book
  h8	i9:2:0:2:0:0.500	h9:2:0:0:2:0.250

Every SGF variation as a game of its own; a psq game on 20x20.

  $ gmk-book build -q --variations -o v.book "$GMK_SHARED"/games/renju_sample_tree.sgf && gmk-book stats v.book | grep -E '^games'
  games	5
  $ gmk-book build -q -s 20 -o q.book "$GMK_SHARED"/games/gomocup_sample.psq && printf 'j11\n' | gmk-book probe q.book
  j11	l10:1:1:0:0:0.667

RenLib: import, export, import again gives the same book; exporting that
gives the same library. Comments are kept as they are (GBK).

  $ gmk-book import -o r1.book "$GMK_SHARED"/books/shuxingge_opening_guide.lib
  $ gmk-book export --renlib -o r2.lib r1.book
  $ gmk-book import -o r3.book r2.lib && cmp r1.book r3.book && echo same book
  same book
  $ gmk-book export --renlib -o r4.lib r3.book && cmp r2.lib r4.lib && echo same library
  same library
  $ gmk-book stats r1.book | grep -E '^(rule|entries_with_text)\b'
  rule	renju
  entries_with_text	2347
  $ gmk-book dump --json r1.book | head -1 | cut -c1-124
  {"key":"0000000000000000","position":"","move":"h8","games":1,"wins":0,"draws":0,"losses":0,"score":0.5000,"comment_hex":"d7
