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

/* ------------------------------------------------- the resolved program */

/* Before a run, proto_vm_prepare resolves each instruction's operands
 * (vm_opnd): what folds is a constant (numbers, P and the parameters,
 * which every process shares and no statement assigns, and operators on
 * them), a variable is its slot, an operator on two of those is computed
 * in place; only the rest walk their tree (eval). The interpreter then
 * reads an operand from its instruction instead of following pointers to
 * the tree's nodes, and computes P - 1 once per run, not once per step. */
enum {
    OPND_CONST, OPND_SLOT,
    OPND_SLOT_CONST, OPND_CONST_SLOT, OPND_SLOT_SLOT,   /* a op b */
    OPND_TREE
};

typedef struct {
    unsigned char kind, op;   /* OPND_*; an operator: + - * / % */
    int slot, slot2;
    double k;
    const proto_expr *e;      /* the expression: a tree's, and the slow
                                 path of an operator (proto_arith's
                                 checks, its message) */
} vm_opnd;

/* An instruction with its operands resolved: x[i] is e[i], an absent one
 * the constant opt() gave it; x[0] and x[1] are a condition's sides. */
typedef struct {
    proto_instr in;
    unsigned char cmp;        /* PI_JUMP_UNLESS: its condition's PC_* */
    unsigned char fixed;      /* its draw (from x[i], x[i + 1]) is the
                                 constant x[i].k: a finite mean, sd 0 */
    unsigned char then_test;  /* PI_FOR_NEXT: its target is the loop's
                                 PI_FOR_TEST, which it runs itself */
    uint64_t known, yes;      /* PI_JUMP_UNLESS whose condition depends on
                                 rank, P and parameters only: its bits in
                                 a process's word of kept (below); 0: not
                                 kept */
    vm_opnd x[6];
} vm_instr;

/* A condition on rank, P and parameters alone (rank % 2 == 0, rank <
 * P - 1: how an SPMD program gives processes their roles) has one outcome
 * per process for the whole run: evaluated once, then read from the
 * process's word of `kept` (bit b: known; bit 32 + b: it holds). Up to
 * VM_KEPT of them, the first in the code. */
enum { VM_KEPT = 32 };

struct proto_vm {
    vm_instr *code;
    uint64_t *kept;           /* per process; NULL: no condition kept */
    const sim *s;             /* the run the two below are from */
    const int *failed;
    uint64_t max_loop;
};

/* An operand's value when it is not a constant, a slot or an operator
 * whose fast path holds: its tree, or proto_arith's checks. */
static __attribute__((noinline)) double value_slow(sim *s, int rank,
                                                   const double *v,
                                                   const vm_opnd *o)
{
    return o->kind == OPND_TREE ? eval(s, rank, v, o->e)
                                : eval_node(s, rank, v, o->e);
}

/* (Inline in each use: a call per operand cost more than the operand.) */
static inline __attribute__((always_inline)) double
value(sim *s, int rank, const double *v, const vm_opnd *o)
{
    int ok = 1;
    double r;
    /* The two usual kinds (a send's tag, rank + 1) by tests before the
     * switch's table (callgrind, the bench's ring at P = 10^5: 24
     * instructions a message less). */
    if (o->kind == OPND_CONST)
        return o->k;
    if (o->kind == OPND_SLOT_CONST) {
        r = fast_arith(o->op, v[o->slot], o->k, &ok);
        return ok ? r : value_slow(s, rank, v, o);
    }
    switch (o->kind) {
    case OPND_SLOT:
        return v[o->slot];
    case OPND_CONST_SLOT:
        r = fast_arith(o->op, o->k, v[o->slot], &ok);
        break;
    case OPND_SLOT_SLOT:
        r = fast_arith(o->op, v[o->slot], v[o->slot2], &ok);
        break;
    default:
        return value_slow(s, rank, v, o);
    }
    return ok ? r : value_slow(s, rank, v, o);
}

/* This process's draw of Gaussian(x[i], x[i + 1]), checked finite: the
 * mean itself when sd is 0 (sim_var), the usual case, without a call. */
static inline __attribute__((always_inline)) double draw_at(sim *s, int rank, const double *v,
                             const vm_instr *vi, int i)
{
    if (vi->fixed)
        return vi->x[i].k;
    double mean = value(s, rank, v, &vi->x[i]);
    double sd = value(s, rank, v, &vi->x[i + 1]);
    if (sd == 0 && isfinite(mean))
        return mean;
    return draw_random(s, rank, mean, sd, vi->in.line);
}

/* The shared draw of statement in->stmt (its execution counter in slot
 * in->b), checked finite. */
static double shared_draw(sim *s, int rank, double *v, const vm_instr *vi,
                          int i)
{
    double mean = value(s, rank, v, &vi->x[i]);
    double sd = value(s, rank, v, &vi->x[i + 1]);
    double x = sim_shared_var(s, vi->in.stmt, v[vi->in.b]++, mean, sd);
    return proto_drawn(s, rank, x, mean, sd, vi->in.line);
}

static __attribute__((noinline)) int holds(sim *s, int rank,
                                            const double *v,
                                            const vm_instr *vi)
{
    double a = value(s, rank, v, &vi->x[0]), b = value(s, rank, v, &vi->x[1]);
    switch (vi->cmp) {
    case PC_EQ: return a == b;
    case PC_NE: return a != b;
    case PC_GT: return a > b;
    case PC_GE: return a >= b;
    case PC_LT: return a < b;
    default:    return a <= b;
    }
}

/* proto_loop with the budget read once per step, not once per jump. */
static inline int loop(sim *s, proto_state *st, int rank, int line,
                       uint64_t max_loop)
{
    if (st->loops < max_loop) {
        if (st->loops++ == 0)   /* once a step: what --max-events says */
            sim_note_loop(s);
        return 1;
    }
    return proto_loop(s, st, rank, line);
}

/* The instructions that a blocking point-to-point program does not run
 * (collectives, nonblocking operations, waits, shared draws), out of
 * proto_vm_step so that its loop keeps its state in registers. Returns
 * what the step returns, or -1 when it goes on at pc. */
static __attribute__((noinline)) int rare_op(sim *s, proto_state *st,
                                             int rank, double *v,
                                             const vm_instr *vi, int pc)
{
    const proto_instr *in = &vi->in;
    int blocks = 1;
    switch (in->op) {
    case PI_DRAW_COUNT:
        v[in->h] = shared_draw(s, rank, v, vi, 0);
        blocks = 0;
        break;
    case PI_RECV_STORE:
        if (in->a >= 0)
            v[in->a] = sim_recv_source(s, rank);
        if (in->b >= 0)
            v[in->b] = sim_recv_tag(s, rank);
        blocks = 0;
        break;
    case PI_COLL: {
        double root = value(s, rank, v, &vi->x[0]), bytes = 0;
        if (in->coll != SIM_OP_BARRIER)
            bytes = shared_draw(s, rank, v, vi, 1);
        if (!sim_failed(s))
            sim_collective(s, rank, in->coll, root, bytes, in->line);
        break;
    }
    case PI_ISEND: {
        double dest = value(s, rank, v, &vi->x[0]);
        double bytes = draw_at(s, rank, v, vi, 1);
        double tag = value(s, rank, v, &vi->x[3]);
        if (!sim_failed(s))
            v[in->a] = sim_isend(s, rank, dest, bytes, tag, in->line);
        blocks = 0;
        break;
    }
    case PI_IRECV: {
        double source = value(s, rank, v, &vi->x[0]);
        double tag = value(s, rank, v, &vi->x[1]);
        if (!sim_failed(s))
            v[in->a] = sim_irecv(s, rank, in->e[0] ? &source : NULL,
                                 in->e[1] ? &tag : NULL, in->line);
        blocks = 0;
        break;
    }
    case PI_SENDRECV: {
        double dest = value(s, rank, v, &vi->x[0]);
        double bytes = draw_at(s, rank, v, vi, 1);
        double stag = value(s, rank, v, &vi->x[3]);
        double source = value(s, rank, v, &vi->x[4]);
        double rtag = value(s, rank, v, &vi->x[5]);
        if (!sim_failed(s))
            sim_sendrecv(s, rank, dest, bytes, stag,
                         in->e[4] ? &source : NULL,
                         in->e[5] ? &rtag : NULL, in->line);
        break;
    }
    case PI_PROBE: {
        double source = value(s, rank, v, &vi->x[0]);
        double tag = value(s, rank, v, &vi->x[1]);
        if (!sim_failed(s))
            sim_probe(s, rank, in->e[0] ? &source : NULL,
                      in->e[1] ? &tag : NULL, in->line);
        break;
    }
    default: {   /* PI_WAIT */
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
        break;
    }
    }
    if (!blocks)
        return sim_failed(s) ? SIM_FAILED : -1;
    st->pc[rank] = pc;
    return sim_failed(s) ? SIM_FAILED : SIM_BLOCKED;
}

int proto_vm_step(sim *s, int rank, void *program)
{
    proto_state *st = program;
    const proto_program *p = st->run->data;
    struct proto_vm *vm = p->vm;
    double *v = proto_slots(st, rank);
    int pc = st->pc[rank];
    if (vm->s != s) {   /* the run's first step: what each step reads */
        vm->s = s;
        vm->failed = sim_failed_flag(s);
        vm->max_loop = sim_max_loop(s);
    }
    const int *failed = vm->failed;
    uint64_t max_loop = vm->max_loop;
    st->loops = 0;
    for (;;) {
        const vm_instr *vi = &vm->code[pc++];
        const proto_instr *in = &vi->in;
        double x;
        int h;
        switch (in->op) {
        case PI_ASSIGN:
            v[in->a] = value(s, rank, v, &vi->x[0]);
            break;
        case PI_JUMP:
            if (in->target < pc && !loop(s, st, rank, in->line, max_loop))
                return SIM_FAILED;
            pc = in->target;
            continue;   /* (nothing evaluated: no failure to test) */
        case PI_JUMP_UNLESS:
            if (vi->known && (vm->kept[rank] & vi->known)) {
                if (!(vm->kept[rank] & vi->yes))
                    pc = in->target;
                continue;   /* kept: nothing evaluated */
            }
            h = holds(s, rank, v, vi);
            if (vi->known && !*failed)
                vm->kept[rank] |= vi->known | (h ? vi->yes : 0);
            if (!h)
                pc = in->target;
            break;
        case PI_FOR_INIT:
            v[in->a] = 0;
            continue;
        case PI_FOR_TEST:
            if (!(v[in->a] < value(s, rank, v, &vi->x[0])))
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
            if (vi->then_test) {   /* the test, one dispatch less */
                const vm_instr *t = &vm->code[pc++];
                if (!(v[t->in.a] < value(s, rank, v, &t->x[0])))
                    pc = t->in.target;
            }
            break;
        case PI_COUNT_TEST:
            if (!(v[in->h] > 0))
                pc = in->target;
            continue;
        case PI_PERCENT_UNLESS:
            x = value(s, rank, v, &vi->x[0]);
            if (!(sim_shared_percent(s, in->stmt, v[in->b]++) < x))
                pc = in->target;
            break;
        case PI_COMPUTE:
            x = draw_at(s, rank, v, vi, 0);
            if (!*failed)
                sim_compute(s, rank, x, in->line);
            break;
        case PI_SEND: {
            double dest = value(s, rank, v, &vi->x[0]);
            double bytes = draw_at(s, rank, v, vi, 1);
            double tag = value(s, rank, v, &vi->x[3]);
            if (!*failed)
                sim_send(s, rank, dest, bytes, tag, in->line);
            st->pc[rank] = pc;
            return *failed ? SIM_FAILED : SIM_BLOCKED;
        }
        case PI_RECV:
            if (!in->e[0])
                sim_recv_any(s, rank, in->line);
            else if (x = value(s, rank, v, &vi->x[0]), !*failed)
                sim_recv(s, rank, x, in->line);
            st->pc[rank] = pc;
            return *failed ? SIM_FAILED : SIM_BLOCKED;
        case PI_HALT:
            st->pc[rank] = pc - 1;
            return SIM_DONE;
        default:
            if ((h = rare_op(s, st, rank, v, vi, pc)) >= 0)
                return h;
            break;
        }
        if (*failed)
            return SIM_FAILED;
    }
}

/* e's value when it is the same for every process of the run and computes
 * without a check failing: *ok = 0 otherwise (then it is computed, and
 * fails, at run time as before). `values` holds P and the parameters. */
static double fold(const proto_program *p, const double *values,
                   const proto_expr *e, int *ok)
{
    switch (e->kind) {
    case PX_NUM:
        return e->num;
    case PX_VAR:
        if (e->slot == PROTO_SLOT_P ||
            (e->slot < p->nvars && p->is_parameter[e->slot]))
            return values[e->slot];
        break;
    case PX_NEG: {
        double a = fold(p, values, e->a, ok);
        return *ok ? -a : 0;
    }
    case PX_BIN: {
        double a = fold(p, values, e->a, ok);
        double b = *ok ? fold(p, values, e->b, ok) : 0;
        return *ok ? fast_arith(e->op, a, b, ok) : 0;
    }
    case PX_CALL:   /* (proto_call's checks stay at run time) */
        break;
    }
    *ok = 0;
    return 0;
}

/* Whether e's value depends on nothing but rank, P and the parameters
 * (and so is the same at every evaluation by one process). */
static int on_rank_only(const proto_program *p, const proto_expr *e)
{
    switch (e->kind) {
    case PX_NUM:
        return 1;
    case PX_VAR:
        return e->slot == PROTO_SLOT_RANK || e->slot == PROTO_SLOT_P ||
               (e->slot < p->nvars && p->is_parameter[e->slot]);
    case PX_NEG:
        return on_rank_only(p, e->a);
    case PX_BIN:
        return on_rank_only(p, e->a) && on_rank_only(p, e->b);
    case PX_CALL:
        for (size_t i = 0; i < e->args.len; i++)
            if (!on_rank_only(p, e->args.items[i]))
                return 0;
        return 1;
    }
    return 0;
}

/* e as an operand; `otherwise` when it is absent (opt). */
static vm_opnd resolve(const proto_program *p, const double *values,
                       const proto_expr *e, double otherwise)
{
    int ok = 1;
    if (!e)
        return (vm_opnd){.kind = OPND_CONST, .k = otherwise};
    double k = fold(p, values, e, &ok);
    if (ok)
        return (vm_opnd){.kind = OPND_CONST, .k = k, .e = e};
    if (e->kind == PX_VAR)
        return (vm_opnd){.kind = OPND_SLOT, .slot = e->slot, .e = e};
    vm_opnd o = {.kind = OPND_TREE, .e = e};
    if (e->kind != PX_BIN)
        return o;
    vm_opnd a = resolve(p, values, e->a, 0), b = resolve(p, values, e->b, 0);
    o.op = (unsigned char)e->op;
    if (a.kind == OPND_SLOT && b.kind == OPND_CONST)
        o.kind = OPND_SLOT_CONST, o.slot = a.slot, o.k = b.k;
    else if (a.kind == OPND_CONST && b.kind == OPND_SLOT)
        o.kind = OPND_CONST_SLOT, o.k = a.k, o.slot = b.slot;
    else if (a.kind == OPND_SLOT && b.kind == OPND_SLOT)
        o.kind = OPND_SLOT_SLOT, o.slot = a.slot, o.slot2 = b.slot;
    return o;
}

void proto_vm_prepare(proto_program *p, const double *values)
{
    proto_vm_free(p->vm);
    struct proto_vm *vm = p->vm = xcalloc(1, sizeof *vm);
    size_t n = p->code.len;
    vm_instr *code = vm->code = xcalloc(n, sizeof *code);
    int kept = 0;
    for (size_t i = 0; i < n; i++) {
        const proto_instr *in = &p->code.items[i];
        code[i].in = *in;
        if (in->op == PI_JUMP_UNLESS) {
            if (kept < VM_KEPT && on_rank_only(p, in->cond->a) &&
                on_rank_only(p, in->cond->b)) {
                code[i].known = 1ull << kept++;
                code[i].yes = code[i].known << VM_KEPT;
            }
            code[i].cmp = (unsigned char)in->cond->op;
            code[i].x[0] = resolve(p, values, in->cond->a, 0);
            code[i].x[1] = resolve(p, values, in->cond->b, 0);
            continue;
        }
        for (int k = 0; k < 6; k++)
            code[i].x[k] = resolve(p, values, in->e[k], 0);
        int d = in->op == PI_COMPUTE ? 0 : 1;   /* where its draw is */
        code[i].fixed = code[i].x[d].kind == OPND_CONST &&
                        isfinite(code[i].x[d].k) &&
                        code[i].x[d + 1].kind == OPND_CONST &&
                        code[i].x[d + 1].k == 0;
        code[i].then_test = in->op == PI_FOR_NEXT &&
                            p->code.items[in->target].op == PI_FOR_TEST;
    }
    if (kept)
        vm->kept = xcalloc((size_t)values[PROTO_SLOT_P], sizeof *vm->kept);
    for (size_t i = 0; i < n; i++) {
        /* A forward jump (not counted against the loop budget) to a jump
         * or to a loop's step becomes a copy of it, line included: the
         * same step, the same count, one dispatch less. A jump to a jump
         * that is backward for the target (counted) but would be forward
         * from here (not counted) is left alone. A few hops at most:
         * chains are short, and a cycle of jumps must not spin. */
        for (int hop = 0; hop < 8 && code[i].in.op == PI_JUMP; hop++) {
            int t = code[i].in.target;
            if (t <= (int)i)
                break;
            const vm_instr *to = &code[t];
            if (to->in.op == PI_FOR_NEXT || to->in.op == PI_COUNT_NEXT) {
                code[i] = *to;
                break;
            }
            if (to->in.op != PI_JUMP ||
                (to->in.target > (int)i && to->in.target <= t))
                break;
            code[i] = *to;
        }
    }
}

void proto_vm_free(struct proto_vm *vm)
{
    if (!vm)
        return;
    free(vm->code);
    free(vm->kept);
    free(vm);
}

/* ------------------------------------------------------ runtime helpers */

int proto_loop(sim *s, proto_state *st, int rank, int line)
{
    if (st->loops == 0)
        sim_note_loop(s);
    if (++st->loops <= sim_max_loop(s))
        return 1;
    sim_fail(s, rank, line, "more than %llu loop iterations without "
             "communicating; an endless loop? (--max-loop raises the limit)",
             (unsigned long long)sim_max_loop(s));
    return 0;
}
