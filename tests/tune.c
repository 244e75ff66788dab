/*
 * tune.c — Texel fitting of the search's evaluation weights
 * (lib/search/eval_weights.def) on games with results.
 *
 *   tune [-r RULE] [-n ITERATIONS] [-s SKIP] [-m MIN] [-e SCALE] [-l LAMBDA] [-k K] GAMES... [-r RULE GAMES...]
 *
 * Options apply to the files after them (each file is read under the rule
 * given before it); the weight sets of every rule read are fitted. After
 * -e SCALE (> 0) the files hold positions labelled by another engine's
 * evaluation v of the side to move (a position, a TAB, v): the sample's
 * result is 1 / (1 + exp(-v / SCALE)); -e 0 goes back to games.
 * GAMES are game records as tests/match -o writes them: one game a line, the
 * moves (h8i9..., origin bottom) then a TAB and the winner (black, white or
 * draw). Every position of a game after its first SKIP plies (default 6)
 * whose side to move has no five, open-four or double-four point, and whose
 * opponent no five point (those the search resolves before it evaluates),
 * is a sample: the evaluation's features (lib/search/evaluate.c) and the game's
 * result for the side to move.
 * The evaluation is linear in its weights (a point's value is a weight of
 * its pair of classes plus weights of its line shapes, summed over the empty
 * points, plus a weight of the pair of threat codes), so the fit is a
 * logistic regression on the counts: first the scale K of sigmoid(eval / K)
 * that fits the current weights best (or K as given by -k: the scale of the
 * evaluation in win-rate terms, which the search's margins assume), then
 * the weights of the rule's sets by Adam on the mean squared error (full
 * batch), starting from the current ones. Weights whose feature shows in fewer than
 * MIN positions (default 200) stay as they are. With -l LAMBDA (> 0) the
 * loss adds LAMBDA * ((w - w0) / 100)^2 for each fitted weight w, w0 its
 * value before the fit: a pull towards the current weights, so that a
 * feature the data says little about keeps its value rather than wander.
 *
 * Prints the loss before and after, and lib/search/eval_weights.def with the
 * rule's sets replaced (the other sets as they are) on standard output.
 * Build: make tune (build/.../tests/tune).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/board.h"
#include "board/gmk_notation.h"
#include "search/evaluate.h"

/* The weights of a set as one vector: point[u][t] at 16 u + t, line[u][t]
 * at 256 + 16 u + t, threat[u][t] at 512 + 32 u + t, tempo. */
#define NW (512 + EVAL_THREATS * EVAL_THREATS + 1)
#define W_LINE 256
#define W_THREAT 512
#define W_TEMPO (NW - 1)
#define SPARSE_MAX 96

typedef struct {
    uint8_t set;     /* weight set of the side to move */
    uint8_t n;       /* features that are not zero */
    float result;    /* 1 won, 0.5 draw, 0 lost for the side to move */
    uint16_t idx[SPARSE_MAX];
    int16_t val[SPARSE_MAX];
} Sample;

static Sample *samples;
static size_t nsamples, capsamples;

static double W[EVAL_SET_NB][NW];
static long seen[EVAL_SET_NB][NW]; /* samples in which each weight's feature is not zero */
static bool tunable[EVAL_SET_NB][NW];

static void weights_load(void) {
    for (int s = 0; s < EVAL_SET_NB; s++) {
        Rule r = s == EVAL_SET_FIVE ? RULE_STANDARD : RULE_RENJU;
        Color c = s == EVAL_SET_RENJU_WHITE ? COLOR_WHITE : COLOR_BLACK;
        const EvalWeights *w = evaluate_weights(r, c);
        for (int u = 0; u < 16; u++)
            for (int t = 0; t < 16; t++) W[s][16 * u + t] = w->point[u][t];
        for (int u = 0; u < 16; u++)
            for (int t = 0; t < 16; t++) W[s][W_LINE + 16 * u + t] = w->line[u][t];
        for (int u = 0; u < EVAL_THREATS; u++)
            for (int t = 0; t < EVAL_THREATS; t++) W[s][W_THREAT + EVAL_THREATS * u + t] = w->threat[u][t];
        W[s][W_TEMPO] = w->tempo;
    }
}

static double eval_of(const Sample *x) {
    const double *w = W[x->set];
    double e = w[W_TEMPO];
    for (int i = 0; i < x->n; i++) e += w[x->idx[i]] * x->val[i];
    return e;
}

/* Adds the position b as a sample whose result for the side to move is
 * result (1 won, 0.5 drawn, 0 lost, or an expected score). */
static void add_sample(const Board *b, double result) {
    Color us = board_side(b), them = (Color)(us ^ 1);
    const int *cu = b->clscount[us], *ct = b->clscount[them];
    if (cu[CLS_FIVE] || cu[CLS_OPEN_FOUR] || cu[CLS_DOUBLE_FOUR] || ct[CLS_FIVE]) return;
    if (nsamples == capsamples) {
        capsamples = capsamples ? 2 * capsamples : 1 << 16;
        samples = realloc(samples, capsamples * sizeof *samples);
        if (!samples) {
            fprintf(stderr, "tune: out of memory\n");
            exit(2);
        }
    }
    int count[NW] = {0};
    for (int p = 0; p < BOARD_CELLS; p++) {
        if (b->cell[p] != CELL_EMPTY) continue;
        const PointShape *ps = &b->ps[p];
        count[16 * ps->cls[us] + ps->cls[them]]++;
        for (int d = 0; d < DIR_NB; d++)
            count[W_LINE + 16 * ((ps->pair[d] >> (4 * us)) & 15) + ((ps->pair[d] >> (4 * them)) & 15)]++;
    }
    count[W_THREAT + EVAL_THREATS * eval_threat(b, us) + eval_threat(b, them)]++;
    Sample *x = &samples[nsamples++];
    x->set = (uint8_t)eval_set(board_rule(b), us);
    x->n = 0;
    for (int k = 0; k < W_TEMPO; k++) {
        if (!count[k]) continue;
        if (x->n == SPARSE_MAX) {
            fprintf(stderr, "tune: too many features in one position\n");
            exit(2);
        }
        x->idx[x->n] = (uint16_t)k;
        x->val[x->n++] = (int16_t)count[k];
        seen[x->set][k]++;
    }
    x->result = (float)result;
}

static double game_result(const Board *b, int winner) {
    return winner < 0 ? 0.5 : winner == (int)board_side(b) ? 1.0 : 0.0;
}

/* Reads one file: game records (scale 0), or with scale > 0 positions
 * labelled by an evaluation v of the side to move (another engine's), whose
 * expected score is 1 / (1 + exp(-v / scale)). */
static void read_games(const char *path, Rule rule, int skip, double scale) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "tune: %s: cannot open\n", path);
        exit(2);
    }
    Board *b = board_new(15, rule);
    if (!b) exit(2);
    char line[4096];
    int lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = '\0';
        int winner = !strncmp(tab + 1, "black", 5) ? COLOR_BLACK : !strncmp(tab + 1, "white", 5) ? COLOR_WHITE : -1;
        double v = strtod(tab + 1, NULL);
        board_reset(b);
        for (const char *s = line; *s;) {
            Move m;
            int len;
            if (notation_parse_point(s, 15, ORIGIN_BOTTOM, &m, &len) != GMK_OK || board_play(b, m) != GMK_OK) {
                fprintf(stderr, "tune: %s:%d: bad move at '%.4s'\n", path, lineno, s);
                break;
            }
            s += len;
            if (!scale && board_ply(b) >= skip && *s) add_sample(b, game_result(b, winner));
            else if (scale && !*s) add_sample(b, 1.0 / (1.0 + exp(-v / scale)));
        }
    }
    board_free(b);
    fclose(f);
}

static double sigmoid(double e, double k) { return 1.0 / (1.0 + exp(-e / k)); }

static double loss(double k) {
    double sum = 0;
    for (size_t i = 0; i < nsamples; i++) {
        double d = samples[i].result - sigmoid(eval_of(&samples[i]), k);
        sum += d * d;
    }
    return sum / (double)nsamples;
}

static void print_set(int s) {
    static const char *const name[] = {"EVAL_SET_FIVE", "EVAL_SET_RENJU_BLACK", "EVAL_SET_RENJU_WHITE"};
    printf("[%s] = {\n    .point = {\n", name[s]);
    for (int u = 0; u < CLS_NB; u++) {
        printf("        {");
        for (int t = 0; t < CLS_NB; t++) printf("%s%ld", t ? ", " : "", lround(W[s][16 * u + t]));
        printf("},\n");
    }
    printf("    },\n");
    printf("    .line = {\n");
    for (int u = 0; u < SHAPE_NB; u++) {
        printf("        {");
        for (int t = 0; t < SHAPE_NB; t++) printf("%s%ld", t ? ", " : "", lround(W[s][W_LINE + 16 * u + t]));
        printf("},\n");
    }
    printf("    },\n");
    printf("    .threat = {\n");
    for (int u = 0; u < EVAL_THREATS; u++) {
        printf("        {");
        for (int t = 0; t < EVAL_THREATS; t++) printf("%s%ld", t ? ", " : "", lround(W[s][W_THREAT + EVAL_THREATS * u + t]));
        printf("},\n");
    }
    printf("    },\n");
    printf("    .tempo = %ld,\n},\n", lround(W[s][W_TEMPO]));
}

static int usage(void) {
    fprintf(stderr, "usage: tune [-r RULE] [-n ITERATIONS] [-s SKIP] [-m MIN] [-e SCALE] [-l LAMBDA] [-k K] GAMES... "
                    "[-r RULE GAMES...]\n");
    return 2;
}

int main(int argc, char **argv) {
    Rule rule = RULE_FREESTYLE;
    int iters = 3000, skip = 6, files = 0;
    double scale = 0, lambda = 0, fixed_k = 0;
    long min_seen = 200;
    int tuned[EVAL_SET_NB] = {0};
    gmk_init();
    weights_load();
    /* options apply to the files after them: -r freestyle A -r standard B */
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-r") && i + 1 < argc) {
            if (rule_parse(argv[++i], &rule) != GMK_OK) {
                fprintf(stderr, "tune: unknown rule %s\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(argv[i], "-n") && i + 1 < argc) iters = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-s") && i + 1 < argc) skip = atoi(argv[++i]);
        else if (!strcmp(argv[i], "-m") && i + 1 < argc) min_seen = atol(argv[++i]);
        else if (!strcmp(argv[i], "-e") && i + 1 < argc) scale = atof(argv[++i]);
        else if (!strcmp(argv[i], "-l") && i + 1 < argc) lambda = atof(argv[++i]);
        else if (!strcmp(argv[i], "-k") && i + 1 < argc) fixed_k = atof(argv[++i]);
        else if (argv[i][0] == '-') return usage();
        else {
            read_games(argv[i], rule, skip, scale);
            tuned[eval_set(rule, COLOR_BLACK)] = tuned[eval_set(rule, COLOR_WHITE)] = 1;
            files++;
        }
    }
    if (!files) return usage();
    fprintf(stderr, "tune: %zu positions\n", nsamples);
    if (!nsamples) return 1;

    /* the scale that fits the current weights: golden-section search on log K */
    double lo = log(10), hi = log(5000);
    for (int it = 0; it < 60; it++) {
        double a = lo + (hi - lo) * 0.382, c = lo + (hi - lo) * 0.618;
        if (loss(exp(a)) < loss(exp(c))) hi = c;
        else lo = a;
    }
    double K = fixed_k > 0 ? fixed_k : exp((lo + hi) / 2);
    double before = loss(K);
    fprintf(stderr, "tune: K %.1f, loss %.6f\n", K, before);

    /* the weights to fit: those of this rule's sets seen in enough
     * positions, not those of the point and the line with nothing for either
     * side (counts of empty points) nor that of no threat for either side
     * (one in every position, as the tempo) */
    int ntune = 0;
    for (int s = 0; s < EVAL_SET_NB; s++)
        for (int k = 0; k < NW; k++) {
            tunable[s][k] = tuned[s] && (k == W_TEMPO || seen[s][k] >= min_seen) && k != 0 && k != W_LINE &&
                            k != W_THREAT;
            ntune += tunable[s][k];
        }
    fprintf(stderr, "tune: %d weights\n", ntune);

    /* Adam, full batch (units: evaluation points) */
    static double g[EVAL_SET_NB][NW], m1[EVAL_SET_NB][NW], m2[EVAL_SET_NB][NW], w0[EVAL_SET_NB][NW];
    memcpy(w0, W, sizeof w0);
    const double lr = 1.0, b1 = 0.9, b2 = 0.999, eps = 1e-8;
    for (int it = 1; it <= iters; it++) {
        memset(g, 0, sizeof g);
        for (size_t i = 0; i < nsamples; i++) {
            const Sample *x = &samples[i];
            double p = sigmoid(eval_of(x), K);
            double dl = -2.0 * (x->result - p) * p * (1 - p) / K; /* d loss / d eval */
            double *gs = g[x->set];
            gs[W_TEMPO] += dl;
            for (int j = 0; j < x->n; j++) gs[x->idx[j]] += dl * x->val[j];
        }
        double bc1 = 1 - pow(b1, it), bc2 = 1 - pow(b2, it);
        for (int s = 0; s < EVAL_SET_NB; s++)
            for (int k = 0; k < NW; k++) {
                if (!tunable[s][k]) continue;
                double gr = g[s][k] / (double)nsamples + 2 * lambda * (W[s][k] - w0[s][k]) / 1e4;
                m1[s][k] = b1 * m1[s][k] + (1 - b1) * gr;
                m2[s][k] = b2 * m2[s][k] + (1 - b2) * gr * gr;
                W[s][k] -= lr * (m1[s][k] / bc1) / (sqrt(m2[s][k] / bc2) + eps);
            }
        if (it % 500 == 0) fprintf(stderr, "tune: iteration %d loss %.6f\n", it, loss(K));
    }
    fprintf(stderr, "tune: loss %.6f -> %.6f\n", before, loss(K));

    printf("/*\n"
           " * eval_weights.def — the weight sets of the search's evaluation\n"
           " * (lib/search/evaluate.c): data, included as the initialiser of EVAL_WEIGHTS.\n"
           " * One set for freestyle and standard (the rules differ only in overlines),\n"
           " * and one per side to move in renju. point[u][t]: an empty point where the\n"
           " * side to move makes class u and the other side class t; line[u][t]: per\n"
           " * empty point and direction where the side to move makes line shape u and\n"
           " * the other side line shape t; threat[u][t]: the side to move's threat code\n"
           " * (eval_threat, lib/search/evaluate.h) is u and the other side's t; tempo: the\n"
           " * side to move's bonus. Written by tests/tune (Texel fitting on game records,\n"
           " * see tests/tune.c and git log for the games); edit by hand only to try a\n"
           " * change, then match it.\n"
           " *\n"
           " * Classes (CLS_*, rows and columns): none dead two otwo o2+2 three d2 o3 four o3+3 d3 4-3 d4 o4 five over\n"
           " * Line shapes (SHAPE_*): none dead two otwo three othree four 4+4 ofour five over\n"
           " */\n");
    for (int s = 0; s < EVAL_SET_NB; s++) print_set(s);
    return 0;
}
