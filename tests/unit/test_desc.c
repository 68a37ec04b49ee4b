/* Unit tests of lib/desc: the descriptor, its functions, its two readers
 * and its writer (formats/san-desc.md). */
#include <math.h>
#include <stdlib.h>

#include "desc/desc.h"
#include "unit.h"

#ifndef ROOT
#define ROOT "."
#endif

static FILE *sink;

/* Reads text as a descriptor; returns the status and leaves the first
 * diagnostic in msg. */
static int read_bytes(desc *d, const char *text, size_t len, char *msg,
                      size_t msglen)
{
    FILE *in = fmemopen((void *)text, len, "r");
    FILE *err = fmemopen(msg, msglen, "w");
    diag dg;
    diag_init(&dg, "test", err);
    int status = desc_read(d, in, "t.desc", &dg);
    fclose(err);
    fclose(in);
    return status;
}

static int read_text(desc *d, const char *text, char *msg, size_t msglen)
{
    return read_bytes(d, text, strlen(text), msg, msglen);
}

/* Reads examples/san/NAME into d; 0, or -1 (checks failed) when it cannot. */
static int read_example(desc *d, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/examples/san/%s", ROOT, name);
    FILE *in = fopen(path, "r");
    CHECK(in != NULL);
    if (!in)
        return -1;
    diag dg;
    diag_init(&dg, "test", stderr);
    int status = desc_read(d, in, name, &dg);
    fclose(in);
    CHECK_INT(status, 0);
    return status;
}

static void test_figure8_plain_file(void)
{
    desc d;
    if (read_example(&d, "figure8.desc") < 0)
        return;
    CHECK_INT(d.naut, 3);
    CHECK_INT(d.terms.len, 2);
    CHECK_INT(d.nn, 36);
    CHECK_INT(d.nright[0], 9);
    CHECK_INT(d.nright[2], 1);
    /* Non-zeros per matrix (notes §5.2): 7, 3, 5 and 7, 4, 1. */
    int nz[2][3] = {{7, 3, 5}, {7, 4, 1}};
    for (int t = 0; t < 2; t++)
        for (int a = 0; a < 3; a++)
            CHECK_INT(d.terms.items[t].factor[a]->nnz, nz[t][a]);
    /* A0[2][2] = 9; C1[1][0] = 4. */
    const desc_matrix *a0 = d.terms.items[0].factor[0];
    CHECK(a0->e[a0->rowptr[2]].col == 2 && a0->e[a0->rowptr[2]].value == 9);
    const desc_matrix *c1 = d.terms.items[1].factor[2];
    CHECK(c1->rowptr[1] == 0 && c1->rowptr[2] == 1 && c1->e[0].value == 4);
    CHECK_STR(d.aut[0].name, "A1");
    CHECK_STR(d.terms.items[1].label, "term1");
    desc_free(&d);
}

static void test_round_trip(void)
{
    desc d;
    if (read_example(&d, "two-procs.desc") < 0)
        return;
    char *out = NULL;
    size_t outlen = 0;
    FILE *mem = open_memstream(&out, &outlen);
    desc_write(mem, &d);
    fclose(mem);
    desc e;
    char msg[256] = "";
    CHECK_INT(read_text(&e, out, msg, sizeof msg), 0);
    char *again = NULL;
    size_t againlen = 0;
    mem = open_memstream(&again, &againlen);
    desc_write(mem, &e);
    fclose(mem);
    CHECK_STR(again, out);
    CHECK_INT(e.nn, 4);
    CHECK_INT(e.reach, 2);
    CHECK_INT(e.funcs.len, 5);
    CHECK_INT(e.results.len, 2);
    /* both_busy is 1 only in (U, U); busy counts. */
    int uu[2] = {1, 1}, iu[2] = {0, 1};
    CHECK(desc_eval(&e.funcs.items[3], uu) == 1);
    CHECK(desc_eval(&e.funcs.items[3], iu) == 0);
    CHECK(desc_eval(&e.funcs.items[e.reach], iu) == 1);
    CHECK(desc_eval(&e.funcs.items[e.reach], uu) == 0);
    CHECK(desc_eval(&e.funcs.items[e.results.items[1].func], uu) == 2);
    CHECK_INT(e.funcs.items[0].ndeps, 1);
    CHECK_INT(e.funcs.items[0].deps[0], 1);
    free(out);
    free(again);
    desc_free(&d);
    desc_free(&e);
}

static void test_eval_operators(void)
{
    desc d;
    desc_init(&d);
    desc_add_automaton(&d, "A", 3, NULL);
    /* (st A < 2) ? st A * 10 : min(7, max(-1, 3)) / 2 - neg 1 */
    desc_insn code[] = {
        {DOP_ST, 0, 0}, {DOP_NUM, 0, 2}, {DOP_LT, 0, 0},
        {DOP_ST, 0, 0}, {DOP_NUM, 0, 10}, {DOP_MUL, 0, 0},
        {DOP_NUM, 0, 7}, {DOP_NUM, 0, -1}, {DOP_NUM, 0, 3}, {DOP_MAX, 0, 0},
        {DOP_MIN, 0, 0}, {DOP_NUM, 0, 2}, {DOP_DIV, 0, 0},
        {DOP_NUM, 0, 1}, {DOP_NEG, 0, 0}, {DOP_SUB, 0, 0},
        {DOP_ITE, 0, 0},
    };
    size_t n = sizeof code / sizeof *code;
    desc_insn *c = xmalloc(sizeof code);
    memcpy(c, code, sizeof code);
    CHECK_INT(desc_add_func(&d, "f", c, n), 0);
    for (int s = 0; s < 3; s++)
        CHECK(desc_eval(&d.funcs.items[0], &s) == (s < 2 ? s * 10 : 2.5));
    CHECK_INT(d.funcs.items[0].depth, 5);
    /* Ill-formed code is refused. */
    desc_insn *bad = xmalloc(sizeof *bad);
    bad[0] = (desc_insn){DOP_ADD, 0, 0};
    CHECK_INT(desc_add_func(&d, "g", bad, 1), -1);
    free(bad);
    desc_free(&d);
}

static void test_errors(void)
{
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"", "test: t.desc: error: empty input: expected a 'san-desc' file "
             "or a plain descriptor file\n"},
        {"app-graph 1\n", "test: t.desc:1:1: error: expected a 'san-desc' "
                          "file, got a 'app-graph' file\n"},
        {"san-desc 1\nautomaton A x y\n",
         "test: t.desc:2: error: missing 'end' record: the file is cut "
         "short\n"},
        {"san-desc 1\nautomaton A x x\n", "test: t.desc:2:15: error: state "
         "'x' of automaton 'A' is named twice\n"},
        {"san-desc 1\nautomaton A x y\nfunction f st B\n",
         "test: t.desc:3:15: error: unknown automaton 'B'\n"},
        {"san-desc 1\nautomaton A x y\nfunction f 1 +\n",
         "test: t.desc:3:14: error: '+' needs 2 operands, the stack holds 1\n"},
        {"san-desc 1\nautomaton A x y\nfunction f 1 2\n",
         "test: t.desc:3: error: function 'f' leaves 2 values on the stack, "
         "expected 1\n"},
        {"san-desc 1\nautomaton A x y\nterm local A\nfactor A\ne 0 2 1\n",
         "test: t.desc:5:5: error: column '2' is not a whole number in "
         "0..1\n"},
        {"san-desc 1\nautomaton A x y\nterm local A\nfactor A\ne 0 1 1\n"
         "e 0 1 2\nend 1 0 1\n",
         "test: t.desc:6:3: error: term 0 (A): element (0, 1) of automaton "
         "A is given twice (first at line 5)\n"},
        /* The same position in another factor or term is another element. */
        {"san-desc 1\nautomaton A x y\nautomaton B u v\nterm local A\n"
         "factor A\ne 0 1 1\nterm local B\nfactor B\ne 0 1 1\n"
         "term plain t\nfactor A\ne 1 1 1\nfactor B\ne 0 1 1\ne 1 1 2\n"
         "e 0 1 3\nend 2 0 3\n",
         "test: t.desc:16:3: error: term 2 (t): element (0, 1) of automaton "
         "B is given twice (first at line 14)\n"},
        {"san-desc 1\nautomaton A x y\nfunction f 1e400 0 *\n",
         "test: t.desc:3:12: error: number '1e400' is out of range\n"},
        {"\xef\xbb\xbf" "1\n2\n1 0\n0 1\n",
         "test: t.desc:1:1: error: a UTF-8 byte-order mark at the start: "
         "save the file without it\n"},
        {"\xef\xbb\xbf" "san-desc 1\n",
         "test: t.desc:1:1: error: a UTF-8 byte-order mark at the start: "
         "save the file without it\n"},
        {"san-desc 1\nend 0 0 0\n",
         "test: t.desc:2:1: error: the descriptor has no automata\n"},
        {"san-desc 1\nautomaton A x y\nterm local A\nend 1 0 2\n",
         "test: t.desc:4:9: error: 'end' says 2 terms, the file has 1\n"},
        {"san-desc 1\nautomaton A x y\ne 0 0 1\n",
         "test: t.desc:3:1: error: 'e' outside a factor\n"},
        {"san-desc 1\nautomaton A x y\nbogus\n",
         "test: t.desc:3:1: error: unknown record 'bogus'\n"},
        {"2\n2\n1 0\n0 1\n2\n1 0\n", "test: t.desc:7:1: error: expected a "
         "matrix element, got the end of the file\n"},
        {"1\n2\n1 0\n0 x\n", "test: t.desc:4:3: error: expected a matrix "
         "element, got 'x'\n"},
        {"1\n2\n1 0\n0 1\n1\n3\n1 0 0\n0 1 0\n0 0 1\n",
         "test: t.desc:6:1: error: matrix 1 of term 1 has order 3, in term "
         "0 it has order 2\n"},
        {"1\n0\n", "test: t.desc:2:1: error: the order of a matrix must be a "
                   "whole number in 1..4096, got 0\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        desc d;
        char msg[512] = "";
        CHECK_INT(read_text(&d, cases[i].text, msg, sizeof msg), -1);
        CHECK_STR(msg, cases[i].msg);
    }
}

/* A raw NUL in a plain file: strtod stopped there and took "\0" + "1"
 * for a whole 0, a wrong matrix with exit 0. Located instead. */
static void test_plain_nul(void)
{
    static const char text[] = "1\n2\n-1 1\n0 \0001\n";
    desc d;
    char msg[256] = "";
    CHECK_INT(read_bytes(&d, text, sizeof text - 1, msg, sizeof msg), -1);
    CHECK_STR(msg, "test: t.desc:4:3: error: NUL byte in input\n");
}

static void test_limits(void)
{
    /* 57 automata of 2 states: 2^57 product states, over the limit. */
    strbuf sb = {0};
    sb_puts(&sb, "san-desc 1\n");
    for (int a = 0; a < 57; a++)
        sb_printf(&sb, "automaton A%d x y\n", a);
    sb_puts(&sb, "end 57 0 0\n");
    desc d;
    char msg[256] = "";
    CHECK_INT(read_text(&d, sb_str(&sb), msg, sizeof msg), -1);
    CHECK_STR(msg, "test: t.desc:58:11: error: automaton 'A56' makes the "
                   "product state space exceed the limit of 72057594037927936 "
                   "states\n");
    /* The same in a plain file: at the order of matrix 57 (line 170). */
    sb_clear(&sb);
    sb_puts(&sb, "57\n");
    for (int a = 0; a < 57; a++)
        sb_puts(&sb, "2\n1 0\n0 1\n");
    CHECK_INT(read_text(&d, sb_str(&sb), msg, sizeof msg), -1);
    CHECK_STR(msg, "test: t.desc:170:1: error: matrix 57 makes the product "
                   "state space exceed the limit of 72057594037927936 states\n");
    sb_free(&sb);
}

/* Appends a random well-formed expression of depth at most `depth` over
 * automata of orders ord[0..2]: the shapes the fast form fuses (st == k,
 * sums of them, a constant right operand) and every other operator. */
static void random_expr(rng *r, desc_insn *code, size_t *n, int depth,
                        const int *ord)
{
    int a = (int)rng_below(r, 3);
    double k = (double)rng_below(r, 5) - 1;   /* -1..3: 0 too, for / */
    unsigned pick = depth <= 0 ? (unsigned)rng_below(r, 3)
                               : (unsigned)rng_below(r, 10);
    switch (pick) {
    case 0: code[(*n)++] = (desc_insn){DOP_NUM, 0, k}; return;
    case 1: code[(*n)++] = (desc_insn){DOP_ST, a, 0}; return;
    case 2:   /* st A == k */
        code[(*n)++] = (desc_insn){DOP_ST, a, 0};
        code[(*n)++] = (desc_insn){DOP_NUM, 0, (double)rng_below(r, (uint64_t)ord[a])};
        code[(*n)++] = (desc_insn){DOP_EQ, 0, 0};
        return;
    case 3: case 4: {   /* binary, the right operand a constant or not */
        static const desc_op bin[] = {DOP_ADD, DOP_SUB, DOP_MUL, DOP_DIV,
            DOP_LT, DOP_LE, DOP_GT, DOP_GE, DOP_EQ, DOP_NE, DOP_AND, DOP_OR,
            DOP_MIN, DOP_MAX};
        random_expr(r, code, n, depth - 1, ord);
        if (pick == 3)
            code[(*n)++] = (desc_insn){DOP_NUM, 0, k};
        else
            random_expr(r, code, n, depth - 1, ord);
        code[(*n)++] = (desc_insn){bin[rng_below(r, 14)], 0, 0};
        return;
    }
    case 5:   /* a sum of tests: what "nb A s" compiles to */
        random_expr(r, code, n, depth - 1, ord);
        for (int q = 0; q < 3; q++) {
            code[(*n)++] = (desc_insn){DOP_ST, q, 0};
            code[(*n)++] = (desc_insn){DOP_NUM, 0, 1};
            code[(*n)++] = (desc_insn){DOP_EQ, 0, 0};
            code[(*n)++] = (desc_insn){DOP_ADD, 0, 0};
        }
        return;
    case 6:
        random_expr(r, code, n, depth - 1, ord);
        code[(*n)++] = (desc_insn){rng_below(r, 2) ? DOP_NEG : DOP_NOT, 0, 0};
        return;
    case 9: {   /* "nb" over 2..7 tests, an automaton repeated, k = 0.5 */
        int tests = 2 + (int)rng_below(r, 6);
        for (int q = 0; q < tests; q++) {
            int b = (int)rng_below(r, 3);
            double kk = rng_below(r, 8) == 0 ? 0.5
                      : (double)rng_below(r, (uint64_t)ord[b]);
            code[(*n)++] = (desc_insn){DOP_ST, b, 0};
            code[(*n)++] = (desc_insn){DOP_NUM, 0, kk};
            code[(*n)++] = (desc_insn){DOP_EQ, 0, 0};
            if (q > 0)
                code[(*n)++] = (desc_insn){DOP_ADD, 0, 0};
        }
        return;
    }
    default:
        random_expr(r, code, n, depth - 1, ord);
        random_expr(r, code, n, depth - 1, ord);
        random_expr(r, code, n, depth - 1, ord);
        code[(*n)++] = (desc_insn){DOP_ITE, 0, 0};
        return;
    }
}

/* A random function named name (random_expr of depth 4): its index. */
static int add_random_func(desc *d, rng *r, const int *ord, const char *name)
{
    desc_insn *code = xmalloc(4096 * sizeof *code);
    size_t n = 0;
    random_expr(r, code, &n, 4, ord);
    return desc_add_func(d, name, code, n);
}

/* The fast form and the tables (eval.c) give the interpreter's bits on
 * every state, for 300 random functions (nan and inf included), and
 * identical functions share one table. */
/* Automata A, B, C of orders ord[] in d, and r seeded. */
static void three_automata(desc *d, const int *ord, rng *r, uint64_t seed)
{
    desc_init(d);
    for (int a = 0; a < 3; a++)
        desc_add_automaton(d, a == 0 ? "A" : a == 1 ? "B" : "C", ord[a], NULL);
    rng_seed(r, seed);
}

static void test_eval_fast_and_tables(void)
{
    const int ord[3] = {2, 3, 4};
    desc d;
    rng r;
    three_automata(&d, ord, &r, 12);
    int nf = 300;
    for (int i = 0; i < nf; i++) {
        desc_insn *code = xmalloc(4096 * sizeof *code);
        size_t n = 0;
        random_expr(&r, code, &n, 4, ord);
        char name[16];
        snprintf(name, sizeof name, "f%d", i);
        CHECK_INT(desc_add_func(&d, name, code, n), i);
    }
    /* f300: a copy of f0's code, to share its table */
    desc_insn *copy = xmalloc(d.funcs.items[0].code.len * sizeof *copy);
    memcpy(copy, d.funcs.items[0].code.items,
           d.funcs.items[0].code.len * sizeof *copy);
    CHECK_INT(desc_add_func(&d, "copy", copy, d.funcs.items[0].code.len), nf);
    int t = desc_add_term(&d, TERM_PLAIN, "t");
    for (int i = 0; i <= nf; i++)
        desc_add_entry(&d, t, 0, i % 2, (i / 2) % 2, 1, i);   /* summed */
    int state[3];
    int fast_bad = 0, table_bad = 0;
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            CHECK(desc_tabulate(&d, 1000, 1 << 20) > 0);
        for (int i = 0; i <= nf; i++) {
            const desc_func *f = &d.funcs.items[i];
            if (pass == 1 && f->ndeps > 0)
                CHECK(f->table != NULL);
            for (int s = 0; s < 24; s++) {
                state[0] = s / 12;
                state[1] = s / 4 % 3;
                state[2] = s % 4;
                double want = desc_eval_code(f, state), got = desc_eval(f, state);
                if (memcmp(&want, &got, sizeof want))
                    *(pass ? &table_bad : &fast_bad) += 1;
            }
        }
    }
    CHECK_INT(fast_bad, 0);
    CHECK_INT(table_bad, 0);
    if (d.funcs.items[0].ndeps > 0)
        CHECK(d.funcs.items[nf].table == d.funcs.items[0].table &&
              d.funcs.items[nf].table_shared);
    desc_free(&d);
}

/* The values of a set of n functions of d (three automata of orders 2,
 * 3, 4) that are not desc_eval_code's bits, over every state. */
static int evalset_mismatches(const desc *d, const int *funcs, int n)
{
    desc_evalset *set = desc_evalset_new(d, funcs, (size_t)n);
    int bad = 0;
    for (int st = 0; st < 24; st++) {
        int state[3] = {st / 12, st / 4 % 3, st % 4};
        double out[8];
        desc_evalset_eval(set, state, out);
        for (int k = 0; k < n; k++) {
            double want = desc_eval_code(&d->funcs.items[funcs[k]], state);
            bad += memcmp(&want, &out[k], sizeof want) != 0;
        }
    }
    desc_evalset_free(set);
    return bad;
}

/* desc_evalset: a family sharing a random prefix E (E, E k == for k =
 * 0..3, E k <), with and without an unrelated function, and random
 * groups of unrelated functions: the values of desc_eval_code, bit for
 * bit, on every state; the family's prefix run once in most rounds. */
static void test_evalset(void)
{
    const int ord[3] = {2, 3, 4};
    desc d;
    rng r;
    three_automata(&d, ord, &r, 13);
    int bad = 0, shared_seen = 0;
    for (int round = 0; round < 40; round++) {
        desc_insn e[4096];
        size_t ne = 0;
        random_expr(&r, e, &ne, 4, ord);
        int funcs[8], nf = 0;
        for (int k = 0; k < 6; k++) {
            desc_insn *code = xmalloc((ne + 2) * sizeof *code);
            memcpy(code, e, ne * sizeof *code);
            size_t n = ne;
            if (k > 0) {
                code[n++] = (desc_insn){DOP_NUM, 0, (double)(k - 1)};
                code[n++] = (desc_insn){k == 5 ? DOP_LT : DOP_EQ, 0, 0};
            }
            char name[32];
            snprintf(name, sizeof name, "g%d_%d", round, k);
            funcs[nf++] = desc_add_func(&d, name, code, n);
        }
        desc_insn *other = xmalloc(4096 * sizeof *other);
        size_t no = 0;
        random_expr(&r, other, &no, 4, ord);
        char name[32];
        snprintf(name, sizeof name, "o%d", round);
        int with_other = round % 2;
        if (with_other)
            funcs[nf++] = desc_add_func(&d, name, other, no);
        else
            free(other);
        desc_evalset *set = desc_evalset_new(&d, funcs, (size_t)nf);
        shared_seen += !with_other && desc_evalset_shared(set) > 0;
        desc_evalset_free(set);
        bad += evalset_mismatches(&d, funcs, nf);
    }
    CHECK_INT(bad, 0);
    /* Two sums of tests that differ only in their last test, one that is
     * the first and more (the shared prefix stops before the sum), and
     * one that reads the state after the sum (no value is kept by the
     * sum's value). */
    int nbs[4];
    for (int k = 0; k < 4; k++) {
        desc_insn *code = xmalloc(32 * sizeof *code);
        size_t n = 0;
        for (int q = 0; q < 3; q++) {
            code[n++] = (desc_insn){DOP_ST, q, 0};
            code[n++] = (desc_insn){DOP_NUM, 0, q == 2 && k == 1 ? 2 : 1};
            code[n++] = (desc_insn){DOP_EQ, 0, 0};
            if (q > 0)
                code[n++] = (desc_insn){DOP_ADD, 0, 0};
        }
        if (k == 2) {
            code[n++] = (desc_insn){DOP_NUM, 0, 2};
            code[n++] = (desc_insn){DOP_MUL, 0, 0};
        }
        if (k == 3) {
            code[n++] = (desc_insn){DOP_ST, 1, 0};
            code[n++] = (desc_insn){DOP_ADD, 0, 0};
        }
        static const char *const nb_name[] = {"nb1", "nb2", "nb3", "nb4"};
        nbs[k] = desc_add_func(&d, nb_name[k], code, n);
    }
    int pure_pair[2] = {nbs[0], nbs[2]}, state_pair[2] = {nbs[2], nbs[3]};
    bad += evalset_mismatches(&d, pure_pair, 2);
    bad += evalset_mismatches(&d, state_pair, 2);
    bad += evalset_mismatches(&d, nbs, 3);
    CHECK_INT(bad, 0);
    /* Not all 20: E of one instruction shares nothing with itself, and
     * the fused code of E's last instructions may differ from that of
     * "E k ==" (st A 1 == fuses into one). */
    CHECK(shared_seen >= 10);
    desc_free(&d);
}

/* desc_eval_bounds: on 300 random functions and random boxes of states,
 * when it answers, every state of the box has a finite value within the
 * bounds; and it answers exactly (lo = hi = the value) on single states
 * where the value is finite and no division by zero is met. */
static void test_eval_bounds(void)
{
    const int ord[3] = {2, 3, 4};
    desc d;
    rng r;
    three_automata(&d, ord, &r, 7);
    int wrong = 0, answered = 0, point_exact = 0, points = 0;
    for (int i = 0; i < 300; i++) {
        CHECK_INT(add_random_func(&d, &r, ord, "f"), i);
        const desc_func *f = &d.funcs.items[i];
        for (int box = 0; box < 20; box++) {
            int lo[3], hi[3];
            for (int a = 0; a < 3; a++) {
                lo[a] = (int)rng_below(&r, (uint64_t)ord[a]);
                hi[a] = box < 5 ? lo[a]
                      : lo[a] + (int)rng_below(&r, (uint64_t)(ord[a] - lo[a]));
            }
            double blo, bhi;
            if (!desc_eval_bounds(f, lo, hi, &blo, &bhi))
                continue;
            answered++;
            int st[3];
            for (st[0] = lo[0]; st[0] <= hi[0]; st[0]++)
                for (st[1] = lo[1]; st[1] <= hi[1]; st[1]++)
                    for (st[2] = lo[2]; st[2] <= hi[2]; st[2]++) {
                        double v = desc_eval_code(f, st);
                        if (!isfinite(v) || v < blo || v > bhi)
                            wrong++;
                    }
            if (box < 5) {
                points++;
                point_exact += blo == bhi && blo == desc_eval_code(f, lo);
            }
        }
    }
    CHECK_INT(wrong, 0);
    CHECK(answered > 1000);            /* it says something most times */
    CHECK_INT(point_exact, points);    /* single states: the value */
    desc_free(&d);
}

/* desc_eval_each: every value of one automaton at once, the others
 * fixed; the interpreter's bits on 300 random functions (sums of tests
 * among them, split where the automaton is first read), every automaton
 * and state, and the state left as it was. */
static void test_eval_each(void)
{
    const int ord[3] = {2, 3, 4};
    desc d;
    rng r;
    three_automata(&d, ord, &r, 14);
    int bad = 0, moved = 0;
    for (int i = 0; i < 300; i++) {
        CHECK_INT(add_random_func(&d, &r, ord, "f"), i);
        const desc_func *f = &d.funcs.items[i];
        for (int st = 0; st < 24; st++)
            for (int a = 0; a < 3; a++) {
                int state[3] = {st / 12, st / 4 % 3, st % 4}, keep[3];
                memcpy(keep, state, sizeof keep);
                double out[4];
                desc_eval_each(&d, f, a, state, out);
                moved += memcmp(keep, state, sizeof keep) != 0;
                for (int v = 0; v < ord[a]; v++) {
                    state[a] = v;
                    double want = desc_eval_code(f, state);
                    bad += memcmp(&want, &out[v], sizeof want) != 0;
                }
                state[a] = keep[a];
            }
    }
    CHECK_INT(bad, 0);
    CHECK_INT(moved, 0);
    desc_free(&d);
}

/* desc_search_bounds: along every path of a depth-first search over the
 * three automata (each order of levels), the same answer and bounds as
 * desc_eval_bounds from scratch, bit for bit, and at the leaves the same
 * value as desc_eval (desc_search_bounds_value), on 300 random functions
 * (those with sums of tests: the others have none to keep). */
static void test_search_bounds(void)
{
    const int ord[3] = {2, 3, 4};
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    desc d;
    rng r;
    three_automata(&d, ord, &r, 15);
    int differ = 0, kept = 0, nodes = 0, leaf_differ = 0, leaves = 0;
    for (int i = 0; i < 300; i++) {
        CHECK_INT(add_random_func(&d, &r, ord, "f"), i);
        const desc_func *f = &d.funcs.items[i];
        desc_search_bounds *b = desc_search_bounds_new(&d, f);
        if (!b)
            continue;
        kept++;
        for (int o = 0; o < 6; o++) {
            const int *perm = orders[o];
            int lo[3] = {0, 0, 0}, hi[3] = {1, 2, 3};
            desc_search_bounds_root(b, lo, hi);
            /* every node of the tree, depth first */
            for (int s0 = 0; s0 < ord[perm[0]]; s0++) {
                desc_search_bounds_fix(b, 1, perm[0], 0, ord[perm[0]] - 1,
                                       s0);
                lo[perm[0]] = hi[perm[0]] = s0;
                for (int s1 = -1; s1 < ord[perm[1]]; s1++) {
                    if (s1 >= 0) {
                        desc_search_bounds_fix(b, 2, perm[1], 0,
                                               ord[perm[1]] - 1, s1);
                        lo[perm[1]] = hi[perm[1]] = s1;
                    }
                    int depth = s1 >= 0 ? 2 : 1;
                    double a0, a1, b0, b1;
                    int want = desc_eval_bounds(f, lo, hi, &a0, &a1);
                    int got = desc_search_bounds_eval(b, depth, lo, hi, &b0,
                                                      &b1);
                    differ += want != got ||
                              (want && (memcmp(&a0, &b0, sizeof a0) ||
                                        memcmp(&a1, &b1, sizeof a1)));
                    nodes++;
                    /* the leaves below: desc_eval's value from the
                     * counts (nan and inf too) */
                    for (int s2 = 0; s1 >= 0 && s2 < ord[perm[2]]; s2++) {
                        desc_search_bounds_fix(b, 3, perm[2], 0,
                                               ord[perm[2]] - 1, s2);
                        int st[3];
                        for (int a = 0; a < 3; a++)
                            st[a] = lo[a];
                        st[perm[2]] = s2;
                        double v = desc_eval(f, st);
                        double w = desc_search_bounds_value(b, 3, st);
                        leaf_differ += memcmp(&v, &w, sizeof v) != 0;
                        leaves++;
                    }
                }
                lo[perm[1]] = 0;
                hi[perm[1]] = ord[perm[1]] - 1;
            }
        }
        desc_search_bounds_free(b);
    }
    CHECK_INT(differ, 0);
    CHECK_INT(leaf_differ, 0);
    CHECK(kept > 30);
    CHECK(nodes > 1000);
    CHECK(leaves > 1000);
    desc_free(&d);
}

int main(void)
{
    sink = stderr;
    RUN(test_figure8_plain_file);
    RUN(test_round_trip);
    RUN(test_eval_operators);
    RUN(test_eval_fast_and_tables);
    RUN(test_evalset);
    RUN(test_eval_bounds);
    RUN(test_eval_each);
    RUN(test_search_bounds);
    RUN(test_errors);
    RUN(test_plain_nul);
    RUN(test_limits);
    return unit_done();
}
