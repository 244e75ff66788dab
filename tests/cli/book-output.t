gmk-book build, merge, import and export never lose the file they write to
(issue 38, items 1 and 2): a run that fails leaves it as it was, an output
that is also an input is refused, and so is one that exists but is not a
book of its kind, unless --force.

  $ printf 'h8 h9 h10\t1-0\nh8 i9\t0-1\n' > games.txt
  $ gmk-book build -q -o good.book games.txt && cp good.book old.book

A missing input, alone or among good ones: exit status 2, no book written.

  $ gmk-book build -q -o good.book missing.pgn
  gmk-book: missing.pgn: No such file or directory
  gmk-book: good.book: not written (an input failed; the old file is kept)
  [2]
  $ gmk-book build -q -o good.book games.txt missing.pgn
  gmk-book: missing.pgn: No such file or directory
  gmk-book: good.book: not written (an input failed; the old file is kept)
  [2]
  $ cmp good.book old.book && echo kept
  kept
  $ gmk-book build -q -o new.book missing.pgn; ls new.book
  gmk-book: missing.pgn: No such file or directory
  gmk-book: new.book: not written (an input failed; the old file is kept)
  ls: cannot access 'new.book': No such file or directory
  [2]

The output is one of the inputs (the same file under any name): refused.

  $ cp games.txt g.pgn; ln -s g.pgn link.pgn
  $ gmk-book build -q -o g.pgn g.pgn
  gmk-book: g.pgn: the output is also an input; refusing to overwrite it
  Try 'gmk-book build --help' for more information.
  [2]
  $ gmk-book build -q -o link.pgn games.txt g.pgn
  gmk-book: link.pgn: the output is also an input; refusing to overwrite it
  Try 'gmk-book build --help' for more information.
  [2]
  $ cmp g.pgn games.txt && echo kept
  kept

An existing file that is not a gmk book is kept unless --force; an empty one
holds nothing to lose.

  $ gmk-book build -q -o g.pgn games.txt
  gmk-book: g.pgn exists and is not a gmk book; refusing to overwrite it (--force to do so)
  Try 'gmk-book build --help' for more information.
  [2]
  $ gmk-book merge -q -o g.pgn good.book
  gmk-book: g.pgn exists and is not a gmk book; refusing to overwrite it (--force to do so)
  Try 'gmk-book merge --help' for more information.
  [2]
  $ gmk-book export --renlib -o g.pgn good.book
  gmk-book: g.pgn exists and is not a RenLib library; refusing to overwrite it (--force to do so)
  Try 'gmk-book export --help' for more information.
  [2]
  $ cmp g.pgn games.txt && echo kept
  kept
  $ gmk-book build -q --force -o g.pgn games.txt && cmp g.pgn good.book && echo replaced
  replaced
  $ : > empty.book; gmk-book build -q -o empty.book games.txt && cmp empty.book good.book && echo written
  written

A book merged into itself (an input that is a book, read before the rename)
is allowed: the games add up.

  $ gmk-book merge -q -o good.book good.book old.book && gmk-book stats good.book | grep '^games'
  games	4
