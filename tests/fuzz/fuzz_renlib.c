/*
 * fuzz_renlib — the RenLib .lib reader, renlib_import(): header, the
 * pre-order tree of 2-byte records with their flags, comments and board
 * texts, on any bytes, into a 15x15 book builder (not written out).
 *
 * Input: a whole .lib file (no option byte). The import must succeed or fail
 * with an error status and a message; either way the builder stays usable
 * and is freed without leaks.
 *
 * fuzz-seeds: files $SHARED/books/shuxingge_opening_guide.lib
 * fuzz-seeds: run bin/gmk-book build -o "$SEEDS/t.book" tests/fuzz/seeds/records/moves; bin/gmk-book export --renlib -o "$SEEDS/tiny.lib" "$SEEDS/t.book"; rm "$SEEDS/t.book"
 * fuzz-seeds: run bin/gmk-book build -o "$SEEDS/e.book" --max-ply 6 $SHARED/games/eva_movelists.txt; bin/gmk-book export --renlib -o "$SEEDS/eva.lib" "$SEEDS/e.book"; rm "$SEEDS/e.book"
 * fuzz-options: -max_len=65536
 */
#include <string.h>

#include "fuzzutil.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    BookOptions o;
    memset(&o, 0, sizeof o);
    o.size = 15;
    o.rule = RULE_RENJU;
    o.memory = (size_t)4 << 20;
    BookError err;
    BookBuilder *bb = book_builder_new(&o, &err);
    FUZZ_CHECK(bb != NULL, "book_builder_new: %s", err.msg);
    memset(&err, 0x55, sizeof err);
    GmkStatus st = renlib_import(data, size, bb, &err);
    if (st != GMK_OK) {
        FUZZ_CHECK(st < GMK_STATUS_NB, "status %d", (int)st);
        FUZZ_CHECK(memchr(err.msg, '\0', sizeof err.msg) != NULL && err.msg[0], "no reason given");
    }
    book_builder_free(bb);
    return 0;
}
