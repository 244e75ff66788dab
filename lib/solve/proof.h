/*
 * proof.h — the proof layer: proof trees for the checker, --tree and the
 * main line, built over the tree store (solve_tree.h) from the df-pn table
 * (a proof walk of vct.h) or from VCF lines (vcf.h).
 */
#ifndef GMK_PROOF_H
#define GMK_PROOF_H

#include "solve_tree.h"
#include "vct.h"

/* The layer's state: the last proof tree and its public view. */
typedef struct {
    SolvePos *pos;     /* the position (the threat layer's) */
    Vcf *vcf;          /* the VCF layer, for the lines of VCF wins */
    Dfpn *dfpn;        /* the df-pn engine whose proofs are read */
    TreeStore tree;    /* the last proof tree (root = node 0) */
    SolveTree view;    /* its public view (solver_tree) */
    VcfLine line;      /* scratch line */
} Proof;

/* Builds the proof tree of the proven root (attacker to move) into p->tree
 * (root = node 0); with moves (n of them, each proven), the root has exactly
 * those moves. false when it could not be completed. */
bool proof_extract(Proof *p, int depth, int free_moves, const Move *moves, int n);
/* Builds the proof tree of a VCF line (root = node 0). */
bool proof_from_line(Proof *p, const Move *mv, int len);
/* The proof tree of the VCF wins of moves (a root with those edges; depth:
 * fours at most). */
bool proof_from_vcf_moves(Proof *p, const Move *moves, int n, int depth);
/* The main line of the proof tree: at each defender node the defence that
 * holds out longest; ends with the five (or the renju forbidden four).
 * Returns its length (at most cap). */
int proof_main_line(Proof *p, Move *line, int cap);

#endif /* GMK_PROOF_H */
