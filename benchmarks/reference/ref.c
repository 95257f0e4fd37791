/*
 * ref.c: the C yardstick the benchmarks measure the toolkit's compiled kernels against, on the same machine
 * and in the same run.
 *
 * Method: seed 000 (seeds/000_2f0b69c36184b0a0.txt), its fifth method, "bitwise" (位运算): a non-recursive
 * search with one stack entry (c, l, r, m) per row, where c holds the occupied columns, l and r the
 * columns attacked along the two diagonals, and m the columns already tried in that row. A row's free
 * columns are ~(c | l | r | m) masked to n bits; the lowest one, p = pos & -pos, is tried next; the next
 * row starts from (c | p, (l | p) << 1, (r | p) >> 1, 0). Counts the total number of solutions only.
 *
 * With --mirror, the same search with seed 000's second method's left-right mirror: the first row's queen
 * only in the left half of the board, the count doubled; for odd n, the first row's queen in the middle
 * column allows only the left half in the second row (that count doubled too).
 *
 * Usage:   ref N [--mirror]      (1 <= N <= 31)
 * Prints:  "N total seconds", the seconds being the search alone (CLOCK_MONOTONIC), not the process start.
 * Built by benchmarks/reference/__init__.py with $CC (default cc) -O2.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct row {
    uint32_t c, l, r, m;
};

/* Seed 000, method 5, rows 1..n; `first` limits the first row's columns and, for odd n, `middle` is the
 * first-row column whose second row only takes the columns in `second` (all columns when middle is 0). */
static uint64_t count(int n, uint32_t first, uint32_t middle, uint32_t second)
{
    const uint32_t mk = (1u << n) - 1;
    struct row st[34];
    uint64_t res = 0;
    int k = 1;
    st[1].c = st[1].l = st[1].r = 0;
    st[1].m = mk & ~first;                          /* columns the first row may not take count as tried */
    while (k > 0) {
        struct row *s = &st[k];
        uint32_t pos = ~(s->c | s->l | s->r | s->m) & mk;
        if (!pos) {                                 /* nothing left in this row: back to the one above */
            k--;
            continue;
        }
        uint32_t p = pos & (0u - pos);              /* the lowest free column */
        s->m |= p;
        if (k < n) {
            struct row *t = &st[k + 1];
            t->c = s->c | p;
            t->l = ((s->l | p) << 1) & mk;
            t->r = (s->r | p) >> 1;
            t->m = (k == 1 && p == middle) ? (mk & ~second) : 0;
            k++;
        } else {
            res++;
            k--;
        }
    }
    return res;
}

int main(int argc, char **argv)
{
    int mirror = 0;
    const char *arg_n = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--mirror") == 0) mirror = 1;
        else if (!arg_n) arg_n = argv[i];
        else arg_n = "";
    }
    char *end = NULL;
    long n = arg_n ? strtol(arg_n, &end, 10) : 0;
    if (!arg_n || *arg_n == '\0' || *end != '\0' || n < 1 || n > 31) {
        fprintf(stderr, "usage: ref N [--mirror]  (N an integer from 1 to 31)\n");
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    uint64_t total;
    const uint32_t all = (1u << n) - 1;
    if (!mirror) {
        total = count((int)n, all, 0, all);
    } else if (n == 1) {
        total = 1;                                  /* the one square is its own mirror image */
    } else {
        uint32_t half = (1u << (n / 2)) - 1;        /* the columns left of the middle */
        if (n & 1) {
            uint32_t middle = 1u << (n / 2);
            total = 2 * count((int)n, half | middle, middle, half);
        } else {
            total = 2 * count((int)n, half, 0, all);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%ld %llu %.6f\n", n, (unsigned long long)total,
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    return 0;
}
