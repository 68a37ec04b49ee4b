/* Unit tests of lib/desc: the descriptor, its functions, its two readers
 * and its writer (formats/san-desc.md). */
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
    /* 41 automata of 2 states: 2^41 product states, over the limit. */
    strbuf sb = {0};
    sb_puts(&sb, "san-desc 1\n");
    for (int a = 0; a < 41; a++)
        sb_printf(&sb, "automaton A%d x y\n", a);
    sb_puts(&sb, "end 41 0 0\n");
    desc d;
    char msg[256] = "";
    CHECK_INT(read_text(&d, sb_str(&sb), msg, sizeof msg), -1);
    CHECK_STR(msg, "test: t.desc:42:11: error: automaton 'A40' makes the "
                   "product state space exceed the limit of 1099511627776 "
                   "states\n");
    /* The same in a plain file: at the order of matrix 41 (line 122). */
    sb_clear(&sb);
    sb_puts(&sb, "41\n");
    for (int a = 0; a < 41; a++)
        sb_puts(&sb, "2\n1 0\n0 1\n");
    CHECK_INT(read_text(&d, sb_str(&sb), msg, sizeof msg), -1);
    CHECK_STR(msg, "test: t.desc:122:1: error: matrix 41 makes the product "
                   "state space exceed the limit of 1099511627776 states\n");
    sb_free(&sb);
}

int main(void)
{
    sink = stderr;
    RUN(test_figure8_plain_file);
    RUN(test_round_trip);
    RUN(test_eval_operators);
    RUN(test_errors);
    RUN(test_plain_nul);
    RUN(test_limits);
    return unit_done();
}
