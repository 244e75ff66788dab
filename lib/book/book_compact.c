/*
 * book_compact.c — compact books (format version 2): a record is believed
 * through its parents.
 *
 * A compact book keeps only the high bits of its keys, so a position it does
 * not hold can match the record of another. But every position of a book
 * was reached by a game (or a RenLib line) from the empty board, so its
 * parent, the position before the last move, is in the book too and holds
 * that move. A record is taken for a position P only when P is the empty
 * board, or when for a stone s of the side that just moved, P - s is itself
 * believed (recursively, each position answered once per probe) and its
 * record holds s; or when, after a pass, P with the other side to move is
 * believed and holds the pass. The probe's own moves are tried first, the
 * latest first, so a probe along a book line decodes about one block per
 * stone; the blocks read are cached. */

#include <string.h>

#include "book_reader.h"

/* Reads and checks block i for the parent checks (keys and inflated
 * payload only: the entries are not built). */
static GmkStatus light_load(Book *bk, int i, LightBlock **out) {
    for (int c = 0; c < BOOK_LIGHT; c++)
        if (bk->light[c].id == i) {
            *out = &bk->light[c];
            return GMK_OK;
        }
    LightBlock *lb = &bk->light[bk->next_light];
    bk->next_light = (bk->next_light + 1) % BOOK_LIGHT;
    lb->id = -1;
    const BookIndexEntry *e = &bk->index[i];
    GmkStatus rs = book_block_read(bk, (uint32_t)i, &lb->raw, &lb->cap_raw);
    if (rs != GMK_OK) return rs;
    const uint8_t *data = lb->raw;
    BlockHead h;
    char why[80];
    if (book_block_inflate(data, e->length, bk->info.version, &h, &lb->payload, &lb->cap_payload, why,
                           sizeof why) != GMK_OK)
        goto bad;
    int r = h.r, shift = h.shift;
    size_t hl = h.hl;
    uint32_t kb = h.kb, plen = h.plen;
    Reader rd = {lb->payload, lb->payload + plen, false};
    uint64_t npos = rd_varint(&rd);
    rd_varint(&rd);
    if (rd.bad || npos == 0 || npos > plen || !grow((void **)&lb->key, &lb->cap_key, npos, sizeof(Key)) ||
        !grow((void **)&lb->mstart, &lb->cap_mstart, npos + 1, sizeof(uint32_t)))
        goto bad;
    lb->br = (BitReader){data + hl, data + hl + kb, 0, 0, false};
    lb->r = r;
    lb->key[0] = e->first_key;
    lb->nkeys = 1;
    lb->mstart[0] = 0;
    for (uint64_t k = 1; k <= npos; k++) lb->mstart[k] = UINT32_MAX;
    lb->moves_off = UINT32_MAX;
    lb->shift = shift;
    lb->npos = (uint32_t)npos;
    lb->plen = plen;
    lb->id = i;
    *out = lb;
    return GMK_OK;
bad:
    snprintf(bk->why, sizeof bk->why, "block %d: bad block", i);
    return GMK_ERR_CORRUPT;
}

/* Does the position whose kept key bits match key hold the move of code
 * code? *found tells whether the book holds the key at all. */
static GmkStatus light_holds(Book *bk, Key key, int ncodes, const unsigned *codes, bool *found,
                             bool *holds) {
    *found = *holds = false;
    int i = book_block_of(bk, key);
    if (i < 0) return GMK_OK;
    LightBlock *lb;
    GmkStatus st = light_load(bk, i, &lb);
    if (st != GMK_OK) return st;
    int sh = lb->shift;
    /* keys are decoded as far as this one */
    Key lim = sh ? UINT64_MAX >> sh : UINT64_MAX;
    while (lb->nkeys < lb->npos && lb->key[lb->nkeys - 1] >> sh < key >> sh) {
        uint64_t gap = rice_get(&lb->br, lb->r), prev = lb->key[lb->nkeys - 1] >> sh;
        if (lb->br.bad || gap >= lim - prev) goto bad;
        lb->key[lb->nkeys++] = (prev + gap + 1) << sh;
    }
    uint32_t a = 0, z = lb->nkeys;
    while (a < z) {
        uint32_t mid = a + (z - a) / 2;
        if (lb->key[mid] >> sh < key >> sh) a = mid + 1;
        else z = mid;
    }
    if (a >= lb->nkeys || lb->key[a] >> sh != key >> sh) return GMK_OK;
    *found = true;
    if (ncodes == 0) return GMK_OK;
    /* the per-position move counts, once per block */
    Reader rd = {lb->payload, lb->payload + lb->plen, false};
    uint64_t npos = rd_varint(&rd), nent = rd_varint(&rd);
    if (lb->moves_off == UINT32_MAX) {
        uint64_t sum = 0;
        for (uint64_t k = 0; k < npos && !rd.bad; k++) {
            sum += rd_varint(&rd) + 1;
            if (sum > nent) goto bad;
            lb->mstart[k + 1] = (uint32_t)sum;
        }
        if (rd.bad || sum != nent) goto bad;
        lb->moves_off = (uint32_t)(rd.p - lb->payload);
    }
    rd.p = lb->payload + lb->moves_off;
    uint64_t before = lb->mstart[a], mine = lb->mstart[a + 1] - lb->mstart[a];
    int size = bk->info.size;
    if (book_code_bytes(size)) { /* one byte per entry: skip straight to ours */
        if ((uint64_t)(rd.end - rd.p) < nent) goto bad;
        rd.p += before;
    } else {
        for (uint64_t k = 0; k < before; k++) rd_varint(&rd);
    }
    uint64_t code = 0;
    for (uint64_t k = 0; k < mine; k++) {
        uint64_t v = book_code_bytes(size) ? *rd.p++ : rd_varint(&rd);
        code = k == 0 ? v : code + v + 1;
        if (rd.bad) goto bad;
        for (int c = 0; c < ncodes; c++)
            if (code == codes[c]) *holds = true;
    }
    return GMK_OK;
bad:
    snprintf(bk->why, sizeof bk->why, "block %d: bad block", i);
    return GMK_ERR_CORRUPT;
}

typedef struct {
    Key key;              /* canonical key */
    int8_t state;         /* 0: free slot, 1: believed, 2: not (or being answered) */
} Memo;

typedef struct {
    Book *bk;
    int size;
    const Board *b;       /* the probed position: its tokens are the stones */
    int nhist;            /* its tokens */
    bool *gone;           /* per token: removed on the way down */
    Memo *memo;
    size_t cap, used;
    GmkStatus st;         /* a read failure stops the walk */
    unsigned work;        /* positions answered; a walk past BOOK_VERIFY_MAX gives up (only
                             a book whose kept keys match nearly everything gets there) */
} Verify;

#define BOOK_VERIFY_MAX 200000

/* Memo slot of key (open addressing; cap is a power of two, never full). */
static Memo *memo_slot(Verify *v, Key key) {
    size_t i = (size_t)(key ^ key >> 29) & (v->cap - 1);
    while (v->memo[i].state && v->memo[i].key != key) i = (i + 1) & (v->cap - 1);
    return &v->memo[i];
}

static bool memo_grow(Verify *v) {
    if (2 * (v->used + 1) <= v->cap) return true;
    Memo *old = v->memo;
    size_t oc = v->cap;
    v->cap = oc * 2;
    v->memo = calloc(v->cap, sizeof *v->memo);
    if (!v->memo) {
        v->memo = old;
        v->cap = oc;
        return false;
    }
    for (size_t i = 0; i < oc; i++)
        if (old[i].state) *memo_slot(v, old[i].key) = old[i];
    free(old);
    return true;
}

static Key img_min(const Key img[SYM_NB]) {
    Key m = img[0];
    for (int t = 1; t < SYM_NB; t++)
        if (img[t] < m) m = img[t];
    return m;
}

/* Does the record matching the position of image keys img hold move m (in
 * the position's own orientation)? */
static bool record_holds(Verify *v, const Key img[SYM_NB], Move m) {
    Key canon = img_min(img);
    unsigned codes[SYM_NB];
    int nc = 0;
    for (int u = 0; u < SYM_NB; u++)
        if (img[u] == canon) codes[nc++] = book_code(m == MOVE_PASS ? MOVE_PASS : sym_point(m, u, v->size), v->size);
    bool found, holds;
    GmkStatus st = light_holds(v->bk, canon, nc, codes, &found, &holds);
    if (st != GMK_OK) v->st = st;
    return st == GMK_OK && holds;
}

/* Is the position of image keys img (the probe's tokens less those gone;
 * mover: the side that moved last) believed? */
static bool believed(Verify *v, const Key img[SYM_NB], Color mover, int stones) {
    if (v->st != GMK_OK) return false;
    if (stones == 0 && mover == COLOR_WHITE) return true; /* the empty board, black to move */
    Key canon = img_min(img);
    if (!memo_grow(v)) {
        v->st = GMK_ERR_NOMEM;
        return false;
    }
    Memo *mo = memo_slot(v, canon);
    if (mo->state) return mo->state == 1;
    if (++v->work > BOOK_VERIFY_MAX) return false;
    mo->key = canon;
    mo->state = 2; /* not believed while being answered: no cycle through passes */
    v->used++;
    bool found, holds;
    GmkStatus st = light_holds(v->bk, canon, 0, NULL, &found, &holds);
    if (st != GMK_OK) {
        v->st = st;
        return false;
    }
    if (!found) return false;
    Color other = mover == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
    Key pimg[SYM_NB];
    bool ok = false;
    /* the stones of the side that moved last, latest played first */
    for (int i = v->nhist - 1; i >= 0 && !ok; i--) {
        Move s = board_move_at(v->b, i);
        if (s == MOVE_PASS || v->gone[i] || (Color)(i & 1) != mover) continue;
        for (int t = 0; t < SYM_NB; t++)
            pimg[t] = img[t] ^ zobrist_stone(mover, sym_point(s, t, v->size)) ^ zobrist_side();
        if (!record_holds(v, pimg, s)) continue;
        v->gone[i] = true;
        ok = believed(v, pimg, other, stones - 1);
        v->gone[i] = false;
    }
    if (!ok) { /* after a pass */
        for (int t = 0; t < SYM_NB; t++) pimg[t] = img[t] ^ zobrist_side();
        ok = record_holds(v, pimg, MOVE_PASS) && believed(v, pimg, other, stones);
    }
    memo_slot(v, canon)->state = ok ? 1 : 2;
    return ok;
}

GmkStatus book_record_is_exact(Book *bk, const Board *b, bool *yes) {
    *yes = true;
    if (bk->info.key_slack == 0) return GMK_OK;
    Verify v = {bk, board_size(b), b, board_ply(b), NULL, NULL, 64, 0, GMK_OK, 0};
    v.gone = calloc((size_t)v.nhist + 1, sizeof *v.gone);
    v.memo = calloc(v.cap, sizeof *v.memo);
    if (!v.gone || !v.memo) {
        free(v.gone);
        free(v.memo);
        return GMK_ERR_NOMEM;
    }
    Key img[SYM_NB];
    for (int t = 0; t < SYM_NB; t++) img[t] = board_key_sym(b, t);
    int stones = board_stone_count(b, COLOR_BLACK) + board_stone_count(b, COLOR_WHITE);
    Color mover = board_to_move(b) == COLOR_BLACK ? COLOR_WHITE : COLOR_BLACK;
    *yes = believed(&v, img, mover, stones);
    free(v.gone);
    free(v.memo);
    if (v.st != GMK_OK) *yes = false;
    return v.st;
}
