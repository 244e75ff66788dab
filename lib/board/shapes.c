/*
 * shapes.c — incremental shape state of the board: window keys, per-direction
 * shape codes and combined classes, with their counts (see shapes.h for the
 * encoding), and run-time shape sets. The pair and class tables are made
 * by shape_build.c (at build time for the built-in set).
 */
#include "shapes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

extern const char SHAPES_CATALOG_TEXT[]; /* lib/board/shapes.txt, embedded by the generator */

const uint8_t *shapes_pair_table(const ShapeSet *set, Rule rule) { return set->pair[rule]; }

/* ---- per-point state ---------------------------------------------------- */

/* Ternary window keys of point p for both colours, from the cells (the slow,
 * obvious path used by the checks and by --explain). */
void shapes_point_keys(const Board *b, Move p, unsigned key[COLOR_NB][DIR_NB]) {
    for (int d = 0; d < DIR_NB; d++) {
        unsigned k0 = 0, k1 = 0;
        for (int o = -LINE_HALF; o <= LINE_HALF; o++) {
            if (!o) continue;
            int v = b->cell[p + o * DIR_STEP[d]];
            unsigned w = POW3[window_index(o)];
            if (v == CELL_WALL) k0 += 2 * w, k1 += 2 * w;
            else if (v == CELL_BLACK) k0 += w, k1 += 2 * w;
            else if (v == CELL_WHITE) k0 += 2 * w, k1 += w;
        }
        key[COLOR_BLACK][d] = k0;
        key[COLOR_WHITE][d] = k1;
    }
}

/* The line word of direction d and line id built from the cells. */
static uint64_t line_from_cells(const Board *b, int d, int id) {
    uint64_t w = 0;
    for (int pos = 0; pos < 32; pos++) {
        int x, y;
        switch (d) {
        case 0: x = pos, y = id; break;
        case 1: x = id, y = pos; break;
        case 2: y = pos, x = id - 31 + pos; break;
        default: x = pos, y = id - pos; break;
        }
        int v = x >= 0 && x < 32 && y >= 0 && y < 32 ? b->cell[y * 32 + x] : CELL_WALL;
        w |= (uint64_t)v << (2 * pos);
    }
    return w;
}

/* Shapes and classes of empty point p from the line words. */
static void point_refresh_all(Board *b, Move p) {
    PointShape *ps = &b->ps[p];
    for (int d = 0; d < DIR_NB; d++) ps->pair[d] = b->pair[window_of(b, d, p)];
    ps->cls[0] = CLASS_TABLE[pairs_shape4(ps->pair, COLOR_BLACK)];
    ps->cls[1] = CLASS_TABLE[pairs_shape4(ps->pair, COLOR_WHITE)];
}

bool shapes_board_init(Board *b) {
    if (!b->shapes) b->shapes = &SHAPES_BUILTIN;
    b->pair = shapes_pair_table(b->shapes, b->rule);
    if (!b->pair) return false;
    for (int d = 0; d < DIR_NB; d++)
        for (int id = 0; id < LINE_NB; id++) b->line[d][id] = line_from_cells(b, d, id);
    memset(b->ps, 0, sizeof b->ps);
    memset(b->clscount, 0, sizeof b->clscount);
    for (int p = 0; p < BOARD_CELLS; p++) {
        if (b->cell[p] != CELL_EMPTY) continue;
        point_refresh_all(b, (Move)p);
        b->clscount[0][b->ps[p].cls[0]]++;
        b->clscount[1][b->ps[p].cls[1]]++;
    }
    return true;
}

/* Colour c's class at a point is now cls: keep the counts. */
static inline void point_set_class(Board *b, PointShape *ps, int c, unsigned cls) {
    if (cls != ps->cls[c]) {
        b->clscount[c][ps->cls[c]]--;
        b->clscount[c][cls]++;
        ps->cls[c] = (uint8_t)cls;
    }
}

/* Toggles a stone of colour c at q in direction d's line word and refreshes
 * the shapes of the empty points whose windows hold q, up to reach points
 * away (4 or 5, see shapes_make). d and reach are constants in every call,
 * so each gets its own unrolled copy. */
static inline __attribute__((always_inline)) void line_update(Board *b, Move q, Color c, const int d,
                                                              const int reach, const bool valued,
                                                              const int64_t *val_line,
                                                              const int64_t *val_point, int64_t *acc) {
    const int step = DIR_STEP[d];
    const int pos = line_pos(d, q);
    uint64_t *lw = &b->line[d][line_id(d, q)];
    const uint64_t line = (*lw ^= (uint64_t)(c + 1) << (2 * pos));
    const uint8_t *const pair = b->pair; /* a local: byte stores cannot alias it */
    /* q's cell and shape state: the points around it at constant offsets */
    const uint8_t *const cell = &b->cell[q];
    PointShape *const psq = &b->ps[q];
#pragma GCC unroll 11
    for (int off = -LINE_HALF; off <= LINE_HALF; off++) {
        if (!off || off > reach || off < -reach) continue;
        /* q sits at offset off from the point */
        if (cell[-off * step] != CELL_EMPTY) continue;
        unsigned w = (unsigned)(line >> (2 * (pos - off - LINE_HALF)));
        unsigned e = pair[(w & 0x3FFu) | ((w >> 2) & 0xFFC00u)];
        PointShape *ps = &psq[-off * step];
        /* the four pair bytes as one word, changed and stored whole: a byte
         * store read back by a word load would stall store forwarding */
        uint32_t x;
        __builtin_memcpy(&x, ps->pair, 4);
        unsigned diff = (e ^ (x >> (8 * d))) & 0xFF;
        x ^= (uint32_t)diff << (8 * d);
        __builtin_memcpy(ps->pair, &x, 4);
        if (!valued) {
            if (diff & 0x0F) point_set_class(b, ps, 0, word_class(x, COLOR_BLACK));
            if (diff & 0xF0) point_set_class(b, ps, 1, word_class(x, COLOR_WHITE));
        } else if (diff) {
            /* the point's value: the changed direction's term and the class
             * pair's (both classes looked up: cheaper than a branch each) */
            unsigned o0 = ps->cls[0], o1 = ps->cls[1];
            unsigned n0 = word_class(x, COLOR_BLACK), n1 = word_class(x, COLOR_WHITE);
            point_set_class(b, ps, 0, n0);
            point_set_class(b, ps, 1, n1);
            *acc += val_line[e] - val_line[e ^ diff] + val_point[n0 | n1 << 4] - val_point[o0 | o1 << 4];
        }
    }
}

/* Copies the state of the 10 points around q along d into save (or back
 * with restore); d is a constant in every call. */
static inline __attribute__((always_inline)) void line_save(Board *b, Move q, const int d,
                                                            PointShape *save, bool restore) {
    PointShape *const psq = &b->ps[q]; /* the points at constant offsets from it */
#pragma GCC unroll 10
    for (int k = 0; k < 2 * LINE_HALF; k++) {
        int off = k < LINE_HALF ? k - LINE_HALF : k - LINE_HALF + 1;
        PointShape *ps = &psq[-off * DIR_STEP[d]];
        if (restore) *ps = save[k];
        else save[k] = *ps;
    }
}

/* shapes_make's body; valued: keep the value sum's change too (a constant
 * in each call, so that the plain path pays nothing for it). */
static inline __attribute__((always_inline)) void make_lines(Board *b, Move q, Color c, ShapeUndo *u,
                                                             const bool valued) {
    memcpy(u->clscount, b->clscount, sizeof u->clscount);
    line_save(b, q, 0, u->ps[0], false);
    line_save(b, q, 1, u->ps[1], false);
    line_save(b, q, 2, u->ps[2], false);
    line_save(b, q, 3, u->ps[3], false);
    const PointShape *psq = &b->ps[q];
    b->clscount[0][psq->cls[0]]--;
    b->clscount[1][psq->cls[1]]--;
    int64_t acc = 0;
    /* locals: the stores of the update cannot alias them */
    const int64_t *const vl = b->val_line, *const vp = b->val_point;
    if (valued) /* q is no longer empty: its value leaves the sum */
        acc = -(vp[psq->cls[0] | psq->cls[1] << 4] + vl[psq->pair[0]] + vl[psq->pair[1]] + vl[psq->pair[2]] +
                vl[psq->pair[3]]);
    /* A stone 5 points away changes a shape only as the overline that an
     * exact five must not touch, so only for its own colour and only when
     * that colour needs exactly five (standard; renju black). */
    if (!rule_exact(b->rule, c)) {
        line_update(b, q, c, 0, 4, valued, vl, vp, &acc);
        line_update(b, q, c, 1, 4, valued, vl, vp, &acc);
        line_update(b, q, c, 2, 4, valued, vl, vp, &acc);
        line_update(b, q, c, 3, 4, valued, vl, vp, &acc);
    } else {
        line_update(b, q, c, 0, 5, valued, vl, vp, &acc);
        line_update(b, q, c, 1, 5, valued, vl, vp, &acc);
        line_update(b, q, c, 2, 5, valued, vl, vp, &acc);
        line_update(b, q, c, 3, 5, valued, vl, vp, &acc);
    }
    if (valued) u->val_delta = acc;
}

void shapes_make(Board *b, Move q, Color c, ShapeUndo *u) {
    if (b->val_line) make_lines(b, q, c, u, true);
    else make_lines(b, q, c, u, false);
}

void board_set_values(Board *b, const int64_t *line, const int64_t *point) {
    b->val_line = line && point ? line : NULL;
    b->val_point = line && point ? point : NULL;
}

void shapes_unmake(Board *b, Move q, Color c, const ShapeUndo *u) {
#pragma GCC unroll 4 /* each direction's line_id a constant switch */
    for (int d = 0; d < DIR_NB; d++)
        b->line[d][line_id(d, q)] ^= (uint64_t)(c + 1) << (2 * line_pos(d, q));
    line_save(b, q, 0, (PointShape *)u->ps[0], true);
    line_save(b, q, 1, (PointShape *)u->ps[1], true);
    line_save(b, q, 2, (PointShape *)u->ps[2], true);
    line_save(b, q, 3, (PointShape *)u->ps[3], true);
    memcpy(b->clscount, u->clscount, sizeof b->clscount);
}

bool shapes_wins_at(const Board *b, Move p, Color c) { return b->ps[p].cls[c] == CLS_FIVE; }

Shape board_point_shape(const Board *b, Move p, Color c, int d) {
    if (b->light || !point_on_board(p, b->size) || b->cell[p] != CELL_EMPTY) return SHAPE_NONE;
    return point_shape(b, p, c, d);
}

ShapeClass board_point_class(const Board *b, Move p, Color c) {
    if (b->light || !point_on_board(p, b->size) || b->cell[p] != CELL_EMPTY) return CLS_NONE;
    return point_class(b, p, c);
}

Shape board_point_explain(const Board *b, Move p, Color c, int d, char line[12],
                          const char **pattern) {
    unsigned key[COLOR_NB][DIR_NB];
    *pattern = NULL;
    line[0] = '\0';
    if (b->light || !point_on_board(p, b->size) || b->cell[p] != CELL_EMPTY) return SHAPE_NONE;
    shapes_point_keys(b, p, key);
    int exact = rule_exact(b->rule, c);
    catalog_subject(key[c][d], line);
    line[CATALOG_SUBJECT_LEN] = '\0';
    unsigned pi = b->shapes->pattern[exact][key[c][d]];
    if (pi < (unsigned)b->shapes->pattern_count) *pattern = b->shapes->pattern_name[pi];
    return (Shape)b->shapes->table[exact][key[c][d]];
}

int board_class_count(const Board *b, Color c, ShapeClass cls) {
    return b->light ? 0 : b->clscount[c][cls];
}

bool shapes_board_ok(const Board *b) {
    int count[COLOR_NB][CLS_NB] = {{0}};
    for (int d = 0; d < DIR_NB; d++)
        for (int id = 0; id < LINE_NB; id++)
            if (b->line[d][id] != line_from_cells(b, d, id)) return false;
    for (int p = 0; p < BOARD_CELLS; p++) {
        if (b->cell[p] != CELL_EMPTY) continue;
        unsigned key[COLOR_NB][DIR_NB];
        shapes_point_keys(b, (Move)p, key);
        for (int c = 0; c < COLOR_NB; c++) {
            const uint8_t *t = b->shapes->table[rule_exact(b->rule, (Color)c)];
            unsigned s4 = t[key[c][0]] | t[key[c][1]] << 4 | t[key[c][2]] << 8 | t[key[c][3]] << 12;
            if (point_shape4(b, (Move)p, (Color)c) != s4) return false;
            if (b->ps[p].cls[c] != CLASS_TABLE[s4]) return false;
            count[c][b->ps[p].cls[c]]++;
        }
    }
    return memcmp(count, b->clscount, sizeof count) == 0;
}

/* ---- run-time shape sets ------------------------------------------------ */

/* A ShapeSet with the storage it points to. */
typedef struct {
    ShapeSet set;
    uint8_t table[LINE_RULES][WINDOW_KEYS];
    uint8_t pattern[LINE_RULES][WINDOW_KEYS];
    char names[256][48];
    const char *name_ptr[256];
    int score[256];
    uint8_t shape[256];
    uint8_t pair[RULE_NB][WINDOW_INDEXES];
} OwnedShapeSet;

ShapeSet *shapeset_compile(const char *user_text, size_t len, CatalogError *err, GmkStatus *st) {
    Catalog *cat = catalog_new();
    OwnedShapeSet *o = calloc(1, sizeof *o);
    GmkStatus s = GMK_ERR_NOMEM;
    if (!cat || !o) goto fail;
    s = catalog_add_text(cat, SHAPES_CATALOG_TEXT, strlen(SHAPES_CATALOG_TEXT), err);
    if (s != GMK_OK) goto fail;
    s = catalog_add_text(cat, user_text, len, err);
    if (s != GMK_OK) goto fail;
    for (int r = 0; r < LINE_RULES; r++) {
        s = catalog_build_table(cat, r, o->table[r], o->pattern[r]);
        if (s != GMK_OK) goto fail;
        o->set.table[r] = o->table[r];
        o->set.pattern[r] = o->pattern[r];
    }
    for (int r = 0; r < RULE_NB; r++) {
        shapes_pair_build(o->pair[r], o->table[rule_exact((Rule)r, COLOR_BLACK)],
                          o->table[rule_exact((Rule)r, COLOR_WHITE)]);
        o->set.pair[r] = o->pair[r];
    }
    o->set.pattern_count = catalog_count(cat);
    for (int i = 0; i < catalog_count(cat); i++) {
        snprintf(o->names[i], sizeof o->names[i], "%s", catalog_entry(cat, i)->name);
        o->name_ptr[i] = o->names[i];
        o->score[i] = catalog_entry(cat, i)->score;
        o->shape[i] = (uint8_t)catalog_entry(cat, i)->shape;
    }
    o->set.pattern_name = o->name_ptr;
    o->set.pattern_score = o->score;
    o->set.pattern_shape = o->shape;
    for (int c = 0; c < CLS_NB; c++) o->set.combo_score[c] = catalog_combo_score(cat, (ShapeClass)c);
    catalog_free(cat);
    if (st) *st = GMK_OK;
    return &o->set;
fail:
    if (s == GMK_ERR_NOMEM && err) {
        err->line = err->offset = 0;
        snprintf(err->msg, sizeof err->msg, "out of memory");
    }
    catalog_free(cat);
    free(o);
    if (st) *st = s;
    return NULL;
}

void shapeset_free(ShapeSet *s) {
    /* set is the first member of OwnedShapeSet */
    free(s);
}

GmkStatus board_set_shapes(Board *b, const ShapeSet *set) {
    if (b->light) return GMK_ERR_ARG;
    const ShapeSet *old = b->shapes;
    b->shapes = set ? set : &SHAPES_BUILTIN;
    if (shapes_board_init(b)) return GMK_OK;
    b->shapes = old;
    shapes_board_init(b);
    return GMK_ERR_NOMEM;
}
