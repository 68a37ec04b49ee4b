/* app_eval.c — evaluating an application model (formats/pamela.md)
 * against a machine model with interval arithmetic.
 *
 * A value is a time interval t = [lo, hi] and, per resource R, the
 * interval of the time R is used, u_R. Sequence adds both; parallel
 * composition takes van Gemund's static lower bound (the "serialization
 * analysis" of PAMELA, notes A.10): T(P || Q) = max(T(P), T(Q),
 * max over R of (u_R(P) + u_R(Q)) / m_R), u adding. Every operation is
 * monotone in each end of its non-negative operands, so [lo, hi] is the
 * operation on the lower ends and on the upper ends; plain arithmetic on
 * numbers (which may be negative: N - 1) is ordinary interval arithmetic. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fit/app.h"

typedef struct {
    double lo, hi;
    unsigned used;                          /* bit R: u_R may be nonzero */
    double ulo[FIT_APP_MAX_RESOURCES], uhi[FIT_APP_MAX_RESOURCES];
} val;

typedef struct {
    fit_app *app;
    const fit_model *machine;
    diag *d;
    int failed;
    double steps;
    int depth;
    int looping;          /* reductions iterating their variable now */
    VEC(val) slots;       /* frames of arguments and loop variables */
    val *defs;            /* the values of definitions without arguments */
    unsigned char *done;  /* ... once evaluated */
    keymap warned;        /* poly nodes warned about extrapolating */
} evaluator;

static int fail(evaluator *ev, const an *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int fail(evaluator *ev, const an *n, const char *fmt, ...)
{
    if (!ev->failed++) {
        va_list ap;
        va_start(ap, fmt);
        diag_verror(ev->d, (srcloc){ev->app->file, n->line, n->col}, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static val number(double lo, double hi)
{
    val v;
    v.lo = lo;
    v.hi = hi;
    v.used = 0;
    return v;
}

static const char *show(char buf[80], const val *v)
{
    char a[32], b[32];
    if (v->lo == v->hi)
        snprintf(buf, 80, "%s", fmt_double(a, v->lo));
    else
        snprintf(buf, 80, "[%s, %s]", fmt_double(a, v->lo),
                 fmt_double(b, v->hi));
    return buf;
}

/* The result of an operation: finite, or an overflow at its node. */
static int finite(evaluator *ev, const an *n, const val *v)
{
    int ok = isfinite(v->lo) && isfinite(v->hi);
    for (unsigned r = 0; ok && r < FIT_APP_MAX_RESOURCES; r++)
        if (v->used & (1u << r))
            ok = isfinite(v->ulo[r]) && isfinite(v->uhi[r]);
    return ok ? 0 : fail(ev, n, "overflow: the value passes the largest "
                         "double");
}

/* A number (no resource used) for an operation that wants one. */
static int plain(evaluator *ev, const an *n, const val *v, const char *what)
{
    if (!v->used)
        return 0;
    unsigned r = 0;
    while (!(v->used & (1u << r)))
        r++;
    return fail(ev, n, "%s uses resource '%s': %s", what,
                ev->app->resources.items[r].name,
                "only times without use(...) can go here");
}

/* An exact integer (lo = hi), for bounds and subscripts. */
static int integer(evaluator *ev, const an *n, const val *v, const char *what,
                   double *out)
{
    char buf[80];
    if (plain(ev, n, v, what) < 0)
        return -1;
    if (v->lo != v->hi || v->lo != floor(v->lo) || fabs(v->lo) > 9007199254740992.0)
        return fail(ev, n, "%s must be an exact integer, not %s", what,
                    show(buf, v));
    *out = v->lo;
    return 0;
}

static void seq2(val *a, const val *b)
{
    a->lo += b->lo;
    a->hi += b->hi;
    for (unsigned r = 0; r < FIT_APP_MAX_RESOURCES; r++) {
        unsigned bit = 1u << r;
        if (!(b->used & bit))
            continue;
        if (!(a->used & bit))
            a->ulo[r] = a->uhi[r] = 0;
        a->ulo[r] += b->ulo[r];
        a->uhi[r] += b->uhi[r];
    }
    a->used |= b->used;
}

/* The static bound on v: no shorter than the total use of any resource
 * over its multiplicity. */
static void bound(const evaluator *ev, val *v)
{
    for (unsigned r = 0; r < FIT_APP_MAX_RESOURCES; r++)
        if (v->used & (1u << r)) {
            double m = ev->app->resources.items[r].m;
            v->lo = fmax(v->lo, v->ulo[r] / m);
            v->hi = fmax(v->hi, v->uhi[r] / m);
        }
}

/* a || b: the longer, or the busiest resource's total use over its
 * multiplicity when longer still. */
static void par2(const evaluator *ev, val *a, const val *b)
{
    double lo = fmax(a->lo, b->lo), hi = fmax(a->hi, b->hi);
    seq2(a, b);
    a->lo = lo;
    a->hi = hi;
    bound(ev, a);
}

/* v repeated k times (k >= 0 exactly): times and uses times k. */
static void repeat(val *v, double k)
{
    v->lo *= k;
    v->hi *= k;
    for (unsigned r = 0; r < FIT_APP_MAX_RESOURCES; r++)
        if (v->used & (1u << r)) {
            v->ulo[r] *= k;
            v->uhi[r] *= k;
        }
}

/* [a, b] · [c, d], the extremes of the four products. */
static void mul_ivl(double a, double b, double c, double d, double *lo,
                    double *hi)
{
    double p[4] = {a * c, a * d, b * c, b * d};
    *lo = *hi = p[0];
    for (int i = 1; i < 4; i++) {
        *lo = p[i] < *lo ? p[i] : *lo;
        *hi = p[i] > *hi ? p[i] : *hi;
    }
}

static int eval(evaluator *ev, const an *n, size_t base, val *out);

static int arith(evaluator *ev, const an *n, size_t base, val *out)
{
    val a, b;
    if (eval(ev, n->a, base, &a) < 0 || eval(ev, n->b, base, &b) < 0)
        return -1;
    char x[80], y[80];
    switch (n->kind) {
    case AN_ADD:
    case AN_SEQ:
        seq2(&a, &b);
        break;
    case AN_PAR:
        par2(ev, &a, &b);
        break;
    case AN_SUB:
        if (plain(ev, n, &a, "'-'") < 0 || plain(ev, n, &b, "'-'") < 0)
            return -1;
        a = number(a.lo - b.hi, a.hi - b.lo);
        break;
    case AN_MUL: {
        /* A process scaled by a count: its uses scale with it. */
        if (a.used && b.used)
            return fail(ev, n, "'*' of two processes that use resources: "
                        "one side must be a number");
        val *p = a.used ? &a : &b, *k = a.used ? &b : &a;
        if (p->used && k->lo < 0)
            return fail(ev, n, "a process that uses a resource times %s: "
                        "the factor must be >= 0", show(x, k));
        double lo, hi;
        mul_ivl(p->lo, p->hi, k->lo, k->hi, &lo, &hi);
        for (unsigned r = 0; r < FIT_APP_MAX_RESOURCES; r++)
            if (p->used & (1u << r)) {
                p->ulo[r] *= k->lo;
                p->uhi[r] *= k->hi;
            }
        p->lo = lo;
        p->hi = hi;
        a = *p;
        break;
    }
    default: {   /* AN_DIV */
        if (plain(ev, n, &b, "the divisor") < 0)
            return -1;
        if (b.lo <= 0 && b.hi >= 0)
            return fail(ev, n, "division by %s%s", show(y, &b),
                        b.lo == b.hi ? "" : ", which holds 0");
        if (a.used && b.lo < 0)
            return fail(ev, n, "a process that uses a resource divided by "
                        "%s: the divisor must be > 0", show(y, &b));
        double lo, hi;
        mul_ivl(a.lo, a.hi, 1 / b.hi, 1 / b.lo, &lo, &hi);
        for (unsigned r = 0; r < FIT_APP_MAX_RESOURCES; r++)
            if (a.used & (1u << r)) {
                a.ulo[r] /= b.hi;
                a.uhi[r] /= b.lo;
            }
        a.lo = lo;
        a.hi = hi;
        (void)x;
    }
    }
    *out = a;
    return finite(ev, n, out);
}

/* The key of time(...) or perunit(...): WORD, then _i per subscript. */
static int key_of(evaluator *ev, const an *n, size_t base, strbuf *key)
{
    sb_puts(key, n->word);
    for (size_t i = 0; i < n->args.len; i++) {
        val v;
        double k;
        if (eval(ev, n->args.items[i], base, &v) < 0 ||
            integer(ev, n->args.items[i], &v, "a key's subscript", &k) < 0)
            return -1;
        sb_printf(key, "_%.0f", k);
    }
    return 0;
}

static int machine_value(evaluator *ev, const an *n, size_t base, val *out)
{
    strbuf key = {0};
    int status = -1;
    if (key_of(ev, n, base, &key) < 0)
        goto done;
    const char *k = sb_str(&key);
    const fit_model *m = ev->machine;
    size_t count = 0;
    for (size_t i = 0; i < m->intervals.len; i++)
        count += strcmp(m->intervals.items[i].key, k) == 0;
    if (count == 0) {
        fail(ev, n, "no interval record '%s' in the machine model "
             "(bench2model interval writes them, one per bench kind)", k);
        goto done;
    }
    char buf[80], c[32];
    double x = NAN;   /* the size asked for; NaN: any */
    if (n->a) {
        val v;
        if (eval(ev, n->a, base, &v) < 0 || plain(ev, n->a, &v, "a size") < 0)
            goto done;
        if (v.lo != v.hi) {
            fail(ev, n->a, "%s(%s, SIZE) takes one size, not %s",
                 n->kind == AN_TIME ? "time" : "perunit", k, show(buf, &v));
            goto done;
        }
        x = v.lo;
    } else if (count > 1 && n->kind == AN_TIME) {
        fail(ev, n, "'%s' has records at %zu sizes: say which, as time(%s, "
             "SIZE)", k, count, k);
        goto done;
    }
    /* time: the record's [MIN, MAX]. perunit: seed 000's inter_send, the
     * cost per unit of size, [min of MIN/X, max of MAX/X] over the records
     * of size X > 0 (every such record without SIZE). */
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < m->intervals.len; i++) {
        const fit_keyed_interval *r = &m->intervals.items[i];
        if (strcmp(r->key, k) || !(isnan(x) || r->iv.x == x))
            continue;
        if (n->kind == AN_TIME) {
            lo = r->iv.min;
            hi = r->iv.max;
            break;
        }
        if (r->iv.x > 0) {
            lo = fmin(lo, r->iv.min / r->iv.x);
            hi = fmax(hi, r->iv.max / r->iv.x);
        }
    }
    if (isinf(lo)) {
        if (!isnan(x))
            fail(ev, n, "no interval record '%s' at size %s in the machine "
                 "model", k, fmt_double(c, x));
        else
            fail(ev, n, "perunit(%s): no record of '%s' has a size > 0", k,
                 k);
        goto done;
    }
    *out = number(lo, hi);
    status = finite(ev, n, out);
done:
    sb_free(&key);
    return status;
}

static int poly_value(evaluator *ev, const an *n, size_t base, val *out)
{
    const fit_function *f = NULL;
    for (size_t i = 0; i < ev->machine->functions.len; i++)
        if (strcmp(ev->machine->functions.items[i].name, n->word) == 0)
            f = &ev->machine->functions.items[i];
    if (!f)
        return fail(ev, n, "no poly function '%s' in the machine model",
                    n->word);
    val x;
    char buf[80], a[32], b[32], c[32];
    if (eval(ev, n->a, base, &x) < 0 || plain(ev, n->a, &x, "the argument") < 0)
        return -1;
    if (x.lo != x.hi)
        return fail(ev, n->a, "poly(%s, x) takes one x, not the interval %s "
                    "(a polynomial's range is not at its ends)", n->word,
                    show(buf, &x));
    int outside;
    double y = fit_function_eval(f, x.lo, &outside);
    size_t dummy;
    if (outside && !keymap_get(&ev->warned, &n, sizeof n, &dummy)) {
        keymap_put(&ev->warned, &n, sizeof n, 1);
        diag_warning(ev->d, (srcloc){ev->app->file, n->line, n->col},
                     "poly '%s' extrapolated to %s, outside its fitted "
                     "sizes %s..%s", n->word, fmt_double(a, x.lo),
                     fmt_double(b, f->pieces.items[0].lo),
                     fmt_double(c, f->pieces.items[f->pieces.len - 1].hi));
    }
    *out = number(y, y);
    return finite(ev, n, out);
}

/* seq(i = a..b) E and par(...): a closed form when E does not read i
 * (E once, repeated or composed count times), else E per i. */
static int reduce(evaluator *ev, const an *n, size_t base, val *out)
{
    val a, b;
    double lo, hi;
    if (eval(ev, n->a, base, &a) < 0 ||
        integer(ev, n->a, &a, "a reduction's lower bound", &lo) < 0 ||
        eval(ev, n->b, base, &b) < 0 ||
        integer(ev, n->b, &b, "a reduction's upper bound", &hi) < 0)
        return -1;
    *out = number(0, 0);
    if (hi < lo)
        return 0;   /* an empty reduction takes no time */
    double count = hi - lo + 1;
    size_t slot = base + n->index;
    int rpar = n->kind == AN_RPAR;
    if (!n->depends) {
        val e;
        ev->slots.items[slot] = number(lo, lo);
        if (eval(ev, n->c, base, &e) < 0)
            return -1;
        if (rpar) {
            /* count copies side by side: the longest is one copy, the
             * uses add up. */
            double tlo = e.lo, thi = e.hi;
            *out = e;
            repeat(out, count);
            out->lo = tlo;
            out->hi = thi;
            bound(ev, out);
        } else {
            *out = e;
            repeat(out, count);
        }
        return finite(ev, n, out);
    }
    for (double i = lo; i <= hi; i++) {
        val e;
        ev->slots.items[slot] = number(i, i);
        ev->looping++;
        int got = eval(ev, n->c, base, &e);
        ev->looping--;
        if (got < 0)
            return -1;
        if (i == lo)
            *out = e;
        else if (rpar)
            par2(ev, out, &e);
        else
            seq2(out, &e);
        if (finite(ev, n, out) < 0)
            return -1;
    }
    return 0;
}

static int call(evaluator *ev, const an *n, size_t base, val *out)
{
    const app_def *def = &ev->app->defs.items[n->index];
    if (n->kind == AN_DEF) {
        if (ev->done[n->index]) {
            *out = ev->defs[n->index];
            return 0;
        }
        size_t frame = ev->slots.len;
        for (size_t i = 0; i < def->nslots; i++)
            VEC_PUSH(&ev->slots, number(0, 0));
        int got = eval(ev, def->body, frame, out);
        ev->slots.len = frame;
        if (got == 0) {
            ev->defs[n->index] = *out;
            ev->done[n->index] = 1;
        }
        return got;
    }
    /* The arguments in the caller's frame, then the callee's frame. */
    size_t frame = ev->slots.len;
    for (size_t i = 0; i < def->nslots; i++)
        VEC_PUSH(&ev->slots, number(0, 0));
    for (size_t i = 0; i < n->args.len; i++) {
        val v;
        if (eval(ev, n->args.items[i], base, &v) < 0)
            return -1;
        ev->slots.items[frame + i] = v;
    }
    int got = eval(ev, def->body, frame, out);
    ev->slots.len = frame;
    return got;
}

static int eval_node(evaluator *ev, const an *n, size_t base, val *out)
{
    char buf[80];
    switch (n->kind) {
    case AN_NUM:
        *out = number(n->num, n->num);
        return 0;
    case AN_IVL: {
        val a, b;
        if (eval(ev, n->a, base, &a) < 0 || plain(ev, n->a, &a, "an interval's end") < 0 ||
            eval(ev, n->b, base, &b) < 0 || plain(ev, n->b, &b, "an interval's end") < 0)
            return -1;
        if (a.lo > b.hi) {
            char c[80];
            return fail(ev, n, "empty interval: its lower end %s is above "
                        "its upper end %s", show(buf, &a), show(c, &b));
        }
        *out = number(a.lo, b.hi);
        return 0;
    }
    case AN_PARAM: {
        const app_param *p = &ev->app->params.items[n->index];
        if (p->overridden) {
            *out = number(p->lo, p->hi);
            return 0;
        }
        return eval(ev, p->value, base, out);
    }
    case AN_SLOT:
        *out = ev->slots.items[base + n->index];
        return 0;
    case AN_DEF:
    case AN_CALL:
        return call(ev, n, base, out);
    case AN_NEG:
        if (eval(ev, n->a, base, out) < 0 || plain(ev, n, out, "'-'") < 0)
            return -1;
        *out = number(-out->hi, -out->lo);
        return 0;
    case AN_DELAY:
    case AN_USE:
        if (eval(ev, n->a, base, out) < 0 ||
            plain(ev, n->a, out, n->kind == AN_USE ? "use's time" :
                  "delay's time") < 0)
            return -1;
        if (out->lo < 0)
            return fail(ev, n, "%s of a negative time, %s",
                        n->kind == AN_USE ? "use" : "delay", show(buf, out));
        if (n->kind == AN_USE) {
            out->used = 1u << n->index;
            out->ulo[n->index] = out->lo;
            out->uhi[n->index] = out->hi;
        }
        return 0;
    case AN_RSEQ:
    case AN_RPAR:
        return reduce(ev, n, base, out);
    case AN_TIME:
    case AN_PERUNIT:
        return machine_value(ev, n, base, out);
    case AN_POLY:
        return poly_value(ev, n, base, out);
    default:
        return arith(ev, n, base, out);
    }
}

void fit_app_set_budget(fit_app *app, double steps)
{
    app->max_steps = steps;
}

static int eval(evaluator *ev, const an *n, size_t base, val *out)
{
    double most = ev->app->max_steps > 0 ? ev->app->max_steps
                                         : FIT_APP_MAX_STEPS;
    if (++ev->steps > most)   /* the advice fits the cause */
        return ev->looping
            ? fail(ev, n, "the evaluation takes more than %.0f steps: "
                   "write the loop whose body does not depend on its "
                   "variable, or fewer iterations", most)
            : fail(ev, n, "the evaluation takes more than %.0f steps, with "
                   "no loop: each call of a definition with arguments is "
                   "evaluated anew; call fewer, or define what does not "
                   "depend on the arguments without them (a definition "
                   "without arguments is evaluated once)", most);
    if (++ev->depth > FIT_APP_MAX_DEPTH) {
        ev->depth--;
        return fail(ev, n, "evaluation nested deeper than %d (each call, "
                    "bracket and operator of a chain is a level): split the "
                    "expression into definitions", FIT_APP_MAX_DEPTH);
    }
    int got = eval_node(ev, n, base, out);
    ev->depth--;
    return got;
}

int fit_app_predict(fit_app *app, const fit_model *machine,
                    fit_prediction *out, double *first, diag *d)
{
    evaluator ev = {.app = app, .machine = machine, .d = d};
    size_t ndefs = app->defs.len ? app->defs.len : 1;
    ev.defs = xcalloc(ndefs, sizeof *ev.defs);
    ev.done = xcalloc(ndefs, 1);
    int status = -1;
    char buf[80];
    /* The multiplicities first: every par reads them. */
    for (size_t r = 0; r < app->resources.len; r++) {
        app_resource *res = &app->resources.items[r];
        res->m = 1;
        if (!res->mult)
            continue;
        val v;
        if (eval(&ev, res->mult, 0, &v) < 0 ||
            plain(&ev, res->mult, &v, "a multiplicity") < 0)
            goto done;
        if (v.lo != v.hi || !(v.lo > 0)) {
            fail(&ev, res->mult, "resource '%s': its multiplicity must be "
                 "one number > 0, not %s", res->name, show(buf, &v));
            goto done;
        }
        res->m = v.lo;
    }
    *first = 0;
    if (app->params.len) {
        an at = {.line = app->params.items[0].line,
                 .col = app->params.items[0].col, .kind = AN_PARAM};
        val v;
        if (eval(&ev, &at, 0, &v) < 0)
            goto done;
        *first = v.lo;
    }
    for (size_t i = 0; i < app->predicts.len; i++) {
        const app_predict *p = &app->predicts.items[i];
        an ref = {.kind = AN_DEF, .index = p->def, .line = p->line,
                  .col = p->col};
        val v;
        if (eval(&ev, &ref, 0, &v) < 0)
            goto done;
        out[i].name = app->defs.items[p->def].name;
        out[i].lo = v.lo;
        out[i].hi = v.hi;
        if (v.lo < 0) {   /* TIME_RULE, as gstr-sched's cost models */
            fail(&ev, &ref, "'%s' predicts a negative time, %s: " TIME_RULE,
                 out[i].name, show(buf, &v));
            goto done;
        }
    }
    status = 0;
done:
    free(ev.defs);
    free(ev.done);
    free(ev.slots.items);
    keymap_free(&ev.warned);
    return status;
}
