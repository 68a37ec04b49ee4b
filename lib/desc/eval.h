/* eval.h — inside lib/desc: the derived forms of a function (eval.c
 * builds and runs them; bounds.c evaluates them over intervals), and the
 * fast form's instructions both read. */
#ifndef PERFPIPE_DESC_EVAL_H
#define PERFPIPE_DESC_EVAL_H

#include "desc/desc.h"

/* The fast form (eval.c's header comment says how it is fused). */
typedef enum {
    F_NUM, F_ST, F_STEQ, F_ADDSTEQ,
    F_COUNT,   /* push how many of the aut following pairs hold */
    F_PAIR,    /* data of a COUNT: state[aut] == num */
    F_NEG, F_NOT, F_FLOOR, F_ITE,
    F_BIN,     /* op on the two top values */
    F_BINK     /* op on the top value and the immediate num */
} fast_kind;

typedef struct {
    fast_kind kind;
    desc_op op;      /* F_BIN, F_BINK */
    int aut;         /* F_ST, F_STEQ, F_ADDSTEQ, F_PAIR; F_COUNT: pairs */
    double num;      /* F_NUM, F_STEQ, F_ADDSTEQ, F_BINK, F_PAIR */
} fast_insn;

/* The code slots instruction in takes (a COUNT: its pairs too). */
static inline size_t insn_len(const fast_insn *in)
{
    return in->kind == F_COUNT ? 1 + (size_t)in->aut : 1;
}

struct desc_fast {
    size_t len;
    fast_insn code[];
};

/* fc's value at state, each COUNT's taken from counts (pairs, the count
 * first, in code order: desc_search_bounds's at a depth where every
 * automaton is fixed) rather than from its tests. */
double desc_fast_eval_counts(const struct desc_fast *fc, const int *state,
                             const int *counts);

/* Builds f->fast from f->code (desc_add_func). */
void desc_func_compile(desc_func *f);
/* Frees f->fast and f's table unless shared (desc_free). */
void desc_func_free_derived(desc_func *f);

#endif
