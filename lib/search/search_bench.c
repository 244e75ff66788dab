/*
 * search_bench.c — the fixed positions of `gmk-search bench` and `make
 * bench`, and the node-count signature.
 *
 * Openings and middle games of all three rules on 15x15 (rows counted from
 * the bottom), searched to a fixed depth on one thread with a fresh table.
 * The signature mixes every position's node count, so any change to what the
 * search does shows up as a new signature (record it in commit messages).
 */
#include "gmk_search.h"

static const SearchBenchPos BENCH[] = {
    {RULE_FREESTYLE, 15, 8, "h8"},
    {RULE_FREESTYLE, 15, 8, "h8i9h10"},
    {RULE_FREESTYLE, 15, 8, "h8i7i8g8j9k10h9h7g7"},
    {RULE_FREESTYLE, 15, 8, "h8h9i9g7j10k11g9i7f8e7j8"},
    {RULE_STANDARD, 15, 8, "h8i9j10"},
    {RULE_STANDARD, 15, 8, "h8g9g8f8i8j8i7j6h6g5"},
    {RULE_STANDARD, 15, 8, "h8i8j7i7i6j6k5h9g10"},
    {RULE_RENJU, 15, 8, "h8h9i9"},
    {RULE_RENJU, 15, 8, "h8i9j10i8i7g9"},
    {RULE_RENJU, 15, 8, "h8h9j9j8f8i7g7i9h6e9f6"},
    {RULE_RENJU, 15, 8, "h8i9i8g8j8k8j9h7j7j6"},
};

/* The built-in bench positions and their number. */
const SearchBenchPos *search_bench_positions(int *count) {
    *count = (int)(sizeof BENCH / sizeof BENCH[0]);
    return BENCH;
}

/* One splitmix64 round over the signature and a node count. */
uint64_t search_bench_mix(uint64_t sig, uint64_t nodes) {
    uint64_t z = sig ^ (nodes + 0x9e3779b97f4a7c15ULL + (sig << 6) + (sig >> 2));
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
