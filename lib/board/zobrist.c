/*
 * zobrist.c — 64-bit Zobrist keys from a fixed seed.
 *
 * The keys come from splitmix64 started at a fixed seed, so every build and
 * every machine agrees on them (books store canonical keys). Wall cells get
 * keys too (harmless) so that the table is indexed by any padded point.
 * tests/test_board.c proves all keys non-zero and pairwise distinct.
 */
#include "zobrist.h"

#define ZOBRIST_SEED 0x676d6b2d7a6f6272ULL /* "gmk-zobr" */

Key zobrist_table[COLOR_NB][BOARD_CELLS];
Key zobrist_white;

/* splitmix64: advances *state and returns the next 64-bit value. */
static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void zobrist_init(void) {
    uint64_t s = ZOBRIST_SEED;
    for (int c = 0; c < COLOR_NB; c++)
        for (int p = 0; p < BOARD_CELLS; p++) zobrist_table[c][p] = splitmix64(&s);
    zobrist_white = splitmix64(&s);
}

Key zobrist_stone(Color c, Move p) { return zobrist_table[c][p]; }
Key zobrist_side(void) { return zobrist_white; }
