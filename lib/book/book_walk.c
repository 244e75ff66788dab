/*
 * book_walk.c — a representative position for every key of a book (what
 * `gmk-book dump` prints beside each key): the book holds canonical keys,
 * not positions, so the positions are found by walking the book's own moves
 * from the empty board, breadth first (each key gets a shortest line). All
 * entries are read once into memory (keys and moves); a key is found by
 * binary search. Each key reached records its parent, the move (canonical
 * orientation of the parent) and the symmetry that maps the child to its
 * canonical image, so a line is rebuilt on demand, in the canonical
 * orientation of its key. A key no line of book moves reaches (a position
 * after a pass, say) has none.
 */
#include <stdlib.h>
#include <string.h>

#include "book.h"

struct BookPositions {
    int size;            /* board side */
    size_t n;            /* keys */
    Key *key;            /* sorted (compact books: low shift[i] bits cleared) */
    uint8_t *shift;      /* low bits of key[i] not stored (0: exact) */
    uint32_t *first;     /* first move of key i in move[]; first[n] = moves */
    Move *move;          /* the moves of every key, canonical orientation */
    int32_t *parent;     /* key the line comes from; -1 for the root and keys not reached */
    Move *via;           /* the parent's move (its canonical orientation) */
    uint8_t *sym;        /* symmetry from the parent's image + via to this key's image */
    uint8_t *reached;    /* 1 when a line of book moves reaches the key */
    Board *b;            /* scratch board (stones and keys only) */
};

/* What book_foreach() gathers. */
typedef struct {
    BookPositions *bp;
    size_t cap_keys, cap_moves, moves;
    bool oom;
} Gather;

static bool gather(void *ctx, const BookEntry *e) {
    Gather *g = ctx;
    BookPositions *bp = g->bp;
    if (g->moves == g->cap_moves) {
        size_t cap = g->cap_moves ? g->cap_moves * 2 : 4096;
        Move *m = realloc(bp->move, cap * sizeof *m);
        if (!m) return !(g->oom = true);
        bp->move = m;
        g->cap_moves = cap;
    }
    if (bp->n == 0 || bp->key[bp->n - 1] != e->key) {
        if (bp->n + 1 >= g->cap_keys) {
            size_t cap = g->cap_keys ? g->cap_keys * 2 : 1024;
            Key *k = realloc(bp->key, cap * sizeof *k);
            if (k) bp->key = k;
            uint32_t *f = realloc(bp->first, (cap + 1) * sizeof *f);
            if (f) bp->first = f;
            uint8_t *sh = realloc(bp->shift, cap);
            if (sh) bp->shift = sh;
            if (!k || !f || !sh) return !(g->oom = true);
            g->cap_keys = cap;
        }
        bp->key[bp->n] = e->key;
        bp->shift[bp->n] = e->key_shift;
        bp->first[bp->n++] = (uint32_t)g->moves;
    }
    bp->move[g->moves++] = e->move;
    return true;
}

/* Index of key k, or -1: the last stored key not above k, when their kept
 * bits agree (compact books keep the high bits only; the stored keys have
 * the others cleared, so this is the position a probe of k finds). */
static long find_key(const BookPositions *bp, Key k) {
    size_t lo = 0, hi = bp->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (bp->key[mid] <= k) lo = mid + 1;
        else hi = mid;
    }
    if (lo == 0) return -1;
    lo--;
    return bp->key[lo] >> bp->shift[lo] == k >> bp->shift[lo] ? (long)lo : -1;
}

int book_positions_line(const BookPositions *bp, size_t i, Move *out, int cap) {
    if (i >= bp->n || !bp->reached[i]) return -1;
    int32_t p = bp->parent[i];
    if (p < 0) return 0; /* the root */
    int n = book_positions_line(bp, (size_t)p, out, cap);
    if (n < 0 || n >= cap) return -1;
    out[n++] = bp->via[i];
    sym_moves(out, n, bp->sym[i], bp->size);
    return n;
}

void book_positions_free(BookPositions *bp) {
    if (!bp) return;
    free(bp->key);
    free(bp->shift);
    free(bp->first);
    free(bp->move);
    free(bp->parent);
    free(bp->via);
    free(bp->sym);
    free(bp->reached);
    board_free(bp->b);
    free(bp);
}

BookPositions *book_positions_new(Book *bk, GmkStatus *st) {
    BookPositions *bp = calloc(1, sizeof *bp);
    *st = GMK_ERR_NOMEM;
    if (!bp) return NULL;
    bp->size = book_info(bk)->size;
    Gather g = {bp, 0, 0, 0, false};
    GmkStatus fst = book_foreach(bk, gather, &g);
    if (g.oom || fst != GMK_OK) {
        *st = g.oom ? GMK_ERR_NOMEM : fst;
        book_positions_free(bp);
        return NULL;
    }
    if (bp->n) bp->first[bp->n] = (uint32_t)g.moves;
    size_t n = bp->n ? bp->n : 1;
    bp->parent = malloc(n * sizeof *bp->parent);
    bp->via = malloc(n * sizeof *bp->via);
    bp->sym = calloc(n, 1);
    bp->reached = calloc(n, 1);
    int32_t *queue = malloc(n * sizeof *queue);
    Move *line = malloc(MOVES_MAX * sizeof *line);
    bp->b = board_new_flags(bp->size, book_info(bk)->rule, BOARD_LIGHT);
    if (!bp->parent || !bp->via || !bp->sym || !bp->reached || !queue || !line || !bp->b) {
        free(queue);
        free(line);
        book_positions_free(bp);
        return NULL;
    }
    for (size_t i = 0; i < bp->n; i++) bp->parent[i] = -1;
    /* breadth first from the empty board */
    board_reset(bp->b);
    long root = find_key(bp, board_canonical_key(bp->b, NULL));
    size_t head = 0, tail = 0;
    if (root >= 0) {
        bp->reached[root] = 1;
        queue[tail++] = (int32_t)root;
    }
    while (head < tail) {
        size_t i = (size_t)queue[head++];
        int len = book_positions_line(bp, i, line, MOVES_MAX - 1);
        if (len < 0 || board_set_moves(bp->b, line, len) != GMK_OK) continue;
        for (uint32_t k = bp->first[i]; k < bp->first[i + 1]; k++) {
            Move m = bp->move[k];
            if (m == MOVE_PASS || board_play(bp->b, m) != GMK_OK) continue;
            int t = 0;
            long j = find_key(bp, board_canonical_key(bp->b, &t));
            if (j >= 0 && !bp->reached[j]) {
                bp->reached[j] = 1;
                bp->parent[j] = (int32_t)i;
                bp->via[j] = m;
                bp->sym[j] = (uint8_t)t;
                queue[tail++] = (int32_t)j;
            }
            board_undo(bp->b);
        }
    }
    free(queue);
    free(line);
    *st = GMK_OK;
    return bp;
}

long book_positions_find(const BookPositions *bp, Key key) { return find_key(bp, key); }
