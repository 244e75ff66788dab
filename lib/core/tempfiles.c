/*
 * tempfiles.c — the temporary files and folders the library is writing
 * (a book's file beside its destination, the sorted runs of a large build
 * and their folder), so that a program can remove them when a signal ends
 * it: gmk_temp_cleanup() is async-signal-safe. A fixed table of slots, each
 * an atomic pointer to the owner's path string; the owner unregisters the
 * path before it frees the string. Registration is best effort: when every
 * slot is taken the path is simply not tracked.
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <unistd.h>

#include "tempfiles.h"

#define TEMP_SLOTS 256

static _Atomic(const char *) temp_file[TEMP_SLOTS];
static _Atomic(const char *) temp_dir[TEMP_SLOTS];

static void slot_put(_Atomic(const char *) *slot, const char *path) {
    for (int i = 0; i < TEMP_SLOTS; i++) {
        const char *expect = NULL;
        if (atomic_compare_exchange_strong(&slot[i], &expect, path)) return;
    }
}

static void slot_drop(_Atomic(const char *) *slot, const char *path) {
    for (int i = 0; i < TEMP_SLOTS; i++) {
        const char *expect = path;
        if (atomic_compare_exchange_strong(&slot[i], &expect, NULL)) return;
    }
}

void temp_signals_block(sigset_t *old) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

void temp_signals_restore(const sigset_t *old) { pthread_sigmask(SIG_SETMASK, old, NULL); }

void temp_register(const char *path, bool is_dir) {
    if (path) slot_put(is_dir ? temp_dir : temp_file, path);
}

void temp_unregister(const char *path) {
    if (!path) return;
    slot_drop(temp_file, path);
    slot_drop(temp_dir, path);
}

void gmk_temp_cleanup(void) {
    for (int i = 0; i < TEMP_SLOTS; i++) {
        const char *p = atomic_exchange(&temp_file[i], NULL);
        if (p) unlink(p);
    }
    for (int i = 0; i < TEMP_SLOTS; i++) {
        const char *p = atomic_exchange(&temp_dir[i], NULL);
        if (p) rmdir(p);
    }
}
