/* bounds.c — a function's bounds over boxes of states (desc.h), by
 * interval arithmetic on its fast form (eval.h): from scratch
 * (desc_eval_bounds), or along a depth-first search that keeps the
 * counts of its sums of tests per depth (desc_search_bounds). The
 * reachable set's search (lib/mvd/space.c) prunes with them. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "desc/desc.h"
#include "desc/eval.h"

/* Interval versions of the operators: [a] op [b] into [r]. */
typedef struct {
    double lo, hi;
} ival;

static ival hull4(double a, double b, double c, double d)
{
    ival r = {a, a};
    double v[3] = {b, c, d};
    for (int i = 0; i < 3; i++) {
        if (v[i] < r.lo)
            r.lo = v[i];
        if (v[i] > r.hi)
            r.hi = v[i];
    }
    return r;
}

static int certain(ival a) { return a.lo > 0 || a.hi < 0; }   /* != 0 */
static int zero(ival a) { return a.lo == 0 && a.hi == 0; }

static ival truth(int yes, int no)
{
    return yes ? (ival){1, 1} : no ? (ival){0, 0} : (ival){0, 1};
}

/* 0 when the result may be not finite (division by an interval holding
 * 0), or unknown. */
static int ival_bin(desc_op op, ival a, ival b, ival *r)
{
    switch (op) {
    case DOP_ADD: *r = (ival){a.lo + b.lo, a.hi + b.hi}; return 1;
    case DOP_SUB: *r = (ival){a.lo - b.hi, a.hi - b.lo}; return 1;
    case DOP_MUL:
        *r = hull4(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi);
        return 1;
    case DOP_DIV:
        if (b.lo <= 0 && b.hi >= 0)
            return 0;
        *r = hull4(a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi);
        return 1;
    case DOP_LT: *r = truth(a.hi < b.lo, a.lo >= b.hi); return 1;
    case DOP_LE: *r = truth(a.hi <= b.lo, a.lo > b.hi); return 1;
    case DOP_GT: *r = truth(a.lo > b.hi, a.hi <= b.lo); return 1;
    case DOP_GE: *r = truth(a.lo >= b.hi, a.hi < b.lo); return 1;
    case DOP_EQ:
        *r = truth(a.lo == a.hi && b.lo == b.hi && a.lo == b.lo,
                   a.hi < b.lo || b.hi < a.lo);
        return 1;
    case DOP_NE:
        *r = truth(a.hi < b.lo || b.hi < a.lo,
                   a.lo == a.hi && b.lo == b.hi && a.lo == b.lo);
        return 1;
    case DOP_AND: *r = truth(certain(a) && certain(b), zero(a) || zero(b));
        return 1;
    case DOP_OR: *r = truth(certain(a) || certain(b), zero(a) && zero(b));
        return 1;
    case DOP_MIN:
        *r = (ival){a.lo < b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
        return 1;
    case DOP_MAX:
        *r = (ival){a.lo > b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
        return 1;
    default: return 0;
    }
}

/* The bounds by the fast form (every function has one: desc_add_func
 * builds it): the same interval operations in the same order as on the
 * postfix code (st A k == is an interval ==, its fused + an interval +),
 * in a quarter of the steps on sums of tests. */
static int bounds_fast(const struct desc_fast *fc, const int *lo,
                       const int *hi, const int *counts, double *rlo,
                       double *rhi)
{
    ival stack[DESC_MAX_STACK];
    int sp = 0, counted = 0;
    for (size_t i = 0; i < fc->len; i++) {
        const fast_insn *in = &fc->code[i];
        ival r;
        switch (in->kind) {
        case F_NUM: r = (ival){in->num, in->num}; break;
        case F_ST: r = (ival){lo[in->aut], hi[in->aut]}; break;
        case F_STEQ:
        case F_ADDSTEQ: {
            double a = lo[in->aut], b = hi[in->aut], k = in->num;
            r = truth(a == b && a == k, b < k || k < a);
            if (in->kind == F_ADDSTEQ) {
                sp--;
                r = (ival){stack[sp].lo + r.lo, stack[sp].hi + r.hi};
            }
            break;
        }
        case F_COUNT: {   /* the tests certain to hold, and those that may */
            int sure = 0, may = 0;
            if (counts) {   /* kept along a search (desc_search_bounds) */
                r = (ival){counts[2 * counted], counts[2 * counted + 1]};
                counted++;
                i += (size_t)in->aut;
                break;
            }
            for (int j = 1; j <= in->aut; j++) {
                double a = lo[in[j].aut], b = hi[in[j].aut], k = in[j].num;
                sure += a == b && a == k;
                may += !(b < k || k < a);
            }
            r = (ival){sure, may};
            i += (size_t)in->aut;
            break;
        }
        case F_PAIR: return 0;   /* not reached: COUNT steps over */
        case F_NEG: r = (ival){-stack[sp - 1].hi, -stack[sp - 1].lo};
            sp--;
            break;
        case F_NOT: r = truth(zero(stack[sp - 1]), certain(stack[sp - 1]));
            sp--;
            break;
        case F_FLOOR:
            r = (ival){floor(stack[sp - 1].lo), floor(stack[sp - 1].hi)};
            sp--;
            break;
        case F_ITE: {
            ival c = stack[sp - 3], a = stack[sp - 2], b = stack[sp - 1];
            sp -= 3;
            if (certain(c))
                r = a;
            else if (zero(c))
                r = b;
            else
                r = (ival){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
            break;
        }
        case F_BINK:
            sp--;
            if (!ival_bin(in->op, stack[sp], (ival){in->num, in->num}, &r))
                return 0;
            break;
        default:   /* F_BIN */
            sp -= 2;
            if (!ival_bin(in->op, stack[sp], stack[sp + 1], &r))
                return 0;
            break;
        }
        if (!(r.lo >= -DBL_MAX && r.hi <= DBL_MAX))
            return 0;
        stack[sp++] = r;
    }
    *rlo = stack[0].lo;
    *rhi = stack[0].hi;
    return 1;
}

int desc_eval_bounds(const desc_func *f, const int *lo, const int *hi,
                     double *rlo, double *rhi)
{
    return bounds_fast(f->fast, lo, hi, NULL, rlo, rhi);
}

/* ------------------------------------------------ bounds along a search */

struct desc_search_bounds {
    const struct desc_fast *fc;
    int ncount;          /* COUNT instructions in fc */
    int naut;
    /* automaton a's tests: (count, value) at first[a]..first[a + 1] */
    size_t *first;
    int *test_count;
    double *test_value;
    int *counts;         /* [(depths) * 2 * ncount]: sure, may per COUNT */
};

desc_search_bounds *desc_search_bounds_new(const desc *d, const desc_func *f)
{
    const struct desc_fast *fc = f->fast;
    int ncount = 0;
    size_t ntest = 0;
    for (size_t i = 0; i < fc->len; i += insn_len(&fc->code[i]))
        if (fc->code[i].kind == F_COUNT) {
            ncount++;
            ntest += (size_t)fc->code[i].aut;
        }
    if (ncount == 0)
        return NULL;
    desc_search_bounds *b = xcalloc(1, sizeof *b);
    b->fc = fc;
    b->ncount = ncount;
    b->naut = d->naut;
    b->first = xcalloc((size_t)d->naut + 1, sizeof *b->first);
    b->test_count = xmalloc(ntest * sizeof *b->test_count);
    b->test_value = xmalloc(ntest * sizeof *b->test_value);
    for (size_t i = 0; i < fc->len; i += insn_len(&fc->code[i]))
        for (int j = 1; fc->code[i].kind == F_COUNT && j <= fc->code[i].aut;
             j++)
            b->first[fc->code[i + (size_t)j].aut + 1]++;
    for (int a = 0; a < d->naut; a++)
        b->first[a + 1] += b->first[a];
    size_t *at = xmalloc(((size_t)d->naut + 1) * sizeof *at);
    memcpy(at, b->first, ((size_t)d->naut + 1) * sizeof *at);
    int c = 0;
    for (size_t i = 0; i < fc->len; i += insn_len(&fc->code[i])) {
        if (fc->code[i].kind != F_COUNT)
            continue;
        for (int j = 1; j <= fc->code[i].aut; j++) {
            const fast_insn *t = &fc->code[i + (size_t)j];
            b->test_count[at[t->aut]] = c;
            b->test_value[at[t->aut]++] = t->num;
        }
        c++;
    }
    free(at);
    b->counts = xmalloc(((size_t)d->naut + 1) * 2 * (size_t)ncount *
                        sizeof *b->counts);
    return b;
}

void desc_search_bounds_root(desc_search_bounds *b, const int *lo,
                             const int *hi)
{
    int c = 0;
    for (size_t i = 0; i < b->fc->len; i += insn_len(&b->fc->code[i])) {
        const fast_insn *in = &b->fc->code[i];
        if (in->kind != F_COUNT)
            continue;
        int sure = 0, may = 0;
        for (int j = 1; j <= in->aut; j++) {
            double x = lo[in[j].aut], y = hi[in[j].aut], k = in[j].num;
            sure += x == y && x == k;
            may += !(y < k || k < x);
        }
        b->counts[2 * c] = sure;
        b->counts[2 * c + 1] = may;
        c++;
    }
}

void desc_search_bounds_fix(desc_search_bounds *b, int depth, int a,
                            int old_lo, int old_hi, int s)
{
    int n = 2 * b->ncount;
    int *to = b->counts + (size_t)depth * (size_t)n;
    memcpy(to, to - n, (size_t)n * sizeof *to);
    for (size_t t = b->first[a]; t < b->first[a + 1]; t++) {
        double k = b->test_value[t], x = old_lo, y = old_hi;
        int *c = to + 2 * b->test_count[t];
        c[0] += (s == k) - (x == y && x == k);
        c[1] += (s == k) - !(y < k || k < x);
    }
}

int desc_search_bounds_eval(const desc_search_bounds *b, int depth,
                            const int *lo, const int *hi, double *rlo,
                            double *rhi)
{
    return bounds_fast(b->fc, lo, hi,
                       b->counts + (size_t)depth * 2 * (size_t)b->ncount, rlo,
                       rhi);
}

double desc_search_bounds_value(const desc_search_bounds *b, int depth,
                                const int *state)
{
    return desc_fast_eval_counts(b->fc, state,
                                 b->counts + (size_t)depth * 2 *
                                                 (size_t)b->ncount);
}

void desc_search_bounds_free(desc_search_bounds *b)
{
    if (!b)
        return;
    free(b->first);
    free(b->test_count);
    free(b->test_value);
    free(b->counts);
    free(b);
}
