Records as the field's tools write them (issue 54): c-gomoku-cli's SGF
(numeric RU: 0 freestyle, 1 standard, 4 renju), a psq game's rule line,
PlayOK's PGN (its tags say standard on 15x15), each read without -r; a PGN
cut short is said so.
#requires: -d "$GMK_SHARED/matches/a329f5c"

  $ for f in "$GMK_SHARED"/matches/*.sgf "$GMK_SHARED"/matches/a329f5c/*.sgf; do
  >   gmk-book build -o m.book "$f" 2>&1 | sed 's|/[^ :]*/||'; gmk-book stats m.book | grep '^rule' | cut -f2; done
  gmk-book: m.book: 20 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  freestyle
  gmk-book: m.book: 20 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  renju
  gmk-book: m.book: 20 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  freestyle
  gmk-book: m.book: 156 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  freestyle
  gmk-book: m.book: 156 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  renju
  gmk-book: m.book: 156 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  standard
  gmk-book: m.book: 156 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  freestyle
  gmk-book: m.book: 156 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  renju
  gmk-book: m.book: 156 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)
  standard

--input-format sgf and -r renju agree with RU[4].

  $ gmk-book build -r renju --input-format sgf -o r.book "$GMK_SHARED"/matches/gmk-vs-pentazen-renju.sgf 2>&1 | sed 's|/[^ :]*/||'
  gmk-book: r.book: 20 games read, 0 skipped, [0-9]+ positions, [0-9]+ entries (re)

PlayOK: standard from the tags, without -r: the one record skipped plays a
stone after black's five (record 180: "19. j8 -- 20. k7 i7 1-0": k7 is the
five, i7 comes after it).

  $ gmk-book build -o p.book "$GMK_SHARED"/games/evacoregen6.pgn.txt "$GMK_SHARED"/games/runglathap.pgn.txt 2>&1 | sed 's|/[^ :]*/||'
  gmk-book: evacoregen6.pgn.txt:2954: record 180: move 38 (i7) comes after the winning move 37
  gmk-book: p.book: 283 games read, 1 skipped, [0-9]+ positions, [0-9]+ entries (re)
  $ gmk-book stats p.book | grep -E '^(rule|size)'
  rule	standard
  size	15

A PGN cut at a move boundary: the game cut short is reported, the whole one
before it read.

  $ printf '[Site "PlayOK"]\n[Result "1-0"]\n\n1. h8 i9 2. h9 i10 3. h10 i11 4. h11 i12 5. h12 1-0\n\n[Site "PlayOK"]\n[Result "0-1"]\n\n1. h8 i9 2. j8\n' > cut.pgn
  $ gmk-book build -o c.book cut.pgn
  gmk-book: cut.pgn:9: record 2: the move text ends without a result (1-0, 0-1, 1/2-1/2, *): a game cut short
  gmk-book: c.book: 1 games read, 1 skipped, 9 positions, 9 entries
  [1]

A psq game's rule line as Gomocup writes it, after the programs' names and
the end code: "4,Renju" is renju; a lone number (the end code) is no rule.

  $ printf 'Piskvorky 15x15, 7:7, 0\n8,8,10\n9,9,10\n8,9,10\nA.zip\nB.zip\n-1\n4,Renju_1\n' > r.psq
  $ gmk-book build -q -o q.book r.psq && gmk-book stats q.book | grep '^rule'
  rule	renju
  $ printf 'Piskvorky 15x15, 7:7, 0\n8,8,10\n9,9,10\nA.zip\nB.zip\n4\n' > e.psq
  $ gmk-book build -q -o e.book e.psq && gmk-book stats e.book | grep '^rule'
  rule	freestyle
  $ printf 'Piskvorky 15x15, 7:7, 0\n8,8,10\nA.zip\nB.zip\n0\n8,Caro\n' > caro.psq; gmk-book build -q -o q.book caro.psq
  gmk-book: caro.psq:6: record 1: rule code '8,Caro' is not freestyle (0), standard (1) or renju (4)
  gmk-book: q.book: not written (no game read: every record was bad; the old file is kept)
  [1]

Many bad records in one file: the first 30 reported, the rest in one line.

  $ awk 'BEGIN { for (i = 0; i < 45; i++) print "h8 h8"; print "h8 i9 h10\t1-0" }' > bad.txt
  $ gmk-book build -o b.book bad.txt 2>&1 | sed -n '1p;30,$p'
  gmk-book: bad.txt:1: record 1: move 2 (h8) is already occupied by move 1
  gmk-book: bad.txt:30: record 30: move 2 (h8) is already occupied by move 1
  gmk-book: bad.txt: 15 more bad lines not shown
  gmk-book: b.book: 1 games read, 45 skipped, 3 positions, 3 entries

A line of move list that is only a result (as a binary file's "lines" were)
is no game.

  $ printf '\t1-0\nh8 i9\t0-1\n' | gmk-book build -o t.book
  gmk-book: <stdin>:1: record 1: a game without moves
  gmk-book: t.book: 1 games read, 1 skipped, 2 positions, 2 entries
  [1]
