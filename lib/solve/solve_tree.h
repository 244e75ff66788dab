/*
 * solve_tree.h — storage of proof trees (solve_tree.c): the bottom of the
 * proof layer (proof.h), a container that knows nothing of the search.
 */
#ifndef GMK_SOLVE_TREE_H
#define GMK_SOLVE_TREE_H

#include "board/zobrist.h"
#include "gmk_solve.h"

/* Proof tree storage. */
typedef struct {
    SolveTreeNode *node;
    int nodes, node_cap;
    SolveEdge *edge;
    int edges, edge_cap;
    Key *node_key;       /* per node: its key, for sharing transpositions */
    int *hash;           /* open addressing: node index + 1, 0 empty */
    int hash_cap;
    bool overflow;       /* a cap was reached: the tree is incomplete */
} TreeStore;

void tree_reset(TreeStore *t);
void tree_free(TreeStore *t);
/* Adds a node with room for n edges (filled by tree_set_edge); returns its
 * index or -1 (out of memory or over the cap). */
int tree_add_node(TreeStore *t, Key key, int n);
void tree_set_edge(TreeStore *t, int node, int i, Move move, int target);
int tree_find(const TreeStore *t, Key key);
/* A chain of nodes for the moves of a line, the last edge leading to tail
 * (-1: nothing follows); returns the first node's index or -1. */
int tree_add_line(TreeStore *t, const Move *mv, int len, int tail);
/* The public view (gmk_solve.h) of the tree t. */
void tree_publish(const TreeStore *t, SolveTree *view);

#endif /* GMK_SOLVE_TREE_H */
