/*
 * bench_search — gmk-search's depth benchmark: the bench positions of
 * `gmk-search bench` (lib/search/search_bench.c), each searched from a fresh engine
 * (16 MB table, one thread) to depth BENCH_DEPTH. Prints per position the
 * nodes and CPU time of each completed depth, then
 *   - nodes per CPU second over the whole run,
 *   - the effective branching factor: per position (nodes to depth D /
 *     nodes to depth D-4)^(1/4), and their geometric mean,
 *   - the CPU time to reach depth BENCH_DEPTH (median and total),
 *   - a signature of the node counts (changes exactly when the search does).
 * Positions where the root finds a forced win (no iterations) are listed
 * and left out of the branching factor.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gmk.h"

#define BENCH_DEPTH 10

typedef struct {
    uint64_t nodes[SEARCH_DEPTH_MAX + 1]; /* cumulative nodes when depth d completed */
    double cpu[SEARCH_DEPTH_MAX + 1];     /* cumulative CPU seconds then */
    double cpu0;
    int last;
} Trace;

static double cpu_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void on_depth(void *ctx, const SearchResult *r) {
    Trace *t = ctx;
    if (r->depth < 1 || r->depth > SEARCH_DEPTH_MAX) return;
    t->nodes[r->depth] = r->nodes;
    t->cpu[r->depth] = cpu_s() - t->cpu0;
    t->last = r->depth;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void) {
    int count;
    const SearchBenchPos *pos = search_bench_positions(&count);
    GmkStatus st;
    Search *s = search_new(16, &st);
    if (!s) {
        fprintf(stderr, "bench_search: out of memory\n");
        return 2;
    }
    printf("bench_search: %d positions, depth %d, one thread, fresh 16 MB table each\n", count,
           BENCH_DEPTH);
    printf("%2s %-9s %10s %9s %6s  %s\n", "#", "rule", "nodes", "cpu ms", "EBF", "nodes at depth 1..");
    uint64_t total = 0, sig = 0;
    double total_cpu = 0, log_ebf = 0, times[64];
    int n_ebf = 0, n_times = 0;
    for (int i = 0; i < count; i++) {
        Board *b = board_new(pos[i].size, pos[i].rule);
        ParseError e;
        if (!b || notation_parse_position(b, pos[i].moves, strlen(pos[i].moves), ORIGIN_BOTTOM, &e) !=
                      GMK_OK) {
            fprintf(stderr, "bench_search: position %d does not parse\n", i + 1);
            return 2;
        }
        search_clear(s);
        SearchLimits lim = {0};
        lim.depth = BENCH_DEPTH;
        lim.threads = 1;
        Trace t = {.cpu0 = cpu_s()};
        SearchResult r;
        if (search_run(s, b, &lim, &r, on_depth, &t) != GMK_OK) {
            fprintf(stderr, "bench_search: position %d: search failed\n", i + 1);
            return 2;
        }
        double cpu = cpu_s() - t.cpu0;
        total += r.nodes;
        total_cpu += cpu;
        sig = search_bench_mix(sig, r.nodes);
        char ebf_s[16] = "-";
        if (t.last == BENCH_DEPTH && t.nodes[BENCH_DEPTH - 4] > 0) {
            double ebf = pow((double)t.nodes[BENCH_DEPTH] / (double)t.nodes[BENCH_DEPTH - 4], 0.25);
            log_ebf += log(ebf);
            n_ebf++;
            snprintf(ebf_s, sizeof ebf_s, "%.2f", ebf);
            times[n_times++] = t.cpu[BENCH_DEPTH];
        }
        printf("%2d %-9s %10llu %9.0f %6s ", i + 1, rule_name(pos[i].rule),
               (unsigned long long)r.nodes, cpu * 1000, ebf_s);
        if (r.vcf) printf(" forced win found by the root probe");
        for (int d = 1; d <= t.last; d++) printf(" %llu", (unsigned long long)t.nodes[d]);
        printf("\n");
        board_free(b);
    }
    qsort(times, (size_t)n_times, sizeof *times, cmp_double);
    printf("total nodes %llu  cpu %.2f s  nps %.0f (per cpu second)\n", (unsigned long long)total,
           total_cpu, total_cpu > 0 ? (double)total / total_cpu : 0);
    if (n_ebf)
        printf("effective branching factor (depth %d over %d, geometric mean of %d): %.2f\n",
               BENCH_DEPTH, BENCH_DEPTH - 4, n_ebf, exp(log_ebf / n_ebf));
    if (n_times)
        printf("cpu time to depth %d: median %.0f ms, longest %.0f ms (%d positions)\n", BENCH_DEPTH,
               times[n_times / 2] * 1000, times[n_times - 1] * 1000, n_times);
    printf("bench_search signature %016llx\n", (unsigned long long)sig);
    search_free(s);
    return 0;
}
