# gmk — Makefile. `make` builds build/*/libgmk.a and the programs into bin/;
# `make check` runs every test; `make bench` prints the benchmarks;
# `make demo` shows the suite at work on bundled data; `make DEBUG=1 ...`
# builds with asserts, board_ok() checks and -fsanitize=address,undefined
# (objects and programs under build/debug/); `make TSAN=1 check-threads`
# runs the tests of the threaded code under ThreadSanitizer (build/tsan/).

PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
DEBUG   ?= 0
TSAN    ?= 0
SHARED  ?= ../shared/data

# Dependencies come from pkg-config; the values are read when first used,
# after tests/deps.sh has had its chance to install them.
PKG_CFLAGS = $(shell pkg-config --cflags libpcre2-8 zlib 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs libpcre2-8 zlib 2>/dev/null || echo -lpcre2-8 -lz)
CMOCKA_LIBS = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

WARN = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 \
       -Wno-missing-field-initializers
# Sanitizers: any UBSan report aborts the program (no silent recovery), so
# a finding fails the test that hit it.
SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all
# Another compiler than cc builds beside the default one (make CC=clang):
# build/release-clang, programs in build/release-clang/bin.
CC_TAG := $(if $(filter cc,$(CC)),,-$(notdir $(CC)))
ifeq ($(TSAN),1)
  B    := build/tsan$(CC_TAG)
  BIN  := $(B)/bin
  MODE := -O1 -g -fsanitize=thread -fno-omit-frame-pointer
  LDMODE := -fsanitize=thread
else ifeq ($(DEBUG),1)
  B    := build/debug$(CC_TAG)
  BIN  := $(B)/bin
  MODE := -O1 -g $(SANITIZE) -fno-omit-frame-pointer -DGMK_DEBUG
  LDMODE := $(SANITIZE)
else
  B    := build/release$(CC_TAG)
  BIN  := $(if $(CC_TAG),$(B)/bin,bin)
  MODE := -O2 -g -DNDEBUG
  LDMODE :=
endif
CFLAGS  ?=
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -pthread $(WARN) $(MODE) -fdebug-prefix-map=$(CURDIR)=. -Ilib -MMD -MP \
  $(PKG_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = -pthread $(LDMODE) $(LDFLAGS)
# The four programs of a release build are linked statically when the
# static libraries are installed (Debian's libc6-dev, libpcre2-dev and
# zlib1g-dev ship them): a process then starts in about half the CPU time
# (gmk-solve on one stone: 1.9 ms against 3.4 ms, no loader, no relocations),
# which counts where a pipeline starts one process per position. STATIC=0
# links them dynamically; sanitizer builds always do.
STATIC ?= 1
ifeq ($(STATIC)$(DEBUG)$(TSAN),100)
  PROG_LDFLAGS := $(shell for l in libc.a libm.a libpcre2-8.a libz.a; do \
      p=$$($(CC) -print-file-name=$$l); [ -f "$$p" ] || exit 0; done; echo -static)
endif
LIBS = $(PKG_LIBS) -lm

# ---- sources (defined once: every program and test links libgmk.a) ----
LIB_SRC  := $(sort $(wildcard lib/*/*.c))
LIB_OBJ  := $(LIB_SRC:lib/%.c=$(B)/lib/%.o) $(B)/gen/shape_tables.o
LIBGMK   := $(B)/libgmk.a
CMD_MAIN := $(sort $(wildcard cmd/gmk-*.c))
# cmd/book_*.c: the parts of gmk-book beside cmd/gmk-book.c (linked into it alone)
CMD_BOOK_SRC := $(sort $(wildcard cmd/book_*.c))
CMD_BOOK_OBJ := $(CMD_BOOK_SRC:cmd/%.c=$(B)/cmd/%.o)
CMD_COMMON_SRC := $(filter-out $(CMD_MAIN) $(CMD_BOOK_SRC),$(wildcard cmd/*.c))
CMD_COMMON_OBJ := $(CMD_COMMON_SRC:cmd/%.c=$(B)/cmd/%.o)
PROGS    := $(CMD_MAIN:cmd/%.c=$(BIN)/%)
TEST_SRC := $(sort $(wildcard tests/test_*.c))
TESTS    := $(TEST_SRC:tests/%.c=$(B)/tests/%)
TEST_COMMON_SRC := $(wildcard tests/unit/*.c)
TEST_COMMON_OBJ := $(TEST_COMMON_SRC:tests/unit/%.c=$(B)/tests/unit/%.o)

# ---- shipping: completions, man pages, install (see also the end) ----
COMPL     := $(B)/completions
COMPL_STAMP := $(COMPL)/.stamp
MAN_PAGES := $(sort $(wildcard cmd/*.[1-9]))
FIXTURE   := $(B)/ship/gmk-fixture

.PHONY: all deps check check-layers check-long check-parallel check-threads check-unit check-cli check-fuzz check-fault check-determinism check-install \
        bench demo puzzles install uninstall clean fuzz fuzz-build fuzz-replay
.DEFAULT_GOAL := all

all: deps $(PROGS) $(COMPL_STAMP)

deps:
	@sh tests/deps.sh

# ---- shape tables: generated from the PCRE2 catalogue ----
$(B)/gen/shapegen: lib/board/gen/shapegen.c lib/board/catalog.c lib/board/catalog.h lib/board/shape_build.c \
                   lib/board/shapes.h | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ lib/board/gen/shapegen.c lib/board/catalog.c lib/board/shape_build.c \
	  $(ALL_LDFLAGS) $(LIBS)

$(B)/gen/shape_tables.c: lib/board/shapes.txt $(B)/gen/shapegen
	$(B)/gen/shapegen lib/board/shapes.txt $@

$(B)/gen/%.o: $(B)/gen/%.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/lib/%.o: lib/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIBGMK): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

# gmk-search finds the default opening books beside itself (share/gmk once
# installed, openings/ of the source tree from any build directory), else in
# $(bookdir) of the PREFIX it was built for: no path of the build tree is
# compiled in (nor into the debug information: -fdebug-prefix-map). The stamp
# rebuilds it when PREFIX changes (the file changes only then).
PREFIX_STAMP = $(B)/prefix.txt
$(PREFIX_STAMP): FORCE
	@mkdir -p $(@D); echo '$(PREFIX)' | cmp -s - $@ || echo '$(PREFIX)' > $@
.PHONY: FORCE
FORCE:
$(B)/cmd/gmk-search.o: ALL_CFLAGS += -DGMK_BOOKDIR='"$(bookdir)"'
$(B)/cmd/gmk-search.o: $(PREFIX_STAMP)

$(B)/cmd/%.o: cmd/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icmd -c -o $@ $<

$(BIN)/%: $(B)/cmd/%.o $(CMD_COMMON_OBJ) $(LIBGMK)
	@mkdir -p $(@D)
	$(CC) -o $@ $(filter %.o,$^) $(filter %.a,$^) $(PROG_LDFLAGS) $(ALL_LDFLAGS) $(LIBS)
$(BIN)/gmk-book: $(CMD_BOOK_OBJ)

# ---- tests ----
$(B)/tests/unit/%.o: tests/unit/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests/unit -c -o $@ $<

$(B)/tests/%.o: tests/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests/unit -c -o $@ $<

$(B)/tests/%: $(B)/tests/%.o $(TEST_COMMON_OBJ) $(LIBGMK)
	$(CC) -o $@ $^ $(ALL_LDFLAGS) $(LIBS) $(CMOCKA_LIBS)

# make check: every quick suite (about 2 minutes on 2 cores), then one line
# "N passed, N failed, N skipped" over all of them (tests/tally.sh; make -k
# goes on past a failing suite so that the count covers everything).
TALLY := $(B)/check-tally
check: deps
	@sh tests/deps.sh --tests
	@mkdir -p $(B); rm -f $(TALLY); \
	GMK_TALLY=$(abspath $(TALLY)) $(MAKE) -k --no-print-directory check-unit check-cli check-fuzz \
	  check-fault check-determinism check-install check-parallel check-layers; \
	sh tests/tally.sh end $(TALLY) $$?

check-unit: $(TESTS) $(PROGS)
	@sh tests/run-unit.sh $(TESTS)

# The library's layers (tests/layers.sh): the folders and the solver's layers
# in order, no include or call going up (from the includes and the objects'
# symbols), programs on public headers only; the self-test breaks a copy.
check-layers: $(LIBGMK)
	@CC="$(CC)" sh tests/tally.sh run layers-self-test sh tests/layers.sh --self-test $(B)/lib lib
	@sh tests/tally.sh run layers sh tests/layers.sh $(B)/lib lib cmd

check-cli: $(PROGS) $(COMPL_STAMP) $(FIXTURE)
	@GMK_BIN=$(abspath $(BIN)) GMK_SHARED=$(SHARED) GMK_COMPLETIONS=$(abspath $(COMPL)) \
	  GMK_FIXTURE=$(abspath $(FIXTURE)) bash tests/cli.sh tests/cli/*.t

# The threads (gmk-search's lazy SMP, gmk-solve's variants side by side)
# under ThreadSanitizer: make TSAN=1 check-threads. Any report fails.
check-threads: $(B)/tests/test_solve $(B)/tests/test_search
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66" sh tests/run-unit.sh $^

# The long cross-checks (opt-in, minutes): the unit tests with every heavy
# loop scaled up 100 times — 10^6 random positions of the PCRE2-versus-table
# shape check, 40,000 renju positions against the reference forbidden rules.
# Then the zsh and fish completions case by case (tests/long/; bash stays in
# make check).
check-long: $(TESTS) $(PROGS) $(B)/bench/bench_book $(COMPL_STAMP) $(FIXTURE)
	@GMK_TEST_SCALE=100 sh tests/run-unit.sh $(B)/tests/test_shapes $(B)/tests/test_forbidden $(B)/tests/test_board
	@GMK_BIN=$(abspath $(BIN)) GMK_GEN=$(abspath $(B)/bench/bench_book) sh tests/book-parallel.sh 1000000 8
	@GMK_BIN=$(abspath $(BIN)) GMK_SHARED=$(SHARED) GMK_COMPLETIONS=$(abspath $(COMPL)) \
	  GMK_FIXTURE=$(abspath $(FIXTURE)) bash tests/cli.sh tests/long/*.t

# The GNU parallel shard recipe (README "Sharding"): shards built by parallel
# jobs and merged give the bytes of one build.
check-parallel: $(PROGS) $(B)/bench/bench_book
	@GMK_BIN=$(abspath $(BIN)) GMK_GEN=$(abspath $(B)/bench/bench_book) \
	    sh tests/tally.sh run parallel sh tests/book-parallel.sh 20000 4

# Fault tests (tests/fault/*.t, the same format as tests/cli): broken input,
# unreadable files, closed pipes, full disks.
check-fault: $(PROGS) $(B)/fault/peakrss
	@GMK_BIN=$(abspath $(BIN)) GMK_SHARED=$(SHARED) GMK_PEAKRSS=$(abspath $(B)/fault/peakrss) \
	    GMK_SANITIZED=$(filter 1,$(DEBUG)) bash tests/cli.sh tests/fault/*.t

$(B)/fault/peakrss: tests/fault/peakrss.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(ALL_LDFLAGS)

# Same input, same bytes out: twice, and with 1 and N threads (cases listed
# in tests/determinism.sh).
check-determinism: $(PROGS)
	@GMK_BIN=$(abspath $(BIN)) GMK_SHARED=$(SHARED) $(if $(filter 1,$(DEBUG)),DET_MAX_LINES=300) \
	    bash tests/determinism.sh

# ---- fuzzing (tests/fuzz/; how to add a harness: tests/fuzz/fuzzutil.h) ----
# Every tests/fuzz/fuzz_NAME.c is a libFuzzer harness. `make check` replays
# tests/fuzz/seeds/NAME and tests/fuzz/regress/NAME through it, built with
# $(CC) (sanitized under DEBUG=1); `make fuzz FUZZ_SECONDS=N [FUZZ="NAME..."]`
# builds it with clang -fsanitize=fuzzer,address,undefined under build/fuzz
# and runs it for N seconds (tests/fuzz/run.sh), or skips with a notice when
# there is no such clang.
FUZZ_SRC    := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_NAMES  := $(FUZZ_SRC:tests/fuzz/fuzz_%.c=%)
FUZZ_COMMON := fuzzutil
REPLAYS     := $(FUZZ_NAMES:%=$(B)/fuzz/replay_%)
FUZZ_CC     ?= clang
FUZZ_SECONDS ?= 60
FUZZ        ?=
FB          := build/fuzz
# Asserts on; board_ok() after every move (GMK_DEBUG) would slow fuzzing
# down too much, so the harnesses call it themselves.
FUZZ_CFLAGS  = -std=c11 -D_GNU_SOURCE -pthread $(WARN) -O1 -g -fno-omit-frame-pointer \
               $(SANITIZE) -fsanitize=fuzzer-no-link -DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION \
               -Ilib -Icmd -Itests/fuzz -MMD -MP $(PKG_CFLAGS)
FUZZ_LIB_OBJ := $(LIB_SRC:lib/%.c=$(FB)/lib/%.o) $(FB)/gen/shape_tables.o
FUZZ_CMD_OBJ := $(CMD_COMMON_SRC:cmd/%.c=$(FB)/cmd/%.o)
FUZZERS      := $(FUZZ_NAMES:%=$(FB)/fuzz_%)

$(B)/fuzz/%.o: tests/fuzz/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icmd -Itests/fuzz -c -o $@ $<

$(B)/fuzz/replay_%: $(B)/fuzz/fuzz_%.o $(B)/fuzz/replay.o $(FUZZ_COMMON:%=$(B)/fuzz/%.o) \
                    $(CMD_COMMON_OBJ) $(LIBGMK)
	$(CC) -o $@ $^ $(ALL_LDFLAGS) $(LIBS)

check-fuzz: $(REPLAYS)
	@for n in $(FUZZ_NAMES); do \
	    sh tests/tally.sh run fuzz-$$n $(B)/fuzz/replay_$$n tests/fuzz/seeds/$$n tests/fuzz/regress/$$n || exit 1; done

fuzz:
	@if sh tests/fuzz/toolchain.sh $(FUZZ_CC); then \
	    $(MAKE) --no-print-directory fuzz-build && \
	    bash tests/fuzz/run.sh $(FB) $(FUZZ_SECONDS) $(SHARED) $(FUZZ); fi

fuzz-build: deps $(FUZZERS) $(PROGS)

# The libFuzzer builds run once over the seeds and regressions (no fuzzing:
# deterministic, for CI), or skip with a notice without clang/libFuzzer.
fuzz-replay:
	@if sh tests/fuzz/toolchain.sh $(FUZZ_CC); then \
	    $(MAKE) --no-print-directory fuzz-build && \
	    for n in $(FUZZ_NAMES); do \
	        dirs=""; for d in tests/fuzz/seeds/$$n tests/fuzz/regress/$$n; do \
	            [ -d $$d ] && dirs="$$dirs $$d"; done; \
	        $(FB)/fuzz_$$n -runs=0 $$dirs > $(FB)/replay-$$n.log 2>&1 || \
	            { tail -30 $(FB)/replay-$$n.log; exit 1; }; \
	        echo "fuzz_$$n: $$(grep -o 'INITED cov: [0-9]*' $(FB)/replay-$$n.log | tail -1) over$$dirs"; \
	    done; fi

$(FB)/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FB)/gen/shape_tables.o: $(B)/gen/shape_tables.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FB)/cmd/%.o: cmd/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FB)/fuzz/%.o: tests/fuzz/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FB)/libgmk.a: $(FUZZ_LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(FB)/fuzz_%: $(FB)/fuzz/fuzz_%.o $(FUZZ_COMMON:%=$(FB)/fuzz/%.o) $(FUZZ_CMD_OBJ) $(FB)/libgmk.a
	$(FUZZ_CC) -fsanitize=fuzzer $(SANITIZE) -o $@ $^ -pthread $(LIBS)

BENCH_SRC := $(sort $(wildcard tests/bench/bench_*.c))
BENCHES   := $(BENCH_SRC:tests/bench/%.c=$(B)/bench/%)

bench: all $(BENCHES)
	@for b in $(BENCHES); do $$b $(SHARED) || exit 1; done
	@bash tests/bench/quintet-procs.sh --bin $(abspath $(BIN)) $(SHARED)
	@bash tests/bench/solve-stream.sh --bin $(abspath $(BIN))

$(B)/bench/%: tests/bench/%.c $(LIBGMK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBGMK) $(ALL_LDFLAGS) $(LIBS)

demo: all
	@GMK_BIN=$(abspath $(BIN)) SHARED=$(SHARED) bash tests/demo.sh

# ---- puzzles (gmk-solve, opt-in): every puzzle file in puzzles/, then the ----
# ---- lfz084 acceptance run on the shared data, with gmk-solve's defaults,  ----
# ---- and --defend against the book's defence sets (puzzles/README.md)      ----
puzzles: all
	@bash puzzles/run.sh --bin $(abspath $(BIN)) puzzles/*.tsv
	@bash puzzles/lfz084.sh --bin $(abspath $(BIN)) $(SHARED)
	@bash puzzles/lfz084-defend.sh --bin $(abspath $(BIN)) $(SHARED)

# ---- completions: generated from the programs' own option tables ----
$(COMPL_STAMP): completions/gen.sh completions/engine.bash $(PROGS)
	@bash completions/gen.sh $(COMPL) $(PROGS)
	@touch $@

# Test programs with subcommands for the ship tests, not installed: gmk-fixture
# (like gmk-book) and gmk-fixture-search (a link; like gmk-search).
$(B)/ship/%.o: tests/ship/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icmd -c -o $@ $<

$(FIXTURE): $(B)/ship/gmk-fixture.o $(CMD_COMMON_OBJ) $(LIBGMK)
	$(CC) -o $@ $^ $(ALL_LDFLAGS) $(LIBS)
	ln -sf gmk-fixture $@-search

# ---- install ----
# make install PREFIX=/usr/local DESTDIR=/tmp/stage; each directory can be
# overridden (make install bashcompdir=/etc/bash_completion.d).
bindir       = $(PREFIX)/bin
mandir       = $(PREFIX)/share/man
bookdir      = $(PREFIX)/share/gmk
DEFAULT_BOOKS = $(wildcard openings/default-*.book)
bashcompdir  = $(PREFIX)/share/bash-completion/completions
zshcompdir   = $(PREFIX)/share/zsh/site-functions
fishcompdir  = $(PREFIX)/share/fish/vendor_completions.d
PROG_NAMES  := $(notdir $(PROGS))

install: all
	install -d '$(DESTDIR)$(bindir)' '$(DESTDIR)$(bashcompdir)' '$(DESTDIR)$(zshcompdir)' \
	  '$(DESTDIR)$(fishcompdir)'
	install -m 755 $(PROGS) '$(DESTDIR)$(bindir)/'
	@if [ -f $(BIN)/gmk-search ]; then \
	  echo "ln -sf gmk-search $(DESTDIR)$(bindir)/pbrain-gmk"; \
	  ln -sf gmk-search '$(DESTDIR)$(bindir)/pbrain-gmk'; fi
	@set -e; for page in $(MAN_PAGES); do \
	  dir='$(DESTDIR)$(mandir)'/man$${page##*.}; \
	  echo "install -m 644 $$page $$dir/ (/usr/local -> $(PREFIX))"; \
	  install -d "$$dir"; sed 's|/usr/local/|$(PREFIX)/|g' "$$page" > "$$dir/$${page##*/}"; \
	  chmod 644 "$$dir/$${page##*/}"; done
	install -m 644 $(addprefix $(COMPL)/bash/,$(PROG_NAMES)) '$(DESTDIR)$(bashcompdir)/'
	install -m 644 $(addprefix $(COMPL)/zsh/_,$(PROG_NAMES)) '$(DESTDIR)$(zshcompdir)/'
	install -m 644 $(addsuffix .fish,$(addprefix $(COMPL)/fish/,$(PROG_NAMES))) \
	  '$(DESTDIR)$(fishcompdir)/'
	@if [ -n '$(DEFAULT_BOOKS)' ]; then \
	  echo "install -m 644 $(DEFAULT_BOOKS) $(DESTDIR)$(bookdir)/"; \
	  install -d '$(DESTDIR)$(bookdir)'; install -m 644 $(DEFAULT_BOOKS) '$(DESTDIR)$(bookdir)/'; fi

uninstall:
	rm -f $(addprefix '$(DESTDIR)$(bindir)'/,$(PROG_NAMES) pbrain-gmk)
	rm -f $(foreach p,$(MAN_PAGES),'$(DESTDIR)$(mandir)/man$(subst .,,$(suffix $(p)))/$(notdir $(p))')
	rm -f $(addprefix '$(DESTDIR)$(bashcompdir)'/,$(PROG_NAMES))
	rm -f $(addprefix '$(DESTDIR)$(zshcompdir)'/_,$(PROG_NAMES))
	rm -f $(addsuffix .fish,$(addprefix '$(DESTDIR)$(fishcompdir)'/,$(PROG_NAMES)))
	rm -f $(addprefix '$(DESTDIR)$(bookdir)'/,$(notdir $(DEFAULT_BOOKS)))
	-rmdir '$(DESTDIR)$(bookdir)' 2>/dev/null

# Installs into a temporary DESTDIR, runs the installed programs, uninstalls.
check-install: all
	@sh tests/tally.sh run install sh tests/test-install.sh '$(MAKE)' $(abspath $(BIN))

clean:
	rm -rf build bin

# Objects are kept between runs (they are intermediate files of the
# pattern rules, which make would otherwise delete).
.SECONDARY:

-include $(wildcard $(B)/*/*.d $(B)/*/*/*.d $(FB)/*/*.d $(FB)/*/*/*.d)

# ---- matches between engine configurations (tests/match.c, tests/matchlib.c) ----
# make match [MATCH_GAMES=N MATCH_RULE=R MATCH_A="..." MATCH_B="..." MATCH_ARGS="..."]
# Default: gmk-search at a fixed node budget against the seed's simple
# intelligence, both colours from balanced openings; prints W/D/L and Elo.
MATCH_GAMES ?= 40
MATCH_RULE  ?= freestyle
MATCH_JOBS  ?= 2
MATCH_A     ?= $(abspath $(BIN))/gmk-search --gomocup --no-book --nodes 30000
MATCH_B     ?= $(abspath $(BIN))/gmk-search --gomocup --no-book --simple
MATCH_ARGS  ?=
$(B)/tests/match.o: ALL_CFLAGS += -DMATCH_OPENINGS='"$(abspath tests/match_openings.txt)"'
$(B)/tests/match $(B)/tests/test_search_protocol: %: %.o $(B)/tests/matchlib.o $(TEST_COMMON_OBJ) $(LIBGMK)
	$(CC) -o $@ $^ $(ALL_LDFLAGS) $(LIBS) $(CMOCKA_LIBS)

.PHONY: match
match: $(PROGS) $(B)/tests/match
	GMK_SHARED=$(SHARED) $(B)/tests/match -r $(MATCH_RULE) -g $(MATCH_GAMES) -j $(MATCH_JOBS) \
	    $(MATCH_ARGS) "$(MATCH_A)" "$(MATCH_B)"

# make tune: the Texel fitter of the evaluation weights (tests/tune.c; usage at
# its top) and the labeller of positions by another engine (tests/label.c)
.PHONY: tune
tune: $(B)/tests/tune $(B)/tests/label
$(B)/tests/tune: tests/tune.c $(LIBGMK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBGMK) $(ALL_LDFLAGS) $(LIBS)
$(B)/tests/label: tests/label.c $(B)/tests/matchlib.o $(LIBGMK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(B)/tests/matchlib.o $(LIBGMK) $(ALL_LDFLAGS) $(LIBS)

# make match-engines ENGINE="/path/to/pbrain-other [args]" [MATCH_RULE=R MATCH_GAMES=N MATCH_TC=G/M]
# pbrain-gmk (gmk-search --gomocup, default books) against any Gomocup engine
# at a time control (c-gomoku-cli's tc: G seconds a game, M a move), one game
# at a time; prints W/D/L (gmk-search first), score and Elo with its 95% error.
MATCH_TC    ?= 2/0.08
.PHONY: match-engines
match-engines: $(PROGS) $(B)/tests/match
	@test -n "$(ENGINE)" || { echo 'make match-engines: ENGINE="command of a pbrain engine" is needed' >&2; exit 2; }
	GMK_SHARED=$(SHARED) $(B)/tests/match -r $(MATCH_RULE) -g $(MATCH_GAMES) -j 1 --tc $(MATCH_TC) \
	    $(MATCH_ARGS) "$(abspath $(BIN))/gmk-search --gomocup" "$(ENGINE)"
