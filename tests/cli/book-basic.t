gmk-book: build a book from move lists, probe it, merge, dump, stats.

A few games; h8 g8 is the image of h8 h9 under a rotation, so after h8 they
are one book move. Bad records are reported with file and line, the others
are counted, exit status 1.

  $ printf 'h8 h9 h10\t1-0\nh8 g8 f8\t0-1\nh8 i9\t1/2-1/2\nh8 i9 j10\ni8 h8\t1-0\nh8 h8\nh8 z1\n' > games.txt
  $ gmk-book build -q -o g.book games.txt
  gmk-book: games.txt:6: record 6: move 2 (h8) is already occupied by move 1
  gmk-book: games.txt:7: record 7: move 2 (z1) is off the board (size 15)
  [1]

The progress line (games, games/s, bad records) goes to stderr only when it
is a terminal: none above; under a pseudo-terminal (script(1)) it shows.

  $ command -v script >/dev/null || echo 'gmk-book: 5 games, N games/s, 2 bad records'; command -v script >/dev/null && script -qec 'gmk-book build -q -o t.book games.txt' /dev/null < /dev/null | tr '\r' '\n' | grep -a 'games/s' | sed 's/[0-9]* games\/s/N games\/s/'
  gmk-book: 5 games, N games/s, 2 bad records

--progress shows it on a pipe too (one line every 2 s, then the last one;
with the share of the input read and the time left when its size is known),
and how the book is written; merge likewise.

  $ gmk-book build -q --progress -o p.book games.txt 2>&1 | grep -v ': record' | sed -E 's/[0-9.]+ (M moves|games)\/s/N \1\/s/'
  gmk-book: 5 games, N games/s, 2 bad records
  gmk-book: writing the book: 13 of 13 moves (100%), N M moves/s
  $ gmk-book merge -q --progress -o m.book p.book p.book 2>&1 | sed -E 's/[0-9.]+ M entries\/s/N M entries\/s/'
  gmk-book: merged 14 of 14 entries (100%), N M entries/s
  $ gmk-book merge -q -o m.book p.book p.book 2>&1

Probe: the position, then one field per book move, best first:
move:games:wins:draws:losses:score, seen from the side to move, in the
orientation asked. Moves equivalent under the position's own symmetry are
one entry. A position the book does not hold gets "-".

  $ printf 'h8 g8\nh8 h9\nh8 h7\na1\n' | gmk-book probe g.book
  h8g8	f8:2:1:0:1:0.500
  h8h9	h10:2:1:0:1:0.500
  h8h7	h6:2:1:0:1:0.500
  a1	-

The same in every orientation: a vertical mirror of rows (--origin top) gives
the mirrored move.

  $ printf 'h8 h9\n' | gmk-book probe --origin top g.book
  h8h9	h10:2:1:0:1:0.500

JSON Lines carry the moves field.

  $ printf 'h8 g8\tcarried\n' | gmk-book probe --json g.book
  {"position":"h8g8","rule":"freestyle","size":15,"to_move":"black","moves":[{"move":"f8","games":2,"wins":1,"draws":0,"losses":1,"score":0.5000}],"carry":"carried"}

Filters and --pick (a seed makes it repeatable).

  $ printf 'h8\n' | gmk-book probe --min-games 2 --min-score 0.5 g.book | cut -f1
  h8
  $ printf '\n' | gmk-book probe --top 1 g.book
  $ printf 'h8\n' | gmk-book probe --pick --seed 7 g.book | wc -l
  1
  $ printf 'h8\n' | gmk-book probe --pick --seed 7 --json g.book | grep -c '"pick":"'
  1

Merging two halves gives the book built from everything, byte for byte.

  $ head -3 games.txt > a.txt; tail -n +4 games.txt > b.txt
  $ gmk-book build -q -o a.book a.txt; gmk-book build -q -o b.book b.txt 2>/dev/null
  [1]
  $ gmk-book merge -q -o m.book a.book b.book && cmp m.book g.book && echo same
  same

dump lists every entry in key order; stats checks every block.

  $ gmk-book dump g.book | wc -l
  7
  $ gmk-book dump --json g.book | head -1
  {"key":"0000000000000000","position":"","move":"h7","games":1,"wins":1,"draws":0,"losses":0,"score":0.6667}
  $ gmk-book stats g.book | grep -E '^(games|positions|entries|checked)	'
  games	5
  positions	5
  entries	7
  checked	every block

A damaged book is refused with a reason, exit status 2; so is a missing one.

  $ head -c 150 g.book > cut.book; printf 'h8\n' | gmk-book probe cut.book
  gmk-book: cut.book: truncated or extended: 150 bytes, the header says 201
  [2]
  $ cp g.book bad.book; printf 'X' | dd of=bad.book bs=1 seek=120 conv=notrunc 2>/dev/null; gmk-book stats bad.book
  gmk-book: bad.book: block 0 fails its checksum
  [2]
  $ gmk-book stats missing.book
  gmk-book: missing.book: No such file or directory
  [2]

Usage errors exit 2.

  $ gmk-book frobnicate
  gmk-book: 'frobnicate' is not a command
  Try 'gmk-book --help' for more information.
  [2]
  $ gmk-book build -q games.txt
  gmk-book: build: -o BOOK is required
  Try 'gmk-book build --help' for more information.
  [2]
  $ gmk-book export -o x.lib g.book
  gmk-book: export: --renlib is required (the only format)
  Try 'gmk-book export --help' for more information.
  [2]

Commands and their options, for completions (cli.h's table format).

  $ gmk-book --list-options | grep '^command' | cut -f2 | paste -sd' '
  build probe merge dump stats import export
  $ gmk-book --list-options | sed -n '/^command	merge/,/^command/p' | cut -f1
  command
  --output
  --min-games
  --compact
  --force
  --progress
  --quiet
  --help
  --version
  command

A compact book (shortened keys, format version 2) answers like the full
one, also for positions it lacks; it cannot be merged, and the merge of
full-key books into a compact one gives its very bytes.

  $ printf 'h8 i9 h10 i10 h11	1-0\nh8 h9 j8 j9	0-1\nh8 i9 j10\n' > cg.txt
  $ gmk-book build -q --compact -o cg.book cg.txt
  $ gmk-book build -q -o fg.book cg.txt
  $ printf 'h8\nh8i9\nh8i9h10i10\nh8h9\nh8h10\n' > cq.txt
  $ gmk-book probe cg.book cq.txt
  h8	h9:1:1:0:0:0.667	i9:2:0:0:1:0.333
  h8i9	h10:1:1:0:0:0.667	j10:1:0:0:0:0.500
  h8i9h10i10	h11:1:1:0:0:0.667
  h8h9	j8:1:0:0:1:0.333
  h8h10	-
  $ gmk-book probe fg.book cq.txt | cmp - <(gmk-book probe cg.book cq.txt) && echo same
  same
  $ gmk-book stats cg.book | grep version
  version	2
  $ gmk-book merge -o m.book cg.book fg.book
  gmk-book: cg.book: a compact book (shortened keys) cannot be merged; merge books built without --compact
  [2]
  $ gmk-book build --compact --min-games 2 -o x.book cg.txt
  gmk-book: a compact book keeps every position: --compact needs --min-games 1
  [2]
  $ gmk-book merge -q --compact -o m.book fg.book && cmp m.book cg.book && echo same
  same

A book answers only for its own rule: its keys hold stones, not the rule.

  $ printf 'h8 i9 h10 i10 h11 i11 h12 i12 h9\n' > rg.txt
  $ gmk-book build -q -r renju -o rg.book rg.txt
  $ printf 'h8\n' | gmk-book probe -r freestyle rg.book
  gmk-book: probe: rg.book is a renju book; --rule freestyle does not match
  Try 'gmk-book probe --help' for more information.
  [2]
  $ printf 'h8\n' | gmk-book probe rg.book | cut -f1
  h8
