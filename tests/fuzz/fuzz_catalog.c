/*
 * fuzz_catalog — the shape catalogue reader, catalog_add_text(): line
 * splitting, words, names, classes, scopes, scores, combo lines and PCRE2
 * compilation of the patterns (not the table build, which takes seconds).
 *
 * Input: catalogue text (lib/board/shapes.txt format); when the last byte is odd,
 * the input is added twice (every line then replaces itself).
 * A success must give at most 254 entries, each with a compiled pattern, a
 * known class and scope and a name that fits; a failure must name a line of
 * the text and give a printable message.
 *
 * fuzz-seeds: files lib/board/shapes.txt
 * fuzz-seeds: lines lib/board/shapes.txt
 */
#include <string.h>

#include "board/catalog.h"
#include "fuzzutil.h"

/* Lines in the text as catalog_add_text counts them. */
static int count_lines(const uint8_t *p, size_t n) {
    int k = 0;
    for (size_t i = 0; i < n; i++) k += p[i] == '\n';
    return k + (n && p[n - 1] != '\n');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 16384) return 0; /* PCRE2 JIT time grows with the patterns */
    Catalog *cat = catalog_new();
    FUZZ_CHECK(cat != NULL, "out of memory");
    int rounds = size && (data[size - 1] & 1) ? 2 : 1;
    for (int r = 0; r < rounds; r++) {
        CatalogError err;
        memset(&err, 0x55, sizeof err);
        GmkStatus st = catalog_add_text(cat, (const char *)data, size, &err);
        if (st != GMK_OK) {
            FUZZ_CHECK(err.line >= 1 && err.line <= count_lines(data, size), "error line %d",
                       err.line);
            FUZZ_CHECK(memchr(err.msg, '\0', sizeof err.msg) != NULL, "message not terminated");
            FUZZ_CHECK(err.msg[0] != '\0', "empty message");
            FUZZ_CHECK(err.offset >= 0, "offset %d", err.offset);
            break;
        }
        int n = catalog_count(cat);
        FUZZ_CHECK(n >= 0 && n <= 254, "%d entries", n);
        for (int i = 0; i < n; i++) {
            const CatalogEntry *e = catalog_entry(cat, i);
            FUZZ_CHECK(e->re != NULL && e->pattern != NULL, "entry %d not compiled", i);
            FUZZ_CHECK(e->shape > SHAPE_NONE && e->shape < SHAPE_NB, "entry %d shape %d", i, e->shape);
            FUZZ_CHECK(e->scope >= SCOPE_ANY && e->scope <= SCOPE_EXACT, "entry %d scope", i);
            FUZZ_CHECK(memchr(e->name, '\0', sizeof e->name) && e->name[0], "entry %d name", i);
            for (int j = 0; j < i; j++) {
                const CatalogEntry *f = catalog_entry(cat, j);
                FUZZ_CHECK(f->scope != e->scope || strcmp(f->name, e->name) != 0,
                           "entries %d and %d are both (%s, %d)", j, i, e->name, e->scope);
            }
        }
    }
    catalog_free(cat);
    return 0;
}
