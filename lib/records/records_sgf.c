/*
 * records_sgf.c — SGF game trees and the RenjuNet / RIF XML database.
 *
 * SGF (GM[1] as RenLib exports it, GM[4] gomoku/renju, GM[5] as ZJRenju
 * writes it): coordinates are two letters, column then row, rows counted from
 * the TOP ("hh" is the centre of 15x15); B[] (and B[tt] on boards up to 19)
 * is a pass. A game tree is parsed into nodes with an explicit stack (no
 * recursion, so hostile nesting cannot overflow the C stack); the main line
 * follows the first child of every node, and with RecordOptions.variations
 * every root-to-leaf path is reported as its own record. Setup stones
 * (AB/AW) become stones interleaved with passes, as for board diagrams; a
 * move of the colour not on turn gets a pass in front of it.
 *
 * RenjuNet XML: <rules><rule id=".." name=".."/></rules> maps rule ids to
 * rules, each <game ... bresult="1|0|0.5" rule="id"> holds its moves in
 * <move>h8 i9 ...</move>, renju notation (rows from the bottom).
 */
#include <ctype.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "records.h"

/* One SGF node with at most one move. */
typedef struct {
    int parent;         /* node index, -1 for the root */
    int child;          /* first child, -1 if none */
    int last_child;     /* last child, -1 if none */
    int sibling;        /* next sibling, -1 if none */
    Move move;          /* MOVE_NONE (no move), a point, MOVE_PASS, MOVE_OFFBOARD */
    Color color;        /* colour of the move, COLOR_NONE if none */
    size_t ofs;         /* offset of the move property */
} SgfNode;

/* A parsed game tree. */
typedef struct {
    SgfNode *node;      /* nodes, 0 is the root */
    int n, cap;         /* count and capacity */
    int size;           /* SZ, else the default */
    bool size_bad;      /* SZ outside BOARD_MIN..BOARD_MAX or not square */
    Rule rule;          /* RU, else the default */
    char rule_bad[40];  /* an RU that names no rule gmk knows ("caro"), "" if none */
    GameResult result;  /* RE */
    int gm;             /* GM, 0 if absent */
    Move setup[COLOR_NB][BOARD_MAX * BOARD_MAX]; /* AB / AW stones */
    int nsetup[COLOR_NB];
    size_t setup_ofs;   /* where the setup was */
    Color first;        /* PL: side to move after setup, COLOR_NONE if absent */
} SgfTree;

/* Adds a node under parent; -1 when out of memory. */
static int sgf_add(RecordReader *rr, SgfTree *t, int parent) {
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 256;
        SgfNode *nn = realloc(t->node, (size_t)cap * sizeof *nn);
        if (!nn) {
            rr->fatal = GMK_ERR_NOMEM;
            return -1;
        }
        t->node = nn;
        t->cap = cap;
    }
    int k = t->n++;
    SgfNode *nd = &t->node[k];
    nd->parent = parent;
    nd->child = nd->last_child = nd->sibling = -1;
    nd->move = MOVE_NONE;
    nd->color = COLOR_NONE;
    nd->ofs = 0;
    if (parent >= 0) {
        SgfNode *p = &t->node[parent];
        if (p->last_child >= 0) t->node[p->last_child].sibling = k;
        else p->child = k;
        p->last_child = k;
    }
    return k;
}

/* A point from an SGF value of len bytes; MOVE_PASS for "" and "tt". */
static Move sgf_point(const char *v, size_t len, int size, bool *bad) {
    *bad = false;
    if (len == 0 || (len == 2 && v[0] == 't' && v[1] == 't' && size <= 19)) return MOVE_PASS;
    if (len != 2 || !islower((unsigned char)v[0]) || !islower((unsigned char)v[1])) {
        *bad = true;
        return MOVE_NONE;
    }
    int x = v[0] - 'a', ytop = v[1] - 'a';
    if (x >= size || ytop >= size) return MOVE_OFFBOARD;
    return point_make(x, size - 1 - ytop);
}

/* Result from an RE value. */
static GameResult sgf_result(const char *v, size_t len) {
    if (len == 0) return RESULT_UNKNOWN;
    char c = (char)toupper((unsigned char)v[0]);
    if (c == 'B') return RESULT_BLACK;
    if (c == 'W') return RESULT_WHITE;
    if (c == '0' || c == 'D' || c == 'J' || c == '=') return RESULT_DRAW;
    return RESULT_UNKNOWN;
}

/* Handles property id (idlen bytes) with value v (len bytes) at offset ofs
 * for node k. Returns false on a bad coordinate (reported). */
static bool sgf_property(RecordReader *rr, SgfTree *t, int *k, const char *id, size_t idlen,
                         const char *v, size_t len, size_t ofs) {
    if (idlen == 1 && (id[0] == 'B' || id[0] == 'W')) {
        bool bad;
        Move m = sgf_point(v, len, t->size, &bad);
        if (bad) {
            rec_error(rr, ofs, GMK_ERR_SYNTAX, "bad SGF point %c[%.*s]", id[0], (int)(len > 8 ? 8 : len), v);
            return false;
        }
        if (t->node[*k].move != MOVE_NONE) { /* a second move in one node: chain a node */
            int c = sgf_add(rr, t, *k);
            if (c < 0) return false;
            *k = c;
        }
        t->node[*k].move = m;
        t->node[*k].color = id[0] == 'B' ? COLOR_BLACK : COLOR_WHITE;
        t->node[*k].ofs = ofs;
    } else if (idlen == 2 && id[0] == 'S' && id[1] == 'Z') {
        char buf[16] = {0};
        memcpy(buf, v, len < 15 ? len : 15);
        char *colon = strchr(buf, ':');
        long w = strtol(buf, NULL, 10), h = colon ? strtol(colon + 1, NULL, 10) : w;
        t->size_bad = w != h || w < BOARD_MIN || w > BOARD_MAX;
        if (!t->size_bad) t->size = (int)w;
    } else if (idlen == 2 && id[0] == 'G' && id[1] == 'M') {
        t->gm = (int)strtol(len < 8 ? v : "0", NULL, 10);
        if (len >= 8) t->gm = -1;
    } else if (idlen == 2 && id[0] == 'R' && id[1] == 'U') {
        int code = rec_rule_from_code(v, len, &t->rule); /* RU[4]: Gomocup's numbers */
        if (code == 0 || (code < 0 && !rec_rule_from_name(v, len, &t->rule)))
            snprintf(t->rule_bad, sizeof t->rule_bad, "%.*s", (int)(len < 32 ? len : 32), v);
    } else if (idlen == 2 && id[0] == 'R' && id[1] == 'E') {
        t->result = sgf_result(v, len);
    } else if (idlen == 2 && id[0] == 'P' && id[1] == 'L' && len >= 1) {
        t->first = toupper((unsigned char)v[0]) == 'W' ? COLOR_WHITE : COLOR_BLACK;
    } else if (idlen == 2 && id[0] == 'A' && (id[1] == 'B' || id[1] == 'W')) {
        bool bad;
        Move m = sgf_point(v, len, t->size, &bad);
        int c = id[1] == 'B' ? COLOR_BLACK : COLOR_WHITE;
        if (bad || m == MOVE_PASS) {
            rec_error(rr, ofs, GMK_ERR_SYNTAX, "bad SGF setup point A%c[%.*s]", id[1], (int)(len > 8 ? 8 : len), v);
            return false;
        }
        if (t->nsetup[c] < BOARD_MAX * BOARD_MAX) t->setup[c][t->nsetup[c]++] = m;
        if (!t->setup_ofs) t->setup_ofs = ofs;
    }
    return true;
}

/* Reports the line from the root to node leaf. */
static void sgf_emit(RecordReader *rr, SgfTree *t, int leaf, size_t start, int variation) {
    int path[MOVES_MAX + 1], depth = 0;
    for (int k = leaf; k >= 0 && depth <= MOVES_MAX; k = t->node[k].parent)
        if (t->node[k].move != MOVE_NONE) path[depth++] = k;
    rr->n = 0;
    rr->overflow = depth > MOVES_MAX;
    int nb = t->nsetup[COLOR_BLACK], nw = t->nsetup[COLOR_WHITE];
    int most = nb > nw ? nb : nw;
    for (int i = 0; i < most; i++) {
        rec_push(rr, i < nb ? t->setup[COLOR_BLACK][i] : MOVE_PASS, t->setup_ofs);
        if (i < nw || i + 1 < nb) rec_push(rr, i < nw ? t->setup[COLOR_WHITE][i] : MOVE_PASS, t->setup_ofs);
    }
    if (t->first != COLOR_NONE && (rr->n & 1) != (int)t->first) rec_push(rr, MOVE_PASS, t->setup_ofs);
    for (int i = depth - 1; i >= 0; i--) {
        const SgfNode *nd = &t->node[path[i]];
        if ((rr->n & 1) != (int)nd->color) rec_push(rr, MOVE_PASS, nd->ofs);
        rec_push(rr, nd->move, nd->ofs);
    }
    rec_finish(rr, start, t->size, t->rule, t->result, variation);
}

/* Reports the main line or every variation of a parsed tree. */
static void sgf_report(RecordReader *rr, SgfTree *t, size_t start) {
    if (t->size_bad) {
        rec_error(rr, start, GMK_ERR_SIZE, "SGF board size is not a square of %d..%d", BOARD_MIN,
                  BOARD_MAX);
        return;
    }
    if (t->rule_bad[0]) { /* not read as freestyle: a record states its rule */
        rec_error(rr, start, GMK_ERR_ARG, "rule '%s' is not freestyle, standard or renju", t->rule_bad);
        return;
    }
    if (t->gm != 0 && t->gm != 1 && t->gm != 4 && t->gm != 5) {
        rec_error(rr, start, GMK_ERR_FORMAT, "GM[%d] is not a gomoku game", t->gm);
        return;
    }
    if (!rr->opt->variations) {
        int k = 0;
        while (t->node[k].child >= 0) k = t->node[k].child;
        sgf_emit(rr, t, k, start, 0);
        return;
    }
    int variation = 0;
    for (int k = 0; k < t->n && !rr->stop && rr->fatal == GMK_OK; k++)
        if (t->node[k].child < 0) sgf_emit(rr, t, k, start, variation++);
}

/* Parses one game tree starting at the '(' at *pos; reports its records and
 * leaves *pos after it. Returns false on a syntax error that ends the file's
 * reading (reported). */
static bool sgf_tree(RecordReader *rr, SgfTree *t, size_t *pos) {
    const char *s = rr->buf;
    size_t len = rr->len, i = *pos, start = i;
    int stack[256];
    int sp = 0, cur = -1;
    const RecordOptions *o = rr->opt;
    t->n = 0;
    t->size = o->size;
    t->size_bad = false;
    t->rule = o->rule;
    t->rule_bad[0] = '\0';
    t->result = RESULT_UNKNOWN;
    t->gm = 0;
    t->nsetup[0] = t->nsetup[1] = 0;
    t->setup_ofs = 0;
    t->first = COLOR_NONE;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c == '(') {
            if (sp == (int)(sizeof stack / sizeof stack[0])) {
                rec_error(rr, i, GMK_ERR_TOO_LONG, "SGF variations nested too deep");
                return false;
            }
            stack[sp++] = cur;
            i++;
        } else if (c == ')') {
            if (sp == 0) break;
            cur = stack[--sp];
            i++;
            if (sp == 0) break;
        } else if (c == ';') {
            if (sp == 0) break;
            cur = sgf_add(rr, t, cur);
            if (cur < 0) return false;
            i++;
        } else if (isupper(c) || islower(c)) {
            size_t id0 = i;
            char id[8];
            size_t idlen = 0;
            while (i < len && (isupper((unsigned char)s[i]) || islower((unsigned char)s[i]))) {
                if (isupper((unsigned char)s[i]) && idlen < sizeof id) id[idlen++] = s[i];
                i++;
            }
            while (i < len && isspace((unsigned char)s[i])) i++;
            if (i >= len || s[i] != '[' || cur < 0) {
                rec_error(rr, id0, GMK_ERR_SYNTAX, "SGF property without a value or node");
                return false;
            }
            while (i < len && s[i] == '[') {
                size_t v0 = ++i;
                while (i < len && s[i] != ']') i += s[i] == '\\' ? 2 : 1;
                if (i >= len) {
                    rec_error(rr, v0 - 1, GMK_ERR_SYNTAX, "SGF value not closed by ']'");
                    return false;
                }
                if (!sgf_property(rr, t, &cur, id, idlen, s + v0, i - v0, id0)) {
                    /* bad value: skip the rest of this tree */
                    int depth = sp;
                    while (i < len && depth > 0) {
                        if (s[i] == '[') {
                            while (i < len && s[i] != ']') i += s[i] == '\\' ? 2 : 1;
                        } else if (s[i] == '(') depth++;
                        else if (s[i] == ')') depth--;
                        i++;
                    }
                    *pos = i;
                    return true;
                }
                i++;
                while (i < len && isspace((unsigned char)s[i])) i++;
            }
        } else {
            i++; /* white space and stray bytes between nodes */
        }
    }
    *pos = i;
    if (sp != 0) {
        rec_error(rr, start, GMK_ERR_SYNTAX, "SGF game tree not closed by ')'");
        return false;
    }
    if (t->n == 0) return true;
    sgf_report(rr, t, start);
    return true;
}

void records_read_sgf(RecordReader *rr) {
    SgfTree *t = calloc(1, sizeof *t);
    if (!t) {
        rr->fatal = GMK_ERR_NOMEM;
        return;
    }
    size_t i = 0;
    while (i < rr->len && !rr->stop && rr->fatal == GMK_OK) {
        const char *p = memchr(rr->buf + i, '(', rr->len - i);
        if (!p) break;
        i = (size_t)(p - rr->buf);
        if (!sgf_tree(rr, t, &i)) break;
    }
    free(t->node);
    free(t);
}

/* ---- RenjuNet XML ------------------------------------------------------- */

/* The value of attribute name in the tag text s[0..len), or NULL; *vlen
 * receives its length. */
static const char *xml_attr(const char *s, size_t len, const char *name, size_t *vlen) {
    size_t k = strlen(name);
    for (size_t i = 0; i + k + 2 < len; i++) {
        if ((i == 0 || isspace((unsigned char)s[i - 1])) && strncmp(s + i, name, k) == 0) {
            size_t j = i + k;
            while (j < len && isspace((unsigned char)s[j])) j++;
            if (j >= len || s[j] != '=') continue;
            j++;
            while (j < len && isspace((unsigned char)s[j])) j++;
            if (j >= len || (s[j] != '"' && s[j] != '\'')) continue;
            char q = s[j++];
            const char *e = memchr(s + j, q, len - j);
            if (!e) return NULL;
            *vlen = (size_t)(e - (s + j));
            return s + j;
        }
    }
    return NULL;
}

/* Is the tag text (after '<') the element name? */
static bool xml_is(const char *s, size_t len, const char *name) {
    size_t k = strlen(name);
    return len >= k && strncmp(s, name, k) == 0 &&
           (len == k || isspace((unsigned char)s[k]) || s[k] == '/' || s[k] == '>');
}

/* Rule ids of the database's rule table. */
typedef struct {
    long id[64];        /* rule id */
    Rule rule[64];      /* what it maps to */
    int n;
} RuleTable;

/* Reads the moves of a <move> element into rr's token list. False on a bad
 * token (reported). */
static bool rif_moves(RecordReader *rr, size_t i, size_t end) {
    const char *s = rr->buf;
    while (i < end) {
        while (i < end && (isspace((unsigned char)s[i]) || s[i] == ',')) i++;
        if (i >= end) break;
        size_t t = i;
        while (i < end && !isspace((unsigned char)s[i]) && s[i] != ',') i++;
        size_t k = i - t;
        if (k == 2 && s[t] == '-' && s[t + 1] == '-') {
            rec_push(rr, MOVE_PASS, t);
            continue;
        }
        Move m;
        int used;
        char tok[4] = {0};
        memcpy(tok, s + t, k < 3 ? k : 3);
        GmkStatus st = notation_parse_point(tok, rr->opt->size, ORIGIN_BOTTOM, &m, &used);
        if (st == GMK_OK && (size_t)used == k) rec_push(rr, m, t);
        else if (st == GMK_ERR_OFFBOARD && (size_t)used == k) rec_push(rr, MOVE_OFFBOARD, t);
        else {
            rec_error(rr, t, GMK_ERR_SYNTAX, "bad move '%.*s'", (int)(k > 20 ? 20 : k), s + t);
            return false;
        }
    }
    return true;
}

void records_read_rif(RecordReader *rr) {
    const char *s = rr->buf;
    size_t len = rr->len, i = 0;
    RuleTable rules = {.n = 0};
    bool in_game = false, bad = false;
    size_t game_start = 0;
    Rule rule = rr->opt->rule;
    GameResult result = RESULT_UNKNOWN;
    while (i < len && !rr->stop && rr->fatal == GMK_OK) {
        const char *lt = memchr(s + i, '<', len - i);
        if (!lt) break;
        i = (size_t)(lt - s);
        if (len - i >= 4 && memcmp(s + i, "<!--", 4) == 0) {
            const char *e = memmem(s + i, len - i, "-->", 3);
            i = e ? (size_t)(e - s) + 3 : len;
            continue;
        }
        const char *gt = memchr(s + i, '>', len - i);
        if (!gt) {
            rec_error(rr, i, GMK_ERR_SYNTAX, "XML tag not closed by '>'");
            break;
        }
        const char *tag = s + i + 1;
        size_t tlen = (size_t)(gt - tag), at = i;
        i = (size_t)(gt - s) + 1;
        if (xml_is(tag, tlen, "rule")) {
            size_t il, nl;
            const char *idv = xml_attr(tag, tlen, "id", &il), *name = xml_attr(tag, tlen, "name", &nl);
            Rule r;
            if (idv && name && rules.n < 64 && rec_rule_from_name(name, nl, &r)) {
                rules.id[rules.n] = strtol(idv, NULL, 10);
                rules.rule[rules.n++] = r;
            }
        } else if (xml_is(tag, tlen, "game")) {
            if (in_game && !bad) rec_finish(rr, game_start, rr->opt->size, rule, result, 0);
            in_game = tlen == 0 || tag[tlen - 1] != '/';
            bad = false;
            rr->n = 0;
            game_start = at;
            rule = rr->opt->rule;
            result = RESULT_UNKNOWN;
            size_t vl;
            const char *v = xml_attr(tag, tlen, "bresult", &vl);
            if (v && vl >= 1) {
                if (vl >= 2 && v[0] == '0' && v[1] == '.') result = RESULT_DRAW;
                else if (v[0] == '1') result = RESULT_BLACK;
                else if (v[0] == '0') result = RESULT_WHITE;
            }
            v = xml_attr(tag, tlen, "rule", &vl);
            if (v) {
                long id = strtol(v, NULL, 10);
                for (int k = 0; k < rules.n; k++)
                    if (rules.id[k] == id) rule = rules.rule[k];
            }
        } else if (in_game && xml_is(tag, tlen, "move")) {
            const char *e = memmem(s + i, len - i, "</move>", 7);
            if (!e) {
                rec_error(rr, at, GMK_ERR_SYNTAX, "<move> not closed");
                break;
            }
            if (!bad && !rif_moves(rr, i, (size_t)(e - s))) bad = true;
            i = (size_t)(e - s) + 7;
        } else if (in_game && tlen >= 5 && strncmp(tag, "/game", 5) == 0) {
            if (!bad && rr->n > 0) rec_finish(rr, game_start, rr->opt->size, rule, result, 0);
            rr->n = 0;
            in_game = false;
        }
    }
    if (in_game && !bad && rr->n > 0 && !rr->stop)
        rec_error(rr, game_start, GMK_ERR_SYNTAX, "<game> not closed by </game>");
}
