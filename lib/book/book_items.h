/*
 * book_items.h — the builder's game items (book_items.c): one 10-byte item
 * per (canonical key, canonical move code, result) counted, appended to one
 * of GB_BUCKETS buckets of increasing key ranges, then sorted and added up
 * bucket by bucket into entries in (key, code) order. The method is
 * described at the top of book_build.c.
 */
#ifndef GMK_BOOK_ITEMS_H
#define GMK_BOOK_ITEMS_H

#include <stdlib.h>

#include "book.h"

#define GB_BUCKETS 512  /* buckets of game items (key ranges) */
#define GB_SUB 16384    /* sub-buckets of a bucket, sorted in cache */
#define GB_CHUNK 4090   /* items of a chunk (a chunk is about 40 KB) */
#define GB_TOP_BITS 13  /* key bits that choose the bucket */

/* One counted move of a game: 10 bytes. */
typedef struct __attribute__((packed)) {
    Key key;           /* canonical position key */
    uint16_t cw;       /* canonical move code << 2 | outcome (0 unknown, 1 win, 2 draw, 3 loss) */
} GItem;

/* A piece of a bucket's item list. */
typedef struct Chunk {
    struct Chunk *next; /* the next chunk of the bucket (or of the free list) */
    uint32_t n;         /* items used */
    GItem item[GB_CHUNK];
} Chunk;

/* One bucket: a list of chunks, appended at the tail. */
typedef struct {
    GItem *wp, *we;     /* where the next item goes in the tail chunk, and its end */
    Chunk *head, *tail;
    size_t n;           /* items */
} Bucket;

/* An aggregated entry of game items. */
typedef struct {
    Key key;
    uint16_t code;
    uint64_t games, wins, draws, losses;
} Agg;

/* The game items of a builder. */
typedef struct {
    Bucket *bucket;           /* GB_BUCKETS buckets of game items */
    uint16_t bucket_of[1 << GB_TOP_BITS]; /* bucket of a key by its top bits (monotone) */
    Chunk *free_chunks;       /* chunks to reuse */
    size_t chunk_bytes;       /* bytes of all chunks allocated */
    size_t nitems;            /* game items held */
    GItem *sa, *sb;           /* scratch of a bucket's items (cap_scratch each) */
    uint16_t *ssub;           /* their sub-buckets */
    size_t cap_scratch;
    uint32_t sub_start[GB_SUB + 1]; /* sub-bucket offsets in sb */
} GameItems;

/* Home slot of key in a table of cap slots. */
static inline size_t slot_home(Key key, size_t cap) {
    double x = (double)key * 0x1p-64, y = 1.0 - x;
    y *= y;
    y *= y;
    y *= y;
    size_t h = (size_t)((1.0 - y) * (double)cap);
    return h < cap ? h : cap - 1;
}

/* Sets up empty buckets; false when out of memory. */
bool items_init(GameItems *gi);
/* Frees every chunk and scratch array. */
void items_free(GameItems *gi);
/* Returns every chunk of the buckets to the free list. */
void items_clear(GameItems *gi);
/* Sorts the items of bucket k by (key, code) and calls out for each entry
 * they add up to, in order; the first failure of out is returned. */
GmkStatus items_emit(GameItems *gi, int k, GmkStatus (*out)(void *ctx, const Agg *a), void *ctx);

/* Appends an item to bucket k; false when out of memory. */
static inline bool item_push(GameItems *gi, size_t k, Key key, unsigned cw) {
    Bucket *bk = &gi->bucket[k];
    if (__builtin_expect(bk->wp == bk->we, 0)) {
        Chunk *c = bk->tail;
        if (c) c->n = GB_CHUNK;
        Chunk *nc = gi->free_chunks;
        if (nc) gi->free_chunks = nc->next;
        else {
            nc = malloc(sizeof *nc);
            if (!nc) return false;
            gi->chunk_bytes += sizeof *nc;
        }
        nc->next = NULL;
        nc->n = 0;
        if (c) c->next = nc;
        else bk->head = nc;
        bk->tail = nc;
        bk->wp = nc->item;
        bk->we = nc->item + GB_CHUNK;
    }
    GItem *it = bk->wp++;
    it->key = key;
    it->cw = (uint16_t)cw;
    bk->n++;
    gi->nitems++;
    return true;
}

#endif
