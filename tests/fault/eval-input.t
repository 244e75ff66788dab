Fault tests for gmk-eval's input and output (the shared reader of cmd/cli.c,
so they hold for every gmk program that reads positions). Run by `make check`
with tests/cli.sh; check_stream and garbage come from lib.sh (each command
runs in its own shell, so each sources it).

Huge lines: each is one error of its line, however long, with or without a
newline at the end of the input; the stream goes on.

  $ set -o pipefail; { printf 'h8\n'; head -c 3000000 /dev/zero | tr '\0' ' '; printf '\ni9\n';
  >   head -c 1100000 /dev/zero | tr '\0' 'h'; printf '\nj10\n';
  >   head -c 1048577 /dev/zero | tr '\0' '-'; } | gmk-eval 2>&1 | cut -f1-3
  h8	white	-
  gmk-eval: <stdin>:2: line too long
  i9	white	-
  gmk-eval: <stdin>:4: line too long
  j10	white	-
  gmk-eval: <stdin>:6: line too long
  [1]

A line just under the limit is read (and is a position of too many moves).

  $ set -o pipefail; { head -c 1048000 /dev/zero | tr '\0' '-'; printf '\nh8\n'; } | gmk-eval 2>&1 | cut -f1-3
  gmk-eval: <stdin>:1: more than 1024 moves
  h8	white	-
  [1]

NUL bytes in a text file (its first line is text): anywhere in a line, a
line of one NUL, a NUL on the last line without a newline.

  $ set -o pipefail; printf 'h9\n\0\n\0h8\nh8\0\nh8 \0 i9\ni9\nh8\t\0carried\n\0' | gmk-eval 2>&1 | cut -f1-3
  h9	white	-
  gmk-eval: <stdin>:2: NUL byte in line
  gmk-eval: <stdin>:3: NUL byte in line
  gmk-eval: <stdin>:4: NUL byte in line
  gmk-eval: <stdin>:5: NUL byte in line
  i9	white	-
  gmk-eval: <stdin>:7: NUL byte in line
  gmk-eval: <stdin>:8: NUL byte in line
  [1]

A file whose first line is binary (a NUL byte, or mostly control bytes) is
binary data: said once, the file skipped, the next file read (issue 54).

  $ printf '\0\nh8\n' > nul.txt; printf '\001\002\003\004 h8\nh8\n' > ctl.txt; printf 'h8\n' > ok.txt
  $ gmk-eval nul.txt ctl.txt ok.txt | cut -f1-2
  gmk-eval: nul.txt: binary data, skipped
  gmk-eval: ctl.txt: binary data, skipped
  h8	white
  $ gmk-eval nul.txt > /dev/null 2>&1; echo $?
  1

Invalid UTF-8 and control bytes: the reason shows the byte, in ASCII.

  $ set -o pipefail; printf 'h8 \303\251\n\303\251\n\377\376\nh8\303\n\033[31m\ni9\n' | gmk-eval 2>&1 | cut -f1-3
  gmk-eval: <stdin>:1: bad coordinate '\xc3'
  gmk-eval: <stdin>:2: bad coordinate '\xc3'
  gmk-eval: <stdin>:3: bad coordinate '\xff'
  gmk-eval: <stdin>:4: bad coordinate '\xc3'
  gmk-eval: <stdin>:5: bad coordinate '\x1b'
  i9	white	-
  [1]

Carried fields pass through unchanged in text output; in JSON, a byte that is
not valid UTF-8 becomes U+FFFD so that the line stays valid JSON.

  $ printf 'h8\tcaf\303\251 \376 \355\240\200 \342\202 \360\237\230\200\n' > carry.txt
  $ gmk-eval carry.txt | cut -f6- > got.txt; cut -f2- carry.txt | cmp - got.txt && echo same bytes
  same bytes
  $ gmk-eval --json carry.txt | grep -o '"carry":.*'
  "carry":"café \ufffd \ufffd\ufffd\ufffd \ufffd\ufffd 😀"}

CR line ends, a missing final newline, a diagram cut short by the end of the
input or by a bad line.

  $ printf 'h8\r\ni9\r\nj10' | gmk-eval | cut -f1-3
  h8	white	-
  i9	white	-
  j10	white	-
  $ printf '.....\n..x..\n' | gmk-eval
  gmk-eval: <stdin>:1: diagram is not square: 2 rows of 5 cells
  [1]
  $ set -o pipefail; printf '.....\n..x..\n\0\nh8\n' | gmk-eval 2>&1 | cut -f1-3
  gmk-eval: <stdin>:1: diagram is not square: 2 rows of 5 cells
  gmk-eval: <stdin>:3: NUL byte in line
  h8	white	-
  [1]

A diagram bigger than any board: one error, not one per row (issue 54).

  $ awk 'BEGIN { for (r = 0; r < 30; r++) { l = ""; for (c = 0; c < 30; c++) l = l (r == c ? "x" : "."); print l }; print ""; print "h8" }' > big.txt
  $ set -o pipefail; gmk-eval big.txt | cut -f1-2
  gmk-eval: big.txt:1: diagram of 30 rows of up to 30 cells: boards are 5x5 to 22x22
  h8	white
  [1]

Binary garbage (deterministic bytes, all 256 values) and a program file:
one line, "binary data, skipped", exit status 1 (issue 54: it was a report
for each of thousands of "lines").

  $ . "$TESTDIR/lib.sh"; garbage 200000 > garbage.bin; check_stream gmk-eval garbage.bin
  stream ok (status 1)
  $ head -c 300000 "$GMK_BIN/gmk-eval" > elf.bin; gmk-eval elf.bin; gmk-eval < elf.bin
  gmk-eval: elf.bin: binary data, skipped
  gmk-eval: <stdin>: binary data, skipped
  [1]

The same garbage after a first line of text: one report per bad line, in
order, the first 30 of a file shown and the rest summed up in one line, good
lines printed, exit status 1.

  $ . "$TESTDIR/lib.sh"; { echo h8; garbage 200000; } > mixed.bin; check_stream gmk-eval mixed.bin
  stream ok (status 1)
  $ . "$TESTDIR/lib.sh"; check_stream gmk-eval mixed.bin --json -r renju -s 9 --origin top
  stream ok (status 1)
  $ { echo h8; head -c 300000 "$GMK_BIN/gmk-eval"; } > elf2.bin; gmk-eval elf2.bin 2>&1 >/dev/null | tail -1
  gmk-eval: elf2.bin: [0-9]+ more bad lines not shown (re)

Unreadable files (missing, a directory) exit 2 after every other file has
been processed, each reported once; stdin still read.

  $ set -o pipefail; mkdir dir; printf 'h8\n' > a.txt; printf 'i9\n' | gmk-eval missing.txt a.txt dir - a.txt 2>&1 | cut -f1-3
  gmk-eval: missing.txt: No such file or directory
  h8	white	-
  gmk-eval: dir: read error: Is a directory
  i9	white	-
  h8	white	-
  [2]

A file that fails while being read (/proc/self/mem fails at offset 0 with
EIO, for any user): exit 2 after the others.

  $ set -o pipefail; gmk-eval /proc/self/mem a.txt 2>&1 | cut -f1-3
  gmk-eval: /proc/self/mem: read error: Input/output error
  h8	white	-
  [2]

Closed standard input: a read error, exit 2.

  $ gmk-eval <&-
  gmk-eval: <stdin>: read error: Bad file descriptor
  [2]

Writing into a closed pipe ends the program quietly, also when SIGPIPE is
ignored (as some job runners do): no message on stderr.

  $ yes 'h8 i9' | head -200000 | gmk-eval 2>err.txt | head -1 | cut -f1-3; cat err.txt
  h8i9	black	-
  $ (trap '' PIPE; yes 'h8 i9' 2>/dev/null | head -200000 2>/dev/null | gmk-eval 2>err.txt | head -1 | cut -f1-3); cat err.txt
  h8i9	black	-
  $ (trap '' PIPE; yes 'h8 i9' 2>/dev/null | head -200000 2>/dev/null | gmk-eval --json 2>err.txt | head -1 >/dev/null); cat err.txt

An unwritable stdout (a full disk, a closed descriptor): one clear error and
exit 2, whether the first write fails or a later one.

  $ printf 'h8\n' | gmk-eval > /dev/full
  gmk-eval: write error: No space left on device
  [2]
  $ yes 'h8 i9' | head -20000 | gmk-eval --json > /dev/full
  gmk-eval: write error: No space left on device
  [2]
  $ printf 'h8\n' | gmk-eval >&-
  gmk-eval: write error: Bad file descriptor
  [2]

No input at all, or only blanks and comments: no output, exit 0.

  $ gmk-eval < /dev/null
  $ printf '\n\n# x\n   \n' | gmk-eval

Options that print and exit leave nothing allocated behind (a sanitized
build fails an exit with leaked blocks: exit status 23).

  $ gmk-eval --help > /dev/null; echo $?; gmk-eval --version > /dev/null; echo $?
  0
  0
  $ gmk-eval --list-options > /dev/null; echo $?; gmk-solve --list-options > /dev/null; echo $?
  0
  0
