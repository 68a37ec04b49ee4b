/* vm.c — the interpreter netsim runs: executes a compiled prototype for
 * one simulated process until it posts a communication, ends or fails.
 * Generated simulators (emit.c) do the same in straight C and share the
 * runtime helpers at the bottom of this file. */
#include <math.h>
#include <stdlib.h>

#include "proto/proto.h"

static double eval_node(sim *s, int rank, const double *v,
                        const proto_expr *e);

/* a op b when nothing can go wrong: the result is finite, no division by
 * zero, and % has integer operands below 2^53 with a divisor that is not
 * 0. Then proto_arith would return the same value, and its checks and
 * its call are skipped; otherwise (*ok = 0) proto_arith decides and says
 * what went wrong. After a failure proto_arith returns 0 where this
 * returns the value: the run is stopping and drops the values. */
static inline double fast_arith(int op, double a, double b, int *ok)
{
    double r;
    switch (op) {
    case '+': r = a + b; break;
    case '-': r = a - b; break;
    case '*': r = a * b; break;
    case '/': r = b != 0 ? a / b : NAN; break;
    default:
        if (fabs(a) < 9007199254740992.0 && fabs(b) < 9007199254740992.0 &&
            (long long)b != 0)
            return (double)((long long)a % (long long)b);
        r = NAN;
        break;
    }
    *ok = isfinite(r);
    return r;
}

/* A leaf: a variable or a number (depth 0). */
static inline double leaf(const double *v, const proto_expr *e)
{
    return e->kind == PX_VAR ? v[e->slot] : e->num;
}

/* Leaves, and operators on two leaves (rank % 2, P - 1: most of what a
 * prototype computes), without a call; the rest by eval_node. */
static inline double eval(sim *s, int rank, const double *v,
                          const proto_expr *e)
{
    if (e->depth == 0)
        return leaf(v, e);
    if (e->kind == PX_BIN && e->depth == 1) {
        int ok = 1;
        double r = fast_arith(e->op, leaf(v, e->a), leaf(v, e->b), &ok);
        if (ok)
            return r;
    }
    return eval_node(s, rank, v, e);
}

/* Operands first, left to right: the order proto2c's code follows. */
static double eval_node(sim *s, int rank, const double *v,
                        const proto_expr *e)
{
    switch (e->kind) {
    case PX_NUM:
        return e->num;
    case PX_VAR:
        return v[e->slot];
    case PX_NEG:
        return -eval(s, rank, v, e->a);
    case PX_CALL: {
        const proto_function *f = &proto_functions[e->func];
        double x = eval(s, rank, v, e->args.items[0]);
        if (f->arity == 1)
            return proto_call1(s, rank, f->name, f->f1, x, e->line);
        double y = eval(s, rank, v, e->args.items[1]);
        return proto_call2(s, rank, f->name, f->f2, x, y, e->line);
    }
    case PX_BIN:
        break;
    }
    double a = eval(s, rank, v, e->a);
    double b = eval(s, rank, v, e->b);
    int ok = 1;
    double r = fast_arith(e->op, a, b, &ok);
    return ok ? r : proto_arith(s, rank, e->op, a, b, e->line);
}

/* This process's draw of Gaussian(e[i], e[i + 1]), checked finite. An sd
 * of 0 draws the mean itself (sim_var), finite as every value is: most
 * draws, taken without the calls. */
static double draw_random(sim *s, int rank, double mean, double sd, int line)
{
    return proto_drawn(s, rank, sim_var(s, rank, mean, sd), mean, sd, line);
}

static inline double draw(sim *s, int rank, const double *v,
                          const proto_instr *in, int i)
{
    double mean = eval(s, rank, v, in->e[i]);
    double sd = eval(s, rank, v, in->e[i + 1]);
    if (sd == 0 && isfinite(mean))
        return mean;
    return draw_random(s, rank, mean, sd, in->line);
}

/* The shared draw of statement in->stmt (its execution counter in slot
 * in->b), checked finite. */
static double shared_draw(sim *s, int rank, double *v, const proto_instr *in,
                          int i)
{
    double mean = eval(s, rank, v, in->e[i]);
    double sd = eval(s, rank, v, in->e[i + 1]);
    double x = sim_shared_var(s, in->stmt, v[in->b]++, mean, sd);
    return proto_drawn(s, rank, x, mean, sd, in->line);
}

static int holds(sim *s, int rank, const double *v, const proto_cmp *c)
{
    double a = eval(s, rank, v, c->a), b = eval(s, rank, v, c->b);
    switch (c->op) {
    case PC_EQ: return a == b;
    case PC_NE: return a != b;
    case PC_GT: return a > b;
    case PC_GE: return a >= b;
    case PC_LT: return a < b;
    default:    return a <= b;
    }
}

/* The value of an optional operand: absent ones are `otherwise`. */
static double opt(sim *s, int rank, const double *v, const proto_expr *e,
                  double otherwise)
{
    return e ? eval(s, rank, v, e) : otherwise;
}

/* proto_loop with the budget read once per step, not once per jump. */
static inline int loop(sim *s, proto_state *st, int rank, int line,
                       uint64_t max_loop)
{
    if (st->loops < max_loop) {
        st->loops++;
        return 1;
    }
    return proto_loop(s, st, rank, line);
}

int proto_vm_step(sim *s, int rank, void *program)
{
    proto_state *st = program;
    const proto_program *p = st->run->data;
    double *v = proto_slots(st, rank);
    int pc = st->pc[rank];
    const int *failed = sim_failed_flag(s);
    uint64_t max_loop = sim_max_loop(s);
    st->loops = 0;
    for (;;) {
        const proto_instr *in = &p->code.items[pc++];
        double x;
        switch (in->op) {
        case PI_ASSIGN:
            v[in->a] = eval(s, rank, v, in->e[0]);
            break;
        case PI_JUMP:
            if (in->target < pc && !loop(s, st, rank, in->line, max_loop))
                return SIM_FAILED;
            pc = in->target;
            break;
        case PI_JUMP_UNLESS:
            if (!holds(s, rank, v, in->cond))
                pc = in->target;
            break;
        case PI_FOR_INIT:
            v[in->a] = 0;
            break;
        case PI_FOR_TEST:
            if (!(v[in->a] < eval(s, rank, v, in->e[0])))
                pc = in->target;
            break;
        case PI_FOR_NEXT:
        case PI_COUNT_NEXT:
            if (in->op == PI_FOR_NEXT)
                v[in->a] += 1;
            else
                v[in->h] -= 1;
            if (!loop(s, st, rank, in->line, max_loop))
                return SIM_FAILED;
            pc = in->target;
            break;
        case PI_DRAW_COUNT:
            v[in->h] = shared_draw(s, rank, v, in, 0);
            break;
        case PI_COUNT_TEST:
            if (!(v[in->h] > 0))
                pc = in->target;
            break;
        case PI_PERCENT_UNLESS:
            x = eval(s, rank, v, in->e[0]);
            if (!(sim_shared_percent(s, in->stmt, v[in->b]++) < x))
                pc = in->target;
            break;
        case PI_COMPUTE:
            x = draw(s, rank, v, in, 0);
            if (!*failed)
                sim_compute(s, rank, x, in->line);
            break;
        case PI_SEND: {
            double dest = eval(s, rank, v, in->e[0]);
            double bytes = draw(s, rank, v, in, 1);
            double tag = opt(s, rank, v, in->e[3], 0);
            if (!*failed)
                sim_send(s, rank, dest, bytes, tag, in->line);
            st->pc[rank] = pc;
            return *failed ? SIM_FAILED : SIM_BLOCKED;
        }
        case PI_RECV:
            if (!in->e[0])
                sim_recv_any(s, rank, in->line);
            else if (x = eval(s, rank, v, in->e[0]), !*failed)
                sim_recv(s, rank, x, in->line);
            st->pc[rank] = pc;
            return *failed ? SIM_FAILED : SIM_BLOCKED;
        case PI_RECV_STORE:
            if (in->a >= 0)
                v[in->a] = sim_recv_source(s, rank);
            if (in->b >= 0)
                v[in->b] = sim_recv_tag(s, rank);
            break;
        case PI_COLL: {
            double root = opt(s, rank, v, in->e[0], 0), bytes = 0;
            if (in->coll != SIM_OP_BARRIER)
                bytes = shared_draw(s, rank, v, in, 1);
            if (!*failed)
                sim_collective(s, rank, in->coll, root, bytes, in->line);
            st->pc[rank] = pc;
            return *failed ? SIM_FAILED : SIM_BLOCKED;
        }
        case PI_ISEND: {
            double dest = eval(s, rank, v, in->e[0]);
            double bytes = draw(s, rank, v, in, 1);
            double tag = opt(s, rank, v, in->e[3], 0);
            if (!*failed)
                v[in->a] = sim_isend(s, rank, dest, bytes, tag, in->line);
            break;
        }
        case PI_IRECV: {
            double source = opt(s, rank, v, in->e[0], 0);
            double tag = opt(s, rank, v, in->e[1], 0);
            if (!*failed)
                v[in->a] = sim_irecv(s, rank, in->e[0] ? &source : NULL,
                                     in->e[1] ? &tag : NULL, in->line);
            break;
        }
        case PI_SENDRECV: {
            double dest = eval(s, rank, v, in->e[0]);
            double bytes = draw(s, rank, v, in, 1);
            double stag = opt(s, rank, v, in->e[3], 0);
            double source = opt(s, rank, v, in->e[4], 0);
            double rtag = opt(s, rank, v, in->e[5], 0);
            if (!*failed)
                sim_sendrecv(s, rank, dest, bytes, stag,
                             in->e[4] ? &source : NULL,
                             in->e[5] ? &rtag : NULL, in->line);
            st->pc[rank] = pc;
            return *failed ? SIM_FAILED : SIM_BLOCKED;
        }
        case PI_PROBE: {
            double source = opt(s, rank, v, in->e[0], 0);
            double tag = opt(s, rank, v, in->e[1], 0);
            if (!*failed)
                sim_probe(s, rank, in->e[0] ? &source : NULL,
                          in->e[1] ? &tag : NULL, in->line);
            st->pc[rank] = pc;
            return *failed ? SIM_FAILED : SIM_BLOCKED;
        }
        case PI_WAIT: {
            /* The variables become null requests as the wait starts: the
             * kernel holds the ids until it completes them. */
            const proto_refs *refs = &in->st->refs;
            double *ids = xcalloc(refs->len, sizeof *ids);
            for (size_t i = 0; i < refs->len; i++)
                ids[i] = v[refs->items[i].slot];
            for (size_t i = 0; i < refs->len; i++)
                v[refs->items[i].slot] = 0;
            sim_wait(s, rank, ids, (int)refs->len, in->line);
            free(ids);
            st->pc[rank] = pc;
            return *failed ? SIM_FAILED : SIM_BLOCKED;
        }
        case PI_HALT:
            st->pc[rank] = pc - 1;
            return SIM_DONE;
        }
        if (*failed)
            return SIM_FAILED;
    }
}

void proto_vm_prepare(proto_program *p)
{
    proto_instr *code = p->code.items;
    for (size_t i = 0; i < p->code.len; i++) {
        /* A forward jump (not counted against the loop budget) to a jump
         * or to a loop's step becomes a copy of it, line included: the
         * same step, the same count, one dispatch less. A jump to a jump
         * that is backward for the target (counted) but would be forward
         * from here (not counted) is left alone. A few hops at most:
         * chains are short, and a cycle of jumps must not spin. */
        for (int hop = 0; hop < 8 && code[i].op == PI_JUMP; hop++) {
            int t = code[i].target;
            if (t <= (int)i)
                break;
            const proto_instr *to = &code[t];
            if (to->op == PI_FOR_NEXT || to->op == PI_COUNT_NEXT) {
                code[i] = *to;
                break;
            }
            if (to->op != PI_JUMP || (to->target > (int)i && to->target <= t))
                break;
            code[i] = *to;
        }
    }
}

/* ------------------------------------------------------ runtime helpers */

int proto_loop(sim *s, proto_state *st, int rank, int line)
{
    if (++st->loops <= sim_max_loop(s))
        return 1;
    sim_fail(s, rank, line, "more than %llu loop iterations without "
             "communicating; an endless loop? (--max-loop raises the limit)",
             (unsigned long long)sim_max_loop(s));
    return 0;
}
