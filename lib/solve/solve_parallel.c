/*
 * solve_parallel.c — a portfolio of solvers: the search variants of the VCT
 * and win-in-N proof-number search (SOLVE_VARIANTS) run side by side, one
 * thread each on its own copy of the board, and the first decided answer
 * stops the others. No table is shared: each variant is the complete, sound
 * search it is alone, so the answer is one of theirs and needs no locking;
 * what the threads gain is that a puzzle one variant would search long is
 * often quick for another.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solve.h"

typedef struct {
    Solver *solver;
    Board *board;            /* a copy of the caller's board (the caller's for job 0) */
    SolveOptions opt;        /* the caller's, with the job's variant and the shared stop flag */
    SolveOutcome out;
    GmkStatus status;
    atomic_int *first;       /* index of the first job with a decided answer, -1 none */
    int index;
} Job;

static void *job_run(void *arg) {
    Job *j = arg;
    j->status = solver_solve(j->solver, j->board, &j->opt, &j->out);
    if (j->status == GMK_OK && j->out.result != SOLVE_UNKNOWN) {
        int none = -1;
        if (atomic_compare_exchange_strong(j->first, &none, j->index)) atomic_store(j->opt.stop, 1);
    }
    return NULL;
}

GmkStatus solver_solve_parallel(Solver *const *solvers, int n, Board *b, const SolveOptions *o,
                                SolveOutcome *out, int *used) {
    if (used) *used = 0;
    /* the search variants of the threads (gmk.h). VCT: df-pn (plain fours
     * as dear as open threes, counter-fours counted once), df-pn with the
     * capped passes first (at most 1, 2, .. 8 non-four moves on a line)
     * and plain fours first, the narrow threat passes with weak OR numbers.
     * Win in N, where VCT's passes do not run (variant 3 is 0 there):
     * plain df-pn, the weak numbers at OR nodes, at both */
    static const int PORTFOLIO[2][SOLVE_THREADS] = {{0, 4, 1}, {3, 1, 2}}; /* VCT, win in N */
    if (n < 1 || n > SOLVE_THREADS) return GMK_ERR_ARG;
    if (n == 1 || o->all || o->shortest || (o->kind != SOLVE_VCT && o->kind != SOLVE_WIN_IN)) {
        SolveOptions one = *o;
        one.variant = 0;
        return solver_solve(solvers[0], b, &one, out);
    }
    Job *jobs = calloc((size_t)n, sizeof *jobs);
    pthread_t tid[SOLVE_THREADS];
    atomic_int first, stop;
    atomic_init(&first, -1);
    atomic_init(&stop, 0);
    if (!jobs) return GMK_ERR_NOMEM;
    GmkStatus st = GMK_OK;
    for (int i = 0; i < n && st == GMK_OK; i++) {
        Job *j = &jobs[i];
        j->solver = solvers[i];
        j->opt = *o;
        j->opt.variant = PORTFOLIO[o->kind == SOLVE_WIN_IN][i];
        j->opt.stop = &stop;
        j->first = &first;
        j->index = i;
        j->board = b;
        if (i > 0) {
            j->board = board_new(board_size(b), board_rule(b));
            if (!j->board || board_copy(j->board, b) != GMK_OK) st = GMK_ERR_NOMEM;
        }
    }
    /* jobs 1.. in threads of their own, job 0 in this one */
    int started = 1; /* jobs 0 .. started - 1 have a thread (or this one) */
    for (; started < n && st == GMK_OK; started++)
        if (pthread_create(&tid[started], NULL, job_run, &jobs[started]) != 0) {
            st = GMK_ERR_NOMEM;
            break;
        }
    if (st != GMK_OK) atomic_store(&stop, 1);
    else job_run(&jobs[0]);
    for (int i = 1; i < started; i++) pthread_join(tid[i], NULL);
    if (st == GMK_OK) {
        int k = atomic_load(&first);
        for (int i = 0; i < n && st == GMK_OK; i++) st = jobs[i].status;
        if (st == GMK_OK) {
            uint64_t nodes = 0;
            double ms = 0;
            for (int i = 0; i < n; i++) {
                nodes += jobs[i].out.nodes;
                if (jobs[i].out.ms > ms) ms = jobs[i].out.ms;
            }
            if (k < 0) k = 0; /* every one unknown: the first variant's note */
            memcpy(out, &jobs[k].out, sizeof *out);
            out->nodes = nodes;
            out->ms = ms;
            if (used) *used = k;
        }
    }
    for (int i = 1; i < n; i++) board_free(jobs[i].board);
    free(jobs);
    return st;
}
