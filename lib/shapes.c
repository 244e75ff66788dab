/*
 * shapes.c — incremental shape state of the board: window keys, per-direction
 * shape codes and combined classes, with their counts (see shapes.h for the
 * encoding). Also the combined-class table and run-time shape sets.
 */
#include "shapes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

const uint16_t POW3[10] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683};
uint8_t CLASS_TABLE[1 << 16];

extern const char SHAPES_CATALOG_TEXT[]; /* lib/shapes.txt, embedded by the generator */

/* ---- combined classes --------------------------------------------------- */

ShapeClass class_of(uint16_t shape4) {
    int n[SHAPE_NB + 5] = {0};
    for (int d = 0; d < DIR_NB; d++) n[(shape4 >> (4 * d)) & 15]++;
    int fours = n[SHAPE_FOUR] + n[SHAPE_OPEN_FOUR] + 2 * n[SHAPE_FOUR_FOUR];
    int open3 = n[SHAPE_OPEN_THREE], three = n[SHAPE_THREE];
    int open2 = n[SHAPE_OPEN_TWO], two = n[SHAPE_TWO];
    if (n[SHAPE_FIVE]) return CLS_FIVE;
    if (n[SHAPE_OPEN_FOUR]) return CLS_OPEN_FOUR;
    if (fours >= 2) return CLS_DOUBLE_FOUR;
    if (fours == 1 && open3) return CLS_FOUR_THREE;
    if (open3 >= 2) return CLS_DOUBLE_THREE;
    if (open3 == 1 && three) return CLS_OPEN_THREE_THREE;
    if (fours == 1) return CLS_FOUR;
    if (open3 == 1) return CLS_OPEN_THREE;
    if (open2 >= 2) return CLS_DOUBLE_TWO;
    if (three) return CLS_THREE;
    if (open2 == 1 && two) return CLS_OPEN_TWO_TWO;
    if (open2 == 1) return CLS_OPEN_TWO;
    if (two) return CLS_TWO;
    if (n[SHAPE_OVERLINE]) return CLS_OVERLINE;
    if (n[SHAPE_DEAD]) return CLS_DEAD;
    return CLS_NONE;
}

void shapes_class_table_init(void) {
    for (unsigned s4 = 0; s4 < (1u << 16); s4++) CLASS_TABLE[s4] = (uint8_t)class_of((uint16_t)s4);
}

/* ---- per-point state ---------------------------------------------------- */

/* Window keys of point p for both colours, from the cells. */
static void point_keys(const Board *b, Move p, uint16_t key[COLOR_NB][DIR_NB]) {
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
        key[COLOR_BLACK][d] = (uint16_t)k0;
        key[COLOR_WHITE][d] = (uint16_t)k1;
    }
}

/* Shape codes of a point for colour c from its keys. */
static inline uint16_t point_shape4(const Board *b, const PointShape *ps, Color c) {
    const uint8_t *t = b->stab[c];
    return (uint16_t)(t[ps->lkey[0]] | t[ps->lkey[1]] << 4 | t[ps->lkey[2]] << 8 |
                      t[ps->lkey[3]] << 12);
}

void shapes_board_init(Board *b) {
    if (!b->shapes) b->shapes = &SHAPES_BUILTIN;
    for (int c = 0; c < COLOR_NB; c++) b->stab[c] = b->shapes->table[rule_exact(b->rule, (Color)c)];
    memset(b->ps, 0, sizeof b->ps);
    memset(b->clscount, 0, sizeof b->clscount);
    for (int p = 0; p < BOARD_CELLS; p++) {
        if (!point_on_board((Move)p, b->size)) continue;
        uint16_t key[COLOR_NB][DIR_NB];
        point_keys(b, (Move)p, key);
        for (int c = 0; c < COLOR_NB; c++) {
            PointShape *ps = &b->ps[p][c];
            memcpy(ps->lkey, key[c], sizeof ps->lkey);
            ps->shape4 = point_shape4(b, ps, (Color)c);
            ps->cls = CLASS_TABLE[ps->shape4];
            if (b->cell[p] == CELL_EMPTY) b->clscount[c][ps->cls]++;
        }
    }
}

/* Sets direction d's shape code of one colour's point state to sh and
 * keeps its class and the class counts of that colour up to date. */
static inline void point_set_shape(Board *b, PointShape *ps, Color c, int d, unsigned sh) {
    uint16_t s4 = (uint16_t)((ps->shape4 & ~(15u << (4 * d))) | sh << (4 * d));
    if (s4 == ps->shape4) return;
    ps->shape4 = s4;
    uint8_t cls = CLASS_TABLE[s4];
    if (cls != ps->cls) {
        b->clscount[c][ps->cls]--;
        b->clscount[c][cls]++;
        ps->cls = cls;
    }
}

/* Adds (sign 1) or removes (-1) a stone of colour c at q to the window keys
 * of the 10 points around it along direction d, and refreshes the shapes of
 * the empty ones. d is a constant in every call, so each gets its own
 * unrolled copy. */
static inline __attribute__((always_inline)) void line_update(Board *b, Move q, Color c, int sign,
                                                              const int d) {
    const int step = DIR_STEP[d];
    const Color o = (Color)(c ^ 1);
    const uint8_t *tc = b->stab[c], *to = b->stab[o];
#pragma GCC unroll 11
    for (int off = -LINE_HALF; off <= LINE_HALF; off++) {
        if (!off) continue;
        Move p = (Move)(q - off * step); /* q sits at offset off from p */
        int w = sign * POW3[window_index(off)];
        PointShape *pc = &b->ps[p][c], *po = &b->ps[p][o];
        unsigned kc = (uint16_t)(pc->lkey[d] + w), ko = (uint16_t)(po->lkey[d] + 2 * w);
        pc->lkey[d] = (uint16_t)kc;
        po->lkey[d] = (uint16_t)ko;
        if (b->cell[p] != CELL_EMPTY) continue;
        point_set_shape(b, pc, c, d, tc[kc]);
        point_set_shape(b, po, o, d, to[ko]);
    }
}

void shapes_update(Board *b, Move q, Color c, int sign) {
    if (sign > 0) {
        b->clscount[COLOR_BLACK][b->ps[q][COLOR_BLACK].cls]--;
        b->clscount[COLOR_WHITE][b->ps[q][COLOR_WHITE].cls]--;
    }
    line_update(b, q, c, sign, 0);
    line_update(b, q, c, sign, 1);
    line_update(b, q, c, sign, 2);
    line_update(b, q, c, sign, 3);
    if (sign < 0) {
        for (int s = 0; s < COLOR_NB; s++) {
            PointShape *ps = &b->ps[q][s];
            ps->shape4 = point_shape4(b, ps, (Color)s);
            ps->cls = CLASS_TABLE[ps->shape4];
            b->clscount[s][ps->cls]++;
        }
    }
}

bool shapes_wins_at(const Board *b, Move p, Color c) {
    return b->ps[p][c].cls == CLS_FIVE;
}

bool shapes_board_ok(const Board *b) {
    int count[COLOR_NB][CLS_NB] = {{0}};
    for (int p = 0; p < BOARD_CELLS; p++) {
        if (!point_on_board((Move)p, b->size)) continue;
        uint16_t key[COLOR_NB][DIR_NB];
        point_keys(b, (Move)p, key);
        for (int c = 0; c < COLOR_NB; c++) {
            const PointShape *ps = &b->ps[p][c];
            if (memcmp(ps->lkey, key[c], sizeof ps->lkey) != 0) return false;
            if (b->cell[p] != CELL_EMPTY) continue;
            if (ps->shape4 != point_shape4(b, ps, (Color)c)) return false;
            if (ps->cls != CLASS_TABLE[ps->shape4]) return false;
            count[c][ps->cls]++;
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
    b->shapes = set ? set : &SHAPES_BUILTIN;
    shapes_board_init(b);
    return GMK_OK;
}
