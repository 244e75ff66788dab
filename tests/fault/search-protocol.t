Fault tests for gmk-search in Gomocup protocol mode: garbage between
commands is answered (UNKNOWN or ERROR) in one printable ASCII line per
answer, and the session goes on. Answers that quote a command keep its
bytes out: a CR inside an answer would read as a line end to a manager.

  $ . "$TESTDIR/lib.sh"; { printf 'START 15\n'; garbage 4000 | tr -d '\n\r' | fold -w 50; printf '\nTURN 7,7\nEND\n'; } > session.txt
  $ gmk-search --gomocup --nodes 400 < session.txt > out.txt; echo "status $?"
  status 0
  $ LC_ALL=C grep -c '[^ -~]' out.txt; grep -c '^UNKNOWN\|^ERROR' out.txt; tail -1 out.txt | grep -cE '^[0-9]+,[0-9]+$'
  0
  80
  1
  $ printf 'START 15\nFOO\rOK\nTURN 7,7\033[2J\nEND\n' | gmk-search --gomocup --no-book --nodes 400 | grep -v MESSAGE
  OK
  UNKNOWN command 'FOO?OK'
  [5-9],[5-9] (re)
