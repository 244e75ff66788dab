/*
 * fuzz_book — the book file reader: book_open() (header, block index, CRCs,
 * size) on any bytes, then book_verify(), book_foreach() and book_probe() of
 * the empty board and of the centre point on whatever opened.
 *
 * Input: a whole book file (no option byte). A refused file must come with
 * an error status and a message; an opened one must describe a board size
 * and rule in range, and report only entries and moves that make sense
 * (points of the board or passes, wins + draws + losses <= games, scores in
 * (0, 1)); a block that fails its checks is GMK_ERR_CORRUPT with a reason.
 * In the libFuzzer build the reader skips its checksums (lib/book/book.c), so
 * mutations reach the block decoder; the counts are not checked there.
 *
 * fuzz-seeds: run printf 'h8 i9 h10\t1-0\nh8 i9 j10\nh8 h9 i8\n' | bin/gmk-book build -o "$SEEDS/tiny.book" -
 * fuzz-seeds: run bin/gmk-book build -o "$SEEDS/eva.book" --max-ply 6 $SHARED/games/eva_movelists.txt
 * fuzz-seeds: run bin/gmk-book build -o "$SEEDS/renju.book" -r renju --max-ply 4 $SHARED/games/runglathap.pgn.txt
 * fuzz-seeds: run bin/gmk-book build -o "$SEEDS/small.book" -s 9 --max-ply 5 tests/fuzz/seeds/records/moves
 */
#include <string.h>
#include <unistd.h>

#include "fuzzutil.h"

/* What book_foreach reported. */
typedef struct {
    int size;        /* the book's board side */
    long entries;    /* entries seen */
} Walk;

static bool on_entry(void *ctx, const BookEntry *e) {
    Walk *w = ctx;
    FUZZ_CHECK(e->move == MOVE_PASS || point_on_board(e->move, w->size), "entry move %d", e->move);
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION /* without checksums, counts may be anything */
    FUZZ_CHECK(e->wins <= e->games && e->draws <= e->games - e->wins &&
                   e->losses <= e->games - e->wins - e->draws,
               "entry counts %llu/%llu/%llu of %llu", (unsigned long long)e->wins,
               (unsigned long long)e->draws, (unsigned long long)e->losses,
               (unsigned long long)e->games);
#endif
    FUZZ_CHECK(!e->comment_len || e->comment, "comment length without text");
    FUZZ_CHECK(!e->label_len || e->label, "label length without text");
    return ++w->entries < 20000;
}

/* Probes the position on b and checks the answer. */
static void probe(Book *bk, Board *b) {
    static BookMove mv[BOARD_MAX * BOARD_MAX];
    int n = -1;
    GmkStatus st = book_probe(bk, b, mv, BOARD_MAX * BOARD_MAX, &n);
    if (st != GMK_OK) {
        FUZZ_CHECK(st == GMK_ERR_CORRUPT || st == GMK_ERR_NOMEM || st == GMK_ERR_FORMAT,
                   "probe: %s", gmk_strerror(st));
        FUZZ_CHECK(book_last_error(bk) && book_last_error(bk)[0], "probe failed without a reason");
        return;
    }
    FUZZ_CHECK(n >= 0 && n <= BOARD_MAX * BOARD_MAX, "probe gave %d moves", n);
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK(mv[i].move == MOVE_PASS || point_on_board(mv[i].move, board_size(b)),
                   "probe move %d", mv[i].move);
        FUZZ_CHECK(mv[i].score > 0 && mv[i].score < 1, "score %g", mv[i].score);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char path[64];
    int fd = fuzz_memfile(data, size, path, sizeof path);
    BookError err;
    memset(&err, 0x55, sizeof err);
    Book *bk = book_open(path, &err);
    if (!bk) {
        FUZZ_CHECK(err.status != GMK_OK && err.status < GMK_STATUS_NB, "status %d", (int)err.status);
        FUZZ_CHECK(memchr(err.msg, '\0', sizeof err.msg) != NULL && err.msg[0], "no reason given");
        close(fd);
        return 0;
    }
    const BookInfo *info = book_info(bk);
    FUZZ_CHECK(info->size >= BOARD_MIN && info->size <= BOARD_MAX, "book size %d", info->size);
    FUZZ_CHECK(info->rule >= 0 && info->rule < RULE_NB, "book rule %d", (int)info->rule);
    GmkStatus st = book_verify(bk);
    FUZZ_CHECK(st == GMK_OK || st == GMK_ERR_CORRUPT || st == GMK_ERR_FORMAT,
               "verify: %s", gmk_strerror(st));
    if (st != GMK_OK) FUZZ_CHECK(book_last_error(bk)[0], "verify failed without a reason");
    Walk w = {info->size, 0};
    st = book_foreach(bk, on_entry, &w);
    FUZZ_CHECK(st == GMK_OK || st == GMK_ERR_CORRUPT || st == GMK_ERR_FORMAT,
               "foreach: %s", gmk_strerror(st));
    Board *b = fuzz_board(info->size, info->rule, BOARD_LIGHT);
    board_reset(b);
    probe(bk, b);
    int c = info->size / 2;
    if (board_play(b, point_make(c, c)) == GMK_OK) probe(bk, b);
    board_reset(b);
    book_close(bk);
    close(fd);
    return 0;
}
