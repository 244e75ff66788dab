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
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gmk_core.h"

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
