/*
 * tempfiles.h — the temporary files and folders the library is writing,
 * registered so that gmk_temp_cleanup() (gmk_core.h) can remove them when a
 * signal ends the program.
 */
#ifndef GMK_TEMPFILES_H
#define GMK_TEMPFILES_H

#include <signal.h>
#include <stdbool.h>

#include "gmk_core.h"

/* The temporary files and folders being written (lib/core/tempfiles.c), removed
 * by gmk_temp_cleanup(); path must stay valid until it is unregistered. */
void temp_register(const char *path, bool is_dir);
/* Holds SIGINT, SIGTERM and SIGHUP back while a temporary path is created
 * and registered (a signal is delivered as the creating call returns: it
 * would find the path not yet registered), then lets them in. */
void temp_signals_block(sigset_t *old);
void temp_signals_restore(const sigset_t *old);
void temp_unregister(const char *path);

#endif
