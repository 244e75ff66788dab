/*
 * book_items.c — the builder's game items in buckets of key ranges: chunk
 * lists appended as games are counted, each bucket spread into sub-buckets,
 * sorted by (key, code) within the cache, and added up into entries (the
 * method is described at the top of book_build.c).
 */
#include <string.h>

#include "book_items.h"

bool items_init(GameItems *gi) {
    gi->bucket = calloc(GB_BUCKETS, sizeof *gi->bucket);
    for (unsigned t = 0; t < 1u << GB_TOP_BITS; t++) /* the home of the range's middle */
        gi->bucket_of[t] = (uint16_t)slot_home(((Key)t << (64 - GB_TOP_BITS)) | ((Key)1 << (63 - GB_TOP_BITS)),
                                               GB_BUCKETS);
    return gi->bucket != NULL;
}

void items_free(GameItems *gi) {
    items_clear(gi);
    while (gi->free_chunks) {
        Chunk *c = gi->free_chunks;
        gi->free_chunks = c->next;
        free(c);
    }
    free(gi->bucket);
    free(gi->sa);
    free(gi->sb);
    free(gi->ssub);
}

void items_clear(GameItems *gi) {
    if (!gi->bucket) return;
    for (int i = 0; i < GB_BUCKETS; i++) {
        Bucket *k = &gi->bucket[i];
        if (k->tail) {
            k->tail->next = gi->free_chunks;
            gi->free_chunks = k->head;
        }
        k->head = k->tail = NULL;
        k->wp = k->we = NULL;
        k->n = 0;
    }
    gi->nitems = 0;
}


/* Game item order: (key, code); -1, 0, 1. */
static inline int gitem_order(const GItem *a, const GItem *b) {
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    unsigned ca = a->cw >> 2, cb = b->cw >> 2;
    return (ca > cb) - (ca < cb);
}

/* Sorts n game items by (key, code): a quicksort with three-way partitions
 * (a position played often brings many equal items), insertion sort below
 * 16 items. */
static void gitem_sort(GItem *a, size_t n) {
    while (n > 16) {
        GItem x = a[0], y = a[n / 2], z = a[n - 1], p; /* median of three */
        if (gitem_order(&x, &y) > 0) { GItem t = x; x = y; y = t; }
        if (gitem_order(&y, &z) > 0) y = z;
        p = gitem_order(&x, &y) > 0 ? x : y;
        size_t lt = 0, i = 0, gt = n; /* [0,lt) < p, [lt,i) == p, [gt,n) > p */
        while (i < gt) {
            int c = gitem_order(&a[i], &p);
            if (c < 0) { GItem t = a[lt]; a[lt++] = a[i]; a[i++] = t; }
            else if (c > 0) { GItem t = a[--gt]; a[gt] = a[i]; a[i] = t; }
            else i++;
        }
        if (lt < n - gt) { /* recurse into the smaller side */
            gitem_sort(a, lt);
            a += gt;
            n -= gt;
        } else {
            gitem_sort(a + gt, n - gt);
            n = lt;
        }
    }
    for (size_t i = 1; i < n; i++) {
        GItem x = a[i];
        size_t j = i;
        while (j > 0 && gitem_order(&a[j - 1], &x) > 0) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
}

GmkStatus items_emit(GameItems *gi, int k, GmkStatus (*out)(void *ctx, const Agg *a), void *ctx) {
    Bucket *bk = &gi->bucket[k];
    size_t n = bk->n;
    if (n == 0) return GMK_OK;
    bk->tail->n = (uint32_t)(bk->wp - bk->tail->item);
    if (n > gi->cap_scratch) {
        size_t cap = gi->cap_scratch ? gi->cap_scratch : 1 << 14;
        while (cap < n) cap *= 2;
        GItem *a = realloc(gi->sa, cap * sizeof *a);
        if (a) gi->sa = a;
        GItem *b = realloc(gi->sb, cap * sizeof *b);
        if (b) gi->sb = b;
        uint16_t *u = realloc(gi->ssub, cap * sizeof *u);
        if (u) gi->ssub = u;
        if (!a || !b || !u) return GMK_ERR_NOMEM;
        gi->cap_scratch = cap;
    }
    /* gather; then each item's sub-bucket: the top bits of its key's offset
     * from the bucket's smallest key (keys are about uniform in a bucket) */
    GItem *a = gi->sa, *b = gi->sb;
    uint16_t *sub = gi->ssub;
    uint32_t *start = gi->sub_start;
    memset(start, 0, sizeof gi->sub_start);
    size_t m = 0;
    Key lo = ~(Key)0, hi = 0;
    for (const Chunk *c = bk->head; c; c = c->next) {
        memcpy(a + m, c->item, c->n * sizeof *a);
        for (uint32_t i = 0; i < c->n; i++, m++) {
            if (a[m].key < lo) lo = a[m].key;
            if (a[m].key > hi) hi = a[m].key;
        }
    }
    int shift = 0; /* (hi - lo) >> shift < GB_SUB */
    while (shift < 64 && ((hi - lo) >> shift) >= GB_SUB) shift++;
    for (size_t i = 0; i < n; i++) {
        unsigned u = (unsigned)((a[i].key - lo) >> shift);
        sub[i] = (uint16_t)u;
        start[u + 1]++;
    }
    for (int u = 0; u < GB_SUB; u++) start[u + 1] += start[u];
    for (size_t i = 0; i < n; i++) b[start[sub[i]]++] = a[i];
    /* start[u] is now the end of sub-bucket u: sort each, then add up */
    size_t end = 0;
    for (int u = 0; u < GB_SUB; u++) {
        gitem_sort(b + end, start[u] - end);
        end = start[u];
    }
    for (size_t i = 0; i < n;) {
        Agg e = {b[i].key, (uint16_t)(b[i].cw >> 2), 0, 0, 0, 0};
        for (; i < n && b[i].key == e.key && (b[i].cw >> 2) == e.code; i++) {
            unsigned o = b[i].cw & 3;
            e.games++;
            e.wins += o == 1;
            e.draws += o == 2;
            e.losses += o == 3;
        }
        GmkStatus st = out(ctx, &e);
        if (st != GMK_OK) return st;
    }
    return GMK_OK;
}
