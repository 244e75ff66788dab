/*
 * testutil.h — helpers shared by the cmocka unit tests: a deterministic RNG,
 * random positions, and the location of ../shared/data.
 */
#ifndef GMK_TESTUTIL_H
#define GMK_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "gmk.h"

/* xorshift64*: deterministic pseudo-random numbers for tests. */
typedef struct { uint64_t s; } Rng;
static inline uint64_t rng_next(Rng *r) {
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 0x2545f4914f6cdd1dULL;
}
static inline int rng_below(Rng *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }

/* Plays up to n random moves (stones, and a pass with probability
 * pass_permille / 1000) on b, stopping before the board fills or after a
 * win. Moves are drawn near existing stones most of the time, so that shapes
 * form. Returns the number of tokens played. */
int test_random_moves(Board *b, Rng *r, int n, int pass_permille);

/* Iteration count for a heavy test loop: n in optimised builds, n / 8 in
 * DEBUG builds (sanitizers, board_ok() after every move at ~40 us), never
 * below 1. GMK_TEST_SCALE=F in the environment multiplies it (a soak run:
 * GMK_TEST_SCALE=20 make check). */
#define TEST_DEBUG_DIVISOR 8
int test_iters(int n);

/* A board of the given rule and size holding a position line (fails the
 * test if the line does not parse). */
Board *test_board(Rule rule, int size, const char *moves);
/* A board from a diagram given as rows separated by '/', top row first
 * (fails the test on a bad diagram); to_move as in diagram_reader_finish. */
Board *test_diagram_board(Rule rule, const char *rows, Color to_move);
/* The point named s ("h8") on b (fails the test on a bad name). */
Move test_point(const Board *b, const char *s);

/* Path of the shared third-party data folder (GMK_SHARED, else
 * ../shared/data), or NULL when it is absent. */
const char *test_shared_dir(void);
/* Reads a whole file; NULL if it cannot. */
char *test_slurp(const char *path, size_t *len);
/* The contents of file rel under the shared data folder, as test_slurp;
 * skips the test when the folder is absent, fails it when the file cannot
 * be read. */
char *test_shared_file(const char *rel, size_t *len);

/* A scratch folder for a test program's files (tmpfs when there is one:
 * the corruption tests rewrite a file thousands of times, which ext4
 * flushes to disk on every close), named after the program: the group
 * setup and teardown of cmocka_run_group_tests (0, or -1 on failure). */
int test_scratch_setup(void **state);
int test_scratch_teardown(void **state);
/* The path of file name in the scratch folder (the last 4 stay valid). */
const char *test_scratch_path(const char *name);
/* Fails the test unless files a and b hold the same bytes. */
void test_assert_same_file(const char *a, const char *b);

#endif
