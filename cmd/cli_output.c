/*
 * cli_output.c — what the gmk programs share for their output (see cli.h):
 * the progress line, JSON strings, carried fields, write errors and closed
 * pipes, the signal handler that removes temporary files.
 */
#include "cli.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ---- progress ----------------------------------------------------------- */

double cli_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void cli_progress_start(CliProgress *p, bool forced) {
    p->term = isatty(2);
    p->on = p->term || forced;
    p->shown = 0;
    p->t0 = p->last = cli_now();
}

bool cli_progress_due(CliProgress *p, bool final) {
    if (!p->on) return false;
    double t = cli_now();
    if (!final && t - p->last < (p->term ? 0.25 : 2.0)) return false;
    p->last = t;
    return true;
}

void cli_progress_line(CliProgress *p, const char *text, bool final) {
    int len = (int)strlen(text);
    if (p->term) {
        fprintf(stderr, "\r%s%*s%s", text, p->shown > len ? p->shown - len : 0, "", final ? "\n" : "");
        p->shown = final ? 0 : len;
    } else {
        fprintf(stderr, "%s\n", text);
    }
}

void cli_eta(double s, char *out, size_t cap) {
    long t = s < 0 ? 0 : s > 1e8 ? 100000000 : (long)(s + 0.5);
    if (t < 60) snprintf(out, cap, "ETA %ld s", t);
    else if (t < 3600) snprintf(out, cap, "ETA %ld min %02ld s", t / 60, t % 60);
    else snprintf(out, cap, "ETA %ld h %02ld min", t / 3600, t / 60 % 60);
}

/* ---- output ------------------------------------------------------------- */

/* Length of the well-formed UTF-8 sequence that starts s (n bytes left):
 * 2..4, or 0 when it is not one (a stray byte, an overlong form, a
 * surrogate, beyond U+10FFFF or cut short). */
static size_t utf8_seq_len(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (!len || len > n) return 0;
    for (size_t k = 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80) return 0;
    if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f) || (c == 0xf0 && s[1] < 0x90) ||
        (c == 0xf4 && s[1] > 0x8f))
        return 0; /* overlong, surrogate, above U+10FFFF */
    return len;
}

bool out_utf8_valid(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    for (size_t i = 0, k; i < len; i += k)
        if (!(k = u[i] < 0x80 ? 1 : utf8_seq_len(u + i, len - i))) return false;
    return true;
}

void out_json_string(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    putchar('"');
    for (size_t i = 0; i < len; i++) {
        unsigned char c = u[i];
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c == '\n') fputs("\\n", stdout);
        else if (c == '\t') fputs("\\t", stdout);
        else if (c < 0x20 || c == 0x7f) printf("\\u%04x", c);
        else if (c < 0x80) putchar(c);
        else {
            /* UTF-8 passes through; a byte that is not part of a valid
             * sequence becomes U+FFFD, so the output stays valid JSON */
            size_t k = utf8_seq_len(u + i, len - i);
            if (k) {
                fwrite(u + i, 1, k, stdout);
                i += k - 1;
            } else {
                fputs("\\ufffd", stdout);
            }
        }
    }
    putchar('"');
}

void out_carry(const PosSource *src) {
    if (!src->carry) return;
    putchar('\t');
    fwrite(src->carry, 1, src->carry_len, stdout);
}

/* The handler of cli_cleanup_on_signals(). */
static void cleanup_and_die(int sig) {
    gmk_temp_cleanup();
    signal(sig, SIG_DFL);
    raise(sig);
}

void cli_cleanup_on_signals(void) {
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = cleanup_and_die;
        sigemptyset(&sa.sa_mask);
        for (size_t j = 0; j < sizeof sigs / sizeof *sigs; j++) sigaddset(&sa.sa_mask, sigs[j]);
        /* a signal ignored at start (nohup, background jobs) stays ignored */
        struct sigaction old;
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

void out_flush(const Cli *cli) {
    if (fflush(stdout) == 0 && !ferror(stdout)) return;
    if (errno == EPIPE) {
        signal(SIGPIPE, SIG_DFL);
        raise(SIGPIPE);
    }
    cli_error(cli, "write error: %s", strerror(errno));
    exit(EXIT_FAILURE_RUN);
}

void cli_exit(const Cli *cli, int status) {
    out_flush(cli);
    exit(status);
}

const char *cli_position_str(const Cli *cli, const Board *b, char *buf, size_t cap) {
    if (notation_format_position(b, cli->origin, buf, cap) < 0) snprintf(buf, cap, "?");
    else if (!buf[0]) snprintf(buf, cap, "-"); /* the empty board: a field that reads back */
    return buf;
}

bool cli_game_over(const Board *b) { return board_winner(b) != COLOR_NONE || board_full(b); }

void out_json_over(const Board *b) {
    Color w = board_winner(b);
    if (w != COLOR_NONE) printf(",\"winner\":\"%s\",\"result\":\"over\"", color_name(w));
    else fputs(",\"winner\":null,\"result\":\"over\"", stdout);
}

void out_json_common(const Cli *cli, const Board *b) {
    char pos[MOVES_MAX * 3 + 8];
    if (notation_format_position(b, cli->origin, pos, sizeof pos) < 0) snprintf(pos, sizeof pos, "?");
    fputs("\"position\":", stdout); /* the empty board is "" */
    out_json_string(pos, strlen(pos));
    printf(",\"rule\":\"%s\",\"size\":%d,\"to_move\":\"%s\"", rule_name(board_rule(b)),
           board_size(b), color_name(board_to_move(b)));
}

/* ---- files written whole ------------------------------------------------ */

bool cli_outfile_open(const Cli *cli, const char *path, CliOutFile *o) {
    memset(o, 0, sizeof *o);
    o->path = path;
    const char *refusal;
    int fd = gmk_output_open(path, &o->target, &o->tmp, &refusal);
    if (fd < 0 && refusal) {
        cli_error(cli, "%s is %s, not a regular file; refusing to write it", path, refusal);
        return false;
    }
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        int e = errno;
        cli_error(cli, "%s: %s", path, strerror(e));
        if (fd >= 0) {
            close(fd);
            unlink(o->tmp);
            gmk_output_temp_done(o->tmp);
        }
        free(o->tmp);
        free(o->target);
        memset(o, 0, sizeof *o);
        return false;
    }
    return true;
}

void cli_not_written(const Cli *cli, const char *path, const char *why) {
    struct stat sb;
    cli_error(cli, "%s: not written (%s%s)", path, why, stat(path, &sb) == 0 ? "; the old file is kept" : "");
}

bool cli_outfile_close(const Cli *cli, CliOutFile *o, bool keep) {
    if (!o->f) return true;
    bool ok = fflush(o->f) == 0 && !ferror(o->f) && (!keep || fsync(fileno(o->f)) == 0);
    int e = errno;
    if (fclose(o->f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    if (keep && ok && rename(o->tmp, o->target) != 0) {
        ok = false;
        e = errno;
    }
    if (!keep || !ok) unlink(o->tmp);
    gmk_output_temp_done(o->tmp);
    if (keep && !ok) cli_error(cli, "%s: write failed: %s", o->path, strerror(e));
    free(o->tmp);
    free(o->target);
    memset(o, 0, sizeof *o);
    return ok || !keep;
}
