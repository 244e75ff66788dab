/*
 * bench_solve [SHARED] — gmk-solve's benchmark: the quintet solver's 33
 * cases (puzzles/quintet.tsv), each solved from a fresh solver (made, used
 * and freed inside the time), single thread, with the independent check of
 * every win. Prints per case the result, wall and CPU time and nodes, then
 * the totals and a signature of the node counts (FNV-1a over them): it
 * changes exactly when the search changes, and the machine does not enter
 * it. A case under 20 ms is solved again until 20 ms have passed (at most
 * 50 times): its times are the mean.
 *
 * Beside them, quintet's own time per case (SHARED/puzzles/quintet/
 * quintet-times.tsv, SHARED defaulting to ../shared/data; without the file
 * the column is left out with a notice) and the ratio of gmk's CPU time to
 * it, with their geometric mean; '*' marks the cases where quintet takes
 * over 1 ms. quintet's times are rounded to 0.1 ms: a ratio is taken
 * against 0.1 ms at least. Exit status 1 when a case gives a wrong result.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gmk.h"

#define CASES_FILE "puzzles/quintet.tsv"
#define TIMES_FILE "puzzles/quintet/quintet-times.tsv" /* under SHARED */
#define QUINTET_MAX 64
#define REPEAT_MS 20.0 /* a small case is solved again until this much time has passed */
#define REPEAT_MAX 50

static double clock_s(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* quintet's times per case. */
static struct {
    char name[64];
    double ms;
} quintet[QUINTET_MAX];
static int quintets;

/* Reads quintet's times (rows: case, expect, quintet_result, quintet_ms);
 * false when the file cannot be read. */
static bool read_quintet(const char *shared) {
    char path[4096], line[256];
    snprintf(path, sizeof path, "%s/%s", shared, TIMES_FILE);
    FILE *f = fopen(path, "r");
    if (!f) {
        printf("bench_solve: %s not found: no quintet column\n", path);
        return false;
    }
    while (quintets < QUINTET_MAX && fgets(line, sizeof line, f)) {
        char name[64], expect[16], result[16];
        double ms;
        if (sscanf(line, "%63s %15s %15s %lf", name, expect, result, &ms) != 4) continue; /* the header */
        snprintf(quintet[quintets].name, sizeof quintet[quintets].name, "%s", name);
        quintet[quintets++].ms = ms;
    }
    fclose(f);
    return true;
}

/* quintet's ms for a case; -1 when it has none. */
static double quintet_ms(const char *name) {
    for (int i = 0; i < quintets; i++)
        if (strcmp(quintet[i].name, name) == 0) return quintet[i].ms;
    return -1;
}

/* Reads the options column of a puzzle row ("--vct --max-moves 4 --threes 1"). */
static void parse_options(char *opts, SolveOptions *o) {
    solve_options_default(o);
    for (char *t = strtok(opts, " "); t; t = strtok(NULL, " ")) {
        if (strcmp(t, "--vcf") == 0) o->kind = SOLVE_VCF;
        else if (strcmp(t, "--vct") == 0) o->kind = SOLVE_VCT;
        else if (strcmp(t, "--win") == 0) {
            o->kind = SOLVE_WIN_IN;
            o->win_moves = atoi(strtok(NULL, " "));
        } else if (strcmp(t, "--max-moves") == 0) o->depth = atoi(strtok(NULL, " "));
        else if (strcmp(t, "--threes") == 0) o->threes = atoi(strtok(NULL, " "));
    }
}

int main(int argc, char **argv) {
    bool have_q = read_quintet(argc > 1 ? argv[1] : "../shared/data");
    FILE *f = fopen(CASES_FILE, "r");
    if (!f) {
        perror(CASES_FILE);
        return 2;
    }
    char line[8192];
    int cases = 0, wrong = 0, over1s = 0, ratios = 0, slower = 0;
    double wall = 0, cpu = 0, worst = 0, qtotal = 0, qcpu = 0, logsum = 0;
    uint64_t nodes = 0, sig = 0xcbf29ce484222325ULL;
    printf("bench_solve: %s, one fresh solver per case, every win checked\n", CASES_FILE);
    printf("%-28s %-6s %-7s %9s %9s %10s", "case", "expect", "result", "wall ms", "cpu ms", "nodes");
    if (have_q) printf(" %9s %7s", "quint ms", "ratio");
    putchar('\n');
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        line[strcspn(line, "\n")] = '\0';
        char *field[8];
        int n = 0;
        for (char *p = line; n < 8; n++) {
            field[n] = p;
            char *tab = strchr(p, '\t');
            if (!tab) {
                n++;
                break;
            }
            *tab = '\0';
            p = tab + 1;
        }
        if (n < 7) continue;
        Rule rule;
        if (rule_parse(field[1], &rule) != GMK_OK) continue;
        Board *b = board_new(atoi(field[2]), rule);
        if (!b) return 2;
        ParseError err;
        if (notation_parse_position(b, field[6], strlen(field[6]), ORIGIN_BOTTOM, &err) != GMK_OK) {
            fprintf(stderr, "%s: %s\n", field[0], err.msg);
            return 2;
        }
        SolveOptions o;
        parse_options(field[3], &o);
        static SolveOutcome out;
        uint64_t case_nodes = 0;
        bool ok = true;
        const char *res = "unknown";
        int reps = 0;
        double w0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID), dw;
        do {
            Solver *s = solver_new(0);
            if (!s) return 2;
            solver_solve(s, b, &o, &out);
            solver_free(s);
            res = out.result == SOLVE_WIN ? "win" : out.result == SOLVE_NOWIN ? "nowin" : "unknown";
            ok = ok && strcmp(res, field[4]) == 0 && (out.result != SOLVE_WIN || out.verified);
            if (!reps++) case_nodes = out.nodes;
            dw = (clock_s(CLOCK_MONOTONIC) - w0) * 1000;
        } while (dw < REPEAT_MS && reps < REPEAT_MAX);
        double dc = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) * 1000 / reps;
        dw /= reps;
        printf("%-28s %-6s %-7s %9.2f %9.2f %10llu", field[0], field[4], res, dw, dc,
               (unsigned long long)case_nodes);
        double q = have_q ? quintet_ms(field[0]) : -1;
        if (q >= 0) {
            double r = dc / (q < 0.1 ? 0.1 : q);
            printf(" %9.1f %6.2f%s", q, r, q > 1 ? "*" : " ");
            qtotal += q;
            qcpu += dc;
            logsum += log(r);
            ratios++;
            slower += q > 1 && r > 1;
        }
        printf("%s\n", ok ? "" : "  WRONG");
        cases++;
        wrong += !ok;
        over1s += dc > 1000;
        wall += dw;
        cpu += dc;
        if (dc > worst) worst = dc;
        nodes += case_nodes;
        for (int k = 0; k < 8; k++) sig = (sig ^ ((case_nodes >> (8 * k)) & 0xff)) * 0x100000001b3ULL;
        board_free(b);
    }
    fclose(f);
    printf("bench_solve: %d cases, %d wrong, %d over 1 s cpu; total %.0f ms wall, %.0f ms cpu, worst %.0f ms cpu; "
           "%llu nodes; signature %016llx\n",
           cases, wrong, over1s, wall, cpu, worst, (unsigned long long)nodes, (unsigned long long)sig);
    if (ratios)
        printf("bench_solve: quintet %.0f ms on %d cases, gmk %.0f ms cpu (quintet / gmk x%.1f); gmk / quintet: "
               "geometric mean %.2f, slower on %d case(s) marked *\n",
               qtotal, ratios, qcpu, qcpu > 0 ? qtotal / qcpu : 0, exp(logsum / ratios), slower);
    return wrong ? 1 : 0;
}
