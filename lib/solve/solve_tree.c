/*
 * solve_tree.c — storage of proof trees: growable node and edge arrays and a
 * hash from node keys to nodes, so that a transposition reached twice is
 * stored once (the tree is a DAG). See SolveTree in gmk.h for the meaning.
 */
#include <stdlib.h>
#include <string.h>

#include "solve_tree.h"

#define TREE_NODE_CAP (1 << 22) /* nodes (and edges) at most: beyond, the tree is incomplete */

void tree_reset(TreeStore *t) {
    t->nodes = t->edges = 0;
    t->overflow = false;
    if (t->hash) memset(t->hash, 0, (size_t)t->hash_cap * sizeof *t->hash);
}

void tree_free(TreeStore *t) {
    free(t->node);
    free(t->edge);
    free(t->node_key);
    free(t->hash);
    memset(t, 0, sizeof *t);
}

/* Grows an array to hold need items (doubling); false when out of memory or
 * over the cap. */
static bool grow(void **p, int *cap, int need, size_t item) {
    if (need <= *cap) return true;
    if (need > TREE_NODE_CAP) return false;
    int n = *cap ? *cap : 256;
    while (n < need) n *= 2;
    void *q = realloc(*p, (size_t)n * item);
    if (!q) return false;
    *p = q;
    *cap = n;
    return true;
}

/* Puts node i under its key into the hash (rebuilding it when it fills). */
static bool hash_insert(TreeStore *t, int i) {
    if ((t->nodes + 1) * 2 > t->hash_cap) {
        int cap = t->hash_cap ? t->hash_cap * 2 : 1024;
        int *h = calloc((size_t)cap, sizeof *h);
        if (!h) return false;
        free(t->hash);
        t->hash = h;
        t->hash_cap = cap;
        for (int j = 0; j < t->nodes; j++) {
            if (j == i || !t->node_key[j]) continue;
            size_t k = (size_t)(t->node_key[j] & (uint64_t)(cap - 1));
            while (h[k]) k = (k + 1) & (size_t)(cap - 1);
            h[k] = j + 1;
        }
    }
    if (!t->node_key[i]) return true; /* keyless nodes are never shared */
    size_t k = (size_t)(t->node_key[i] & (uint64_t)(t->hash_cap - 1));
    while (t->hash[k]) k = (k + 1) & (size_t)(t->hash_cap - 1);
    t->hash[k] = i + 1;
    return true;
}

int tree_find(const TreeStore *t, Key key) {
    if (!key || !t->hash_cap) return -1;
    size_t k = (size_t)(key & (uint64_t)(t->hash_cap - 1));
    while (t->hash[k]) {
        int i = t->hash[k] - 1;
        if (t->node_key[i] == key) return i;
        k = (k + 1) & (size_t)(t->hash_cap - 1);
    }
    return -1;
}

int tree_add_node(TreeStore *t, Key key, int n) {
    int cap_keys = t->node_cap;
    if (!grow((void **)&t->node, &t->node_cap, t->nodes + 1, sizeof *t->node) ||
        !grow((void **)&t->edge, &t->edge_cap, t->edges + n, sizeof *t->edge)) {
        t->overflow = true;
        return -1;
    }
    if (t->node_cap != cap_keys) {
        Key *k = realloc(t->node_key, (size_t)t->node_cap * sizeof *k);
        if (!k) {
            t->overflow = true;
            return -1;
        }
        t->node_key = k;
    }
    int i = t->nodes++;
    t->node[i].first = t->edges;
    t->node[i].count = n;
    t->node_key[i] = key;
    for (int e = 0; e < n; e++) t->edge[t->edges + e] = (SolveEdge){MOVE_NONE, -1};
    t->edges += n;
    if (!hash_insert(t, i)) {
        t->overflow = true;
        return -1;
    }
    return i;
}

void tree_set_edge(TreeStore *t, int node, int i, Move move, int target) {
    SolveEdge *e = &t->edge[t->node[node].first + i];
    e->move = move;
    e->target = target;
}

int tree_add_line(TreeStore *t, const Move *mv, int len, int tail) {
    /* built from the end so that each node's target exists */
    int next = tail;
    for (int i = len - 1; i >= 0; i--) {
        int n = tree_add_node(t, 0, 1);
        if (n < 0) return -1;
        tree_set_edge(t, n, 0, mv[i], next);
        next = n;
    }
    return next;
}

void tree_publish(const TreeStore *t, SolveTree *view) {
    view->node = t->node;
    view->nodes = t->nodes;
    view->edge = t->edge;
    view->edges = t->edges;
}
