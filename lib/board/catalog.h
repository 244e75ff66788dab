/*
 * catalog.h — the PCRE2 shape catalogue (lib/board/shapes.txt format): parsing,
 * compiling, classifying line windows, and building shape tables from it.
 * Used by the build-time generator (lib/board/gen/shapegen.c), by the library for
 * user shape files, and by the cross-check tests.
 */
#ifndef GMK_CATALOG_H
#define GMK_CATALOG_H

#include "shapes.h"

#define CATALOG_SUBJECT_LEN 11  /* cells of the line window, the point at index 5 */
#define CATALOG_CENTER 5

enum { SCOPE_ANY = 0, SCOPE_FREE = 1, SCOPE_EXACT = 2 };

/* One shape line of a catalogue. */
typedef struct {
    char name[48];      /* shape name, unique together with scope */
    int shape;          /* SHAPE_* */
    int scope;          /* SCOPE_* */
    int score;          /* evaluation score per line */
    char *pattern;      /* PCRE2 source (owned) */
    int line;           /* line in the file it came from, 0 built-in */
    void *re;           /* compiled pcre2_code (owned) */
} CatalogEntry;

typedef struct Catalog Catalog;

Catalog *catalog_new(void);
void catalog_free(Catalog *cat);
/* Parses a catalogue text and compiles its patterns. A line whose (name,
 * scope) is already present replaces it; "combo NAME SCORE" lines set the
 * combined class scores. */
GmkStatus catalog_add_text(Catalog *cat, const char *text, size_t len, CatalogError *err);
int catalog_count(const Catalog *cat);
const CatalogEntry *catalog_entry(const Catalog *cat, int i);
int catalog_combo_score(const Catalog *cat, ShapeClass c);
/* Classifies one subject (CATALOG_SUBJECT_LEN chars of '0'/'1'/'2', index 5 =
 * '1') under a line rule (0 five-or-more, 1 exact five); *pattern receives
 * the naming entry's index, -1 if none. Returns SHAPE_*. */
int catalog_classify(const Catalog *cat, int exact, const char *subject, int *pattern);
/* The subject string of a window key (CATALOG_SUBJECT_LEN chars, no NUL). */
void catalog_subject(unsigned key, char *subject);
/* Fills table[key] and pattern[key] (255 = none) for all WINDOW_KEYS keys of
 * one line rule. Returns GMK_ERR_ARG if the catalogue has more than 254
 * patterns. */
GmkStatus catalog_build_table(const Catalog *cat, int exact, uint8_t *table, uint8_t *pattern);

#endif
