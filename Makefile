# gmk — Makefile. `make` builds build/*/libgmk.a and the programs into bin/;
# `make check` runs every test; `make bench` prints the benchmarks;
# `make demo` shows the suite at work on bundled data; `make DEBUG=1 ...`
# builds with asserts, board_ok() checks and -fsanitize=address,undefined
# (objects and programs under build/debug/).

PREFIX  ?= /usr/local
DESTDIR ?=
CC      ?= cc
DEBUG   ?= 0
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
ifeq ($(DEBUG),1)
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
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE -pthread $(WARN) $(MODE) -Ilib -MMD -MP $(PKG_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = -pthread $(LDMODE) $(LDFLAGS)
LIBS = $(PKG_LIBS) -lm

# ---- sources (defined once: every program and test links libgmk.a) ----
LIB_SRC  := $(sort $(wildcard lib/*.c))
LIB_OBJ  := $(LIB_SRC:lib/%.c=$(B)/lib/%.o) $(B)/gen/shape_tables.o
LIBGMK   := $(B)/libgmk.a
CMD_MAIN := $(sort $(wildcard cmd/gmk-*.c))
CMD_COMMON_SRC := $(filter-out $(CMD_MAIN),$(wildcard cmd/*.c))
CMD_COMMON_OBJ := $(CMD_COMMON_SRC:cmd/%.c=$(B)/cmd/%.o)
PROGS    := $(CMD_MAIN:cmd/%.c=$(BIN)/%)
TEST_SRC := $(sort $(wildcard tests/test_*.c))
TESTS    := $(TEST_SRC:tests/%.c=$(B)/tests/%)
TEST_COMMON_SRC := $(wildcard tests/unit/*.c)
TEST_COMMON_OBJ := $(TEST_COMMON_SRC:tests/unit/%.c=$(B)/tests/unit/%.o)

.PHONY: all deps check check-unit check-cli bench demo install uninstall clean
.DEFAULT_GOAL := all

all: deps $(PROGS)

deps:
	@sh tests/deps.sh

# ---- shape tables: generated from the PCRE2 catalogue ----
$(B)/gen/shapegen: lib/gen/shapegen.c lib/catalog.c lib/catalog.h lib/shapes.h | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ lib/gen/shapegen.c lib/catalog.c $(ALL_LDFLAGS) $(LIBS)

$(B)/gen/shape_tables.c: lib/shapes.txt $(B)/gen/shapegen
	$(B)/gen/shapegen lib/shapes.txt $@

$(B)/gen/%.o: $(B)/gen/%.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/lib/%.o: lib/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(LIBGMK): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/cmd/%.o: cmd/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icmd -c -o $@ $<

$(BIN)/%: $(B)/cmd/%.o $(CMD_COMMON_OBJ) $(LIBGMK)
	@mkdir -p $(@D)
	$(CC) -o $@ $^ $(ALL_LDFLAGS) $(LIBS)

# ---- tests ----
$(B)/tests/unit/%.o: tests/unit/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests/unit -c -o $@ $<

$(B)/tests/%.o: tests/%.c | deps
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Itests/unit -c -o $@ $<

$(B)/tests/%: $(B)/tests/%.o $(TEST_COMMON_OBJ) $(LIBGMK)
	$(CC) -o $@ $^ $(ALL_LDFLAGS) $(LIBS) $(CMOCKA_LIBS)

check: deps
	@sh tests/deps.sh --tests
	@$(MAKE) --no-print-directory check-unit check-cli

check-unit: $(TESTS) $(PROGS)
	@sh tests/run-unit.sh $(TESTS)

check-cli: $(PROGS)
	@GMK_BIN=$(abspath $(BIN)) GMK_SHARED=$(SHARED) bash tests/cli.sh tests/cli/*.t

BENCH_SRC := $(sort $(wildcard tests/bench/bench_*.c))
BENCHES   := $(BENCH_SRC:tests/bench/%.c=$(B)/bench/%)

bench: all $(BENCHES)
	@for b in $(BENCHES); do $$b $(SHARED) || exit 1; done

$(B)/bench/%: tests/bench/%.c $(LIBGMK)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBGMK) $(ALL_LDFLAGS) $(LIBS)

demo: all
	@GMK_BIN=$(abspath $(BIN)) SHARED=$(SHARED) bash tests/demo.sh

# ---- install ----
BINDIR  = $(DESTDIR)$(PREFIX)/bin
MANDIR  = $(DESTDIR)$(PREFIX)/share/man

install: all
	install -d $(BINDIR)
	install -m 755 $(PROGS) $(BINDIR)/
	ln -sf gmk-search $(BINDIR)/pbrain-gmk

uninstall:
	rm -f $(addprefix $(BINDIR)/,$(notdir $(PROGS)) pbrain-gmk)

clean:
	rm -rf build bin

# Objects are kept between runs (they are intermediate files of the
# pattern rules, which make would otherwise delete).
.SECONDARY:

-include $(wildcard $(B)/*/*.d $(B)/*/*/*.d)
