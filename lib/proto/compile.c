/* compile.c — checks a parsed prototype and compiles it to the instruction
 * list that the interpreter (vm.c) runs and the translator (emit.c)
 * turns into C.
 *
 * Names: slot 0 is rank, slot 1 is P, then every other identifier in order
 * of first appearance. An identifier the program reads but never assigns
 * (nor names as a for variable or a receive variable) is a parameter: its
 * value comes from the command line (-D NAME=VALUE). Then the hidden slots:
 * one execution counter per shared-draw statement, one remaining-count per
 * `while (mean, sd)`. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/parser.h"

const proto_function proto_functions[] = {
    {"acos", 1, acos, NULL},   {"asin", 1, asin, NULL},
    {"atan", 1, atan, NULL},   {"atan2", 2, NULL, atan2},
    {"cbrt", 1, cbrt, NULL},   {"ceil", 1, ceil, NULL},
    {"cos", 1, cos, NULL},     {"cosh", 1, cosh, NULL},
    {"exp", 1, exp, NULL},     {"exp2", 1, exp2, NULL},
    {"fabs", 1, fabs, NULL},   {"floor", 1, floor, NULL},
    {"fmax", 2, NULL, fmax},   {"fmin", 2, NULL, fmin},
    {"fmod", 2, NULL, fmod},   {"hypot", 2, NULL, hypot},
    {"log", 1, log, NULL},     {"log10", 1, log10, NULL},
    {"log2", 1, log2, NULL},   {"pow", 2, NULL, pow},
    {"round", 1, round, NULL}, {"sin", 1, sin, NULL},
    {"sinh", 1, sinh, NULL},   {"sqrt", 1, sqrt, NULL},
    {"tan", 1, tan, NULL},     {"tanh", 1, tanh, NULL},
    {"trunc", 1, trunc, NULL},
};
const size_t proto_function_count =
    sizeof proto_functions / sizeof *proto_functions;

typedef struct {
    proto_program *p;
    diag *d;
    keymap names;            /* identifier -> slot */
    VEC(char) assigned;      /* per variable */
    VEC(int) first_line;     /* per variable: line of first use */
    int shared_statements;
} compiler;

static void error_at(compiler *c, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void error_at(compiler *c, int line, int col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(c->d, (srcloc){c->p->file, line, col}, fmt, ap);
    va_end(ap);
}

/* ---------------------------------------------------------------- names */

static int slot_of(compiler *c, const char *name, int line)
{
    size_t slot;
    if (keymap_get(&c->names, name, strlen(name), &slot))
        return (int)slot;
    slot = c->p->slot_names.len;
    VEC_PUSH(&c->p->slot_names, xstrdup(name));
    keymap_put(&c->names, name, strlen(name), slot);
    VEC_PUSH(&c->assigned, 0);
    VEC_PUSH(&c->first_line, line);
    return (int)slot;
}

/* A name the statement writes: never rank or P. */
static int target_slot(compiler *c, const char *name, int line, int col,
                       const char *how)
{
    int slot = slot_of(c, name, line);
    if (slot == PROTO_SLOT_RANK || slot == PROTO_SLOT_P)
        error_at(c, line, col, "'%s' is predefined and cannot be %s", name,
                 how);
    c->assigned.items[slot] = 1;
    return slot;
}

/* Resolves names and functions. Recursive: the parser bounds the depth
 * (PROTO_MAX_EXPR_DEPTH). */
static void check_expr(compiler *c, proto_expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case PX_NUM:
        return;
    case PX_VAR:
        e->slot = slot_of(c, e->name, e->line);
        return;
    case PX_CALL:
        for (size_t i = 0; i < proto_function_count; i++)
            if (strcmp(proto_functions[i].name, e->name) == 0)
                e->func = (int)i;
        if (e->func < 0)
            error_at(c, e->line, e->col, "unknown function '%s' (the C math "
                     "functions of formats/proto.md are available)", e->name);
        else if ((size_t)proto_functions[e->func].arity != e->args.len)
            error_at(c, e->line, e->col, "'%s' takes %d argument%s, not %zu",
                     e->name, proto_functions[e->func].arity,
                     proto_functions[e->func].arity == 1 ? "" : "s",
                     e->args.len);
        for (size_t i = 0; i < e->args.len; i++)
            check_expr(c, e->args.items[i]);
        return;
    case PX_NEG:
        check_expr(c, e->a);
        return;
    case PX_BIN:
        check_expr(c, e->a);
        check_expr(c, e->b);
        return;
    }
}

/* The value of a constant expression (a number, signed or not); 0 when
 * it is not one. */
static int constant(const proto_expr *e, double *x)
{
    if (e->kind == PX_NUM) {
        *x = e->num;
        return 1;
    }
    if (e->kind == PX_NEG && constant(e->a, x)) {
        *x = -*x;
        return 1;
    }
    return 0;
}

/* A tag written as a number is checked here, at its location; a computed
 * one when the statement runs (sim_isend and the others). */
static void check_tags(compiler *c, const proto_stmt *s)
{
    const proto_expr *tags[2] = {NULL, NULL};
    if (s->kind == PS_SEND || s->kind == PS_ISEND)
        tags[0] = s->e[3];
    else if (s->kind == PS_IRECV || s->kind == PS_PROBE)
        tags[0] = s->e[1];
    else if (s->kind == PS_SENDRECV) {
        tags[0] = s->e[3];
        tags[1] = s->e[5];
    }
    for (int i = 0; i < 2; i++) {
        double x;
        if (tags[i] && constant(tags[i], &x) &&
            !(x >= 0 && x <= SIM_TAG_MAX && x == floor(x)))
            error_at(c, tags[i]->line, tags[i]->col, "tag %.17g: tags are "
                     "integers from 0 to %d", x, SIM_TAG_MAX);
    }
}

/* The names of a statement list: pass 1. */
static void resolve_list(compiler *c, proto_stmts *list);

static void resolve_stmt(compiler *c, proto_stmt *s)
{
    if (s->kind == PS_IF || s->kind == PS_WHILE) {
        check_expr(c, s->cond.a);
        check_expr(c, s->cond.b);
    }
    for (int i = 0; i < 6; i++)
        check_expr(c, s->e[i]);
    check_tags(c, s);
    if (s->kind == PS_ISEND || s->kind == PS_IRECV)
        s->slot = target_slot(c, s->name, s->name_line, s->name_col,
                              "a request variable");
    for (size_t i = 0; i < s->refs.len; i++) {
        proto_ref *r = &s->refs.items[i];
        r->slot = target_slot(c, r->name, r->line, r->col,
                              "a request variable");
    }
    if (s->kind == PS_ASSIGN)
        s->slot = target_slot(c, s->name, s->name_line, s->name_col,
                              "assigned");
    if (s->kind == PS_FOR)
        s->slot = target_slot(c, s->name, s->name_line, s->name_col,
                              "a loop variable");
    if (s->src_var)
        s->src_slot = target_slot(c, s->src_var, s->src_line, s->src_col,
                                  "a receive variable");
    if (s->tag_var)
        s->tag_slot = target_slot(c, s->tag_var, s->tag_line, s->tag_col,
                                  "a receive variable");
    resolve_list(c, &s->body);
    resolve_list(c, &s->other);
}

static void resolve_list(compiler *c, proto_stmts *list)
{
    for (size_t i = 0; i < list->len; i++)
        resolve_stmt(c, list->items[i]);
}

/* --------------------------------------------------------- instructions */

static int emit(compiler *c, proto_op op, const proto_stmt *s)
{
    proto_instr in = {.op = op, .line = s->line, .a = -1, .b = -1, .h = -1,
                      .target = -1, .stmt = -1};
    VEC_PUSH(&c->p->code, in);
    return (int)c->p->code.len - 1;
}

static proto_instr *at(compiler *c, int pc) { return &c->p->code.items[pc]; }
static int here(const compiler *c) { return (int)c->p->code.len; }

static int hidden_slot(compiler *c, const char *what, int stmt)
{
    char name[64];
    snprintf(name, sizeof name, "#%s%d", what, stmt);
    VEC_PUSH(&c->p->slot_names, xstrdup(name));
    return (int)c->p->slot_names.len - 1;
}

/* A statement whose draw all processes share (notes §9.3 (7)): its id, and
 * the hidden slot counting this process's executions of it, so that the
 * n-th execution draws the same value on every process. */
static void shared_draw(compiler *c, int pc, proto_stmt *s)
{
    s->draw_id = c->shared_statements++;
    s->count_slot = hidden_slot(c, "count", s->draw_id);
    at(c, pc)->stmt = s->draw_id;
    at(c, pc)->b = s->count_slot;
}

static void compile_list(compiler *c, const proto_stmts *list);

static void compile_stmt(compiler *c, proto_stmt *s)
{
    int pc, top, skip;
    switch (s->kind) {
    case PS_ASSIGN:
        pc = emit(c, PI_ASSIGN, s);
        at(c, pc)->a = s->slot;
        at(c, pc)->e[0] = s->e[0];
        break;
    case PS_BLOCK:
        compile_list(c, &s->body);
        break;
    case PS_IF:
    case PS_IF_PERCENT:
        if (s->kind == PS_IF) {
            skip = emit(c, PI_JUMP_UNLESS, s);
            at(c, skip)->cond = &s->cond;
        } else {
            skip = emit(c, PI_PERCENT_UNLESS, s);
            at(c, skip)->e[0] = s->e[0];
            shared_draw(c, skip, s);
        }
        compile_list(c, &s->body);
        if (s->other.len) {
            int over = emit(c, PI_JUMP, s);
            at(c, skip)->target = here(c);
            compile_list(c, &s->other);
            at(c, over)->target = here(c);
        } else {
            at(c, skip)->target = here(c);
        }
        break;
    case PS_WHILE:
        top = emit(c, PI_JUMP_UNLESS, s);
        at(c, top)->cond = &s->cond;
        compile_list(c, &s->body);
        pc = emit(c, PI_JUMP, s);
        at(c, pc)->target = top;
        at(c, top)->target = here(c);
        break;
    case PS_WHILE_DRAW: {
        /* left = shared draw; while (left > 0) { body; left = left - 1; }
         * so a drawn count runs ceil(count) times, none when <= 0. */
        pc = emit(c, PI_DRAW_COUNT, s);
        shared_draw(c, pc, s);
        int left = s->left_slot = hidden_slot(c, "left", s->draw_id);
        at(c, pc)->h = left;
        at(c, pc)->e[0] = s->e[0];
        at(c, pc)->e[1] = s->e[1];
        top = emit(c, PI_COUNT_TEST, s);
        at(c, top)->h = left;
        compile_list(c, &s->body);
        pc = emit(c, PI_COUNT_NEXT, s);
        at(c, pc)->h = left;
        at(c, pc)->target = top;
        at(c, top)->target = here(c);
        break;
    }
    case PS_FOR:
        /* for (i, n): i = 0; while (i < n) { body; i = i + 1; } — the
         * variable is the counter, as in C, and n is re-evaluated. */
        pc = emit(c, PI_FOR_INIT, s);
        at(c, pc)->a = s->slot;
        top = emit(c, PI_FOR_TEST, s);
        at(c, top)->a = s->slot;
        at(c, top)->e[0] = s->e[0];
        compile_list(c, &s->body);
        pc = emit(c, PI_FOR_NEXT, s);
        at(c, pc)->a = s->slot;
        at(c, pc)->target = top;
        at(c, top)->target = here(c);
        break;
    case PS_COMPUTE:
    case PS_SEND:
        pc = emit(c, s->kind == PS_COMPUTE ? PI_COMPUTE : PI_SEND, s);
        memcpy(at(c, pc)->e, s->e, sizeof s->e);
        break;
    case PS_RECV:
    case PS_PROBE:
        pc = emit(c, s->kind == PS_RECV ? PI_RECV : PI_PROBE, s);
        at(c, pc)->e[0] = s->e[0];
        at(c, pc)->e[1] = s->e[1];
        if (s->src_var || s->tag_var) {
            pc = emit(c, PI_RECV_STORE, s);
            at(c, pc)->a = s->src_slot;
            at(c, pc)->b = s->tag_slot;
        }
        break;
    case PS_COLL:
        /* One shared size per execution: MPI collectives need the same
         * count on every process (formats/proto.md). A barrier has none. */
        pc = emit(c, PI_COLL, s);
        at(c, pc)->coll = s->coll;
        memcpy(at(c, pc)->e, s->e, sizeof s->e);
        if (s->coll != SIM_OP_BARRIER)
            shared_draw(c, pc, s);
        break;
    case PS_ISEND:
    case PS_IRECV:
    case PS_SENDRECV:
        pc = emit(c, s->kind == PS_ISEND ? PI_ISEND : s->kind == PS_IRECV
                  ? PI_IRECV : PI_SENDRECV, s);
        at(c, pc)->a = s->slot;
        memcpy(at(c, pc)->e, s->e, sizeof s->e);
        break;
    case PS_WAIT:
        pc = emit(c, PI_WAIT, s);
        at(c, pc)->st = s;
        if (s->src_var || s->tag_var) {
            pc = emit(c, PI_RECV_STORE, s);
            at(c, pc)->a = s->src_slot;
            at(c, pc)->b = s->tag_slot;
        }
        break;
    }
}

static void compile_list(compiler *c, const proto_stmts *list)
{
    for (size_t i = 0; i < list->len; i++)
        compile_stmt(c, list->items[i]);
}

proto_program *proto_compile(const char *text, size_t len, const char *file,
                             diag *d)
{
    proto_program *p = xcalloc(1, sizeof *p);
    p->file = xstrdup(file);
    if (proto_parse(text, len, file, d, &p->ast_nodes, &p->ast) < 0) {
        proto_program_free(p);
        return NULL;
    }
    compiler c = {.p = p, .d = d};
    int errors = d->errors;
    slot_of(&c, "rank", 0);
    slot_of(&c, "P", 0);
    c.assigned.items[PROTO_SLOT_RANK] = c.assigned.items[PROTO_SLOT_P] = 1;
    resolve_list(&c, &p->ast);
    p->nvars = (int)p->slot_names.len;
    p->is_parameter = xcalloc((size_t)p->nvars, 1);
    p->first_line = xcalloc((size_t)p->nvars, sizeof *p->first_line);
    for (int v = 0; v < p->nvars; v++) {
        p->is_parameter[v] = !c.assigned.items[v];
        p->first_line[v] = c.first_line.items[v];
    }
    compile_list(&c, &p->ast);
    emit(&c, PI_HALT, &(proto_stmt){.line = 0});
    keymap_free(&c.names);
    free(c.assigned.items);
    free(c.first_line.items);
    if (d->errors > errors) {
        proto_program_free(p);
        return NULL;
    }
    return p;
}

void proto_program_free(proto_program *p)
{
    if (!p)
        return;
    free(p->file);
    arena_free(&p->ast_nodes);
    free(p->code.items);
    for (size_t i = 0; i < p->slot_names.len; i++)
        free(p->slot_names.items[i]);
    free(p->slot_names.items);
    free(p->is_parameter);
    free(p->first_line);
    proto_vm_free(p->vm);
    free(p);
}
