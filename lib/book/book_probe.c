/*
 * book_probe.c — looking positions up in an open book: the entries of a
 * position (through the symmetries, and in a compact book only when its
 * parents believe the record), the moves with their scores, a weighted pick,
 * and the book's statistics. Opening and blocks: book.c.
 */
#include "book_reader.h"

#include <string.h>

/* Finds key: *first and *count receive its entries in bk->blk (count 0 if
 * the book does not hold it). */
static GmkStatus find_key(Book *bk, Key key, uint32_t *first, uint32_t *count) {
    *count = 0;
    int lo = book_block_of(bk, key);
    if (lo < 0) return GMK_OK;
    GmkStatus st = book_load_block(bk, (uint32_t)lo);
    if (st != GMK_OK) return st;
    const BookBlock *b = bk->cur;
    int sh = b->shift; /* compact books compare the kept high bits */
    uint32_t a = 0, z = b->npos;
    while (a < z) {
        uint32_t mid = a + (z - a) / 2;
        if (b->key[mid] >> sh < key >> sh) a = mid + 1;
        else z = mid;
    }
    if (a < b->npos && b->key[a] >> sh == key >> sh) {
        *first = b->start[a];
        *count = b->start[a + 1] - b->start[a];
    }
    return GMK_OK;
}

GmkStatus book_lookup(Book *bk, const Board *b, BookEntry *out, int cap, int *n, int *t) {
    *n = 0;
    if (board_size(b) != bk->info.size) {
        snprintf(bk->why, sizeof bk->why, "the board is %dx%d, the book %dx%d", board_size(b),
                 board_size(b), bk->info.size, bk->info.size);
        return GMK_ERR_SIZE;
    }
    if (board_rule(b) != bk->info.rule) {
        /* keys hold stones only: a book of another rule would answer wrongly */
        snprintf(bk->why, sizeof bk->why, "the board is under %s, the book under %s",
                 rule_name(board_rule(b)), rule_name(bk->info.rule));
        return GMK_ERR_ARG;
    }
    Key key = board_canonical_key(b, t);
    uint32_t first, count;
    GmkStatus st = find_key(bk, key, &first, &count);
    if (st != GMK_OK) return st;
    if (count > 0 && bk->info.key_slack > 0) {
        bool exact;
        st = book_record_is_exact(bk, b, &exact);
        if (st == GMK_OK && exact) st = find_key(bk, key, &first, &count); /* the block again */
        if (st != GMK_OK) return st;
        if (!exact) count = 0;
    }
    for (uint32_t i = 0; i < count && (int)i < cap; i++) out[i] = bk->cur->ent[first + i];
    *n = (int)count;
    return GMK_OK;
}

double book_score(uint64_t wins, uint64_t draws, uint64_t losses) {
    return ((double)wins + (double)draws / 2 + 1) / ((double)(wins + draws + losses) + 2);
}

/* Orders book moves best first: score, games, then the point. */
static int move_cmp(const void *a, const void *b) {
    const BookMove *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    if (x->games != y->games) return x->games > y->games ? -1 : 1;
    return (x->move > y->move) - (x->move < y->move);
}

GmkStatus book_probe(Book *bk, const Board *b, BookMove *out, int cap, int *n) {
    BookEntry ent[BOARD_MAX * BOARD_MAX + 1];
    int count, t, size = board_size(b);
    *n = 0;
    GmkStatus st = book_lookup(bk, b, ent, (int)(sizeof ent / sizeof ent[0]), &count, &t);
    if (st != GMK_OK) return st;
    Key key = board_key_sym(b, t);
    int k = 0;
    BookMove found[BOARD_MAX * BOARD_MAX + 1];
    for (int i = 0; i < count && i < (int)(sizeof ent / sizeof ent[0]); i++) {
        const BookEntry *e = &ent[i];
        if (e->games == 0) continue; /* a board text, not a move */
        /* back to b's orientation; among the symmetries that map b to the
         * canonical image, take the one giving the highest row, then the
         * rightmost column (h8: h9 and i9, as renju openings are written) */
        Move best = MOVE_NONE;
        for (int s = 0; s < SYM_NB; s++) {
            if (board_key_sym(b, s) != key) continue;
            Move m = sym_point(e->move, sym_inverse(s), size);
            if (best == MOVE_NONE || m > best) best = m;
        }
        if (best != MOVE_PASS && board_cell(b, best) != CELL_EMPTY) continue; /* a key collision */
        BookMove *bm = &found[k++];
        bm->move = best;
        bm->games = e->games;
        bm->wins = e->wins;
        bm->draws = e->draws;
        bm->losses = e->losses;
        bm->score = book_score(e->wins, e->draws, e->losses);
    }
    qsort(found, (size_t)k, sizeof found[0], move_cmp);
    for (int i = 0; i < k && i < cap; i++) out[i] = found[i];
    *n = k < cap ? k : cap;
    return GMK_OK;
}

/* xorshift64*. */
static uint64_t rng_next(uint64_t *s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545f4914f6cdd1dULL;
}

int book_pick(const BookMove *m, int n, double margin, uint64_t *seed) {
    int good = 0;
    double total = 0;
    while (good < n && m[good].score >= m[0].score - margin - 1e-12) total += m[good++].score;
    double r = (double)(rng_next(seed) >> 11) * 0x1p-53 * total;
    for (int i = 0; i < good; i++) {
        r -= m[i].score;
        if (r < 0) return i;
    }
    return good - 1;
}

static bool stats_entry(void *ctx, const BookEntry *e) {
    BookStats *a = ctx;
    a->texts += e->comment_len || e->label_len;
    a->singles += e->games == 1;
    return true;
}

GmkStatus book_stats(Book *bk, BookStats *out) {
    *out = (BookStats){0};
    GmkStatus st = book_verify(bk);
    return st == GMK_OK ? book_foreach(bk, stats_entry, out) : st;
}
