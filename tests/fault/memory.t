Memory limits are honoured: the peak resident memory of a run (getrusage,
measured by tests/fault/peakrss.c as $GMK_PEAKRSS FILE COMMAND...) stays
within the limit asked for plus a fixed base for the program and its tables.
Sanitized builds use far more memory, so this file runs in plain builds only.
#requires: -z "${GMK_SANITIZED:-}"

Games to build from: 3,000 deterministic pseudo-random games of 24 moves.

  $ awk 'BEGIN { s = 7; for (g = 0; g < 3000; g++) { delete used; line = ""; n = 0;
  >   while (n < 24) { s = (s * 69069 + 1) % 4294967296; p = int(s / 65536) % 225;
  >     if (p in used) continue; used[p] = 1; line = line sprintf("%c%d", 97 + p % 15, int(p / 15) + 1); n++ }
  >   print line } }' > games.txt

gmk-book build --memory 1 keeps 1 MB of counts and spills sorted runs: its
peak stays under 1 MB + 24 MB, and the book is byte for byte the one built
with all counts in memory.

  $ "$GMK_PEAKRSS" rss1 gmk-book build -q -o m1.book -m 1 --max-ply 0 games.txt
  $ [ "$(cat rss1)" -lt $((25 * 1024)) ] && echo "within 25 MB" || echo "peak $(cat rss1) KB"
  within 25 MB
  $ gmk-book build -q -o all.book --max-ply 0 games.txt && cmp m1.book all.book && echo same bytes
  same bytes

The default limit (1024 MB) is a ceiling, not an allocation: a small build
stays small.

  $ "$GMK_PEAKRSS" rss2 gmk-book build -q -o all2.book --max-ply 0 games.txt
  $ [ "$(cat rss2)" -lt $((64 * 1024)) ] && echo "within 64 MB" || echo "peak $(cat rss2) KB"
  within 64 MB

gmk-solve --memory 8 (its tables) stays under 8 MB + 24 MB on a search that
fills them; the default 64 MB under 64 MB + 24 MB.

  $ printf 'j12 h11 i11 j11 f10 g10 f9 i10 j9 g9 l9 i9 h8 g8 f7 j8 g7 l8 k7\nh8 a1 i8 a3 j8 a5 h9 a7 h10 a9\n' > pos.txt
  $ "$GMK_PEAKRSS" rss3 gmk-solve -r renju --all -m 8 --nodes 300000 pos.txt > /dev/null
  $ [ "$(cat rss3)" -lt $((32 * 1024)) ] && echo "within 32 MB" || echo "peak $(cat rss3) KB"
  within 32 MB
  $ "$GMK_PEAKRSS" rss4 gmk-solve -r renju --all --nodes 300000 pos.txt > /dev/null
  $ [ "$(cat rss4)" -lt $((88 * 1024)) ] && echo "within 88 MB" || echo "peak $(cat rss4) KB"
  within 88 MB
