/*
 * test_book_renlib.c — RenLib .lib import and export: a hand-made tree, the
 * real opening guide of ../shared/data (import -> export -> import gives the
 * same book, byte for byte; comments kept as GBK bytes), broken files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book/book.h"
#include "testutil.h"

#define path_in test_scratch_path

/* Imports a .lib image into a book file; returns the status. */
static GmkStatus import_to(const unsigned char *lib, size_t len, const char *out, BookError *err) {
    BookOptions o = {15, RULE_RENJU, 0, 0, 0};
    BookBuilder *bb = book_builder_new(&o, err);
    assert_non_null(bb);
    GmkStatus st = renlib_import(lib, len, bb, err);
    if (st == GMK_OK) st = book_builder_write(bb, out, err);
    book_builder_free(bb);
    return st;
}

static unsigned char *slurp(const char *path, size_t *len) {
    unsigned char *p = (unsigned char *)test_slurp(path, len);
    assert_non_null(p);
    return p;
}

#define assert_same_file test_assert_same_file

/* Import -> export -> import: the same book; export again: the same .lib. */
static void round_trip(const unsigned char *lib, size_t len) {
    BookError err;
    assert_int_equal(import_to(lib, len, path_in("b1.book"), &err), GMK_OK);
    Book *bk = book_open(path_in("b1.book"), &err);
    assert_non_null(bk);
    assert_int_equal(renlib_export(bk, path_in("l2.lib"), &err), GMK_OK);
    book_close(bk);
    size_t l2len;
    unsigned char *l2 = slurp(path_in("l2.lib"), &l2len);
    assert_int_equal(import_to(l2, l2len, path_in("b3.book"), &err), GMK_OK);
    assert_same_file(path_in("b1.book"), path_in("b3.book"));
    bk = book_open(path_in("b3.book"), &err);
    assert_int_equal(renlib_export(bk, path_in("l4.lib"), &err), GMK_OK);
    book_close(bk);
    assert_same_file(path_in("l2.lib"), path_in("l4.lib"));
    free(l2);
}

static const unsigned char HEADER[20] = {0xff, 'R', 'e', 'n', 'L', 'i', 'b', 0xff, 3, 4,
                                         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};

/* root; h8; under it h9 (board text "A", marked, a sibling follows, a leaf)
 * and i9 (comment "ab", a leaf). */
static void test_handmade(void **state) {
    (void)state;
    unsigned char lib[64];
    size_t n = 0;
    memcpy(lib, HEADER, 20);
    n = 20;
    const unsigned char body[] = {0x00, 0x00, 0x78, 0x00, 0x68, 0xd1, 0x00, 0x01, 'A', 0,
                                  0x69, 0x48, 'a', 'b', 0, 0};
    memcpy(lib + n, body, sizeof body);
    n += sizeof body;
    BookError err;
    assert_int_equal(import_to(lib, n, path_in("h.book"), &err), GMK_OK);
    Book *bk = book_open(path_in("h.book"), &err);
    assert_non_null(bk);
    assert_int_equal(book_info(bk)->entries, 3);
    Board *b = board_new(15, RULE_RENJU);
    BookEntry e[8];
    int cnt, t;
    assert_int_equal(book_lookup(bk, b, e, 8, &cnt, &t), GMK_OK);
    assert_int_equal(cnt, 1);
    board_play(b, point_make(7, 7));
    BookMove m[8];
    assert_int_equal(book_probe(bk, b, m, 8, &cnt), GMK_OK);
    assert_int_equal(cnt, 2);
    assert_int_equal(book_lookup(bk, b, e, 8, &cnt, &t), GMK_OK);
    assert_int_equal(cnt, 2);
    int comments = 0, labels = 0;
    for (int i = 0; i < cnt; i++) {
        if (e[i].comment_len) {
            assert_int_equal(e[i].comment_len, 2);
            assert_memory_equal(e[i].comment, "ab", 2);
            comments++;
        }
        if (e[i].label_len) {
            assert_int_equal(e[i].label_len, 1);
            assert_memory_equal(e[i].label, "A", 1);
            assert_int_equal(e[i].flags, BOOK_FLAG_MARK);
            labels++;
        }
    }
    assert_int_equal(comments, 1);
    assert_int_equal(labels, 1);
    board_free(b);
    book_close(bk);
    round_trip(lib, n);
    /* the export is exactly the hand-made tree */
    size_t l2len;
    unsigned char *l2 = slurp(path_in("l2.lib"), &l2len);
    assert_int_equal(l2len, n);
    assert_memory_equal(l2, lib, n);
    free(l2);
}

static void test_broken(void **state) {
    (void)state;
    unsigned char lib[64];
    memcpy(lib, HEADER, 20);
    BookError err;
    const unsigned char cut[] = {0x00, 0x00, 0x78, 0x08, 'a', 'b'}; /* comment never ends */
    memcpy(lib + 20, cut, sizeof cut);
    assert_int_equal(import_to(lib, 20 + sizeof cut, path_in("x.book"), &err), GMK_ERR_CORRUPT);
    const unsigned char off[] = {0x00, 0x00, 0xff, 0x00};          /* row 15 from the top */
    memcpy(lib + 20, off, sizeof off);
    assert_int_equal(import_to(lib, 20 + sizeof off, path_in("x.book"), &err), GMK_ERR_CORRUPT);
    const unsigned char twice[] = {0x00, 0x00, 0x78, 0x00, 0x78, 0x00}; /* h8 twice on a line */
    memcpy(lib + 20, twice, sizeof twice);
    assert_int_equal(import_to(lib, 20 + sizeof twice, path_in("x.book"), &err), GMK_ERR_CORRUPT);
    assert_int_equal(import_to((const unsigned char *)"hello", 5, path_in("x.book"), &err), GMK_ERR_FORMAT);
    unsigned char newer[20];
    memcpy(newer, HEADER, 20);
    newer[8] = 9;
    assert_int_equal(import_to(newer, 20, path_in("x.book"), &err), GMK_ERR_FORMAT);
    assert_int_equal(access(path_in("x.book"), F_OK), -1);
    /* random bytes after a header never crash */
    Rng rng = {77};
    for (int r = 0; r < 2000; r++) {
        unsigned char buf[300];
        memcpy(buf, HEADER, 20);
        size_t n = 20 + (size_t)rng_below(&rng, 280);
        for (size_t i = 20; i < n; i++) buf[i] = (unsigned char)rng_below(&rng, 256);
        if (r & 1) buf[20] = buf[21] = 0;
        BookOptions o = {15, RULE_RENJU, 0, 0, 0};
        BookBuilder *bb = book_builder_new(&o, NULL);
        renlib_import(buf, n, bb, &err);
        book_builder_free(bb);
    }
}

static void test_shuxingge(void **state) {
    (void)state;
    const char *dir = test_shared_dir();
    if (!dir) {
        printf("skip: ../shared/data absent\n");
        skip();
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/books/shuxingge_opening_guide.lib", dir);
    size_t len;
    unsigned char *lib = slurp(path, &len);
    BookError err;
    assert_int_equal(import_to(lib, len, path_in("s.book"), &err), GMK_OK);
    Book *bk = book_open(path_in("s.book"), &err);
    assert_non_null(bk);
    assert_int_equal(book_verify(bk), GMK_OK);
    /* the first node, h8, carries the library's first comment, in GBK */
    Board *b = board_new(15, RULE_RENJU);
    BookEntry e[4];
    int cnt, t;
    assert_int_equal(book_lookup(bk, b, e, 4, &cnt, &t), GMK_OK);
    assert_int_equal(cnt, 1);
    assert_true(e[0].comment_len > 100);
    assert_memory_equal(e[0].comment, "\xd7\xf7\xd5\xdf\xa3\xba", 6);
    assert_true(e[0].label_len > 0);
    board_free(b);
    book_close(bk);
    round_trip(lib, len);
    free(lib);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_handmade),
        cmocka_unit_test(test_broken),
        cmocka_unit_test(test_shuxingge),
    };
    return cmocka_run_group_tests(tests, test_scratch_setup, test_scratch_teardown);
}
