/* eval.c — evaluating a function of the global state (desc.h): the
 * postfix interpreter, a faster form of the same code, and tables over a
 * function's support.
 *
 * Why: the solver evaluates element, reachability and result functions
 * millions of times (issue 12: 70 % of a functional model's run in the
 * interpreter). SAN functions are mostly sums of tests "st A == k" and
 * comparisons with a constant, so the fast form fuses
 *     st A, num k, ==        into  STEQ(A, k)       push (state[A] == k)
 *     STEQ(A, k), +          into  ADDSTEQ(A, k)    top += (state[A] == k)
 *     num k, OP (binary)     into  OP with the immediate k as its right
 * operand; then a run STEQ, ADDSTEQ, ... of three tests or more ("nb A
 * s" over many automata) into COUNT followed by its (A, k) pairs, which
 * pushes how many hold: one dispatch instead of one per automaton. Each
 * fused instruction computes what the sequence did, with the same
 * operations in the same order (a count: sums of 0s and 1s, exact in any
 * order), so the values are the same bits.
 * A table holds the function's values over the states of the automata it
 * reads, computed by the interpreter: one look-up then replaces it. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "desc/desc.h"
#include "desc/eval.h"

#define COUNT_MIN 3   /* tests in a run worth a COUNT */


static double binop(desc_op op, double a, double b)
{
    switch (op) {
    case DOP_ADD: return a + b;
    case DOP_SUB: return a - b;
    case DOP_MUL: return a * b;
    case DOP_DIV: return a / b;
    case DOP_LT: return a < b;
    case DOP_LE: return a <= b;
    case DOP_GT: return a > b;
    case DOP_GE: return a >= b;
    case DOP_EQ: return a == b;
    case DOP_NE: return a != b;
    case DOP_AND: return a != 0 && b != 0;
    case DOP_OR: return a != 0 || b != 0;
    case DOP_MIN: return a < b ? a : b;
    case DOP_MAX: return a > b ? a : b;
    default: return NAN;   /* unreachable: checked on adding */
    }
}

double desc_eval_code(const desc_func *f, const int *state)
{
    double stack[DESC_MAX_STACK];
    int sp = 0;
    for (size_t i = 0; i < f->code.len; i++) {
        const desc_insn *in = &f->code.items[i];
        switch (in->op) {
        case DOP_NUM: stack[sp++] = in->num; continue;
        case DOP_ST: stack[sp++] = state[in->aut]; continue;
        case DOP_NEG: stack[sp - 1] = -stack[sp - 1]; continue;
        case DOP_NOT: stack[sp - 1] = stack[sp - 1] == 0; continue;
        case DOP_FLOOR: stack[sp - 1] = floor(stack[sp - 1]); continue;
        case DOP_ITE:
            sp -= 2;
            stack[sp - 1] = stack[sp - 1] != 0 ? stack[sp] : stack[sp + 1];
            continue;
        default:
            break;
        }
        sp--;
        stack[sp - 1] = binop(in->op, stack[sp - 1], stack[sp]);
    }
    return stack[0];
}

static int is_binary(desc_op op)
{
    return desc_op_arity(op) == 2;
}

/* The length of the run STEQ, ADDSTEQ... at code[i] (0: none). */
static size_t run_at(const struct desc_fast *fc, size_t i)
{
    size_t run = 0;
    if (fc->code[i].kind == F_STEQ)
        for (run = 1; i + run < fc->len &&
                      fc->code[i + run].kind == F_ADDSTEQ;)
            run++;
    return run;
}

/* The runs of COUNT_MIN tests or more as COUNTs: one slot more per run
 * (the code is sized to fit, for functions of millions of nodes). */
static struct desc_fast *count_runs(struct desc_fast *fc)
{
    size_t n = fc->len, runs = 0, m = 0;
    for (size_t i = 0; i < n;) {
        size_t run = run_at(fc, i);
        runs += run >= COUNT_MIN;
        i += run ? run : 1;
    }
    if (runs == 0)
        return fc;
    struct desc_fast *out = xmalloc(sizeof *out + (n + runs) *
                                                      sizeof(fast_insn));
    for (size_t i = 0; i < n;) {
        size_t run = run_at(fc, i);
        if (run < COUNT_MIN) {
            out->code[m++] = fc->code[i++];
            continue;
        }
        out->code[m++] = (fast_insn){F_COUNT, DOP_NUM, (int)run, 0};
        for (size_t j = 0; j < run; j++, i++)
            out->code[m++] = (fast_insn){F_PAIR, DOP_NUM, fc->code[i].aut,
                                         fc->code[i].num};
    }
    out->len = m;
    free(fc);
    return out;
}

void desc_func_compile(desc_func *f)
{
    size_t n = f->code.len;
    struct desc_fast *fc = xmalloc(sizeof *fc + (n ? n : 1) * sizeof(fast_insn));
    size_t m = 0;
    const desc_insn *c = f->code.items;
    for (size_t i = 0; i < n; i++) {
        fast_insn in = {F_NUM, c[i].op, c[i].aut, c[i].num};
        if (c[i].op == DOP_ST && i + 2 < n && c[i + 1].op == DOP_NUM &&
            c[i + 2].op == DOP_EQ) {
            in.kind = F_STEQ;
            in.num = c[i + 1].num;
            i += 2;
            if (i + 1 < n && c[i + 1].op == DOP_ADD && m > 0) {
                in.kind = F_ADDSTEQ;   /* a + (st == k): the same sum */
                i++;
            }
        } else if (c[i].op == DOP_NUM && i + 1 < n &&
                   is_binary(c[i + 1].op)) {
            in.kind = F_BINK;
            in.op = c[i + 1].op;
            i++;
        } else {
            switch (c[i].op) {
            case DOP_NUM: in.kind = F_NUM; break;
            case DOP_ST: in.kind = F_ST; break;
            case DOP_NEG: in.kind = F_NEG; break;
            case DOP_NOT: in.kind = F_NOT; break;
            case DOP_FLOOR: in.kind = F_FLOOR; break;
            case DOP_ITE: in.kind = F_ITE; break;
            default: in.kind = F_BIN; break;
            }
        }
        fc->code[m++] = in;
    }
    fc->len = m;
    f->fast = count_runs(fc);
}

/* The fast form: a NUM pushed before a binary op is never the op's left
 * operand alone (that would need a value below it, which the op then
 * consumes as its left: F_BINK keeps it), so every fusion preserves the
 * stack and the order of the operations. */
static int run_fast(const struct desc_fast *fc, size_t from, size_t to,
                    const int *state, const int *counts, double *stack,
                    int sp);

static double eval_fast(const struct desc_fast *fc, const int *state)
{
    double stack[DESC_MAX_STACK];
    run_fast(fc, 0, fc->len, state, NULL, stack, 0);
    return stack[0];
}

double desc_fast_eval_counts(const struct desc_fast *fc, const int *state,
                             const int *counts)
{
    double stack[DESC_MAX_STACK];
    run_fast(fc, 0, fc->len, state, counts, stack, 0);
    return stack[0];
}

/* fast instructions [from, to) of fc on the stack of sp values: the
 * new sp. counts (from 0 only): each COUNT's value, in pairs (the count
 * first; desc_search_bounds keeps them), instead of its tests. */
static int run_fast(const struct desc_fast *fc, size_t from, size_t to,
                    const int *state, const int *counts, double *stack,
                    int sp)
{
    int counted = 0;
    for (size_t i = from; i < to; i++) {
        const fast_insn *in = &fc->code[i];
        switch (in->kind) {
        case F_NUM: stack[sp++] = in->num; break;
        case F_ST: stack[sp++] = state[in->aut]; break;
        case F_STEQ: stack[sp++] = (double)state[in->aut] == in->num; break;
        case F_ADDSTEQ:
            stack[sp - 1] += (double)((double)state[in->aut] == in->num);
            break;
        case F_COUNT: {
            int c = 0;
            if (counts)
                c = counts[2 * counted++];
            else
                for (int j = 1; j <= in->aut; j++)
                    c += (double)state[in[j].aut] == in[j].num;
            stack[sp++] = c;
            i += (size_t)in->aut;
            break;
        }
        case F_PAIR: break;   /* not reached: COUNT steps over */
        case F_NEG: stack[sp - 1] = -stack[sp - 1]; break;
        case F_NOT: stack[sp - 1] = stack[sp - 1] == 0; break;
        case F_FLOOR: stack[sp - 1] = floor(stack[sp - 1]); break;
        case F_ITE:
            sp -= 2;
            stack[sp - 1] = stack[sp - 1] != 0 ? stack[sp] : stack[sp + 1];
            break;
        case F_BIN:
            sp--;
            stack[sp - 1] = binop(in->op, stack[sp - 1], stack[sp]);
            break;
        case F_BINK:
            stack[sp - 1] = binop(in->op, stack[sp - 1], in->num);
            break;
        }
    }
    return sp;
}

static int same_insn(const fast_insn *a, const fast_insn *b)
{
    return a->kind == b->kind && a->op == b->op && a->aut == b->aut &&
           memcmp(&a->num, &b->num, sizeof a->num) == 0;
}

/* The start of the last instruction that starts before slot `to` of fc
 * (0 when none does). */
static size_t start_before(const struct desc_fast *fc, size_t to)
{
    size_t at = 0;
    for (size_t i = 0; i < to && i < fc->len; i += insn_len(&fc->code[i]))
        at = i;
    return at;
}

#define EVALSET_CACHE 64   /* prefix values remembered (direct-mapped) */

struct desc_evalset {
    size_t n, shared;                    /* functions, common prefix */
    const struct desc_fast **code;
    /* When no function reads the state after the prefix, their values
     * depend on the prefix's value alone: those of the last prefix
     * values met are kept (results over "nb P busy" take few values). */
    int pure;
    uint64_t key[EVALSET_CACHE];
    unsigned char used[EVALSET_CACHE];
    double *values;                      /* [EVALSET_CACHE * n] */
};

static int reads_state(const fast_insn *in)
{
    return in->kind == F_ST || in->kind == F_STEQ ||
           in->kind == F_ADDSTEQ || in->kind == F_COUNT;
}

desc_evalset *desc_evalset_new(const desc *d, const int *funcs, size_t n)
{
    desc_evalset *s = xcalloc(1, sizeof *s);
    s->n = n;
    s->code = xmalloc((n ? n : 1) * sizeof *s->code);
    for (size_t k = 0; k < n; k++)
        s->code[k] = d->funcs.items[funcs[k]].fast;
    size_t shared = n ? s->code[0]->len : 0;
    for (size_t k = 1; k < n; k++) {
        size_t l = 0;
        while (l < shared && l < s->code[k]->len &&
               same_insn(&s->code[0]->code[l], &s->code[k]->code[l]))
            l++;
        shared = l;
    }
    /* Not inside a COUNT (its pairs are read by it only): at its start.
     * A function that is the prefix whole ("nb A s" beside "nb A s ==
     * k") takes the value the prefix leaves. */
    s->shared = n ? start_before(s->code[0], shared + 1) : 0;
    if (n && shared == s->code[0]->len)
        s->shared = shared;
    s->pure = n > 0;
    for (size_t k = 0; k < n; k++)
        for (size_t i = s->shared; i < s->code[k]->len; i++)
            s->pure &= !reads_state(&s->code[k]->code[i]);
    if (s->pure)
        s->values = xmalloc(EVALSET_CACHE * n * sizeof *s->values);
    return s;
}

void desc_evalset_eval(desc_evalset *s, const int *state, double *out)
{
    double base[DESC_MAX_STACK], stack[DESC_MAX_STACK];
    if (s->n == 0)
        return;
    int sp0 = run_fast(s->code[0], 0, s->shared, state, NULL, base, 0);
    double *kept = NULL;
    if (s->pure && sp0 == 1) {   /* the values by the prefix's value bits */
        uint64_t bits;
        memcpy(&bits, &base[0], sizeof bits);
        size_t slot = (size_t)((bits * UINT64_C(0x9e3779b97f4a7c15)) >> 58);
        kept = s->values + slot * s->n;
        if (s->used[slot] && s->key[slot] == bits) {
            memcpy(out, kept, s->n * sizeof *out);
            return;
        }
        s->used[slot] = 1;
        s->key[slot] = bits;
    }
    for (size_t k = 0; k < s->n; k++) {
        if (s->code[k]->len == s->shared) {   /* the prefix whole */
            out[k] = base[0];
            continue;
        }
        memcpy(stack, base, (size_t)sp0 * sizeof *stack);
        run_fast(s->code[k], s->shared, s->code[k]->len, state, NULL, stack,
                 sp0);
        out[k] = stack[0];
    }
    if (kept)
        memcpy(kept, out, s->n * sizeof *out);
}

static int reads(const fast_insn *in, int a)
{
    if (in->kind == F_COUNT) {
        for (int j = 1; j <= in->aut; j++)
            if (in[j].aut == a)
                return 1;
        return 0;
    }
    return (in->kind == F_ST || in->kind == F_STEQ ||
            in->kind == F_ADDSTEQ) && in->aut == a;
}

void desc_eval_each(const desc *d, const desc_func *f, int a, int *state,
                    double *out)
{
    int order = d->aut[a].order, keep = state[a];
    if (f->table) {
        for (int s = 0; s < order; s++) {
            state[a] = s;
            out[s] = desc_eval(f, state);
        }
        state[a] = keep;
        return;
    }
    const struct desc_fast *fc = f->fast;
    size_t split = 0;
    while (split < fc->len && !reads(&fc->code[split], a))
        split += insn_len(&fc->code[split]);
    double base[DESC_MAX_STACK], stack[DESC_MAX_STACK];
    int sp0 = run_fast(fc, 0, split, state, NULL, base, 0);
    /* A COUNT that reads a: the pairs of the other automata counted
     * once, a's added per state (integers: the same sum in any order). */
    const fast_insn *count = split < fc->len &&
                             fc->code[split].kind == F_COUNT
                           ? &fc->code[split] : NULL;
    int others = 0;
    for (int j = 1; count && j <= count->aut; j++)
        others += count[j].aut != a &&
                  (double)state[count[j].aut] == count[j].num;
    size_t rest = count ? split + insn_len(count) : split;
    for (int s = 0; s < order; s++) {
        state[a] = s;
        memcpy(stack, base, (size_t)sp0 * sizeof *stack);
        int sp = sp0;
        if (count) {
            int c = others;
            for (int j = 1; j <= count->aut; j++)
                c += count[j].aut == a && (double)s == count[j].num;
            stack[sp++] = c;
        }
        run_fast(fc, rest, fc->len, state, NULL, stack, sp);
        out[s] = stack[0];
    }
    state[a] = keep;
}

size_t desc_evalset_shared(const desc_evalset *s) { return s->shared; }

void desc_evalset_free(desc_evalset *s)
{
    if (!s)
        return;
    free(s->code);
    free(s->values);
    free(s);
}

double desc_eval(const desc_func *f, const int *state)
{
    if (f->table) {
        uint64_t k = 0;
        for (int q = 0; q < f->ndeps; q++)
            k += (uint64_t)state[f->deps[q]] * f->stride[q];
        return f->table[k];
    }
    if (f->fast)
        return eval_fast(f->fast, state);
    return desc_eval_code(f, state);
}

void desc_func_free_derived(desc_func *f)
{
    free(f->fast);
    f->fast = NULL;
    if (!f->table_shared) {
        free(f->table);
        free(f->stride);
    }
    f->table = NULL;
    f->stride = NULL;
}

void desc_func_share_table(desc_func *dst, const desc_func *src)
{
    if (!src->table || dst->table)
        return;
    dst->table = src->table;
    dst->stride = src->stride;
    dst->table_shared = 1;
}

/* The states of f's deps (0 when over limit). */
static uint64_t support(const desc *d, const desc_func *f, uint64_t limit)
{
    uint64_t n = 1;
    for (int q = 0; q < f->ndeps; q++) {
        n *= (uint64_t)d->aut[f->deps[q]].order;
        if (n > limit)
            return 0;
    }
    return n;
}

static int same_code(const desc_func *a, const desc_func *b)
{
    if (a->code.len != b->code.len)
        return 0;
    for (size_t i = 0; i < a->code.len; i++) {
        const desc_insn *x = &a->code.items[i], *y = &b->code.items[i];
        if (x->op != y->op || (x->op == DOP_ST && x->aut != y->aut) ||
            (x->op == DOP_NUM && memcmp(&x->num, &y->num, sizeof x->num)))
            return 0;
    }
    return 1;
}

static void build_table(const desc *d, desc_func *f, uint64_t n)
{
    f->stride = xmalloc((size_t)(f->ndeps ? f->ndeps : 1) * sizeof *f->stride);
    uint64_t s = 1;
    for (int q = f->ndeps - 1; q >= 0; q--) {
        f->stride[q] = s;
        s *= (uint64_t)d->aut[f->deps[q]].order;
    }
    double *t = xmalloc((size_t)n * sizeof *t);
    int state[DESC_MAX_AUTOMATA] = {0};
    for (uint64_t k = 0; k < n; k++) {
        t[k] = f->fast ? eval_fast(f->fast, state) : desc_eval_code(f, state);
        for (int q = f->ndeps - 1; q >= 0; q--) {   /* odometer over deps */
            int a = f->deps[q];
            if (++state[a] < d->aut[a].order)
                break;
            state[a] = 0;
        }
    }
    f->table = t;
}

uint64_t desc_tabulate(desc *d, uint64_t max_entries, uint64_t max_bytes)
{
    size_t nf = d->funcs.len;
    if (!nf)
        return 0;
    /* the functions of matrix elements */
    unsigned char *used = xcalloc(nf, 1);
    for (size_t t = 0; t < d->terms.len; t++)
        for (int a = 0; a < d->naut; a++) {
            const desc_matrix *m = d->terms.items[t].factor[a];
            for (size_t k = 0; m && k < m->nnz; k++)
                if (m->e[k].func >= 0)
                    used[m->e[k].func] = 1;
        }
    uint64_t bytes = 0;
    /* smallest supports first: by passes over doubling limits */
    for (uint64_t lim = 16; ; lim = lim * 4 > max_entries ? max_entries : lim * 4) {
        for (size_t i = 0; i < nf; i++) {
            desc_func *f = &d->funcs.items[i];
            uint64_t n = support(d, f, lim);
            if (!used[i] || f->table || !n || f->ndeps == 0)
                continue;
            size_t j = 0;
            while (j < i && !(d->funcs.items[j].table &&
                              !d->funcs.items[j].table_shared &&
                              same_code(&d->funcs.items[j], f)))
                j++;
            if (j < i) {
                desc_func_share_table(f, &d->funcs.items[j]);
                continue;
            }
            if (bytes + n * sizeof(double) > max_bytes)
                continue;
            build_table(d, f, n);
            bytes += n * sizeof(double);
        }
        if (lim >= max_entries)
            break;
    }
    free(used);
    return bytes;
}
