/*
 * fuzz_cli — the programs' input path, cli_for_each_position(): the line
 * reader (long lines, NUL bytes, CR, no final newline), comments, TAB-carried
 * fields, diagrams between lines, per-line errors, several files, an
 * unreadable one, and the output helpers (JSON strings, carried fields).
 *
 * Input: bytes, then one option byte c (the last byte): bit 0 JSON output,
 * bit 1 --origin top, bit 2 a line cap of 40 bytes instead of 1 MiB, bit 3
 * a nonexistent file between the two files, bit 4 stop after the second
 * position, bits 5-6 --to-move (none, black, white), bit 7 board size 9
 * instead of 15; the rule is the byte count mod 3. The bytes are split at the
 * first 0xff into two files.
 * Each position must come with a line number inside its file, in order (and
 * the first one a board that passes board_ok()); every stderr line must be one
 * "gmk-fuzz: FILE:LINE: ..." report or "gmk-fuzz: FILE: ..." failure, one per
 * counted bad line or failure; JSON output must be valid UTF-8.
 *
 * fuzz-seeds: blocks $SHARED/puzzles/quintet/
 * fuzz-seeds: lines $SHARED/puzzles/lfz084.tsv
 */
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fuzzutil.h"

/* What the callback saw. */
typedef struct {
    Cli *cli;
    const char *names[3];   /* the file names as given */
    long lines[3];          /* line count of each file (0: unreadable) */
    int file;               /* index of the file of the last position */
    long last_line;         /* its line */
    int positions;          /* positions seen */
    int stop_after;         /* stop after this many, 0 never */
} Seen;

/* The callback: prints the position as a program would and checks it. */
static bool on_position(void *ctx, Board *b, const PosSource *src) {
    Seen *s = ctx;
    int f = -1;
    for (int i = 0; i < 3; i++)
        if (s->names[i] && strcmp(src->file, s->names[i]) == 0) f = i;
    FUZZ_CHECK(f >= 0, "position from unknown file '%s'", src->file);
    FUZZ_CHECK(f >= s->file, "files out of order");
    if (f > s->file) s->last_line = 0;
    s->file = f;
    FUZZ_CHECK(src->line >= 1 && src->line <= s->lines[f], "line %ld outside 1..%ld", src->line,
               s->lines[f]);
    FUZZ_CHECK(src->line > s->last_line, "line %ld after line %ld", src->line, s->last_line);
    s->last_line = src->line;
    if (s->positions == 0) /* costly; fuzz_position checks it on every board */
        FUZZ_CHECK(board_ok(b), "board_ok() on a position read");
    FUZZ_CHECK(!src->carry || !memchr(src->carry, '\n', src->carry_len), "newline in carry");
    if (s->cli->json) {
        putchar('{');
        out_json_common(s->cli, b);
        if (src->carry) {
            fputs(",\"carry\":", stdout);
            out_json_string(src->carry, src->carry_len);
        }
        puts("}");
    } else {
        char pos[MOVES_MAX * 3 + 8];
        fputs(cli_position_str(s->cli, b, pos, sizeof pos), stdout);
        out_carry(src);
        putchar('\n');
    }
    s->positions++;
    return !(s->stop_after && s->positions >= s->stop_after);
}

/* Lines in a file of n bytes as the reader counts them. */
static long count_lines(const uint8_t *p, size_t n) {
    long k = 0;
    for (size_t i = 0; i < n; i++) k += p[i] == '\n';
    return k + (n && p[n - 1] != '\n');
}

/* Checks that every stderr line is a report of ours; returns their count. */
static int check_reports(const char *err, size_t len) {
    int n = 0;
    size_t i = 0;
    while (i < len) {
        const char *nl = memchr(err + i, '\n', len - i);
        FUZZ_CHECK(nl != NULL, "stderr does not end with a newline");
        size_t l = (size_t)(nl - (err + i));
        FUZZ_CHECK(l > 10 && memcmp(err + i, "gmk-fuzz: ", 10) == 0, "stray stderr line '%.*s'",
                   (int)l, err + i);
        n++;
        i += l + 1;
    }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    FuzzInput in = {data, size};
    unsigned opt = fuzz_take_byte(&in);
    Cli cli = {0};
    cli.prog = "gmk-fuzz";
    cli.rule = (Rule)(in.size % 3);
    cli.size = opt & 128 ? 9 : 15;
    cli.origin = opt & 2 ? ORIGIN_TOP : ORIGIN_BOTTOM;
    cli.json = opt & 1;
    cli.to_move = (opt >> 5 & 3) == 1 ? COLOR_BLACK : (opt >> 5 & 3) == 2 ? COLOR_WHITE : COLOR_NONE;
    cli.line_max = opt & 4 ? 40 : 0;

    const uint8_t *cut = memchr(in.data, 0xff, in.size);
    size_t n1 = cut ? (size_t)(cut - in.data) : in.size;
    char path1[64], path2[64];
    int fd1 = fuzz_memfile(in.data, n1, path1, sizeof path1);
    int fd2 = -1;
    Seen seen = {&cli, {path1, NULL, NULL}, {count_lines(in.data, n1), 0, 0}, 0, 0, 0,
                 opt & 16 ? 2 : 0};
    char *files[4] = {path1, NULL, NULL, NULL};
    int nf = 1;
    if (opt & 8) {
        files[nf] = "/nonexistent/gmk-fuzz";
        seen.names[nf] = files[nf];
        nf++;
    }
    if (cut) {
        fd2 = fuzz_memfile(cut + 1, in.size - n1 - 1, path2, sizeof path2);
        files[nf] = path2;
        seen.names[nf] = path2;
        seen.lines[nf] = count_lines(cut + 1, in.size - n1 - 1);
    }

    FuzzCapture cap;
    fuzz_capture_begin(&cap);
    cli_for_each_position(&cli, files, on_position, &seen);
    fflush(stdout);
    fuzz_capture_end(&cap);

    int reports = check_reports(cap.err, cap.err_len);
    FUZZ_CHECK(reports == cli.bad_lines + cli.failures, "%d stderr lines for %d bad lines + %d failures",
               reports, cli.bad_lines, cli.failures);
    bool stopped = seen.stop_after && seen.positions >= seen.stop_after;
    FUZZ_CHECK(cli.failures == (opt & 8 ? 1 : 0) || (stopped && cli.failures == 0),
               "%d failures", cli.failures);
    int status = cli_exit_status(&cli);
    FUZZ_CHECK(status == (cli.failures ? 2 : cli.bad_lines ? 1 : 0), "exit status %d", status);
    long out_lines = 0;
    for (size_t i = 0; i < cap.out_len; i++) out_lines += cap.out[i] == '\n';
    FUZZ_CHECK(out_lines == seen.positions, "%ld output lines for %d positions", out_lines,
               seen.positions);
    if (cli.json)
        FUZZ_CHECK(fuzz_utf8_valid(cap.out, cap.out_len), "JSON output is not valid UTF-8");
    fuzz_capture_free(&cap);
    close(fd1);
    if (fd2 >= 0) close(fd2);
    return 0;
}
