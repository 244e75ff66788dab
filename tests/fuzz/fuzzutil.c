/* fuzzutil.c — see fuzzutil.h. */
#include "fuzzutil.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...) {
    va_list ap;
    fflush(stdout);
    /* stderr may be captured: write the report to the descriptor itself */
    char msg[1024];
    int k = snprintf(msg, sizeof msg, "%s:%d: FUZZ_CHECK(%s) failed: ", file, line, cond);
    va_start(ap, fmt);
    if (k > 0 && (size_t)k < sizeof msg) vsnprintf(msg + k, sizeof msg - (size_t)k, fmt, ap);
    va_end(ap);
    size_t len = strlen(msg);
    if (write(2, msg, len) < 0 || write(2, "\n", 1) < 0) { /* nothing more to do */ }
    abort();
}

unsigned fuzz_take_byte(FuzzInput *in) {
    if (in->size == 0) return 0;
    in->size--;
    return in->data[in->size];
}

void fuzz_for_each_line(const char *s, size_t n, FuzzLineFn fn, void *ctx) {
    size_t i = 0;
    while (i < n) {
        const char *nl = memchr(s + i, '\n', n - i);
        size_t len = nl ? (size_t)(nl - (s + i)) : n - i;
        fn(ctx, s + i, len);
        i += len + 1;
    }
}

bool fuzz_printable(const char *s) {
    if (!*s) return false;
    for (; *s; s++)
        if ((unsigned char)*s < 32 || (unsigned char)*s > 126) return false;
    return true;
}

bool fuzz_utf8_valid(const char *s, size_t n) {
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned c = u[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        /* lead byte: continuation bytes that follow, smallest code point */
        int more = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2
                 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
        if (!more) return false;
        static const unsigned min_cp[4] = {0, 0x80, 0x800, 0x10000};
        unsigned min = min_cp[more], cp = c & (0x7fu >> (more + 1));
        for (int k = 1; k <= more; k++) {
            if (i + (size_t)k >= n || (u[i + k] & 0xc0) != 0x80) return false;
            cp = cp << 6 | (u[i + k] & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
        i += (size_t)more + 1;
    }
    return true;
}

void fuzz_capture_begin(FuzzCapture *c) {
    memset(c, 0, sizeof *c);
    fflush(stdout);
    fflush(stderr);
    c->saved_out = stdout;
    c->saved_err = stderr;
    FILE *o = open_memstream(&c->out, &c->out_len);
    FILE *e = open_memstream(&c->err, &c->err_len);
    FUZZ_CHECK(o && e, "open_memstream failed");
    stdout = o;
    stderr = e;
}

void fuzz_capture_end(FuzzCapture *c) {
    FILE *o = stdout, *e = stderr;
    stdout = c->saved_out;
    stderr = c->saved_err;
    fclose(o); /* sets out/out_len, NUL-terminated */
    fclose(e);
}

void fuzz_capture_free(FuzzCapture *c) {
    free(c->out);
    free(c->err);
    c->out = c->err = NULL;
}

int fuzz_memfile(const void *data, size_t n, char *path, size_t cap) {
    int fd = memfd_create("gmk-fuzz", 0);
    FUZZ_CHECK(fd >= 0, "memfd_create failed");
    const char *p = data;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, p + done, n - done);
        FUZZ_CHECK(w > 0, "write to memfd failed");
        done += (size_t)w;
    }
    snprintf(path, cap, "/dev/fd/%d", fd);
    return fd;
}

Board *fuzz_board(int size, Rule rule, unsigned flags) {
    static Board *cache[BOARD_MAX + 1][RULE_NB][2];
    Board **slot = &cache[size][rule][flags & BOARD_LIGHT ? 1 : 0];
    if (!*slot) *slot = board_new_flags(size, rule, flags);
    FUZZ_CHECK(*slot != NULL, "board_new_flags(%d, %d, %u) failed", size, (int)rule, flags);
    return *slot;
}
