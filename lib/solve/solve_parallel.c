/*
 * solve_parallel.c — a portfolio of solvers: the search variants of the VCT
 * and win-in-N proof-number search (SOLVE_VARIANTS) run side by side, one
 * thread each on its own copy of the board, and the first decided answer
 * stops the others. No table is shared: each variant is the complete, sound
 * search it is alone, so the answer is one of theirs and needs no locking;
 * what the threads gain is that a puzzle one variant would search long is
 * often quick for another.
 *
 * The first variant starts alone; the others wait SOLVE_STAGGER_MS and
 * start only if it has not answered by then. Most positions are decided
 * in a few milliseconds, where the other threads cost more than they
 * bring: quintet's 33 cases on 2 cores (one of them busy), all threads
 * from the start took 2-4x the time of one thread on 27 of them
 * (vct_game_white_l05_1: 15.4 ms against 4.2; vct_black_long 1,725
 * against 728), and a whole process on a small case twice the CPU. Not
 * longer: where the first variant is slow another is often quick
 * (vct_game_white_l12_1, one thread each: variant 0 118 ms, variant 4
 * 20 ms), and that one should not wait long.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solve.h"

#define SOLVE_STAGGER_MS 10 /* the first variant alone, before the others start */

/* The jobs' meeting point: the first answer wakes the variants still
 * waiting for their start. */
typedef struct {
    pthread_mutex_t mu;
    pthread_cond_t cv;
    atomic_int stop;         /* a job has a decided answer (or the run failed) */
    struct timespec start;   /* when the waiting variants start (CLOCK_MONOTONIC) */
} Start;

typedef struct {
    Solver *solver;
    Board *board;            /* a copy of the caller's board (the caller's for job 0) */
    SolveOptions opt;        /* the caller's, with the job's variant and the shared stop flag */
    SolveOutcome out;
    GmkStatus status;
    atomic_int *first;       /* index of the first job with a decided answer, -1 none */
    int index;
    Start *start;
} Job;

static void stop_all(Start *st) {
    pthread_mutex_lock(&st->mu);
    atomic_store(&st->stop, 1);
    pthread_cond_broadcast(&st->cv);
    pthread_mutex_unlock(&st->mu);
}

/* Waits for the start time of the variants after the first; false when an
 * answer came first (the job then has nothing to do). */
static bool wait_start(Start *st) {
    pthread_mutex_lock(&st->mu);
    while (!atomic_load(&st->stop) && pthread_cond_timedwait(&st->cv, &st->mu, &st->start) == 0) {
    }
    bool go = !atomic_load(&st->stop);
    pthread_mutex_unlock(&st->mu);
    return go;
}

static void *job_run(void *arg) {
    Job *j = arg;
    if (j->index > 0 && !wait_start(j->start)) {
        j->status = GMK_OK;
        j->out.result = SOLVE_UNKNOWN; /* never started: not an answer */
        return NULL;
    }
    if (j->index > 0 && j->opt.max_ms) /* the time limit counts from the first job's start */
        j->opt.max_ms = j->opt.max_ms > SOLVE_STAGGER_MS ? j->opt.max_ms - SOLVE_STAGGER_MS : 1;
    j->status = solver_solve(j->solver, j->board, &j->opt, &j->out);
    if (j->status == GMK_OK && j->out.result != SOLVE_UNKNOWN) {
        int none = -1;
        if (atomic_compare_exchange_strong(j->first, &none, j->index)) stop_all(j->start);
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
    atomic_int first;
    atomic_init(&first, -1);
    if (!jobs) return GMK_ERR_NOMEM;
    Start start;
    pthread_condattr_t ca;
    if (pthread_condattr_init(&ca) != 0) {
        free(jobs);
        return GMK_ERR_NOMEM;
    }
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    int cv_err = pthread_cond_init(&start.cv, &ca);
    pthread_condattr_destroy(&ca);
    if (cv_err != 0 || pthread_mutex_init(&start.mu, NULL) != 0) {
        if (cv_err == 0) pthread_cond_destroy(&start.cv);
        free(jobs);
        return GMK_ERR_NOMEM;
    }
    atomic_init(&start.stop, 0);
    clock_gettime(CLOCK_MONOTONIC, &start.start);
    start.start.tv_nsec += SOLVE_STAGGER_MS * 1000000L;
    if (start.start.tv_nsec >= 1000000000L) {
        start.start.tv_sec++;
        start.start.tv_nsec -= 1000000000L;
    }
    GmkStatus st = GMK_OK;
    for (int i = 0; i < n && st == GMK_OK; i++) {
        Job *j = &jobs[i];
        j->solver = solvers[i];
        j->opt = *o;
        j->opt.variant = PORTFOLIO[o->kind == SOLVE_WIN_IN][i];
        j->opt.stop = &start.stop;
        j->first = &first;
        j->start = &start;
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
    if (st != GMK_OK) stop_all(&start);
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
    pthread_cond_destroy(&start.cv);
    pthread_mutex_destroy(&start.mu);
    return st;
}
