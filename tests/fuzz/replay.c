/*
 * replay.c — main() for the plain (non-libFuzzer) build of a harness: feeds
 * each file given, or each file inside each directory given, to
 * LLVMFuzzerTestOneInput once, in name order, from an exactly-sized heap
 * copy (so ASan sees reads past the end). Missing directories are skipped.
 * `make check` runs it over tests/fuzz/seeds/NAME and tests/fuzz/regress/NAME.
 *
 * Usage: replay_NAME [-v] DIR|FILE...
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzzutil.h"

/* The harness's optional initialiser: NULL when it has none. */
extern int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

/* Feeds one file to the harness; false if it cannot be read. */
static bool replay_file(const char *path, bool verbose) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return false;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        uint8_t *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    bool bad = ferror(f) || !buf;
    fclose(f);
    if (bad) {
        fprintf(stderr, "replay: %s: cannot read\n", path);
        free(buf);
        return false;
    }
    uint8_t *exact = malloc(n ? n : 1);
    if (!exact) {
        free(buf);
        return false;
    }
    memcpy(exact, buf, n);
    free(buf);
    if (verbose) fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
    LLVMFuzzerTestOneInput(exact, n);
    free(exact);
    return true;
}

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
    bool verbose = false, ok = true;
    long count = 0;
    if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) {
            verbose = true;
            continue;
        }
        struct stat st;
        if (stat(argv[i], &st) != 0) continue; /* no seeds or regressions yet */
        if (!S_ISDIR(st.st_mode)) {
            ok = replay_file(argv[i], verbose) && ok;
            count++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            ok = false;
            continue;
        }
        char **names = NULL;
        size_t n = 0, cap = 0;
        struct dirent *e;
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            if (n == cap) {
                cap = cap ? cap * 2 : 64;
                char **nn = realloc(names, cap * sizeof *nn);
                if (!nn) break;
                names = nn;
            }
            size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
            names[n] = malloc(len);
            if (!names[n]) break;
            snprintf(names[n], len, "%s/%s", argv[i], e->d_name);
            n++;
        }
        closedir(d);
        if (n) qsort(names, n, sizeof *names, cmp_names);
        for (size_t k = 0; k < n; k++) {
            ok = replay_file(names[k], verbose) && ok;
            count++;
            free(names[k]);
        }
        free(names);
    }
    const char *name = strrchr(argv[0], '/');
    printf("%s: %ld inputs replayed%s\n", name ? name + 1 : argv[0], count, ok ? "" : ", some unreadable");
    return ok ? 0 : 1;
}
