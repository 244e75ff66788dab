/*
 * records_stream.c — reading game records: records_read() hands one text to
 * its format's reader; and a file of any length, read a chunk
 * at a time, each chunk cut after its last whole record (move lists, PGN,
 * psq; SGF and RIF XML are read whole), so that a large file is never held
 * in memory at once; and the rule and size that a file's first record
 * states (a build's defaults).
 */
#include "records.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- dispatch ------------------------------------------------------------- */

GmkStatus records_read(const char *buf, size_t len, const RecordOptions *opt,
                       const RecordSink *sink) {
    RecordOptions o = opt ? *opt : (RecordOptions){0};
    if (o.size == 0) o.size = BOARD_DEFAULT;
    if (o.size < BOARD_MIN || o.size > BOARD_MAX || o.rule < 0 || o.rule >= RULE_NB)
        return GMK_ERR_ARG;
    if (o.format == RECORD_AUTO) o.format = records_guess(buf, len);
    if (o.format <= RECORD_AUTO || o.format >= RECORD_FORMAT_NB) return GMK_ERR_FORMAT;
    RecordReader *rr = calloc(1, sizeof *rr);
    if (!rr) return GMK_ERR_NOMEM;
    rr->buf = buf;
    rr->len = len;
    rr->opt = &o;
    rr->sink = sink;
    rr->line_no = o.first_line > 0 ? o.first_line : 1;
    rr->records = o.first_record > 0 && o.first_record < INT_MAX ? (int)o.first_record : 0;
    switch (o.format) {
    case RECORD_MOVES: records_read_moves(rr); break;
    case RECORD_PGN: records_read_pgn(rr); break;
    case RECORD_PSQ: records_read_psq(rr); break;
    case RECORD_SGF: records_read_sgf(rr); break;
    case RECORD_RIF: records_read_rif(rr); break;
    default: break;
    }
    GmkStatus st = rr->fatal;
    for (int r = 0; r < RULE_NB; r++)
        for (int s = 0; s <= BOARD_MAX; s++) board_free(rr->boards[r][s]);
    free(rr);
    return st;
}

/* Where a chunk of a large input can end so that it holds whole records:
 * after the last line of move lists, before the last tag section of PGN,
 * before the last psq header; 0 when there is none (or for SGF and XML,
 * which are read whole). */
static size_t chunk_end(RecordFormat f, const char *buf, size_t n) {
    if (f == RECORD_MOVES) {
        const char *nl = memrchr(buf, '\n', n);
        return nl ? (size_t)(nl - buf) + 1 : 0;
    }
    const char *mark = f == RECORD_PGN ? "\n\n[" : f == RECORD_PSQ ? "\nPiskvork" : NULL;
    if (!mark) return 0;
    size_t k = strlen(mark);
    for (size_t i = n; i-- > k;) /* the last occurrence, not at the very start */
        if (memcmp(buf + i - k + 1, mark, k) == 0) return f == RECORD_PGN ? i : i - k + 2;
    return 0;
}

/* Is the start of a file a book or a RenLib library rather than game
 * records? What it is and what to use then, else NULL. */
static const char *not_records(const char *buf, size_t n) {
    if (n >= 8 && memcmp(buf, "GMKBOOK", 8) == 0) return "a gmk book, not game records (use gmk-book merge)";
    if (n >= 8 && memcmp(buf, "\xffRenLib\xff", 8) == 0)
        return "a RenLib library, not game records (use gmk-book import)";
    if (records_is_binary(buf, n)) return "binary data";
    return NULL;
}

bool records_is_binary(const char *buf, size_t n) {
    size_t look = n < RECORDS_BINARY_LOOK ? n : RECORDS_BINARY_LOOK, ctrl = 0;
    for (size_t i = 0; i < look; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (c == 0) return true;
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1b) ||
            c == 0x7f)
            ctrl++;
    }
    return look >= 16 && ctrl * 8 > look;
}

/* Skips a UTF-8 byte order mark at the start of buf (n bytes). */
static size_t bom_len(const char *buf, size_t n) {
    return n >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

/* The caller's sink, with the records counted on the way. */
typedef struct {
    const RecordSink *user;
    RecordStream *rs;
    bool stopped;           /* the caller's game() said stop */
} Counted;

static bool counted_game(void *ctx, const GameRecord *g) {
    Counted *c = ctx;
    c->rs->records++;
    if (!c->user->game(c->user->ctx, g)) c->stopped = true;
    return !c->stopped;
}

static void counted_error(void *ctx, const RecordError *e) {
    Counted *c = ctx;
    c->rs->records++;
    if (c->user->error) c->user->error(c->user->ctx, e);
}

GmkStatus records_read_stream(FILE *f, const RecordOptions *opt, size_t chunk, const RecordSink *sink,
                              RecordStream *rs) {
    memset(rs, 0, sizeof *rs);
    RecordOptions o = *opt;
    if (o.first_line < 1) o.first_line = 1;
    long start_line = o.first_line;
    Counted c = {sink, rs, false};
    RecordSink counted = {counted_game, counted_error, &c};
    size_t cap = chunk ? chunk : 1, n = 0;
    char *buf = malloc(cap);
    if (!buf) return GMK_ERR_NOMEM;
    bool eof = false;
    GmkStatus st = GMK_OK;
    while (!eof && !c.stopped) {
        n += fread(buf + n, 1, cap - n, f);
        eof = n < cap;
        if (ferror(f)) {
            rs->err = errno;
            st = GMK_ERR_IO;
            break;
        }
        if (rs->records == 0 && o.first_line == start_line) {
            if ((rs->what = not_records(buf, n))) {
                st = GMK_ERR_FORMAT;
                break;
            }
            size_t skip = bom_len(buf, n);
            memmove(buf, buf + skip, n - skip);
            n -= skip;
        }
        if (o.format == RECORD_AUTO) o.format = records_guess(buf, n);
        size_t upto = eof ? n : chunk_end(o.format, buf, n);
        if (upto == 0) { /* no whole record in the buffer yet (or SGF, XML): grow */
            char *nb = cap < ((size_t)1 << 40) ? realloc(buf, cap * 2) : NULL;
            if (!nb) {
                st = GMK_ERR_NOMEM;
                break;
            }
            buf = nb;
            cap *= 2;
            continue;
        }
        o.first_record = opt->first_record + rs->records;
        long lines = 0;
        for (size_t i = 0; i < upto; i++) lines += buf[i] == '\n';
        rs->chunk_line = o.first_line;
        rs->chunk_lines = lines;
        rs->chunk_bytes = upto;
        st = records_read(buf, upto, &o, &counted);
        if (st != GMK_OK) break;
        o.first_line += lines;
        rs->done_bytes += upto;
        memmove(buf, buf + upto, n - upto);
        n -= upto;
    }
    free(buf);
    return st;
}

/* Keeps the first record's rule and size, and stops. */
typedef struct {
    bool found;
    Rule rule;
    int size;
} FirstRecord;

static bool first_record(void *ctx, const GameRecord *rec) {
    FirstRecord *fr = ctx;
    fr->found = true;
    fr->rule = rec->rule;
    fr->size = rec->size;
    return false; /* that is all */
}

bool records_first_rule(const char *buf, size_t n, bool whole, const RecordOptions *opt, Rule *rule,
                        int *size) {
    size_t skip = bom_len(buf, n);
    buf += skip;
    n -= skip;
    RecordOptions o = *opt;
    if (o.format == RECORD_AUTO) o.format = records_guess(buf, n);
    if (o.format == RECORD_MOVES) return false; /* move lists state no rule */
    size_t upto = whole ? n : chunk_end(o.format, buf, n);
    FirstRecord fr = {false, opt->rule, opt->size};
    RecordSink sink = {first_record, NULL, &fr};
    if (!upto || records_read(buf, upto, &o, &sink) != GMK_OK || !fr.found) return false;
    *rule = fr.rule;
    *size = fr.size;
    return true;
}
