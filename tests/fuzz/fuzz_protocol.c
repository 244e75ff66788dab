/*
 * fuzz_protocol — the Gomocup (pbrain) brain protocol reader, protocol_feed():
 * START/RESTART, BEGIN, TURN, BOARD ... DONE, TAKEBACK, SWAP2BOARD, INFO,
 * ABOUT, END and anything else, line by line, with searches capped at depth 1
 * and 100 nodes (INFO may add time limits and shrink the table, never raise
 * the caps).
 *
 * Input: protocol lines (no option byte), fed until END. Every answer must be
 * one line of printable ASCII, a session must stop at END, and no input
 * line may produce a flood of answers.
 *
 * fuzz-seeds: files tests/cli/search-gomocup.t
 */
#include <string.h>

#include "fuzzutil.h"

/* Answers of one session. */
typedef struct {
    long lines;         /* answers so far */
    long since_input;   /* answers to the current input line */
} Answers;

static void on_answer(void *ctx, const char *line) {
    Answers *a = ctx;
    a->lines++;
    a->since_input++;
    FUZZ_CHECK(line != NULL && line[0], "empty answer");
    FUZZ_CHECK(fuzz_printable(line), "answer not printable ASCII: '%s'", line);
    FUZZ_CHECK(a->since_input <= 256, "%ld answers to one input line", a->since_input);
}

/* Feeds lines until END. */
typedef struct {
    Protocol *p;
    Answers *a;
    bool ended;
    int fed;
} Session;

static void feed(void *ctx, const char *line, size_t len) {
    Session *s = ctx;
    if (s->ended || s->fed >= 200) return;
    char buf[512];
    if (len >= sizeof buf) len = sizeof buf - 1;
    memcpy(buf, line, len);
    buf[len] = '\0';
    s->a->since_input = 0;
    s->fed++;
    if (!protocol_feed(s->p, buf)) s->ended = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static Search *search;
    if (!search) {
        GmkStatus st;
        search = search_new(1, &st);
        FUZZ_CHECK(search != NULL, "search_new: %s", gmk_strerror(st));
    }
    SearchLimits base;
    memset(&base, 0, sizeof base);
    base.depth = 1;
    base.nodes = 100;
    base.threads = 1;
    Answers a = {0, 0};
    Protocol *p = protocol_new(search, &base, on_answer, &a);
    FUZZ_CHECK(p != NULL, "protocol_new failed");
    Session s = {p, &a, false, 0};
    fuzz_for_each_line((const char *)data, size, feed, &s);
    protocol_free(p);
    return 0;
}
