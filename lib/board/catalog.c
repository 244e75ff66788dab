/*
 * catalog.c — parses and compiles the PCRE2 shape catalogue and classifies
 * line windows with it. The generator turns the built-in catalogue into
 * tables at build time; shapeset_compile() does the same at run time for a
 * user's file. See lib/board/shapes.txt for the format and matching rule.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include "catalog.h"

#include <ctype.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Catalog {
    CatalogEntry *e;        /* entries in file order */
    int n, cap;
    int order[256];         /* entry indices, strongest class first */
    int combo[CLS_NB];      /* combined class scores */
    pcre2_match_data *md;   /* shared match data (a Catalog is single-threaded) */
};

static const char *const SHAPE_NAMES[SHAPE_NB] = {
    "none", "dead", "two", "open-two", "three", "open-three",
    "four", "four-four", "open-four", "five", "overline",
};

static const char *const CLASS_NAMES[CLS_NB] = {
    "none", "dead", "two", "open-two", "open-two-two", "three", "double-two", "open-three",
    "four", "open-three-three", "double-three", "four-three", "double-four", "open-four",
    "five", "overline",
};

const char *shape_name(Shape s) { return s >= 0 && s < SHAPE_NB ? SHAPE_NAMES[s] : "?"; }
const char *class_name(ShapeClass c) { return c >= 0 && c < CLS_NB ? CLASS_NAMES[c] : "?"; }

int shape_parse(const char *s) {
    for (int i = 0; i < SHAPE_NB; i++)
        if (strcmp(s, SHAPE_NAMES[i]) == 0) return i;
    return -1;
}

int class_parse(const char *s) {
    for (int i = 0; i < CLS_NB; i++)
        if (strcmp(s, CLASS_NAMES[i]) == 0) return i;
    return -1;
}

/* Matching priority of a shape class: larger is tried first. */
static int shape_rank(int shape) {
    static const int rank[SHAPE_NB] = {
        [SHAPE_NONE] = 0,       [SHAPE_DEAD] = 1,      [SHAPE_TWO] = 2,
        [SHAPE_OPEN_TWO] = 3,   [SHAPE_THREE] = 4,     [SHAPE_OPEN_THREE] = 5,
        [SHAPE_FOUR] = 6,       [SHAPE_FOUR_FOUR] = 7, [SHAPE_OPEN_FOUR] = 8,
        [SHAPE_OVERLINE] = 9,   [SHAPE_FIVE] = 10,
    };
    return rank[shape];
}

Catalog *catalog_new(void) {
    Catalog *cat = calloc(1, sizeof *cat);
    if (!cat) return NULL;
    cat->md = pcre2_match_data_create(4, NULL);
    if (!cat->md) {
        free(cat);
        return NULL;
    }
    return cat;
}

static void entry_clear(CatalogEntry *e) {
    free(e->pattern);
    pcre2_code_free((pcre2_code *)e->re);
    e->pattern = NULL;
    e->re = NULL;
}

void catalog_free(Catalog *cat) {
    if (!cat) return;
    for (int i = 0; i < cat->n; i++) entry_clear(&cat->e[i]);
    free(cat->e);
    pcre2_match_data_free(cat->md);
    free(cat);
}

int catalog_count(const Catalog *cat) { return cat->n; }
const CatalogEntry *catalog_entry(const Catalog *cat, int i) { return &cat->e[i]; }
int catalog_combo_score(const Catalog *cat, ShapeClass c) { return cat->combo[c]; }

/* Rebuilds the priority order: strongest class first, file order within. */
static void catalog_sort(Catalog *cat) {
    int k = 0;
    for (int r = 10; r >= 0; r--)
        for (int i = 0; i < cat->n; i++)
            if (shape_rank(cat->e[i].shape) == r) cat->order[k++] = i;
}

static GmkStatus set_error(CatalogError *err, int line, int offset, GmkStatus st,
                           const char *msg) {
    if (err) {
        err->line = line;
        err->offset = offset;
        snprintf(err->msg, sizeof err->msg, "%s", msg);
    }
    return st;
}

/* Splits the next whitespace-separated word off *s (modified in place). */
static char *next_word(char **s) {
    char *p = *s;
    while (*p == ' ' || *p == '\t') p++;
    if (!*p) return NULL;
    char *w = p;
    while (*p && *p != ' ' && *p != '\t') p++;
    if (*p) *p++ = '\0';
    *s = p;
    return w;
}

static bool parse_int(const char *w, int *out) {
    char *end;
    long v = strtol(w, &end, 10);
    if (*end || end == w || v < -1000000000L || v > 1000000000L) return false;
    *out = (int)v;
    return true;
}

/* Handles one non-comment line of a catalogue. */
static GmkStatus catalog_line(Catalog *cat, char *s, int line, CatalogError *err) {
    char *name = next_word(&s);
    if (!name) return GMK_OK;
    if (strcmp(name, "combo") == 0) {
        char *cname = next_word(&s), *score = next_word(&s);
        int c = cname ? class_parse(cname) : -1, v;
        if (c < 0) return set_error(err, line, 0, GMK_ERR_SYNTAX, "unknown combined class");
        if (!score || !parse_int(score, &v) || next_word(&s))
            return set_error(err, line, 0, GMK_ERR_SYNTAX, "expected: combo NAME SCORE");
        cat->combo[c] = v;
        return GMK_OK;
    }
    char *cls = next_word(&s), *scope = next_word(&s), *score = next_word(&s);
    char *pat = next_word(&s);
    if (!pat || next_word(&s))
        return set_error(err, line, 0, GMK_ERR_SYNTAX,
                         "expected: name class scope score pattern");
    if (strlen(name) >= sizeof cat->e[0].name)
        return set_error(err, line, 0, GMK_ERR_SYNTAX, "shape name too long");
    int shape = shape_parse(cls), sc, v;
    if (shape <= SHAPE_NONE)
        return set_error(err, line, 0, GMK_ERR_SYNTAX, "unknown shape class");
    if (strcmp(scope, "any") == 0) sc = SCOPE_ANY;
    else if (strcmp(scope, "free") == 0) sc = SCOPE_FREE;
    else if (strcmp(scope, "exact") == 0) sc = SCOPE_EXACT;
    else return set_error(err, line, 0, GMK_ERR_SYNTAX, "scope must be any, free or exact");
    if (!parse_int(score, &v)) return set_error(err, line, 0, GMK_ERR_SYNTAX, "bad score");

    int errcode;
    PCRE2_SIZE erroff;
    pcre2_code *re = pcre2_compile((PCRE2_SPTR)pat, PCRE2_ZERO_TERMINATED, PCRE2_NO_AUTO_CAPTURE,
                                   &errcode, &erroff, NULL);
    if (!re) {
        char msg[160];
        pcre2_get_error_message(errcode, (PCRE2_UCHAR *)msg, sizeof msg);
        return set_error(err, line, (int)erroff + 1, GMK_ERR_SYNTAX, msg);
    }
    (void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE); /* the interpreter is the fallback */
    char *copy = strdup(pat);
    if (!copy) {
        pcre2_code_free(re);
        return set_error(err, line, 0, GMK_ERR_NOMEM, "out of memory");
    }
    CatalogEntry *e = NULL;
    for (int i = 0; i < cat->n; i++)
        if (cat->e[i].scope == sc && strcmp(cat->e[i].name, name) == 0) e = &cat->e[i];
    if (e) {
        entry_clear(e);
    } else {
        if (cat->n >= 254) {
            pcre2_code_free(re);
            free(copy);
            return set_error(err, line, 0, GMK_ERR_ARG, "more than 254 shapes");
        }
        if (cat->n == cat->cap) {
            int cap = cat->cap ? cat->cap * 2 : 32;
            CatalogEntry *ne = realloc(cat->e, (size_t)cap * sizeof *ne);
            if (!ne) {
                pcre2_code_free(re);
                free(copy);
                return set_error(err, line, 0, GMK_ERR_NOMEM, "out of memory");
            }
            cat->e = ne;
            cat->cap = cap;
        }
        e = &cat->e[cat->n++];
        memset(e, 0, sizeof *e);
        snprintf(e->name, sizeof e->name, "%s", name);
    }
    e->shape = shape;
    e->scope = sc;
    e->score = v;
    e->pattern = copy;
    e->line = line;
    e->re = re;
    return GMK_OK;
}

GmkStatus catalog_add_text(Catalog *cat, const char *text, size_t len, CatalogError *err) {
    size_t i = 0;
    int line = 0;
    char buf[1024];
    while (i < len) {
        size_t j = i;
        while (j < len && text[j] != '\n') j++;
        line++;
        size_t n = j - i;
        if (n && text[i + n - 1] == '\r') n--;
        if (n >= sizeof buf) return set_error(err, line, 0, GMK_ERR_TOO_LONG, "line too long");
        memcpy(buf, text + i, n);
        buf[n] = '\0';
        if (memchr(buf, '\0', n)) return set_error(err, line, 0, GMK_ERR_SYNTAX, "NUL byte in line");
        char *s = buf;
        while (*s == ' ' || *s == '\t') s++;
        if (*s && *s != '#') {
            GmkStatus st = catalog_line(cat, s, line, err);
            if (st != GMK_OK) return st;
        }
        i = j + 1;
    }
    catalog_sort(cat);
    return GMK_OK;
}

void catalog_subject(unsigned key, char *subject) {
    for (int k = 0; k < 10; k++) {
        subject[k < 5 ? k : k + 1] = (char)('0' + key % 3);
        key /= 3;
    }
    subject[CATALOG_CENTER] = '1';
}

int catalog_classify(const Catalog *cat, int exact, const char *subject, int *pattern) {
    for (int k = 0; k < cat->n; k++) {
        const CatalogEntry *e = &cat->e[cat->order[k]];
        if (e->scope == (exact ? SCOPE_FREE : SCOPE_EXACT)) continue;
        for (int start = 0; start <= CATALOG_CENTER; start++) {
            int rc = pcre2_match((const pcre2_code *)e->re, (PCRE2_SPTR)subject,
                                 CATALOG_SUBJECT_LEN, (PCRE2_SIZE)start, PCRE2_ANCHORED, cat->md,
                                 NULL);
            if (rc < 0) continue;
            PCRE2_SIZE *ov = pcre2_get_ovector_pointer(cat->md);
            if (ov[0] <= CATALOG_CENTER && ov[1] > CATALOG_CENTER) {
                if (pattern) *pattern = cat->order[k];
                return e->shape;
            }
        }
    }
    if (pattern) *pattern = -1;
    return SHAPE_NONE;
}

GmkStatus catalog_build_table(const Catalog *cat, int exact, uint8_t *table, uint8_t *pattern) {
    if (cat->n > 254) return GMK_ERR_ARG;
    char subject[CATALOG_SUBJECT_LEN];
    for (unsigned key = 0; key < WINDOW_KEYS; key++) {
        int pi;
        catalog_subject(key, subject);
        table[key] = (uint8_t)catalog_classify(cat, exact, subject, &pi);
        pattern[key] = pi < 0 ? 255 : (uint8_t)pi;
    }
    return GMK_OK;
}

