Programs with subcommands (gmk-book build|probe|..., see CliProgram in
cmd/cli.h), tested on gmk-fixture, a test program shaped like gmk-book
(tests/ship/gmk-fixture.c) that prints what cli_parse() gave it.
#requires: -x "${GMK_FIXTURE:-}"

The program's own options come before the command word, the command's after
it; operands follow the command (GNU order: options and operands may mix).

  $ "$GMK_FIXTURE" build -o x.book --max-ply 12 a b
  command=build threads=1 output=x.book max_ply=12 pick=0 rule=freestyle json=0 operands: a b
  $ "$GMK_FIXTURE" -t 3 probe BOOK --json -r renju a
  command=probe threads=3 output=- max_ply=30 pick=0 rule=renju json=1 operands: BOOK a
  $ "$GMK_FIXTURE" -- build -- -o
  command=build threads=1 output=- max_ply=30 pick=0 rule=freestyle json=0 operands: -o

A missing or unknown command, or an option in the wrong place, is a usage
error: exit status 2.

  $ "$GMK_FIXTURE"
  gmk-fixture: missing command; one of:
    build
    probe
    dump
    stats
  Try 'gmk-fixture --help' for more information.
  [2]
  $ "$GMK_FIXTURE" bulid x
  gmk-fixture: 'bulid' is not a command
  Try 'gmk-fixture --help' for more information.
  [2]
  $ "$GMK_FIXTURE" build --pick x
  gmk-fixture: --pick: unknown option or missing argument
  Try 'gmk-fixture build --help' for more information.
  [2]
  $ "$GMK_FIXTURE" probe BOOK --threads 2
  gmk-fixture: --threads: unknown option or missing argument
  Try 'gmk-fixture probe --help' for more information.
  [2]
  $ "$GMK_FIXTURE" build --max-ply 300 x
  gmk-fixture: --max-ply: '300' is not a number in 1..225
  Try 'gmk-fixture build --help' for more information.
  [2]

Help: the program lists its commands; each command has its own help, and
--help and --version even where the common options are off.

  $ "$GMK_FIXTURE" --help
  Usage: gmk-fixture [OPTIONS] COMMAND [ARGS...]
  A test program with subcommands, shaped like gmk-book.
  
  Commands:
    build                      Build a book from game records.
    probe                      Print the book moves of positions.
    dump                       Print every entry.
    stats                      Print counts.
  
  Options:
    -t, --threads N            worker threads (default: 1)
    -h, --help                 show this help and exit
    -V, --version              show the version and exit
  
  Run 'gmk-fixture COMMAND --help' for the options of a command.
  
  Exit status: 0 all input processed, 1 some lines were bad, 2 usage error or
  a failure that stopped the run.
  $ "$GMK_FIXTURE" build --help
  Usage: gmk-fixture build [OPTIONS] FILE...
  Build a book from game records.
  
  Options:
    -o, --output BOOK          the book to write
        --max-ply N            moves read from each game (default: 30)
        --tmpdir DIR           where temporary files go (default: /tmp)
    -h, --help                 show this help and exit
    -V, --version              show the version and exit
  
  Exit status: 0 all input processed, 1 some lines were bad, 2 usage error or
  a failure that stopped the run.
  $ "$GMK_FIXTURE" stats --version
  gmk-fixture 0.1.0 (re)

The hidden --list-options prints the program's options, then a "command" line
and the options of each command (the completion generator reads this).

  $ "$GMK_FIXTURE" --list-options | cut -f1-4
  --threads	-t	N	
  --help	-h		
  --version	-V		
  command	build	Build a book from game records.
  --output	-o	BOOK	@file
  --max-ply	-	N	
  --tmpdir	-	DIR	@dir
  --help	-h		
  --version	-V		
  command	probe	Print the book moves of positions.
  --pick	-		
  --rule	-r	RULE	freestyle standard renju
  --size	-s	N	5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22
  --origin	-	WHERE	bottom top
  --to-move	-	COLOR	black white
  --json	-		
  --help	-h		
  --version	-V		
  command	dump	Print every entry.
  --format	-f	FORMAT	text renlib
  --help	-h		
  --version	-V		
  command	stats	Print counts.
  --help	-h		
  --version	-V		

Optional commands (CliProgram.commands_optional, like "gmk-search [FILE...]"
beside "gmk-search bench"), tested on gmk-fixture-search: a first operand that
is not a command word is an operand, and the program's options go on after
it; "--" ends them as usual.

  $ F="$GMK_FIXTURE-search"
  > "$F"; "$F" -d 3 a.txt -r renju b; "$F" bench -d 2 x; "$F" -- -d x; "$F" a -- -d
  command=- depth=8 rule=freestyle json=0 operands:
  command=- depth=3 rule=renju json=0 operands: a.txt b
  command=bench depth=2 rule=freestyle json=0 operands: x
  command=- depth=8 rule=freestyle json=0 operands: -d x
  command=- depth=8 rule=freestyle json=0 operands: a -d
  $ "$GMK_FIXTURE-search" bench --json
  gmk-fixture-search: --json: unknown option or missing argument
  Try 'gmk-fixture-search bench --help' for more information.
  [2]
  $ "$GMK_FIXTURE-search" --list-options | grep '^command'
  command	bench	Search fixed positions and print a signature.	optional
