/*
 * renlib.c — RenLib .lib opening libraries in and out.
 *
 * A .lib file: a 20-byte header (FF "RenLib" FF, major and minor version,
 * FF padding; files from before version 3 start right away with 0x78 = h8),
 * then the tree in pre-order as 2-byte records [pos][flags]:
 *   pos   = (row from the top << 4) | (column + 1), 0 = no point (the root,
 *           or a pass); 0x78 is h8.
 *   flags 0x80 a sibling of this node follows after its subtree,
 *         0x40 this node ends its line (a leaf),
 *         0x20 an old-style comment follows, 0x10 mark, 0x08 a comment
 *         follows, 0x04 start, 0x02 not a move (a board text only),
 *         0x01 two more bytes follow; bit 0 of the second one: a board text
 *         follows (after the comment).
 * Comments and board texts are byte strings (GBK, kept as they are) ended by
 * a NUL and padded to an even length; a comment may hold a one-line and a
 * multi-line part separated by byte 8, kept as one string here.
 *
 * Import adds each node to a BookBuilder as (position, move) with games 1
 * (0 for a board text), so transpositions and symmetric lines merge. Export
 * walks the book from the empty board, each position's moves in order of
 * their RenLib byte, and expands each position once (a later transposition is
 * a leaf there, as RenLib's own tree would not repeat it): importing the
 * export gives the same book again.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book.h"

#define LIB_SIZE 15            /* RenLib boards are 15x15 */
#define LIB_HEADER 20
enum {
    LIB_DOWN = 0x80, LIB_RIGHT = 0x40, LIB_OLD_COMMENT = 0x20, LIB_MARK = 0x10,
    LIB_COMMENT = 0x08, LIB_START = 0x04, LIB_NO_MOVE = 0x02, LIB_EXTENSION = 0x01,
    LIB_BOARD_TEXT = 0x01 /* in the second extension byte */
};

/* The point of a pos byte: MOVE_PASS for 0, MOVE_NONE if off the board. */
static Move lib_point(uint8_t pos) {
    if (pos == 0) return MOVE_PASS;
    int col = (pos & 15) - 1, row = pos >> 4;
    if (col < 0 || col >= LIB_SIZE || row >= LIB_SIZE) return MOVE_NONE;
    return point_make(col, LIB_SIZE - 1 - row);
}

static uint8_t lib_pos(Move m) {
    if (m == MOVE_PASS) return 0;
    return (uint8_t)(((LIB_SIZE - 1 - point_y(m)) << 4) | (point_x(m) + 1));
}

/* Reads a NUL-ended, even-padded string at *i; *s and *n receive it. */
static bool lib_string(const uint8_t *buf, size_t len, size_t *i, const uint8_t **s, size_t *n) {
    size_t j = *i;
    *s = buf + j;
    while (j + 1 < len) {
        if (buf[j] == 0) {
            *n = j - *i;
            *i = j + 2;
            return true;
        }
        if (buf[j + 1] == 0) {
            *n = j + 1 - *i;
            *i = j + 2;
            return true;
        }
        j += 2;
    }
    return false;
}

/* Old-style comment: bytes up to and including the first with its high
 * bit set, read in pairs. */
static bool lib_old_string(const uint8_t *buf, size_t len, size_t *i, const uint8_t **s, size_t *n) {
    size_t j = *i;
    *s = buf + j;
    while (j + 1 < len) {
        if (buf[j] & 0x80) {
            *n = j + 1 - *i;
            *i = j + 2;
            return true;
        }
        if (buf[j + 1] & 0x80) {
            *n = j + 2 - *i;
            *i = j + 2;
            return true;
        }
        j += 2;
    }
    return false;
}

GmkStatus renlib_import(const uint8_t *buf, size_t len, BookBuilder *bb, BookError *err) {
    size_t i = 0;
    if (len >= LIB_HEADER && buf[0] == 0xff && memcmp(buf + 1, "RenLib", 6) == 0 && buf[7] == 0xff) {
        if (buf[8] * 100 + buf[9] > 304)
            return book_fail(err, GMK_ERR_FORMAT, "RenLib file version %d.%d is newer than 3.4", buf[8], buf[9]);
        i = LIB_HEADER;
    } else if (!(len >= 2 && buf[0] == 0x78)) {
        return book_fail(err, GMK_ERR_FORMAT, "not a RenLib library");
    }
    Board *b = board_new_flags(LIB_SIZE, RULE_RENJU, BOARD_LIGHT);
    int *stack = malloc(MOVES_MAX * sizeof *stack);
    if (!b || !stack) {
        board_free(b);
        free(stack);
        return book_fail(err, GMK_ERR_NOMEM, "out of memory");
    }
    int sp = 0;
    long record = 0;
    bool root = true;
    GmkStatus st = GMK_OK;
    while (i + 1 < len && st == GMK_OK) {
        size_t at = i;
        uint8_t pos = buf[i], info = buf[i + 1], ext2 = 0, ext1 = 0;
        i += 2;
        record++;
        if (info & LIB_EXTENSION) {
            if (i + 1 >= len) {
                st = book_fail(err, GMK_ERR_CORRUPT, "record %ld (byte %zu): truncated", record, at);
                break;
            }
            ext2 = buf[i];
            ext1 = buf[i + 1];
            i += 2;
        }
        const uint8_t *c = NULL, *l = NULL;
        size_t cn = 0, ln = 0;
        bool ok = true;
        if (info & LIB_OLD_COMMENT) ok = lib_old_string(buf, len, &i, &c, &cn);
        else if (info & LIB_COMMENT) ok = lib_string(buf, len, &i, &c, &cn);
        if (ok && (ext1 & LIB_BOARD_TEXT)) ok = lib_string(buf, len, &i, &l, &ln);
        if (!ok) {
            st = book_fail(err, GMK_ERR_CORRUPT, "record %ld (byte %zu): text runs past the end", record, at);
            break;
        }
        (void)ext2;
        if (root && pos == 0) {
            root = false; /* the root node: no move (its text, if any, has no place in a book) */
        } else {
            root = false;
            Move m = lib_point(pos);
            if (m == MOVE_NONE) {
                st = book_fail(err, GMK_ERR_CORRUPT, "record %ld (byte %zu): point 0x%02x off the board", record, at, pos);
                break;
            }
            if (m != MOVE_PASS && board_cell(b, m) != CELL_EMPTY) {
                st = book_fail(err, GMK_ERR_CORRUPT, "record %ld (byte %zu): point 0x%02x already taken on its line",
                               record, at, pos);
                break;
            }
            unsigned flags = (info & LIB_MARK ? BOOK_FLAG_MARK : 0) | (info & LIB_START ? BOOK_FLAG_START : 0) |
                             (info & LIB_NO_MOVE ? BOOK_FLAG_NOMOVE : 0);
            if (m == MOVE_PASS) flags &= ~(unsigned)BOOK_FLAG_NOMOVE;
            st = book_builder_add_node(bb, b, m, flags, (const char *)c, cn, (const char *)l, ln);
            if (st != GMK_OK) {
                book_fail(err, st, "record %ld: %s", record, gmk_strerror(st));
                break;
            }
            if (board_play(b, m) != GMK_OK) {
                st = book_fail(err, GMK_ERR_CORRUPT, "record %ld: line longer than %d moves", record, MOVES_MAX);
                break;
            }
        }
        if (info & LIB_DOWN) {
            if (sp >= MOVES_MAX) {
                st = book_fail(err, GMK_ERR_CORRUPT, "record %ld: variations nested too deep", record);
                break;
            }
            stack[sp++] = board_ply(b);
        }
        if ((info & LIB_RIGHT) && sp > 0) {
            int depth = stack[--sp] - 1;
            while (board_ply(b) > depth && board_ply(b) > 0) board_undo(b);
        }
    }
    if (st == GMK_OK && i != len && !(i + 1 == len))
        st = book_fail(err, GMK_ERR_CORRUPT, "trailing bytes");
    if (st == GMK_OK && sp > 0) /* variations announced (a DOWN flag) that never came */
        st = book_fail(err, GMK_ERR_CORRUPT, "truncated: %d variation%s missing at the end", sp,
                       sp == 1 ? "" : "s");
    board_free(b);
    free(stack);
    return st;
}

/* ---- export --------------------------------------------------------------- */

/* Keys of positions already expanded. */
typedef struct {
    Key *k;            /* open addressing, 0 marks empty (key 0 kept aside) */
    size_t cap, n;
    bool zero;         /* key 0 was seen */
} KeySet;

/* Adds key; returns false if it was there already (or out of memory: *oom). */
static bool keyset_add(KeySet *s, Key key, bool *oom) {
    if (key == 0) {
        bool fresh = !s->zero;
        s->zero = true;
        return fresh;
    }
    if ((s->n + 1) * 2 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        Key *nk = calloc(cap, sizeof *nk);
        if (!nk) {
            *oom = true;
            return false;
        }
        for (size_t i = 0; i < s->cap; i++)
            if (s->k[i]) {
                size_t j = (size_t)(s->k[i] * 0x9e3779b97f4a7c15ULL) & (cap - 1);
                while (nk[j]) j = (j + 1) & (cap - 1);
                nk[j] = s->k[i];
            }
        free(s->k);
        s->k = nk;
        s->cap = cap;
    }
    size_t j = (size_t)(key * 0x9e3779b97f4a7c15ULL) & (s->cap - 1);
    while (s->k[j]) {
        if (s->k[j] == key) return false;
        j = (j + 1) & (s->cap - 1);
    }
    s->k[j] = key;
    s->n++;
    return true;
}

/* A child to write: the move in the board's orientation and its entry. */
typedef struct {
    uint8_t pos;       /* RenLib byte */
    Move move;
    BookEntry e;       /* texts copied into the level's arena */
} Child;

/* Export state. */
typedef struct {
    Book *bk;
    FILE *f;
    Board *b;
    KeySet seen;
    GmkStatus st;
    BookError *err;
} Export;

static int child_cmp(const void *a, const void *b) {
    const Child *x = a, *y = b;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

static void put_string(FILE *f, const char *s, size_t n) {
    fwrite(s, 1, n, f);
    static const char zeros[2] = {0, 0};
    fwrite(zeros, 1, (n & 1) ? 1 : 2, f);
}

/* Collects the children of the position on x->b; *n receives their count.
 * Returns a malloc'ed array (texts in the same block), NULL on failure or
 * when there are none. */
static Child *children(Export *x, int *n) {
    BookEntry ent[BOARD_MAX * BOARD_MAX + 1];
    int count, t;
    *n = 0;
    GmkStatus st = book_lookup(x->bk, x->b, ent, (int)(sizeof ent / sizeof ent[0]), &count, &t);
    if (st != GMK_OK) {
        x->st = book_fail(x->err, st, "%s", book_last_error(x->bk));
        return NULL;
    }
    if (count == 0) return NULL;
    size_t text = 0;
    for (int i = 0; i < count; i++) text += ent[i].comment_len + ent[i].label_len;
    Child *ch = malloc((size_t)count * sizeof *ch + text);
    if (!ch) {
        x->st = book_fail(x->err, GMK_ERR_NOMEM, "out of memory");
        return NULL;
    }
    char *arena = (char *)(ch + count);
    Key key = board_key_sym(x->b, t);
    int k = 0;
    for (int i = 0; i < count; i++) {
        Move best = MOVE_NONE;
        for (int s = 0; s < SYM_NB; s++) {
            if (board_key_sym(x->b, s) != key) continue;
            Move m = sym_point(ent[i].move, sym_inverse(s), LIB_SIZE);
            if (best == MOVE_NONE || m > best) best = m; /* as book_probe() shows it */
        }
        if (best != MOVE_PASS && board_cell(x->b, best) != CELL_EMPTY) continue;
        Child *c = &ch[k++];
        c->move = best;
        c->pos = lib_pos(best);
        c->e = ent[i];
        if (c->e.comment_len) {
            memcpy(arena, c->e.comment, c->e.comment_len);
            c->e.comment = arena;
            arena += c->e.comment_len;
        }
        if (c->e.label_len) {
            memcpy(arena, c->e.label, c->e.label_len);
            c->e.label = arena;
            arena += c->e.label_len;
        }
    }
    qsort(ch, (size_t)k, sizeof *ch, child_cmp);
    *n = k;
    return ch;
}

/* Writes the subtree of the position on x->b (its children and below). */
static void export_node(Export *x, int depth) {
    int n;
    Child *ch = children(x, &n);
    for (int i = 0; i < n && x->st == GMK_OK; i++) {
        Child *c = &ch[i];
        bool nomove = c->e.games == 0;
        bool expand = false;
        if (!nomove && board_play(x->b, c->move) == GMK_OK) {
            bool oom = false;
            /* expand each position once, and only if the book goes on from it */
            Key key = board_canonical_key(x->b, NULL);
            BookEntry probe[1];
            int cnt = 0, t;
            if (keyset_add(&x->seen, key, &oom) &&
                book_lookup(x->bk, x->b, probe, 1, &cnt, &t) == GMK_OK && cnt > 0 && depth < MOVES_MAX - 1)
                expand = true;
            if (oom) x->st = book_fail(x->err, GMK_ERR_NOMEM, "out of memory");
            board_undo(x->b);
        }
        uint8_t info = (uint8_t)((i + 1 < n ? LIB_DOWN : 0) | (expand ? 0 : LIB_RIGHT) |
                                 (c->e.flags & BOOK_FLAG_MARK ? LIB_MARK : 0) |
                                 (c->e.flags & BOOK_FLAG_START ? LIB_START : 0) |
                                 (nomove ? LIB_NO_MOVE : 0) | (c->e.comment_len ? LIB_COMMENT : 0) |
                                 (c->e.label_len ? LIB_EXTENSION : 0));
        uint8_t rec[4] = {c->pos, info, 0, LIB_BOARD_TEXT};
        fwrite(rec, 1, c->e.label_len ? 4 : 2, x->f);
        if (c->e.comment_len) put_string(x->f, c->e.comment, c->e.comment_len);
        if (c->e.label_len) put_string(x->f, c->e.label, c->e.label_len);
        if (expand) {
            board_play(x->b, c->move);
            export_node(x, depth + 1);
            board_undo(x->b);
        }
    }
    free(ch);
}

GmkStatus renlib_export(Book *bk, const char *path, BookError *err) {
    if (book_info(bk)->size != LIB_SIZE)
        return book_fail(err, GMK_ERR_SIZE, "RenLib libraries are 15x15, the book is %dx%d",
                         book_info(bk)->size, book_info(bk)->size);
    const char *refusal;
    char *target, *tmp;
    int fd = gmk_output_open(path, &target, &tmp, &refusal); /* a link: the file it leads to */
    if (fd < 0 && refusal)
        return book_fail(err, GMK_ERR_ARG, "%s is %s, not a regular file: not written", path, refusal);
    FILE *f = fd >= 0 ? fdopen(fd, "wb") : NULL;
    if (!f) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
            gmk_output_temp_done(tmp);
        }
        free(tmp);
        free(target);
        if (e == ENOMEM) return book_fail(err, GMK_ERR_NOMEM, "out of memory");
        return book_fail(err, GMK_ERR_IO, "%s: %s", path, strerror(e));
    }
    Export x = {bk, f, board_new_flags(LIB_SIZE, book_info(bk)->rule, BOARD_LIGHT), {0}, GMK_OK, err};
    if (!x.b) x.st = book_fail(err, GMK_ERR_NOMEM, "out of memory");
    static const uint8_t header[LIB_HEADER] = {0xff, 'R', 'e', 'n', 'L', 'i', 'b', 0xff, 3, 4,
                                               0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
    fwrite(header, 1, sizeof header, f);
    static const uint8_t root[2] = {0, 0};
    fwrite(root, 1, 2, f);
    if (x.st == GMK_OK) {
        bool oom = false;
        keyset_add(&x.seen, board_canonical_key(x.b, NULL), &oom);
        export_node(&x, 0);
    }
    board_free(x.b);
    free(x.seen.k);
    bool wok = fflush(f) == 0 && !ferror(f) && fsync(fileno(f)) == 0;
    int e = errno;
    if (fclose(f) != 0) wok = false;
    if (x.st == GMK_OK && !wok) x.st = book_fail(err, GMK_ERR_IO, "%s: write failed: %s", path, strerror(e));
    if (x.st == GMK_OK && rename(tmp, target) != 0)
        x.st = book_fail(err, GMK_ERR_IO, "%s: %s", path, strerror(errno));
    if (x.st != GMK_OK) unlink(tmp);
    temp_unregister(tmp);
    free(tmp);
    free(target);
    return x.st;
}
