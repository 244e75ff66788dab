/*
 * bench_solve — gmk-solve's benchmark: the quintet solver's 33 cases
 * (puzzles/quintet.tsv), each solved from a fresh solver, single thread, with
 * the independent check of every win. Prints per case the result, wall and
 * CPU time and nodes, then the totals and a signature of the node counts
 * (FNV-1a over them): it changes exactly when the search changes, and the
 * machine does not enter it. Exit status 1 when a case gives a wrong result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gmk.h"

#define CASES_FILE "puzzles/quintet.tsv"

static double clock_s(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Reads the options column of a puzzle row ("--vct --depth 4 --threes 1"). */
static void parse_options(char *opts, SolveOptions *o) {
    solve_options_default(o);
    for (char *t = strtok(opts, " "); t; t = strtok(NULL, " ")) {
        if (strcmp(t, "--vcf") == 0) o->kind = SOLVE_VCF;
        else if (strcmp(t, "--vct") == 0) o->kind = SOLVE_VCT;
        else if (strcmp(t, "--win") == 0) {
            o->kind = SOLVE_WIN_IN;
            o->win_moves = atoi(strtok(NULL, " "));
        } else if (strcmp(t, "--depth") == 0) o->depth = atoi(strtok(NULL, " "));
        else if (strcmp(t, "--threes") == 0) o->threes = atoi(strtok(NULL, " "));
    }
}

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    FILE *f = fopen(CASES_FILE, "r");
    if (!f) {
        perror(CASES_FILE);
        return 2;
    }
    char line[8192];
    int cases = 0, wrong = 0, over1s = 0;
    double wall = 0, cpu = 0, worst = 0;
    uint64_t nodes = 0, sig = 0xcbf29ce484222325ULL;
    printf("bench_solve: %s, one fresh solver per case, every win checked\n", CASES_FILE);
    printf("%-28s %-6s %-7s %9s %9s %10s\n", "case", "expect", "result", "wall ms", "cpu ms", "nodes");
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
        Solver *s = solver_new(0);
        if (!b || !s) return 2;
        ParseError err;
        if (notation_parse_position(b, field[6], strlen(field[6]), ORIGIN_BOTTOM, &err) != GMK_OK) {
            fprintf(stderr, "%s: %s\n", field[0], err.msg);
            return 2;
        }
        SolveOptions o;
        parse_options(field[3], &o);
        static SolveOutcome out;
        double w0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
        solver_solve(s, b, &o, &out);
        double dw = (clock_s(CLOCK_MONOTONIC) - w0) * 1000, dc = (clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0) * 1000;
        const char *res = out.result == SOLVE_WIN ? "win" : out.result == SOLVE_NOWIN ? "nowin" : "unknown";
        bool ok = strcmp(res, field[4]) == 0 && (out.result != SOLVE_WIN || out.verified);
        printf("%-28s %-6s %-7s %9.1f %9.1f %10llu%s\n", field[0], field[4], res, dw, dc,
               (unsigned long long)out.nodes, ok ? "" : "  WRONG");
        cases++;
        wrong += !ok;
        over1s += dc > 1000;
        wall += dw;
        cpu += dc;
        if (dc > worst) worst = dc;
        nodes += out.nodes;
        for (int k = 0; k < 8; k++) sig = (sig ^ ((out.nodes >> (8 * k)) & 0xff)) * 0x100000001b3ULL;
        solver_free(s);
        board_free(b);
    }
    fclose(f);
    printf("bench_solve: %d cases, %d wrong, %d over 1 s cpu; total %.0f ms wall, %.0f ms cpu, worst %.0f ms cpu; "
           "%llu nodes; signature %016llx\n",
           cases, wrong, over1s, wall, cpu, worst, (unsigned long long)nodes, (unsigned long long)sig);
    return wrong ? 1 : 0;
}
