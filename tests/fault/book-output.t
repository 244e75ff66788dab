Only regular files are written, and only by a run that read something
(issue 54). Every writer of gmk-book (build, merge, import, export) given an
output that is a FIFO, a character device or a folder says so once, exits 2
and touches nothing; a symbolic link to a book is followed (the book it leads
to is replaced, the link stays). A run that read no game, or an empty book or
library, does not replace the old output: exit 1, old file byte for byte.
The special files are made here, in the test's own folder (never /dev).

  $ printf 'h8 i9 h10\t1-0\nh8 i9 j10\t0-1\n' > games.txt; : > empty.txt
  $ gmk-book build -q -o old.book games.txt && gmk-book export --renlib -o old.lib old.book
  $ gmk-book build -q --min-games 9 -o empty.book games.txt; printf '\377RenLib\377\003\004\377\377\377\377\377\377\377\377\377\377' > empty.lib
  $ mkfifo fifo; mkdir dir; mknod dev c 1 3 2>/dev/null || mkfifo dev
  $ cat > h.sh <<'SH'
  > run() { case $1 in build) gmk-book build -q -o "$2" games.txt ;; merge) gmk-book merge -q -o "$2" old.book ;;
  >   import) gmk-book import -o "$2" old.lib ;; export) gmk-book export --renlib -o "$2" old.book ;; esac; }
  > SH

A FIFO, a device, a folder: one usage error each, exit 2, nothing made.

  $ . ./h.sh; for c in build merge import export; do for o in fifo dev dir; do
  >   run $c $o 2>&1 | head -1; done; done
  gmk-book: fifo is a FIFO, not a regular file; refusing to write it
  gmk-book: dev is a (character device|FIFO), not a regular file; refusing to write it (re)
  gmk-book: dir is a directory, not a regular file; refusing to write it
  gmk-book: fifo is a FIFO, not a regular file; refusing to write it
  gmk-book: dev is a (character device|FIFO), not a regular file; refusing to write it (re)
  gmk-book: dir is a directory, not a regular file; refusing to write it
  gmk-book: fifo is a FIFO, not a regular file; refusing to write it
  gmk-book: dev is a (character device|FIFO), not a regular file; refusing to write it (re)
  gmk-book: dir is a directory, not a regular file; refusing to write it
  gmk-book: fifo is a FIFO, not a regular file; refusing to write it
  gmk-book: dev is a (character device|FIFO), not a regular file; refusing to write it (re)
  gmk-book: dir is a directory, not a regular file; refusing to write it
  $ . ./h.sh; for c in build merge import export; do run $c fifo 2>/dev/null; echo $?; done | sort | uniq -c
        4 2
  $ test -p fifo && test -d dir && (test -c dev || test -p dev) && ls dir | wc -l && ls | grep -c tmp
  0
  0
  [1]

--force does not make a device or a FIFO writable.

  $ gmk-book build -q --force -o fifo games.txt 2>&1 | head -1; test -p fifo && echo still a FIFO
  gmk-book: fifo is a FIFO, not a regular file; refusing to write it
  still a FIFO

A link to a book: the book it leads to is replaced, atomically; the link
stays a link.

  $ cp old.book target.book; ln -s target.book link.book; printf 'h8 h9\t0-1\n' >> games.txt
  $ gmk-book build -q -o link.book games.txt && test -L link.book && gmk-book stats target.book | grep '^games'
  games	3
  $ cp old.lib target.lib; ln -s target.lib link.lib; gmk-book export --renlib -o link.lib target.book && test -L link.lib && cmp -s target.lib old.lib || echo replaced
  replaced

A run that read nothing: an empty input, binary data, an empty book to merge
or export, a library without moves to import. Exit 1, the old file as it was.

  $ cp old.book out.book; cp old.lib out.lib
  $ gmk-book build -o out.book empty.txt
  gmk-book: out.book: not written (no game read; the old file is kept)
  [1]
  $ printf '\n\n# nothing\n' | gmk-book build -o out.book -r standard
  gmk-book: out.book: not written (no game read; the old file is kept)
  [1]
  $ gmk-book merge -o out.book empty.book
  gmk-book: out.book: not written (the book is empty; the old file is kept)
  [1]
  $ gmk-book import -o out.book empty.lib
  gmk-book: out.book: not written (the library holds no move; the old file is kept)
  [1]
  $ gmk-book export --renlib -o out.lib empty.book
  gmk-book: out.lib: not written (the book is empty; the old file is kept)
  [1]
  $ head -c 5000 "$GMK_BIN/gmk-book" > prog.bin; gmk-book build -o out.book prog.bin
  gmk-book: prog.bin: binary data, skipped
  gmk-book: out.book: not written (an input failed; the old file is kept)
  [2]
  $ cmp out.book old.book && cmp out.lib old.lib && echo kept; ls | grep -c tmp
  kept
  0
  [1]
  $ gmk-book build -o new.book empty.txt; echo $?; test -e new.book || echo none made
  gmk-book: new.book: not written (no game read)
  1
  none made

gmk-solve --tree keeps to the same rules: a FIFO, a device or a folder is
refused before any search (exit 2); a run with no proof tree to write (no
win, or no position) leaves the old file as it was; a link is followed.

  $ for o in fifo dev dir; do echo 'h8 a1 i8 a2 j8 a3' | gmk-solve --vcf --tree $o; echo $?; done 2>&1
  gmk-solve: fifo is a FIFO, not a regular file; refusing to write it
  2
  gmk-solve: dev is a (character device|FIFO), not a regular file; refusing to write it (re)
  2
  gmk-solve: dir is a directory, not a regular file; refusing to write it
  2
  $ echo old > old.sgf; cp old.sgf t.sgf; echo 'a1 b1' | gmk-solve --vcf --tree t.sgf
  a1b1	vcf	nowin	-
  gmk-solve: t.sgf: not written (no proof tree; the old file is kept)
  $ gmk-solve --vcf --tree t.sgf empty.txt; cmp t.sgf old.sgf && echo kept
  gmk-solve: t.sgf: not written (no proof tree; the old file is kept)
  kept
  $ ln -s t.sgf link.sgf; echo 'h8 a1 i8 a2 j8 a3' | gmk-solve --vcf --tree link.sgf >/dev/null
  $ test -L link.sgf && grep -c '^(;GM\[4\]' t.sgf; ls | grep -c tmp
  1
  0
  [1]
