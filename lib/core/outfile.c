/*
 * outfile.c — where an output may go. Every file the library writes (a
 * book, a RenLib library) is written to a temporary file beside its
 * destination and renamed over it (book_write.c, renlib.c); that rename
 * would replace whatever the path names, so before anything is written the
 * path is checked here: nothing yet, a regular file, or a symbolic link to
 * one (then the file it leads to is replaced, and the link stays). A
 * device, a FIFO, a socket or a directory is refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tempfiles.h"

const char *gmk_output_refusal(const char *path) {
    struct stat sb;
    if (stat(path, &sb) != 0) return NULL; /* nothing there (or unreachable: the write will say) */
    if (S_ISREG(sb.st_mode)) return NULL;
    if (S_ISDIR(sb.st_mode)) return "a directory";
    if (S_ISCHR(sb.st_mode)) return "a character device";
    if (S_ISBLK(sb.st_mode)) return "a block device";
    if (S_ISFIFO(sb.st_mode)) return "a FIFO";
    if (S_ISSOCK(sb.st_mode)) return "a socket";
    return "not a regular file";
}

char *gmk_output_target(const char *path) {
    struct stat sb;
    if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode)) {
        char *real = realpath(path, NULL); /* the regular file it leads to */
        if (real) return real;
        if (errno == ENOMEM) return NULL;
        /* a dangling link: replaced by the new file */
    }
    char *copy = strdup(path);
    if (!copy) errno = ENOMEM;
    return copy;
}

int gmk_output_temp(const char *path, char **tmp_out) {
    size_t n = strlen(path) + 40;
    char *tmp = malloc(n);
    if (!tmp) {
        errno = ENOMEM;
        return -1;
    }
    /* O_EXCL with a fresh name (mkstemp would ignore the umask: mode 0600) */
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t r = (uint64_t)ts.tv_nsec * 0x9e3779b97f4a7c15ULL ^ (uint64_t)getpid() << 20 ^ (uint64_t)(uintptr_t)tmp;
    for (int tries = 0; tries < 100; tries++) {
        char suffix[9];
        for (int i = 0; i < 8; i++) {
            suffix[i] = digits[r % 36];
            r /= 36;
        }
        suffix[8] = '\0';
        r = r * 6364136223846793005ULL + 1442695040888963407ULL + (uint64_t)tries;
        snprintf(tmp, n, "%s.tmp.%s", path, suffix);
        sigset_t old;
        temp_signals_block(&old);
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        int e = errno;
        if (fd >= 0) temp_register(tmp, false);
        temp_signals_restore(&old);
        if (fd >= 0) {
            *tmp_out = tmp;
            return fd;
        }
        errno = e;
        if (errno != EEXIST) break;
    }
    int e = errno;
    free(tmp);
    errno = e;
    return -1;
}

int gmk_output_open(const char *path, char **target, char **tmp, const char **refusal) {
    *target = *tmp = NULL;
    if ((*refusal = gmk_output_refusal(path)) != NULL) {
        errno = EINVAL;
        return -1;
    }
    if (!(*target = gmk_output_target(path))) return -1;
    int fd = gmk_output_temp(*target, tmp);
    if (fd < 0) {
        int e = errno;
        free(*target);
        *target = NULL;
        errno = e;
    }
    return fd;
}

void gmk_output_temp_done(const char *tmp) { temp_unregister(tmp); }
