/* emit.c — proto2c's translation of a compiled prototype into C.
 *
 * Both targets get the same statement code: it calls the kernel's API
 * (sim_send, sim_var, sim_shared_var, ...) on variables v[slot]. For the
 * sim target that code is a resumable step function for lib/sim: every
 * communication stores a resume point and returns, and the next call jumps
 * back after it. For the mpi target the same calls are implemented over
 * MPI by the runtime embedded in the output (mpi_runtime.cin), which is a
 * self-contained program.
 *
 * Evaluation order follows the interpreter (vm.c) exactly, operands first
 * into temporaries, so that both consume the same random draws and report
 * the same errors: netsim and the sim target write identical timelines. */
#include <string.h>

#include "proto/proto.h"

/* The MPI runtime and the generator core, as text (built from
 * lib/proto/mpi_runtime.cin and lib/common/rng_core.h by the Makefile). */
#include "proto/mpi_runtime.inc"

typedef struct {
    FILE *fp;
    const proto_program *p;
    int mpi;
    int depth;              /* indentation */
    int resume_points;      /* sim: blocking operations so far */
    int temps;              /* temporaries t1, t2, ... so far */
} emitter;

static void indent(emitter *em)
{
    for (int i = 0; i < em->depth; i++)
        fputs("    ", em->fp);
}

static void line(emitter *em, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void line(emitter *em, const char *fmt, ...)
{
    indent(em);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(em->fp, fmt, ap);
    va_end(ap);
    fputc('\n', em->fp);
}

/* A double literal that reads back as the same double. */
static void put_number(strbuf *sb, double x)
{
    char buf[32];
    sb_puts(sb, fmt_double(buf, x));
    if (!strpbrk(buf, ".e"))
        sb_puts(sb, ".0");
}

/* Emits the evaluation of e as the interpreter does it (vm.c: operands
 * first, left to right, every result checked by arith.h), one temporary
 * per operation, and writes the C text of its value to `out`: a literal,
 * v[slot] or a temporary. Flat C whatever the depth of e. */
static void value(emitter *em, const proto_expr *e, strbuf *out)
{
    strbuf a = {0}, b = {0};
    switch (e->kind) {
    case PX_NUM:
        put_number(out, e->num);
        return;
    case PX_VAR:
        sb_printf(out, "v[%d]", e->slot);
        return;
    case PX_NEG:
        value(em, e->a, &a);
        line(em, "double t%d = -%s;", ++em->temps, sb_str(&a));
        break;
    case PX_CALL: {
        const proto_function *f = &proto_functions[e->func];
        value(em, e->args.items[0], &a);
        if (f->arity == 2)
            value(em, e->args.items[1], &b);
        if (f->arity == 1)
            line(em, "double t%d = proto_call1(s, rank, \"%s\", %s, %s, %d);",
                 ++em->temps, f->name, f->name, sb_str(&a), e->line);
        else
            line(em, "double t%d = proto_call2(s, rank, \"%s\", %s, %s, %s, "
                 "%d);", ++em->temps, f->name, f->name, sb_str(&a),
                 sb_str(&b), e->line);
        break;
    }
    case PX_BIN:
        value(em, e->a, &a);
        value(em, e->b, &b);
        line(em, "double t%d = proto_arith(s, rank, '%c', %s, %s, %d);",
             ++em->temps, e->op, sb_str(&a), sb_str(&b), e->line);
        break;
    }
    sb_printf(out, "t%d", em->temps);
    sb_free(&a);
    sb_free(&b);
}

/* User text (the file name) as a C string literal that is also safe in a
 * comment: only printable ASCII passes through; '?' is written \? (no
 * trigraph), '*' as \052 (no comment start or end), everything else
 * outside printable ASCII in octal. */
static void put_c_string(strbuf *sb, const char *text)
{
    sb_putc(sb, '"');
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '\\' || *c == '"' || *c == '?')
            sb_printf(sb, "\\%c", *c);
        else if (*c < 0x20 || *c >= 0x7f || *c == '*')
            sb_printf(sb, "\\%03o", *c);
        else
            sb_putc(sb, (char)*c);
    }
    sb_putc(sb, '"');
}

/* `double NAME = EXPR;`, after the temporaries EXPR needs. */
static void temp(emitter *em, const char *name, const proto_expr *e)
{
    strbuf x = {0};
    value(em, e, &x);
    line(em, "double %s = %s;", name, sb_str(&x));
    sb_free(&x);
}

/* `double NAME = DRAW;` checked finite, after `mean` and `sd`. */
static void drawn(emitter *em, const char *name, const char *draw, int at)
{
    line(em, "double %s = proto_drawn(s, rank, %s, mean, sd, %d);", name,
         draw, at);
}

/* `double NAME = E;`, or 0 when E is absent (a default tag). */
static void optional(emitter *em, const char *name, const proto_expr *e)
{
    if (e)
        temp(em, name, e);
    else
        line(em, "double %s = 0;", name);
}

static void fail_check(emitter *em)
{
    line(em, "if (sim_failed(s)) return SIM_FAILED;");
}

static void loop_check(emitter *em, int at)
{
    if (!em->mpi)
        line(em, "if (!proto_loop(s, st, rank, %d)) return SIM_FAILED;", at);
}

static void condition(emitter *em, const proto_cmp *c)
{
    static const char *const ops[] = {"==", "!=", ">", ">=", "<", "<="};
    strbuf a = {0}, b = {0};
    value(em, c->a, &a);
    value(em, c->b, &b);
    line(em, "c = %s %s %s;", sb_str(&a), ops[c->op], sb_str(&b));
    fail_check(em);
    sb_free(&a);
    sb_free(&b);
}

static void open_block(emitter *em, const char *head)
{
    line(em, "%s{", head);
    em->depth++;
}

static void close_block(emitter *em)
{
    em->depth--;
    line(em, "}");
}

/* Opens a block with the operands of a send, as vm.c evaluates them:
 * dest, the drawn size, the tag (named `tag`). */
static void send_operands(emitter *em, const proto_stmt *st, const char *tag)
{
    open_block(em, "");
    temp(em, "dest", st->e[0]);
    temp(em, "mean", st->e[1]);
    temp(em, "sd", st->e[2]);
    drawn(em, "bytes", "sim_var(s, rank, mean, sd)", st->line);
    optional(em, tag, st->e[3]);
}

/* `double source = ...;` and the tag, for those given (absent ones are
 * any_source and any_tag, passed as NULL). */
static void selectors(emitter *em, const proto_expr *source,
                      const proto_expr *tag, const char *tag_name)
{
    if (source)
        temp(em, "source", source);
    if (tag)
        temp(em, tag_name, tag);
}

/* After a receive, a probe or a wait: the variables given its source and
 * tag. */
static void store_received(emitter *em, const proto_stmt *st)
{
    if (st->src_slot >= 0)
        line(em, "v[%d] = sim_recv_source(s, rank);", st->src_slot);
    if (st->tag_slot >= 0)
        line(em, "v[%d] = sim_recv_tag(s, rank);", st->tag_slot);
}

/* After posting a blocking operation: the sim target returns to the kernel
 * and resumes here; the MPI call has already completed. */
static void block(emitter *em)
{
    if (em->mpi) {
        fail_check(em);
        close_block(em);
        return;
    }
    int k = ++em->resume_points;
    line(em, "st->pc[rank] = %d;", k);
    line(em, "return sim_failed(s) ? SIM_FAILED : SIM_BLOCKED;");
    em->depth--;
    line(em, "}");
    line(em, "resume%d:;", k);
}

static void stmts(emitter *em, const proto_stmts *list);

static void stmt(emitter *em, const proto_stmt *st)
{
    static const char *const coll_names[] = {
        "", "", "", "SIM_OP_BCAST", "SIM_OP_GATHER", "SIM_OP_SCATTER",
        "SIM_OP_REDUCE", "SIM_OP_ALL_GATHER", "SIM_OP_ALL_TO_ALL",
        "SIM_OP_ALL_REDUCE", "SIM_OP_BARRIER"};
    strbuf x = {0};
    line(em, "/* line %d */", st->line);
    switch (st->kind) {
    case PS_ASSIGN:
        value(em, st->e[0], &x);
        line(em, "v[%d] = %s;", st->slot, sb_str(&x));
        fail_check(em);
        break;
    case PS_BLOCK:
        stmts(em, &st->body);
        break;
    case PS_IF:
    case PS_IF_PERCENT:
        if (st->kind == PS_IF) {
            condition(em, &st->cond);
        } else {
            open_block(em, "");
            temp(em, "percent", st->e[0]);
            fail_check(em);
            line(em, "c = sim_shared_percent(s, %d, v[%d]++) < percent;",
                 st->draw_id, st->count_slot);
            close_block(em);
        }
        open_block(em, "if (c) ");
        stmts(em, &st->body);
        close_block(em);
        if (st->other.len) {
            open_block(em, "else ");
            stmts(em, &st->other);
            close_block(em);
        }
        break;
    case PS_WHILE:
        open_block(em, "for (;;) ");
        condition(em, &st->cond);
        line(em, "if (!c) break;");
        stmts(em, &st->body);
        loop_check(em, st->line);
        close_block(em);
        break;
    case PS_WHILE_DRAW:
        open_block(em, "");
        temp(em, "mean", st->e[0]);
        temp(em, "sd", st->e[1]);
        sb_printf(&x, "sim_shared_var(s, %d, v[%d]++, mean, sd)",
                  st->draw_id, st->count_slot);
        drawn(em, "count", sb_str(&x), st->line);
        line(em, "v[%d] = count;", st->left_slot);
        fail_check(em);
        close_block(em);
        indent(em);
        fprintf(em->fp, "while (v[%d] > 0) {\n", st->left_slot);
        em->depth++;
        stmts(em, &st->body);
        line(em, "v[%d] -= 1;", st->left_slot);
        loop_check(em, st->line);
        close_block(em);
        break;
    case PS_FOR:
        line(em, "v[%d] = 0;", st->slot);
        open_block(em, "for (;;) ");
        value(em, st->e[0], &x);
        line(em, "c = v[%d] < %s;", st->slot, sb_str(&x));
        fail_check(em);
        line(em, "if (!c) break;");
        stmts(em, &st->body);
        line(em, "v[%d] += 1;", st->slot);
        loop_check(em, st->line);
        close_block(em);
        break;
    case PS_COMPUTE:
        open_block(em, "");
        temp(em, "mean", st->e[0]);
        temp(em, "sd", st->e[1]);
        drawn(em, "seconds", "sim_var(s, rank, mean, sd)", st->line);
        line(em, "if (!sim_failed(s))");
        line(em, "    sim_compute(s, rank, seconds, %d);", st->line);
        fail_check(em);
        close_block(em);
        break;
    case PS_SEND:
        send_operands(em, st, "tag");
        line(em, "if (!sim_failed(s))");
        line(em, "    sim_send(s, rank, dest, bytes, tag, %d);", st->line);
        block(em);
        break;
    case PS_RECV:
        open_block(em, "");
        if (st->any_source) {
            line(em, "sim_recv_any(s, rank, %d);", st->line);
        } else {
            temp(em, "source", st->e[0]);
            line(em, "if (!sim_failed(s))");
            line(em, "    sim_recv(s, rank, source, %d);", st->line);
        }
        block(em);
        store_received(em, st);
        break;
    case PS_COLL:
        open_block(em, "");
        if (st->coll == SIM_OP_BARRIER) {
            line(em, "sim_collective(s, rank, SIM_OP_BARRIER, 0, 0, %d);",
                 st->line);
            block(em);
            break;
        }
        if (st->e[0])
            temp(em, "root", st->e[0]);
        else
            line(em, "double root = 0;");
        temp(em, "mean", st->e[1]);
        temp(em, "sd", st->e[2]);
        sb_printf(&x, "sim_shared_var(s, %d, v[%d]++, mean, sd)",
                  st->draw_id, st->count_slot);
        drawn(em, "bytes", sb_str(&x), st->line);
        line(em, "if (!sim_failed(s))");
        line(em, "    sim_collective(s, rank, %s, root, bytes, %d);",
             coll_names[st->coll], st->line);
        block(em);
        break;
    case PS_ISEND:
        send_operands(em, st, "tag");
        line(em, "if (!sim_failed(s))");
        line(em, "    v[%d] = sim_isend(s, rank, dest, bytes, tag, %d);",
             st->slot, st->line);
        fail_check(em);
        close_block(em);
        break;
    case PS_IRECV:
        open_block(em, "");
        selectors(em, st->e[0], st->e[1], "tag");
        line(em, "if (!sim_failed(s))");
        line(em, "    v[%d] = sim_irecv(s, rank, %s, %s, %d);", st->slot,
             st->e[0] ? "&source" : "NULL", st->e[1] ? "&tag" : "NULL",
             st->line);
        fail_check(em);
        close_block(em);
        break;
    case PS_SENDRECV:
        send_operands(em, st, "stag");
        selectors(em, st->e[4], st->e[5], "rtag");
        line(em, "if (!sim_failed(s))");
        line(em, "    sim_sendrecv(s, rank, dest, bytes, stag, %s, %s, %d);",
             st->e[4] ? "&source" : "NULL", st->e[5] ? "&rtag" : "NULL",
             st->line);
        block(em);
        break;
    case PS_PROBE:
        open_block(em, "");
        selectors(em, st->e[0], st->e[1], "tag");
        line(em, "if (!sim_failed(s))");
        line(em, "    sim_probe(s, rank, %s, %s, %d);",
             st->e[0] ? "&source" : "NULL", st->e[1] ? "&tag" : "NULL",
             st->line);
        block(em);
        store_received(em, st);
        break;
    case PS_WAIT:
        /* As the interpreter: the variables become null requests as the
         * wait starts. */
        open_block(em, "");
        indent(em);
        fprintf(em->fp, "double ids[%zu] = {", st->refs.len);
        for (size_t i = 0; i < st->refs.len; i++)
            fprintf(em->fp, "%sv[%d]", i ? ", " : "", st->refs.items[i].slot);
        fputs("};\n", em->fp);
        for (size_t i = 0; i < st->refs.len; i++)
            line(em, "v[%d] = 0;", st->refs.items[i].slot);
        line(em, "sim_wait(s, rank, ids, %zu, %d);", st->refs.len, st->line);
        block(em);
        store_received(em, st);
        break;
    }
    sb_free(&x);
}

static void stmts(emitter *em, const proto_stmts *list)
{
    for (size_t i = 0; i < list->len; i++)
        stmt(em, list->items[i]);
}

/* --------------------------------------------------------------- files */

static int blocking_operations(const proto_program *p)
{
    int n = 0;
    for (size_t pc = 0; pc < p->code.len; pc++) {
        proto_op op = p->code.items[pc].op;
        n += op == PI_SEND || op == PI_RECV || op == PI_COLL ||
             op == PI_WAIT || op == PI_SENDRECV || op == PI_PROBE;
    }
    return n;
}

/* The tables both targets need: names, parameters, first uses. */
static void tables(emitter *em)
{
    const proto_program *p = em->p;
    FILE *fp = em->fp;
    strbuf q = {0};
    fprintf(fp, "#define NSLOTS %zu\n#define NVARS %d\n\n",
            p->slot_names.len, p->nvars);
    fputs("static const char *const slot_names[NSLOTS] = {", fp);
    for (size_t i = 0; i < p->slot_names.len; i++) {
        sb_clear(&q);
        put_c_string(&q, p->slot_names.items[i]);
        fprintf(fp, "%s\n    %s", i ? "," : "", sb_str(&q));
    }
    fputs("\n};\nstatic const char is_parameter[NVARS] = {", fp);
    for (int i = 0; i < p->nvars; i++)
        fprintf(fp, "%s%d", i ? ", " : "", p->is_parameter[i]);
    fputs("};\nstatic const int first_line[NVARS] = {", fp);
    for (int i = 0; i < p->nvars; i++)
        fprintf(fp, "%s%d", i ? ", " : "", p->first_line[i]);
    fputs("};\n\n", fp);
    sb_free(&q);
}

static void banner(emitter *em, const char *target, const char *build)
{
    strbuf name = {0};
    put_c_string(&name, em->p->file);
    fprintf(em->fp, "/* Generated by proto2c (perfpipe %s) from %s, target "
            "%s. Edit the prototype, not this file.\n * Build: %s */\n",
            PERFPIPE_VERSION, sb_str(&name), target, build);
    sb_free(&name);
}

void proto_emit_sim(FILE *fp, const proto_program *p)
{
    emitter em = {fp, p, 0, 1, 0, 0};
    strbuf q = {0};
    put_c_string(&q, p->file);
    banner(&em, "sim", "cc -std=c11 -I<perfpipe include dir> prog.c "
           "-L<lib dir> -lperfpipe -lm -o prog\n * Run:   ./prog [netsim's "
           "options, without the file argument]");
    fputs("#include <math.h>\n#include <string.h>\n\n"
          "#include \"proto/proto.h\"\n\n", fp);
    tables(&em);
    fputs("/* One simulated process, from where it stopped until it blocks, "
          "ends or fails. */\n"
          "static int step(sim *s, int rank, void *program)\n{\n"
          "    proto_state *st = program;\n"
          "    double *v = proto_slots(st, rank);\n"
          "    int c = 0;\n"
          "    (void)c;\n"
          "    (void)v;\n"
          "    st->loops = 0;\n"
          "    switch (st->pc[rank]) {\n"
          "    case 0: break;\n", fp);
    int n = blocking_operations(p);
    for (int k = 1; k <= n; k++)
        fprintf(fp, "    case %d: goto resume%d;\n", k, k);
    fputs("    default: return SIM_DONE;\n    }\n", fp);
    stmts(&em, &p->ast);
    fprintf(fp, "    st->pc[rank] = %d;\n    return SIM_DONE;\n}\n\n", n + 1);
    fprintf(fp, "int main(int argc, char **argv)\n{\n"
            "    static const proto_runnable run = {\n"
            "        %s, NSLOTS, NVARS, slot_names, is_parameter, first_line,\n"
            "        step, NULL};\n"
            "    const char *slash = strrchr(argv[0], '/');\n"
            "    return proto_run_main(argc, argv, slash ? slash + 1 : argv[0], "
            "&run);\n}\n", sb_str(&q));
    sb_free(&q);
}

void proto_emit_mpi(FILE *fp, const proto_program *p)
{
    emitter em = {fp, p, 1, 1, 0, 0};
    /* The name for messages, and as the timeline quotes it. */
    strbuf q = {0}, text = {0}, qq = {0};
    put_c_string(&q, p->file);
    sb_put_quoted(&text, p->file);
    put_c_string(&qq, sb_str(&text));
    banner(&em, "mpi", "mpicc -O2 prog.c -lm -o prog\n * Run:   mpirun -n P "
           "./prog [-D NAME=VALUE]... [--seed S] [--summary] [-o FILE]");
    /* The runtime is pasted whole; a program uses only part of it, and
     * clang warns about unused static inline functions of the main file. */
    fputs("\n#ifdef __clang__\n#pragma clang diagnostic push\n"
          "#pragma clang diagnostic ignored \"-Wunused-function\"\n#endif\n", fp);
    fputs("\n/* ===== lib/common/rng_core.h ===== */\n", fp);
    fputs(embed_rng_core_h, fp);
    fputs("\n/* ===== lib/sim/timeline_core.h ===== */\n", fp);
    fputs(embed_timeline_core_h, fp);
    fputs("\n/* ===== lib/common/define_core.h ===== */\n", fp);
    fputs(embed_define_core_h, fp);
    fputs("\n", fp);
    fputs(embed_mpi_runtime_cin, fp);
    fputs("\n/* ===== lib/proto/arith.h ===== */\n", fp);
    fputs(embed_arith_h, fp);
    fputs("\n#ifdef __clang__\n#pragma clang diagnostic pop\n#endif\n", fp);
    fputs("\n/* ===== the prototype ===== */\n\n", fp);
    tables(&em);
    fputs("static int body(sim *s, int rank, double *v)\n{\n"
          "    int c = 0;\n"
          "    (void)c;\n"
          "    (void)v;\n", fp);
    stmts(&em, &p->ast);
    fputs("    return SIM_DONE;\n}\n\n", fp);
    fprintf(fp, "int main(int argc, char **argv)\n{\n"
            "    static const mpi_program program = {\n"
            "        %s,\n        %s,\n"
            "        NSLOTS, NVARS, slot_names, is_parameter, first_line, body};\n"
            "    return mpi_main(argc, argv, &program);\n}\n",
            sb_str(&q), sb_str(&qq));
    sb_free(&q);
    sb_free(&text);
    sb_free(&qq);
}
