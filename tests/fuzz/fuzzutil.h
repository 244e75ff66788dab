/*
 * fuzzutil.h — what the fuzz harnesses share (tests/fuzz/).
 *
 * A harness is ONE file, tests/fuzz/fuzz_NAME.c, that defines
 *     int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
 * (and optionally LLVMFuzzerInitialize). The Makefile finds it by wildcard
 * and builds it twice:
 *   - build/fuzz/fuzz_NAME: clang -fsanitize=fuzzer,address,undefined, run by
 *     `make fuzz FUZZ_SECONDS=N [FUZZ=NAME]` (tests/fuzz/run.sh);
 *   - $(B)/fuzz/replay_NAME: the normal compiler with tests/fuzz/replay.c as
 *     main(), run by `make check` over the files in tests/fuzz/seeds/NAME/
 *     and tests/fuzz/regress/NAME/ (under ASan/UBSan with DEBUG=1).
 * libgmk.a and the shared program objects of cmd/ (all but the gmk-* mains)
 * are linked in, so a harness may call cli_* as well as the library.
 *
 * Lines in the harness's opening comment tell run.sh where seeds come from
 * (paths relative to the repository, shell patterns, or DIR/ for every file
 * in DIR; $SHARED is ../shared/data, skipped when absent):
 *     fuzz-seeds: files PATTERN...    each file is one seed
 *     fuzz-seeds: lines PATTERN...    each non-blank line is one seed
 *     fuzz-seeds: field:N PATTERN...  the N-th TAB-separated field of each line
 *     fuzz-seeds: blocks PATTERN...   each run of lines between blank lines
 *     fuzz-seeds: run COMMAND         a shell command that writes seed files
 *                                     into "$SEEDS" (the programs of bin/ are built)
 *     fuzz-options: -max_len=65536    extra libFuzzer flags
 * (at most FUZZ_SEED_MAX seeds per file, spread over it). Hand-made seeds go
 * in tests/fuzz/seeds/NAME/ (tiny files, nothing copied from shared data), an
 * optional dictionary in tests/fuzz/NAME.dict.
 *
 * A crash found by `make fuzz` is saved in build/fuzz/artifacts/NAME/; after
 * the fix, copy it to tests/fuzz/regress/NAME/ (named for what it found) so
 * `make check` replays it from then on.
 *
 * The libFuzzer build defines FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION (the
 * usual convention): library code may skip checksum comparisons under it, so
 * that the fuzzer reaches the decoders behind them.
 *
 * Checks inside a harness use FUZZ_CHECK (on in every build, NDEBUG or not):
 * a harness should assert what the code promises (round trips, error
 * messages, invariants), not only that it does not crash.
 */
#ifndef GMK_FUZZUTIL_H
#define GMK_FUZZUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gmk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Aborts with the file, line and message when cond is false (any build). */
#define FUZZ_CHECK(cond, ...)                                                   \
    do {                                                                        \
        if (!(cond)) fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);         \
    } while (0)

void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 4, 5)));

/* The input seen as text with options at its end: harnesses take their
 * configuration bytes from the END, so that a seed file (plain text) keeps
 * its meaning and only its last byte picks the options. */
typedef struct {
    const uint8_t *data; /* bytes not yet taken */
    size_t size;         /* their count */
} FuzzInput;

/* Takes the last byte off the input; 0 when it is empty. */
unsigned fuzz_take_byte(FuzzInput *in);

/* Calls fn for each line of s (n bytes, split at '\n', the newline not
 * included; a last line without newline counts, an empty tail does not). */
typedef void (*FuzzLineFn)(void *ctx, const char *line, size_t len);
void fuzz_for_each_line(const char *s, size_t n, FuzzLineFn fn, void *ctx);

/* Is the NUL-terminated s printable ASCII (32..126) and not empty? */
bool fuzz_printable(const char *s);
/* Is s (n bytes) valid UTF-8 (no overlongs, surrogates or > U+10FFFF)? */
bool fuzz_utf8_valid(const char *s, size_t n);

/* Captures what stdio writes to stdout and stderr (the FILE streams, not the
 * file descriptors: sanitizer and libFuzzer reports still reach the
 * terminal). Between begin and end the output collects in memory; after end
 * out/err hold it (NUL-terminated) until fuzz_capture_free. */
typedef struct {
    char *out, *err;        /* captured text */
    size_t out_len, err_len;
    FILE *saved_out, *saved_err;
} FuzzCapture;
void fuzz_capture_begin(FuzzCapture *c);
void fuzz_capture_end(FuzzCapture *c);
void fuzz_capture_free(FuzzCapture *c);

/* Writes n bytes into an anonymous in-memory file and puts a name that opens
 * it ("/dev/fd/N") into path; returns the descriptor to close afterwards. */
int fuzz_memfile(const void *data, size_t n, char *path, size_t cap);

/* Boards made once per (size, rule, flags) and reused across inputs. */
Board *fuzz_board(int size, Rule rule, unsigned flags);

#endif
