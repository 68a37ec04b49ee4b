/* proto.h — the prototype language of Piola (2002, ch. 4; seed 002 §3):
 * skeletons of SPMD message-passing programs. Parse a prototype, compile
 * it to a small instruction list, and run it on the simulation kernel
 * (lib/sim) through the interpreter, or translate it to C (proto2c).
 *
 *   proto_program *p = proto_compile(text, len, "ring.proto", &d);
 *   proto_run_main(argc, argv, "netsim", p, NULL);     or proto_emit_sim()
 *
 * formats/proto.md is the language reference. */
#ifndef PERFPIPE_PROTO_H
#define PERFPIPE_PROTO_H

#include <stdio.h>

#include "common/common.h"
#include "sim/sim.h"
#include "proto/arith.h"

/* ---------------------------------------------------------- expressions */

typedef enum { PX_NUM, PX_VAR, PX_NEG, PX_BIN, PX_CALL } proto_expr_kind;

typedef struct proto_expr proto_expr;
/* The operands share a union: a tree of a large input is millions of
 * nodes, and their memory, not the parsing, is what costs (bench_parse). */
struct proto_expr {
    proto_expr_kind kind;
    int line, col;
    int depth;                 /* 0 for a leaf, 1 + the deepest operand */
    int op;                    /* PX_BIN: + - * / % */
    int slot;                  /* PX_VAR: variable slot, after checking */
    int func;                  /* PX_CALL: index in proto_functions */
    union {
        double num;                       /* PX_NUM */
        struct {
            proto_expr *a, *b;            /* PX_NEG: a; PX_BIN: a op b */
        };
        struct {
            char *name;                   /* PX_VAR, PX_CALL */
            VEC(proto_expr *) args;       /* PX_CALL */
        };
    };
};

/* Nesting limits, checked as the parser builds the tree, so that every
 * walk of it (checking, compiling, evaluating, translating) is bounded:
 * expressions at most PROTO_MAX_EXPR_DEPTH levels of operators, signs and
 * calls (a 1000-term sum; the recursive walks then stay far inside the
 * stack, under ASan too), blocks at most PROTO_MAX_BLOCK_DEPTH levels.
 * The C that proto2c writes stays within what compilers accept (clang
 * stops at 256 nested brackets): blocks nest in it, expressions do not,
 * each operation going to a temporary of its own. */
#define PROTO_MAX_EXPR_DEPTH 1000
#define PROTO_MAX_BLOCK_DEPTH 100

/* Comparison operators. */
enum { PC_EQ, PC_NE, PC_GT, PC_GE, PC_LT, PC_LE };

typedef struct {
    int op;
    proto_expr *a, *b;
} proto_cmp;

/* The C math functions a prototype may call (passed through to C). */
typedef struct {
    const char *name;
    int arity;
    double (*f1)(double);
    double (*f2)(double, double);
} proto_function;
extern const proto_function proto_functions[];
extern const size_t proto_function_count;

/* ----------------------------------------------------------- statements */

typedef enum {
    PS_ASSIGN, PS_BLOCK, PS_IF, PS_IF_PERCENT, PS_WHILE, PS_WHILE_DRAW,
    PS_FOR, PS_COMPUTE, PS_SEND, PS_RECV, PS_COLL,
    PS_ISEND, PS_IRECV, PS_WAIT, PS_SENDRECV, PS_PROBE
} proto_stmt_kind;

typedef struct proto_stmt proto_stmt;
typedef VEC(proto_stmt *) proto_stmts;

/* A variable a statement names: the requests of wait and waitall. */
typedef struct {
    char *name;
    int line, col;
    int slot;
} proto_ref;
typedef VEC(proto_ref) proto_refs;

struct proto_stmt {
    proto_stmt_kind kind;
    int line, col;
    char *name;              /* PS_ASSIGN target, PS_FOR variable,
                                PS_ISEND and PS_IRECV request */
    int name_line, name_col;
    int slot;                /* its slot, after checking */
    proto_expr *e[6];        /* operands, by kind (see parse actions); a
                                source or tag left NULL is any_source or
                                any_tag */
    proto_refs refs;         /* PS_WAIT: the request variables */
    proto_cmp cond;          /* PS_IF, PS_WHILE */
    proto_stmts body, other; /* blocks; other = else */
    sim_op_kind coll;        /* PS_COLL */
    int any_source;          /* PS_RECV, PS_IRECV, PS_SENDRECV */
    char *src_var, *tag_var; /* PS_RECV, PS_WAIT: variables set by the
                                receive */
    int src_slot, tag_slot;  /* -1: none */
    int src_line, src_col, tag_line, tag_col;
    /* Shared draws (if (expr), while (mean, sd), collectives), after
     * compiling: the statement's id and its hidden slots (-1 none). */
    int draw_id, count_slot, left_slot;
};

/* ------------------------------------------------------------ programs */

typedef enum {
    PI_ASSIGN,       /* slot a = e0 */
    PI_JUMP,         /* goto target */
    PI_JUMP_UNLESS,  /* if !(cond) goto target */
    PI_FOR_INIT,     /* slot a = 0 */
    PI_FOR_TEST,     /* if !(slot a < e0) goto target */
    PI_FOR_NEXT,     /* slot a += 1; goto target */
    PI_DRAW_COUNT,   /* slot h = shared Gaussian(e0, e1) (while (mean, sd)) */
    PI_COUNT_TEST,   /* if !(slot h > 0) goto target */
    PI_COUNT_NEXT,   /* slot h -= 1; goto target */
    PI_PERCENT_UNLESS, /* if !(shared U[0,100) < e0) goto target */
    PI_COMPUTE,      /* compute Gaussian(e0, e1) seconds */
    PI_SEND,         /* to e0, Gaussian(e1, e2) bytes, tag e3 (NULL: 0) */
    PI_RECV,         /* from e0, or any_source when e0 is NULL */
    PI_RECV_STORE,   /* after a receive: slot a = source, slot b = tag */
    PI_COLL,         /* kind, root e0 (NULL for all_*), shared size (e1, e2);
                        barrier: none */
    PI_ISEND,        /* slot a = request: to e0, Gaussian(e1, e2) bytes, tag e3 */
    PI_IRECV,        /* slot a = request: from e0, tag e1 (NULL: any) */
    PI_WAIT,         /* wait for the requests of st->refs, which become 0 */
    PI_SENDRECV,     /* send to e0, Gaussian(e1, e2), tag e3; receive from
                        e4, tag e5 (NULL: any) */
    PI_PROBE,        /* probe from e0, tag e1 (NULL: any) */
    PI_HALT
} proto_op;

typedef struct {
    proto_op op;
    int line;
    int a, b, h;        /* slots (-1 none) */
    int target;         /* jump target */
    int stmt;           /* shared-draw statement id, its counter in slot b */
    sim_op_kind coll;
    const proto_cmp *cond;
    const proto_expr *e[6];
    const proto_stmt *st;   /* PI_WAIT: its request variables */
} proto_instr;

typedef struct {
    char *file;
    proto_stmts ast;
    arena ast_nodes;            /* the tree's nodes, names and lists */
    VEC(proto_instr) code;
    VEC(char *) slot_names;     /* variables first, then hidden slots */
    int nvars;                  /* named variables: rank, P, then others */
    char *is_parameter;         /* per variable: read but never assigned */
    int *first_line;            /* per variable: line of its first use */
    struct proto_vm *vm;        /* the interpreter's code (vm.c), after
                                   proto_vm_prepare */
} proto_program;

/* Slots 0 and 1 are the predefined rank and P. */
enum { PROTO_SLOT_RANK = 0, PROTO_SLOT_P = 1 };

/* Parses, checks and compiles. NULL after diagnostics on d. */
proto_program *proto_compile(const char *text, size_t len, const char *file,
                             diag *d);
void proto_program_free(proto_program *p);

/* -------------------------------------------------------------- running */

/* What the driver needs to run a program on the kernel: the interpreter
 * (proto_vm_step, data = the proto_program) or code proto2c generated. */
typedef struct {
    const char *source;                  /* prototype file, for messages */
    int nslots, nvars;
    const char *const *slot_names;
    const char *is_parameter;            /* per variable */
    const int *first_line;               /* per variable: first use */
    sim_step_fn step;
    void *data;
} proto_runnable;

/* The state of every simulated process: program counter and slots. */
typedef struct {
    const proto_runnable *run;
    int *pc;
    double *slots;          /* nprocs x nslots */
    uint64_t loops;         /* backward jumps in the current step */
} proto_state;

static inline double *proto_slots(proto_state *st, int rank)
{
    return st->slots + (size_t)rank * (size_t)st->run->nslots;
}

/* The interpreter's step function; `program` is a proto_state whose
 * run->data is the proto_program, prepared for the run. */
int proto_vm_step(sim *s, int rank, void *program);
/* The interpreter's code for a run where the variables that every
 * process shares (P and the parameters) have `values` (a process's slots;
 * the others are not read): operands resolved, what they make constant
 * computed once, and a jump to a jump or to a loop's step a copy of it.
 * The same run, fewer steps. p->code, which proto2c translates, stays as
 * compiled. Again for another run's values. */
void proto_vm_prepare(proto_program *p, const double *values);
void proto_vm_free(struct proto_vm *vm);

/* Runtime helpers shared by the interpreter and generated code:
 * proto_arith, proto_call1/2 and proto_drawn (arith.h), and the loop budget. */
/* Counts a backward jump; 0 when the loop budget is spent (after failing). */
int proto_loop(sim *s, proto_state *st, int rank, int line);

/* The command line of netsim and of generated simulators: options, -D
 * values, the network model, the run, the timeline. With `compiled` NULL
 * the prototype is a file argument, compiled and interpreted (netsim). */
int proto_run_main(int argc, char **argv, const char *prog,
                   const proto_runnable *compiled);

/* ----------------------------------------------------------- translation */

/* C for the simulation kernel (links with libperfpipe) or for MPI. */
void proto_emit_sim(FILE *fp, const proto_program *p);
void proto_emit_mpi(FILE *fp, const proto_program *p);

#endif
