A gmk-search without its default opening books (issue 38, item 14) says so
on stderr, naming where it looked, and in a MESSAGE of the Gomocup
protocol, then plays without one.

  $ mkdir empty; printf 'START 15\nBEGIN\nEND\n' | GMK_BOOK_DIR=$PWD/empty gmk-search --gomocup --depth 2 2>err.txt | sed 's/^MESSAGE depth.*/MESSAGE depth .../'
  MESSAGE no opening book for freestyle standard: playing without one
  OK
  MESSAGE depth ...
  7,7
  $ sed "s|$PWD|DIR|" err.txt
  gmk-search: no default opening book for freestyle standard (looked in DIR/empty; GMK_BOOK_DIR names another folder): playing without one

With --no-book, nothing is said.

  $ printf 'START 15\nEND\n' | GMK_BOOK_DIR=$PWD/empty gmk-search --gomocup --no-book
  OK
