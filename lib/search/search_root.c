/*
 * search_root.c — the engine object and the driver of the search: root
 * moves, the VCF probe at the root, iterative deepening with aspiration
 * windows, multi-PV, lazy SMP helper threads, limits and the result.
 *
 * Iterative deepening: depth 1, 2, ... up to the limit. From depth 4 on an
 * iteration starts with a window of +-ASP_DELTA around the last score and
 * widens it (doubling) on a fail low or high. With --multipv N each
 * iteration searches N lines: line k is the best of the root moves not
 * already taken by lines 0..k-1. A search stopped within an iteration (time
 * or nodes) plays the last completed iteration's move, unless the stopped
 * one had already searched a move to a better score (one line only). No
 * iteration starts after the soft time limit, unless the last one's score
 * fell by more than PANIC_DROP (from depth 5: the deeper search has seen a
 * threat) and less than 70% of the hard limit is spent.
 *
 * The VCT probe: in renju, when the last search of the same game (two plies
 * before) scored the side to move ROOT_VCT_LEAD or more ahead, and the
 * search has a time limit, the solver's VCT search (lib/solve, every threat,
 * tables kept between moves) gets ROOT_VCT_SHARE percent of the hard limit
 * before the iterations; a proven win plays its first move. The wins it
 * finds are long (10-20 attacker moves, 10-150 ms of the solver), beyond
 * the tree search at a fast control: in 121 renju games gmk-search lost as
 * black against Rapfi classical (tc=2/0.08), black had such a win in 26
 * and let it go in 16. Against Rapfi classical (renju, 26 openings under
 * -transform): 43.0% of 400 games against 41.8% of 400 without, 33.5%
 * against 35.0% on 60 unseen openings (200 games): within noise, a few
 * more wins converted (black let a win go in 5 of 58 lost games). Probing
 * at every move at 30% of the limit scored 35.0%: the time it takes from
 * the search where there is no win costs more than the wins bring.
 *
 * Lazy SMP: helper threads run the same iterative deepening on their own
 * copies of the board, odd helpers one ply deeper, and share only the
 * transposition table; the main thread's result is the answer. Helpers stop
 * when the main thread is done.
 */
#include <stdlib.h>
#include <string.h>

#include "evaluate.h"
#include "search.h"

#define ASP_DELTA 40
#define PANIC_DROP 60           /* a fall of the score that earns the time up to 70% of the hard limit */
#define ROOT_VCF_NODES 200000   /* budget of the root VCF probe */
#define ROOT_VCT_SHARE 40       /* the root VCT probe's time, percent of the hard limit */
#define ROOT_VCT_LEAD 200       /* ... tried when the game's last search scored at least this */

/* The rules in which the root VCT probe runs (see the top of the file). */
static const bool ROOT_VCT[RULE_NB] = {[RULE_RENJU] = true};

/* An engine with its table; threads are made by the first search. */
Search *search_new(size_t hash_mb, GmkStatus *st) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    gmk_init();
    pthread_once(&once, search_tables_init);
    Search *s = calloc(1, sizeof *s);
    GmkStatus r = GMK_ERR_NOMEM;
    if (s && (r = tt_init(&s->tt, hash_mb)) == GMK_OK) {
        if (st) *st = GMK_OK;
        return s;
    }
    free(s);
    if (st) *st = r;
    return NULL;
}

/* Frees the engine, its threads' boards and solvers and its table. */
void search_free(Search *s) {
    if (!s) return;
    for (int i = 0; i < s->worker_count; i++) {
        board_free(s->workers[i]->b);
        solver_free(s->workers[i]->solver);
        free(s->workers[i]);
    }
    tt_free(&s->tt);
    free(s);
}

/* A new table of hash_mb MB; the old one stays, contents and all, when it
 * has that size already (tt_size_mb), and when a new one cannot be made. */
GmkStatus search_set_hash(Search *s, size_t hash_mb) {
    if (tt_size_mb(hash_mb) == s->tt.mb) return GMK_OK;
    TT t;
    GmkStatus st = tt_init(&t, hash_mb);
    if (st != GMK_OK) return st;
    tt_free(&s->tt);
    s->tt = t;
    return GMK_OK;
}

size_t search_hash_mb(const Search *s) { return s->tt.mb; }

/* A new game: empty table, no history or killers, fresh VCF tables. */
void search_clear(Search *s) {
    tt_clear(&s->tt);
    s->last_key = 0;
    for (int i = 0; i < s->worker_count; i++) {
        Worker *w = s->workers[i];
        worker_clear(w);
        /* the solver's tables have no clear: a fresh solver (made again by
         * worker_for if this fails) */
        solver_free(w->solver);
        w->solver = solver_new(SOLVER_MEMORY);
    }
}

void search_prefault(Search *s) { tt_prefault(&s->tt); }

void search_stop(Search *s) { atomic_store(&s->stop, true); }

void search_set_book(Search *s, Book *bk) {
    if (!bk) memset(s->book, 0, sizeof s->book);
    else s->book[book_info(bk)->rule] = bk;
}

/* What the book says about b (see search_set_book): a move to play at once
 * (returned, *score the book score mapped to +-500), or MOVE_NONE with the
 * book's legal moves in only[] (*n_only of them, 0: the book does not know
 * the position) for the search to choose from. */
static Move book_move(Search *s, Board *b, int *score, Move *only, int *n_only) {
    Book *bk = s->book[b->rule];
    *n_only = 0;
    if (!bk) return MOVE_NONE;
    const BookInfo *bi = book_info(bk);
    if (bi->size != b->size) return MOVE_NONE; /* books are kept by rule */
    BookMove mv[MOVELIST_MAX];
    int n = 0;
    if (book_probe(bk, b, mv, MOVELIST_MAX, &n) != GMK_OK) return MOVE_NONE;
    Move best = MOVE_NONE;
    double best_score = -1;
    uint64_t best_games = 0;
    for (int i = 0; i < n && i < MOVELIST_MAX; i++) {
        Move m = mv[i].move;
        if (m == MOVE_PASS || !point_on_board(m, b->size) || b->cell[m] != CELL_EMPTY) continue;
        if (board_side(b) == COLOR_BLACK && move_forbidden(b, m)) continue;
        only[(*n_only)++] = m;
        uint64_t known = mv[i].wins + mv[i].draws + mv[i].losses;
        if (known < SEARCH_BOOK_GAMES) continue;
        if (mv[i].score > best_score || (mv[i].score == best_score && known > best_games)) {
            best = m;
            best_score = mv[i].score;
            best_games = known;
        }
    }
    double d = (best_score - 0.5) * 1000;
    *score = (int)(d < 0 ? d - 0.5 : d + 0.5);
    return best;
}

/* Keeps only the root moves in only[] (all of them if none is). */
static void root_restrict(Worker *w, const Move *only, int n_only) {
    int k = 0;
    for (int i = 0; i < w->root_count; i++)
        for (int j = 0; j < n_only; j++)
            if (w->root[i].move == only[j]) {
                w->root[k++] = w->root[i];
                break;
            }
    if (k) w->root_count = k;
}

/* Worker id with its own copy of b (made or refreshed). */
static Worker *worker_for(Search *s, int id, const Board *b) {
    if (id >= s->worker_count) {
        Worker *w = calloc(1, sizeof *w);
        if (!w) return NULL;
        w->s = s;
        w->id = id;
        s->workers[id] = w;
        s->worker_count = id + 1;
    }
    Worker *w = s->workers[id];
    if (!w->solver && !(w->solver = solver_new(SOLVER_MEMORY))) return NULL;
    if (w->b && (board_size(w->b) != board_size(b) || board_rule(w->b) != board_rule(b) ||
                 w->b->shapes != b->shapes)) {
        board_free(w->b);
        w->b = NULL;
    }
    if (!w->b) {
        w->b = board_new(board_size(b), board_rule(b));
        if (!w->b) return NULL;
    }
    board_copy(w->b, b);
    eval_sums_init(w->b, &w->es[0]);
    w->nodes = w->nodes_flushed = w->singular_tests = 0;
    w->next_check = 256;
    w->seldepth = 0;
    w->completed = 0;
    return w;
}

/* Fills w->root from the generator (ordered best first). */
static int root_moves(Worker *w) {
    ScoredMove list[MOVELIST_MAX];
    GenInfo gi;
    int n = movegen(w->b, GEN_ALL, (w->s->disable & SEARCH_NO_PRUNE) != 0, list, &gi);
    for (int i = 0; i < n; i++) {
        movelist_pick(list, i, n);
        RootMove *rm = &w->root[i];
        rm->move = list[i].move;
        rm->order = list[i].score;
        rm->score = rm->prev_score = -SCORE_WIN - 1;
        rm->nodes = 0;
        rm->pv_len = 1;
        rm->pv[0] = rm->move;
    }
    w->root_count = n;
    return gi.threat;
}

/* Any legal move (for positions the generator gives up on). */
static Move any_move(Board *b) {
    Move fallback = MOVE_NONE;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            Move p = point_make(x, y);
            if (b->cell[p] != CELL_EMPTY) continue;
            if (fallback == MOVE_NONE) fallback = p;
            if (board_side(b) != COLOR_BLACK || !move_forbidden(b, p)) return p;
        }
    return fallback;
}

/* Stable sort of root moves [from, n) by score, best first. */
static void root_sort(Worker *w, int from) {
    for (int i = from + 1; i < w->root_count; i++) {
        RootMove t = w->root[i];
        int j = i;
        while (j > from && w->root[j - 1].score < t.score) {
            w->root[j] = w->root[j - 1];
            j--;
        }
        w->root[j] = t;
    }
}

/* Copies the lines of a completed iteration into r. */
static void result_snapshot(const Worker *w, int lines, SearchResult *r) {
    if (lines > w->root_count) lines = w->root_count;
    r->lines = lines;
    for (int i = 0; i < lines; i++) {
        const RootMove *rm = &w->root[i];
        SearchLine *l = &r->line[i];
        l->move = rm->move;
        l->score = rm->score;
        l->pv_len = rm->pv_len;
        memcpy(l->pv, rm->pv, (size_t)rm->pv_len * sizeof(Move));
    }
    r->best = r->line[0].move;
    r->score = r->line[0].score;
}

/* Searches one line (multipv index k) at depth with aspiration windows. */
static int search_line(Worker *w, int depth, int k) {
    w->multipv_index = k;
    int prev = w->root[k].prev_score;
    int delta = ASP_DELTA, alpha = -SCORE_WIN, beta = SCORE_WIN;
    if (depth >= 4 && prev > -SCORE_WIN_MIN && prev < SCORE_WIN_MIN) {
        alpha = prev - delta;
        beta = prev + delta;
    }
    for (;;) {
        int score = search_root(w, alpha, beta, depth);
        if (atomic_load(&w->s->stop)) return score;
        if (score <= alpha && alpha > -SCORE_WIN) {
            beta = (alpha + beta) / 2;
            alpha = score - delta < -SCORE_WIN ? -SCORE_WIN : score - delta;
        } else if (score >= beta && beta < SCORE_WIN) {
            beta = score + delta > SCORE_WIN ? SCORE_WIN : score + delta;
        } else {
            return score;
        }
        delta *= 2;
        if (delta > 1000) alpha = -SCORE_WIN, beta = SCORE_WIN;
    }
}

/* Iterative deepening of one worker. The main thread (id 0) fills res and
 * calls info; helpers run until stopped. */
static void iterate(Worker *w, SearchResult *res, SearchInfoFn info, void *ctx) {
    Search *s = w->s;
    int max_depth = s->lim.depth ? s->lim.depth : SEARCH_DEPTH_MAX;
    int lines = s->lim.multipv > 1 ? s->lim.multipv : 1;
    if (w->id != 0) lines = 1;
    if (lines > w->root_count) lines = w->root_count;
    int last_score = -SCORE_WIN;
    for (int depth = 1; depth <= max_depth; depth++) {
        int d = w->id == 0 ? depth : depth + (w->id & 1);
        w->root_depth = d;
        w->seldepth = 0;
        for (int i = 0; i < w->root_count; i++) w->root[i].nodes = 0;
        for (int k = 0; k < lines; k++) {
            search_line(w, d, k);
            if (atomic_load(&s->stop)) break;
            root_sort(w, k + 1);
        }
        if (atomic_load(&s->stop)) {
            /* stopped within the iteration: a root move that beat the last
             * best move in it (searched in full, see search_root) is played */
            if (w->id == 0 && lines == 1 && w->completed > 0 && w->root[0].move != res->best) {
                result_snapshot(w, 1, res);
                res->seldepth = w->seldepth;
            }
            break;
        }
        for (int i = 0; i < w->root_count; i++) w->root[i].prev_score = w->root[i].score;
        w->completed = d;
        if (w->id != 0) continue;

        search_check_limits(w);
        result_snapshot(w, lines, res);
        res->depth = d;
        res->seldepth = w->seldepth;
        res->nodes = atomic_load(&s->nodes);
        res->ms = timeman_elapsed_ms(&s->tm);
        if (info) info(ctx, res);
        int sc = res->score;
        if (score_is_win(sc) || score_is_loss(sc)) {
            /* a forced result seen within the horizon: deeper finds no other */
            if (SCORE_WIN - (sc < 0 ? -sc : sc) + 1 < d) break;
        }
        /* a score that fell since the last iteration: the deeper search has
         * seen a threat; the next iteration may find the answer to it */
        bool falling = d >= 5 && !score_is_win(sc) && sc < last_score - PANIC_DROP;
        last_score = sc;
        if (s->tm.soft_ms && res->ms >= s->tm.soft_ms &&
            !(falling && s->tm.hard_ms && res->ms * 10 < s->tm.hard_ms * 7))
            break;
        if (w->root_count == 1 && (s->tm.hard_ms || s->lim.nodes) && d >= 4) break;
    }
}

/* Body of a lazy-SMP helper thread. */
static void *helper_main(void *arg) {
    Worker *w = arg;
    iterate(w, NULL, NULL, NULL);
    search_check_limits(w);
    return NULL;
}

/* Fills res for a position decided before any search. */
static void result_single(SearchResult *res, Move m, int score, const Move *pv, int pv_len) {
    res->best = m;
    res->score = score;
    res->lines = 1;
    res->line[0].move = m;
    res->line[0].score = score;
    if (pv_len > SEARCH_PV_MAX) pv_len = SEARCH_PV_MAX;
    res->line[0].pv_len = pv_len;
    if (pv_len) memcpy(res->line[0].pv, pv, (size_t)pv_len * sizeof(Move));
}

/* The key of b two plies back: the position of the same side's last move. */
static Key key_two_back(const Board *b) {
    Key k = b->key; /* the side-to-move key changed twice */
    for (int i = 1; i <= 2 && i <= b->ply; i++) {
        Move m = b->hist[b->ply - i];
        if (m != MOVE_PASS) k ^= zobrist_stone((Color)((b->ply - i) & 1), m);
    }
    return k;
}

/* Notes the score of the search of b for the next move of the game. */
static void remember(Search *s, const Board *b, int score) {
    s->last_key = b->key;
    s->last_score = score;
}

/* The root VCT probe (see the top of the file): 1 when the solver proves a
 * win for the side to move within its time (the line in w->vcf_line, as the
 * VCF probe leaves it), 0 otherwise. */
static int root_vct(Search *s, Worker *w) {
    const Board *b = w->b;
    if (!ROOT_VCT[b->rule] || !s->tm.hard_ms || s->last_key == 0 || b->ply < 2 ||
        key_two_back(b) != s->last_key || s->last_score < ROOT_VCT_LEAD)
        return 0;
    SolveOptions o;
    solve_options_default(&o);
    o.kind = SOLVE_VCT;
    o.verify = false; /* the line is played one move at a time, each proven again */
    int64_t ms = s->tm.hard_ms * ROOT_VCT_SHARE / 100;
    o.max_ms = ms < 1 ? 1 : (uint32_t)ms;
    SolveOutcome *out = malloc(sizeof *out);
    if (!out) return 0; /* no probe: the search goes on without it */
    bool won = solver_solve(w->solver, w->b, &o, out) == GMK_OK && out->result == SOLVE_WIN && out->line_len > 0;
    w->nodes += out->nodes;
    if (won) {
        w->vcf_len = out->line_len;
        memcpy(w->vcf_line, out->line, (size_t)out->line_len * sizeof *out->line);
    }
    free(out);
    return won;
}

GmkStatus search_run(Search *s, Board *b, const SearchLimits *lim, SearchResult *res,
                     SearchInfoFn info, void *ctx) {
    memset(res, 0, sizeof *res);
    res->best = MOVE_NONE;
    if (b->light || board_winner(b) != COLOR_NONE) return GMK_ERR_ARG;
    if (lim->depth < 0 || lim->depth > SEARCH_DEPTH_MAX || lim->threads < 0 ||
        lim->threads > SEARCH_THREADS_MAX || lim->multipv < 0 ||
        lim->multipv > SEARCH_MULTIPV_MAX || lim->time_ms < 0)
        return GMK_ERR_ARG;
    s->lim = *lim;
    s->disable = lim->disable;
    atomic_store(&s->stop, false);
    atomic_store(&s->nodes, 0);
    timeman_start(&s->tm, lim);
    tt_new_search(&s->tt);
    int threads = lim->threads ? lim->threads : 1;
    for (int i = 0; i < threads; i++)
        if (!worker_for(s, i, b)) return GMK_ERR_NOMEM;
    Worker *w = s->workers[0];
    Board *wb = w->b;
    Color us = board_side(wb);

    if (board_full(wb)) {
        res->ms = timeman_elapsed_ms(&s->tm);
        return GMK_OK;
    }
    /* a five on the board at once */
    if (wb->clscount[us][CLS_FIVE]) {
        Move m = movegen_find(wb, us, CLS_FIVE);
        result_single(res, m, SCORE_WIN - 1, &m, 1);
        res->vcf = true;
        res->depth = 1;
        res->nodes = 1;
        res->ms = timeman_elapsed_ms(&s->tm);
        return GMK_OK;
    }
    if (lim->simple) {
        Move m = search_simple_move(wb);
        result_single(res, m, evaluate(wb, &w->es[0]), &m, m != MOVE_NONE);
        res->nodes = 1;
        res->ms = timeman_elapsed_ms(&s->tm);
        return GMK_OK;
    }
    int threat = root_moves(w);
    if (w->root_count == 0) {
        /* nothing sensible: an unblockable threat, or only forbidden points */
        Move m = any_move(wb);
        int lost = search_no_move_score(wb, threat, 0);
        result_single(res, m, lost, &m, m != MOVE_NONE);
        res->ms = timeman_elapsed_ms(&s->tm);
        return GMK_OK;
    }
    result_single(res, w->root[0].move, evaluate(wb, &w->es[0]), &w->root[0].move, 1);
    /* the forced-win probes at the root: VCF, then (see the top) VCT */
    if (!(s->disable & SEARCH_NO_VCF) && (lim->multipv <= 1)) {
        /* a share of the budget: a tenth of the nodes, a quarter of the time */
        uint64_t budget = ROOT_VCF_NODES;
        if (lim->nodes && lim->nodes / 10 < budget) budget = lim->nodes / 10 + 1;
        int64_t deadline = s->tm.hard_ms ? s->tm.start_us + s->tm.hard_ms * 250 : 0;
        if (search_vcf(w, budget, deadline) == 1 || root_vct(s, w) == 1) {
            result_single(res, w->vcf_line[0], SCORE_WIN - w->vcf_len, w->vcf_line, w->vcf_len);
            res->vcf = true;
            res->depth = w->vcf_len;
            res->nodes = w->nodes;
            res->ms = timeman_elapsed_ms(&s->tm);
            remember(s, wb, res->score);
            if (info) info(ctx, res);
            return GMK_OK;
        }
    }
    /* the opening book, when it knows the position */
    if (lim->multipv <= 1) {
        int bscore, n_only;
        Move only[MOVELIST_MAX];
        Move bm = book_move(s, wb, &bscore, only, &n_only);
        /* a book move must also be a root move: it answers the threats */
        bool sensible = false;
        for (int i = 0; i < w->root_count && bm != MOVE_NONE; i++)
            if (w->root[i].move == bm) sensible = true;
        if (sensible) {
            result_single(res, bm, bscore, &bm, 1);
            res->book = true;
            res->ms = timeman_elapsed_ms(&s->tm);
            return GMK_OK;
        }
        if (n_only) {
            root_restrict(w, only, n_only);
            res->book = true;
        }
    }
    for (int i = 1; i < threads; i++) {
        Worker *h = s->workers[i];
        h->root_count = w->root_count;
        memcpy(h->root, w->root, (size_t)w->root_count * sizeof(RootMove));
        if (pthread_create(&h->thread, NULL, helper_main, h) != 0) {
            threads = i;
            break;
        }
    }
    iterate(w, res, info, ctx);
    atomic_store(&s->stop, true);
    for (int i = 1; i < threads; i++) pthread_join(s->workers[i]->thread, NULL);
    search_check_limits(w);
    res->nodes = atomic_load(&s->nodes);
    res->ms = timeman_elapsed_ms(&s->tm);
    atomic_store(&s->stop, false);
    remember(s, wb, res->score);
    return GMK_OK;
}
