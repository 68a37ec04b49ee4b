/* expr.c — resolved expressions (model.h): nodes in the model's arena,
 * what is known of each node's values, folding that keeps IEEE semantics,
 * and the postfix code of a node.
 *
 * Every node carries bounds [lo, hi] on the values it takes in any state
 * (lo = -inf, hi = +inf when nothing is known: the value may then be
 * infinite or NaN), whether it is never -0, and its size once expanded as
 * a tree. The bounds are computed with the same rounding as the values
 * (round to nearest is monotonic), so they hold for the computed values,
 * not only for the exact ones. A rewrite is made only when it gives the
 * same double in every state: a NaN or an infinity is never folded away. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "san/model.h"

double san_fold(desc_op op, const double *v)
{
    /* The descriptor's own evaluator, so the arithmetic is the same. */
    desc_insn code[4];
    int n = desc_op_arity(op);
    for (int i = 0; i < n; i++)
        code[i] = (desc_insn){DOP_NUM, 0, v[i]};
    code[n] = (desc_insn){op, 0, 0};
    desc_func f = {0};
    f.code.items = code;
    f.code.len = (size_t)n + 1;
    return desc_eval(&f, NULL);
}

int rx_finite(const rx *r)
{
    return isfinite(r->lo) && isfinite(r->hi);
}

static void unknown(rx *r)
{
    r->lo = -INFINITY;
    r->hi = INFINITY;
}

static void bounds(rx *r, double lo, double hi)
{
    r->lo = lo;
    r->hi = hi;
    if (!rx_finite(r))
        unknown(r);
}

static rx *rx_new(model *m, desc_op op)
{
    rx *r = xcalloc(1, sizeof *r);
    r->op = op;
    r->size = 1;
    unknown(r);
    VEC_PUSH(&m->arena, r);
    return r;
}

rx *rx_num(model *m, double v)
{
    rx *r = rx_new(m, DOP_NUM);
    r->num = v;
    bounds(r, v, v);
    r->nz = !(v == 0 && signbit(v));
    return r;
}

rx *rx_st(model *m, int a)
{
    rx *r = rx_new(m, DOP_ST);
    r->aut = a;
    bounds(r, 0, (double)m->auts.items[a].states.len - 1);
    r->nz = 1;
    return r;
}

/* The extremes of a*b or a/b over the corners of the two intervals. */
static void corners(rx *r, const rx *a, const rx *b, int div)
{
    double c[4] = {a->lo, a->lo, a->hi, a->hi};
    const double d[4] = {b->lo, b->hi, b->lo, b->hi};
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < 4; i++) {
        c[i] = div ? c[i] / d[i] : c[i] * d[i];
        lo = fmin(lo, c[i]);
        hi = fmax(hi, c[i]);
    }
    bounds(r, lo, hi);
}

static int excludes_zero(const rx *r)
{
    return rx_finite(r) && (r->lo > 0 || r->hi < 0);
}

/* Non-negative and never -0: a product or quotient of two such has a
 * clear sign bit too. */
static int plus_signed(const rx *r)
{
    return r->nz && r->lo >= 0;
}

/* What is known of r = op(kid...), r's fields other than these set. */
static void facts(rx *r)
{
    rx *a = r->kid[0], *b = r->kid[1], *c = r->kid[2];
    uint64_t size = 1;
    for (int i = 0; i < desc_op_arity(r->op); i++)
        if (!add_u64(size, r->kid[i]->size, &size))
            size = UINT64_MAX;
    r->size = size;
    unknown(r);
    r->nz = 0;
    int both = a && b && rx_finite(a) && rx_finite(b);
    switch (r->op) {
    case DOP_NUM: case DOP_ST:
        break;            /* rx_num, rx_st */
    case DOP_LT: case DOP_LE: case DOP_GT: case DOP_GE: case DOP_EQ:
    case DOP_NE: case DOP_AND: case DOP_OR: case DOP_NOT:
        bounds(r, 0, 1);  /* 1 or 0, even on NaN operands */
        r->nz = 1;
        break;
    case DOP_NEG:
        if (rx_finite(a))
            bounds(r, -a->hi, -a->lo);
        r->nz = excludes_zero(a);
        break;
    case DOP_ADD:         /* -0 only from -0 + -0 */
        if (both)
            bounds(r, a->lo + b->lo, a->hi + b->hi);
        r->nz = a->nz || b->nz;
        break;
    case DOP_SUB:         /* -0 only from -0 - +0 */
        if (both)
            bounds(r, a->lo - b->hi, a->hi - b->lo);
        r->nz = a->nz;
        break;
    case DOP_MUL:
        if (both)
            corners(r, a, b, 0);
        r->nz = plus_signed(a) && plus_signed(b);
        break;
    case DOP_DIV:
        if (both && excludes_zero(b))
            corners(r, a, b, 1);
        r->nz = plus_signed(a) && plus_signed(b);
        break;
    case DOP_MIN:
        if (both)
            bounds(r, fmin(a->lo, b->lo), fmin(a->hi, b->hi));
        r->nz = a->nz && b->nz;
        break;
    case DOP_MAX:
        if (both)
            bounds(r, fmax(a->lo, b->lo), fmax(a->hi, b->hi));
        r->nz = a->nz && b->nz;
        break;
    case DOP_FLOOR:       /* floor(-0) is -0 */
        if (rx_finite(a))
            bounds(r, floor(a->lo), floor(a->hi));
        r->nz = a->nz;
        break;
    case DOP_ITE:         /* either branch, whatever the condition */
        if (rx_finite(b) && rx_finite(c))
            bounds(r, fmin(b->lo, c->lo), fmax(b->hi, c->hi));
        r->nz = b->nz && c->nz;
        break;
    }
}

static int is_num(const rx *r, double v)
{
    return r->op == DOP_NUM && r->num == v;
}

/* The sign bit of every value of r: 0 (clear), 1 (set), or -1 (either,
 * or r may be NaN or infinite). */
static int sign_of(const rx *r)
{
    if (!rx_finite(r))
        return -1;
    if (r->hi < 0)
        return 1;
    return r->lo >= 0 && r->nz ? 0 : -1;
}

/* A signed zero whose sign bit is s ^ the sign bit of the zero z. */
static rx *signed_zero(model *m, int s, const rx *z)
{
    return rx_num(m, (s ^ (signbit(z->num) != 0)) ? -0.0 : 0.0);
}

/* x + zero is x when zero is ±0 in every state (0 * (st A - 1) is), unless
 * x may be -0 and zero may be +0 (-0 + +0 is +0). */
static int adds_nothing(const rx *zero, const rx *x)
{
    if (!(rx_finite(zero) && zero->lo == 0 && zero->hi == 0))
        return 0;
    return x->nz || (zero->op == DOP_NUM && signbit(zero->num));
}

int rx_is_test(const rx *r)
{
    switch (r->op) {
    case DOP_LT: case DOP_LE: case DOP_GT: case DOP_GE: case DOP_EQ:
    case DOP_NE: case DOP_AND: case DOP_OR: case DOP_NOT:
        return 1;
    default:
        return 0;
    }
}

rx *rx_op(model *m, desc_op op, rx *a, rx *b, rx *c)
{
    rx *kid[3] = {a, b, c};
    int n = desc_op_arity(op), constant = 1;
    for (int i = 0; i < n; i++)
        constant &= kid[i]->op == DOP_NUM;
    if (constant) {
        double v[3];
        for (int i = 0; i < n; i++)
            v[i] = kid[i]->num;
        return rx_num(m, san_fold(op, v));
    }
    /* A known condition decides: 0 and x, 1 or x are 0 and 1 whatever x
       is (NaN included: the descriptor's `and` tests a != 0); c ? a : b
       is a or b. */
    if ((op == DOP_AND && (is_num(a, 0) || is_num(b, 0))) ||
        (op == DOP_OR && ((a->op == DOP_NUM && a->num != 0) ||
                          (b->op == DOP_NUM && b->num != 0))))
        return rx_num(m, op == DOP_OR);
    if (op == DOP_ITE && a->op == DOP_NUM)
        return a->num != 0 ? b : c;
    /* 1 and p, 0 or p: p, when p is a test (its values 1 and 0). */
    if ((op == DOP_AND || op == DOP_OR) &&
        (a->op == DOP_NUM || b->op == DOP_NUM)) {
        const rx *k = a->op == DOP_NUM ? a : b;
        rx *p = k == a ? b : a;
        if (rx_is_test(p) && (op == DOP_AND) == (k->num != 0))
            return p;
    }
    /* Identities that hold for every double, NaN and infinities included
       (1 * x, x / 1, x - +0, --x, a + -b), x + 0 where x is never -0, and
       those that hold only where x is finite (x * 0, 0 / x, x - x, x / x),
       made only when x provably is. */
    if (op == DOP_MUL && (is_num(a, 0) || is_num(b, 0))) {
        const rx *z = is_num(a, 0) ? a : b;
        int s = sign_of(z == a ? b : a);
        if (s >= 0)
            return signed_zero(m, s, z);
    }
    if (op == DOP_DIV && is_num(a, 0) && excludes_zero(b))
        return signed_zero(m, b->hi < 0, a);
    if (op == DOP_DIV && a == b && excludes_zero(a))
        return rx_num(m, 1);
    if (op == DOP_SUB && a == b && rx_finite(a))
        return rx_num(m, 0);
    if ((op == DOP_MUL && is_num(a, 1)) ||
        (op == DOP_ADD && adds_nothing(a, b)))
        return b;
    if (((op == DOP_MUL || op == DOP_DIV) && is_num(b, 1)) ||
        (op == DOP_ADD && adds_nothing(b, a)) ||
        (op == DOP_SUB && is_num(b, 0) && (!signbit(b->num) || a->nz)))
        return a;
    if (op == DOP_NEG && a->op == DOP_NEG)
        return a->kid[0];
    if (op == DOP_ADD && b->op == DOP_NEG)
        return rx_op(m, DOP_SUB, a, b->kid[0], NULL);
    rx *r = rx_new(m, op);
    for (int i = 0; i < n; i++)
        r->kid[i] = kid[i];
    facts(r);
    return r;
}

uint64_t model_states_where(const model *m, const rx *x, uint64_t limit,
                            uint64_t enough, int *first)
{
    size_t na = m->auts.len;
    uint64_t nn = 1, found = 0;
    for (size_t a = 0; a < na && nn <= limit; a++)
        nn *= (uint64_t)m->auts.items[a].states.len;
    rx_code code = {0};
    rx_compile(x, &code);
    desc_func f = {0};
    f.code.items = code.items;
    f.code.len = code.len;
    int *state = xcalloc(na + 1, sizeof *state);
    memset(first, 0, sizeof *first * na);
    for (uint64_t k = 0; k < nn && k < limit && found < enough; k++) {
        uint64_t rest = k;
        for (size_t a = na; a-- > 0;) {
            state[a] = (int)(rest % m->auts.items[a].states.len);
            rest /= m->auts.items[a].states.len;
        }
        if (desc_eval_code(&f, state) != 0 && found++ == 0)
            memcpy(first, state, sizeof *first * na);
    }
    free(state);
    free(code.items);
    return found;
}

/* Strips negations and one constant factor: exact, as -(k * X) and
 * k * -X are (-k) * X to the last bit. Two factors are not merged, as
 * k1 * (k2 * X) may round or overflow differently from (k1 * k2) * X. */
rx *rx_split(rx *x, double *c)
{
    double sign = 1;
    while (x->op == DOP_NEG) {
        sign = -sign;
        x = x->kid[0];
    }
    *c = sign;
    if (x->op == DOP_NUM) {     /* a constant is folded: only at the top */
        *c = sign * x->num;
        return NULL;
    }
    if (x->op != DOP_MUL ||
        (x->kid[0]->op != DOP_NUM && x->kid[1]->op != DOP_NUM))
        return x;
    int k = x->kid[0]->op == DOP_NUM;   /* the non-constant side */
    double factor = x->kid[1 - k]->num;
    rx *y = x->kid[k];
    /* 0 * X is 0 only where X is finite; an infinite factor stays too. */
    if (factor == 0 ? !rx_finite(y) : !isfinite(factor))
        return x;
    while (y->op == DOP_NEG) {
        sign = -sign;
        y = y->kid[0];
    }
    *c = sign * factor;
    return y;
}

/* Postfix code of x, expanded as a tree, with an explicit stack: a
 * left-deep sum of 10^6 terms is no deeper than a short one. */
void rx_compile(const rx *x, rx_code *code)
{
    typedef struct {
        const rx *x;
        int next;
    } frame;
    VEC(frame) stack = {0};
    VEC_PUSH(&stack, ((frame){x, 0}));
    while (stack.len) {
        frame *f = &stack.items[stack.len - 1];
        if (f->next < desc_op_arity(f->x->op)) {
            const rx *kid = f->x->kid[f->next++];
            VEC_PUSH(&stack, ((frame){kid, 0}));
            continue;
        }
        VEC_PUSH(code, ((desc_insn){f->x->op, f->x->aut, f->x->num}));
        stack.len--;
    }
    free(stack.items);
}
