gmk-search --gomocup speaks the Gomocup (pbrain) protocol: x,y from 0 at the
top left, MESSAGE lines with the search figures, OK / ERROR / UNKNOWN.

  $ printf 'START 15\nINFO timeout_turn 1000\nBOARD\n5,7,2\n6,7,2\n7,7,2\n8,7,2\n4,7,1\n0,0,1\n0,14,1\nDONE\nEND\n' | gmk-search --gomocup --nodes 5000 | grep -v MESSAGE
  OK
  9,7
  $ printf 'ABOUT\nSTART 30\nRECTSTART 15,20\nTURN 7,7\nSTART 15\nTURN 99,1\nPLAY\nEND\nSTART 15\n' | gmk-search --gomocup
  name="gmk-search", version="0.1.0", author="gmk project", country="-"
  ERROR unsupported board size 30 (5..22)
  ERROR rectangular boards are not supported
  ERROR no game: START first
  OK
  ERROR bad coordinates '99,1'
  UNKNOWN command 'PLAY'

A whole exchange: BEGIN opens, TURN answers, TAKEBACK removes a stone.

  $ printf 'START 15\nINFO timeout_turn 500\nBEGIN\nTURN 8,8\nTAKEBACK 8,8\nEND\n' | gmk-search --gomocup --depth 4 | grep -v MESSAGE | sed 's/^[0-9]*,[0-9]*$/X,Y/'
  OK
  X,Y
  X,Y
  OK

pbrain-gmk (installed as a link) is the same program.

  $ ln -s "$(command -v gmk-search)" pbrain-gmk && printf 'START 15\nEND\n' | ./pbrain-gmk --gomocup
  OK

In a freestyle or standard game the engine plays its first moves from the
default opening book of the game's rule (openings/default-RULE.book beside
the program, or in $GMK_BOOK_DIR); --no-book, or no book there, leaves it to
the search. Renju has no default book (it scored better against Rapfi
without its self-play one), and none is asked for. A book that fails its
checks is named on stderr and the game goes on.

  $ printf 'START 15\nINFO rule 0\nTURN 7,7\nEND\n' | gmk-search --gomocup | grep -c 'MESSAGE book move'
  1
  $ printf 'START 15\nINFO rule 1\nTURN 7,7\nEND\n' | gmk-search --gomocup | grep -c 'MESSAGE book move'
  1
  $ printf 'START 15\nINFO rule 4\nTURN 7,7\nEND\n' | gmk-search --gomocup --nodes 1000 2>&1 | grep -c book
  0
  [1]
  $ printf 'START 15\nINFO rule 0\nBEGIN\nEND\n' | gmk-search --gomocup | grep -v MESSAGE
  OK
  7,7
  $ printf 'START 15\nINFO rule 0\nTURN 7,7\nEND\n' | gmk-search --gomocup --no-book | grep -c 'MESSAGE book move'
  0
  [1]
  $ mkdir books && printf 'not a book\n' > books/default-standard.book
  $ printf 'START 15\nINFO rule 1\nTURN 7,7\nEND\n' | GMK_BOOK_DIR=books gmk-search --gomocup --nodes 1000 | grep -c 'MESSAGE book move'
  gmk-search: default book books/default-standard.book: .* \(playing without it\) (re)
  gmk-search: no default opening book for freestyle (looked in books; GMK_BOOK_DIR names another folder): playing without one
  0
  [1]
