/*
 * book_merge.c — merging books: the inputs are read in step, entry by entry,
 * through a heap of cursors ordered by (key, move code, input order); equal
 * entries add up (the first text of each kind is kept) and go to one writer,
 * which drops positions under min_games as a build does. The builder merges
 * its spilled runs the same way, so that merged shards and the whole build
 * give the same bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "book.h"

/* Read position in one input book. */
typedef struct {
    Book *bk;
    int idx;                  /* input order, for ties */
    uint32_t blk, e;          /* next entry */
    const BookEntry *cur;     /* current entry, NULL when done */
} Cursor;

/* Moves c to its next entry. */
static GmkStatus cursor_next(Cursor *c) {
    for (;;) {
        GmkStatus st = book_entry_at(c->bk, c->blk, c->e, &c->cur);
        if (st != GMK_OK || c->cur || c->blk >= book_info(c->bk)->blocks) return st;
        c->blk++;
        c->e = 0;
    }
}

/* a before b: (key, code, input order). */
static bool cursor_less(const Cursor *a, const Cursor *b, int size) {
    if (a->cur->key != b->cur->key) return a->cur->key < b->cur->key;
    unsigned ca = book_code(a->cur->move, size), cb = book_code(b->cur->move, size);
    if (ca != cb) return ca < cb;
    return a->idx < b->idx;
}

/* Restores the heap property below slot i. */
static void heap_down(Cursor **h, int n, int i, int size) {
    for (;;) {
        int l = 2 * i + 1, r = l + 1, m = i;
        if (l < n && cursor_less(h[l], h[m], size)) m = l;
        if (r < n && cursor_less(h[r], h[m], size)) m = r;
        if (m == i) return;
        Cursor *t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

GmkStatus book_merge(const char *const *inputs, int n, const char *out, uint32_t min_games,
                     BookError *err) {
    return book_merge_progress(inputs, n, out, min_games, false, NULL, NULL, err);
}

GmkStatus book_merge_progress(const char *const *inputs, int n, const char *out, uint32_t min_games,
                              bool compact, BookProgressFn fn, void *ctx, BookError *err) {
    uint64_t total = 0, done = 0; /* input entries */
    if (n < 1) return book_fail(err, GMK_ERR_ARG, "nothing to merge");
    Cursor *cur = calloc((size_t)n, sizeof *cur);
    Cursor **heap = calloc((size_t)n, sizeof *heap);
    GmkStatus st = cur && heap ? GMK_OK : book_fail(err, GMK_ERR_NOMEM, "out of memory");
    BookInfo info = {0};
    for (int i = 0; i < n && st == GMK_OK; i++) {
        BookError e;
        cur[i].idx = i;
        cur[i].bk = book_open(inputs[i], &e);
        if (!cur[i].bk) {
            st = book_fail(err, e.status, "%s: %s", inputs[i], e.msg);
            break;
        }
        const BookInfo *bi = book_info(cur[i].bk);
        if (i == 0) {
            info.size = bi->size;
            info.rule = bi->rule;
        } else if (bi->size != info.size || bi->rule != info.rule) {
            st = book_fail(err, GMK_ERR_ARG, "%s: a %s %dx%d book, %s is %s %dx%d", inputs[i],
                           rule_name(bi->rule), bi->size, bi->size, inputs[0],
                           rule_name(info.rule), info.size, info.size);
        }
        if (bi->key_slack > 0) /* equal kept bits may be one position or two */
            st = book_fail(err, GMK_ERR_ARG,
                           "%s: a compact book (shortened keys) cannot be merged; merge books built "
                           "without --compact", inputs[i]);
        info.games += bi->games;
        total += bi->entries;
        if (bi->max_ply > info.max_ply) info.max_ply = bi->max_ply;
        if (bi->min_games > info.min_games) info.min_games = bi->min_games;
    }
    for (int i = 0; i < n && st == GMK_OK; i++) /* 0 means unlimited */
        if (book_info(cur[i].bk)->max_ply == 0) info.max_ply = 0;
    if (min_games > info.min_games) info.min_games = min_games;
    if (st == GMK_OK && compact && info.min_games > 1)
        st = book_fail(err, GMK_ERR_ARG, "a compact book keeps every position: --compact needs --min-games 1");
    info.key_slack = compact ? BOOK_KEY_SLACK : 0;
    BookWriter *w = st == GMK_OK ? book_writer_new(out, &info, err) : NULL;
    if (st == GMK_OK && !w) st = err ? err->status : GMK_ERR_IO;
    int hn = 0;
    for (int i = 0; i < n && st == GMK_OK; i++) {
        st = cursor_next(&cur[i]);
        if (st != GMK_OK) book_fail(err, st, "%s: %s", inputs[i], book_last_error(cur[i].bk));
        else if (cur[i].cur) heap[hn++] = &cur[i];
    }
    for (int i = hn / 2 - 1; i >= 0; i--) heap_down(heap, hn, i, info.size);
    while (st == GMK_OK && hn > 0) {
        BookEntry acc = *heap[0]->cur;
        unsigned code = book_code(acc.move, info.size);
        bool first = true;
        /* the texts of acc point into the first input's block: copy out
         * before that cursor moves on */
        char *ctext = NULL, *ltext = NULL;
        while (st == GMK_OK && hn > 0 && heap[0]->cur->key == acc.key &&
               book_code(heap[0]->cur->move, info.size) == code) {
            Cursor *c = heap[0];
            const BookEntry *e = c->cur;
            if (!first) {
                acc.games += e->games;
                acc.wins += e->wins;
                acc.draws += e->draws;
                acc.losses += e->losses;
                acc.flags = (uint8_t)((acc.flags | e->flags) &
                                      ((acc.flags & e->flags & BOOK_FLAG_NOMOVE) ? 0xff : ~BOOK_FLAG_NOMOVE));
            }
            if (!ctext && e->comment_len) {
                ctext = malloc(e->comment_len);
                if (ctext) memcpy(ctext, e->comment, e->comment_len);
                acc.comment_len = e->comment_len;
            }
            if (!ltext && e->label_len) {
                ltext = malloc(e->label_len);
                if (ltext) memcpy(ltext, e->label, e->label_len);
                acc.label_len = e->label_len;
            }
            if ((e->comment_len && !ctext) || (e->label_len && !ltext)) st = GMK_ERR_NOMEM;
            first = false;
            c->e++;
            if (fn && (++done & 0xffff) == 0) fn(ctx, done, total);
            GmkStatus cs = cursor_next(c);
            if (cs != GMK_OK) {
                st = book_fail(err, cs, "%s: %s", book_path(c->bk), book_last_error(c->bk));
                break;
            }
            if (c->cur) heap_down(heap, hn, 0, info.size);
            else {
                heap[0] = heap[--hn];
                heap_down(heap, hn, 0, info.size);
            }
        }
        acc.comment = ctext;
        acc.label = ltext;
        if (!ctext) acc.comment_len = 0;
        if (!ltext) acc.label_len = 0;
        if (acc.games) acc.flags &= (uint8_t)~BOOK_FLAG_NOMOVE;
        if (st == GMK_OK) {
            st = book_writer_add(w, &acc);
            if (st != GMK_OK) {
                book_writer_finish(w, err); /* drops the file, says why (errno kept) */
                w = NULL;
            }
        }
        free(ctext);
        free(ltext);
    }
    if (w) {
        if (st == GMK_OK) st = book_writer_finish(w, err);
        else book_writer_abort(w);
    }
    if (fn && st == GMK_OK) fn(ctx, total, total);
    for (int i = 0; cur && i < n; i++) book_close(cur[i].bk);
    free(cur);
    free(heap);
    return st;
}
