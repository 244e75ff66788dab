/*
 * book_decode.c — a block's bytes to positions and entries: the block head,
 * the Rice-coded key gaps, and the inflated payload (move counts, move
 * codes, count tags, RenLib texts), each checked before it is believed.
 * The layout is described at the top of book.c; the writer is book_write.c.
 */
#include <stdarg.h>
#include <string.h>
#include <zlib.h>

#include "book_reader.h"

void book_block_free(BookBlock *blk) {
    free(blk->key);
    free(blk->start);
    free(blk->ent);
    free(blk->payload);
    memset(blk, 0, sizeof *blk);
}

/* Fills why and returns GMK_ERR_CORRUPT. */
static GmkStatus corrupt(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static GmkStatus corrupt(char *why, size_t cap, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    return GMK_ERR_CORRUPT;
}

GmkStatus book_block_inflate(const uint8_t *data, size_t len, int version, BlockHead *h,
                             uint8_t **payload, size_t *cap, char *why, size_t whycap) {
    h->hl = version >= BOOK_VERSION_COMPACT ? 10 : 9; /* version 2: + the key shift byte */
    if (len < h->hl) return corrupt(why, whycap, "block too short");
    h->r = data[0];
    h->shift = h->hl == 10 ? data[1] : 0;
    h->kb = get_u32(data + h->hl - 8);
    h->plen = get_u32(data + h->hl - 4);
    if (h->r > 63 || h->shift > 63 || h->kb > len - h->hl || h->plen > BOOK_BLOCK_MAX_PAYLOAD)
        return corrupt(why, whycap, "bad block head");
    if (!grow((void **)payload, cap, h->plen ? h->plen : 1, 1)) return GMK_ERR_NOMEM;
    uLongf out = h->plen;
    size_t zl = len - h->hl - h->kb;
    uLong zlen = (uLong)zl;
    if (uncompress2(*payload, &out, data + h->hl + h->kb, &zlen) != Z_OK || out != h->plen || zlen != zl)
        return corrupt(why, whycap, "block does not inflate to its stated size");
    return GMK_OK;
}

GmkStatus book_block_decode(const uint8_t *data, size_t len, Key first_key, int size, int version,
                            BookBlock *blk, char *why, size_t whycap) {
    BlockHead h;
    GmkStatus hs = book_block_inflate(data, len, version, &h, &blk->payload, &blk->cap_payload, why, whycap);
    if (hs != GMK_OK) return hs;
    int r = h.r, shift = h.shift;
    size_t hl = h.hl;
    uint32_t kb = h.kb, plen = h.plen;
    blk->shift = shift;
    Reader rd = {blk->payload, blk->payload + plen, false};
    uint64_t npos = rd_varint(&rd), nent = rd_varint(&rd);
    if (rd.bad || npos == 0 || nent < npos || nent > plen || npos > plen)
        return corrupt(why, whycap, "bad position or entry count");
    if (!grow((void **)&blk->key, &blk->cap_pos, npos + 1, sizeof(Key)) ||
        !grow((void **)&blk->ent, &blk->cap_ent, nent, sizeof(BookEntry)))
        return GMK_ERR_NOMEM;
    uint32_t *start = realloc(blk->start, (npos + 1) * sizeof *start);
    if (!start) return GMK_ERR_NOMEM;
    blk->start = start;
    blk->npos = (uint32_t)npos;
    blk->nent = (uint32_t)nent;
    /* keys */
    BitReader br = {data + hl, data + hl + kb, 0, 0, false};
    blk->key[0] = first_key;
    Key lim = shift ? UINT64_MAX >> shift : UINT64_MAX, prev = first_key >> shift;
    for (uint64_t i = 1; i < npos; i++) {
        uint64_t gap = rice_get(&br, r);
        if (br.bad || gap >= lim - prev) return corrupt(why, whycap, "bad key stream");
        prev += gap + 1;
        blk->key[i] = prev << shift;
    }
    if (br.p != br.end || br.nbits >= 8) return corrupt(why, whycap, "key stream longer than its keys");
    /* entries per position */
    uint64_t sum = 0;
    for (uint64_t i = 0; i < npos; i++) {
        start[i] = (uint32_t)sum;
        uint64_t k = rd_varint(&rd) + 1;
        if (rd.bad || k > nent - sum) return corrupt(why, whycap, "bad move counts");
        sum += k;
    }
    if (sum != nent) return corrupt(why, whycap, "move counts do not add up");
    start[npos] = (uint32_t)nent;
    /* moves */
    unsigned maxcode = (unsigned)(size * size);
    for (uint64_t i = 0; i < npos; i++) {
        uint64_t code = 0;
        for (uint32_t e = start[i]; e < start[i + 1]; e++) {
            uint64_t v;
            if (book_code_bytes(size)) {
                if (rd.p >= rd.end) return corrupt(why, whycap, "move stream too short");
                v = *rd.p++;
            } else {
                v = rd_varint(&rd);
            }
            code = e == start[i] ? v : code + v + 1;
            if (rd.bad || code > maxcode) return corrupt(why, whycap, "bad move code");
            BookEntry *x = &blk->ent[e];
            x->key = blk->key[i];
            x->key_shift = (uint8_t)(i ? shift : 0);
            x->move = book_point((unsigned)code, size);
        }
    }
    /* counts */
    for (uint64_t e = 0; e < nent; e++) {
        BookEntry *x = &blk->ent[e];
        uint64_t tag = rd_varint(&rd);
        x->flags = 0;
        x->comment = x->label = NULL;
        x->comment_len = x->label_len = 0;
        if (tag <= TAG_ONE_LOSS) {
            x->games = 1;
            x->wins = tag == TAG_ONE_WIN;
            x->draws = tag == TAG_ONE_DRAW;
            x->losses = tag == TAG_ONE_LOSS;
        } else if (tag == TAG_KNOWN || tag == TAG_COUNTS || tag == TAG_FULL) {
            x->games = tag == TAG_KNOWN ? 0 : rd_varint(&rd);
            x->wins = rd_varint(&rd);
            x->draws = rd_varint(&rd);
            x->losses = rd_varint(&rd);
            if (tag == TAG_KNOWN) {
                x->games = x->wins + x->draws + x->losses;
                if (x->games < x->wins || x->games == 0) return corrupt(why, whycap, "bad counts");
            }
            if (tag == TAG_FULL) {
                if (rd.p >= rd.end) return corrupt(why, whycap, "entry flags missing");
                x->flags = *rd.p++;
                uint64_t cl = rd_varint(&rd);
                if (rd.bad || cl > (uint64_t)(rd.end - rd.p)) return corrupt(why, whycap, "bad comment");
                x->comment = cl ? (const char *)rd.p : NULL;
                x->comment_len = (uint32_t)cl;
                rd.p += cl;
                uint64_t ll = rd_varint(&rd);
                if (rd.bad || ll > (uint64_t)(rd.end - rd.p)) return corrupt(why, whycap, "bad label");
                x->label = ll ? (const char *)rd.p : NULL;
                x->label_len = (uint32_t)ll;
                rd.p += ll;
            }
            bool nomove = x->flags & BOOK_FLAG_NOMOVE;
            if (rd.bad || x->wins > x->games || x->draws > x->games - x->wins ||
                x->losses > x->games - x->wins - x->draws || (x->games == 0) != nomove ||
                (x->flags & ~(BOOK_FLAG_MARK | BOOK_FLAG_START | BOOK_FLAG_NOMOVE)))
                return corrupt(why, whycap, "bad counts");
        } else {
            return corrupt(why, whycap, "bad count tag %llu", (unsigned long long)tag);
        }
    }
    if (rd.bad || rd.p != rd.end) return corrupt(why, whycap, "payload has trailing bytes");
    return GMK_OK;
}
