/* Unit tests of lib/pasl: the library calls a program or a fuzzer makes,
 * without going through pasl2graph. */
#include <stdlib.h>
#include <string.h>

#include "pasl/pasl.h"
#include "unit.h"

/* Parses and builds `text`; diagnostics go to `msgs` (a memstream) when
 * given, else are discarded. */
static pasl_graph *build(const char *text, char **msgs, int *errors)
{
    size_t size;
    char *buf = NULL;
    FILE *out = open_memstream(&buf, &size);
    diag d;
    diag_init(&d, "t", out);
    pasl_spec *spec = pasl_parse(text, strlen(text), "x.pasl", &d);
    pasl_graph *g = spec ? pasl_build(spec, NULL, &d) : NULL;
    pasl_spec_free(spec);
    fclose(out);
    if (errors)
        *errors = d.errors;
    if (msgs)
        *msgs = buf;
    else
        free(buf);
    return g;
}

static void test_example3_counts(void)
{
    pasl_graph *g = build("B1 = L1 (1) << NULL;\nB2 = L2 (5) << B1;\n"
                          "B3 = L3 (10) << B2;\nB4 = L4 (20) << B2;\n"
                          "B5 = L5 (1) << B3,B4 >> ``results``;\n", NULL, NULL);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_INT(g->batches.len, 5);
    CHECK_INT(g->edges.len, 5);
    CHECK_INT(g->tasks, 37);
    CHECK_INT(g->implicit_task_types, 1);
    CHECK_INT(g->task_types.len, 5);
    pasl_stats s;
    pasl_graph_stats(g, &s);
    CHECK_INT(s.depth, 4);
    CHECK_INT(s.width, 2);
    CHECK_INT(s.task_width, 30);
    CHECK_INT(s.task_links, 5 + 10 + 20 + 10 + 20);
    /* B5's edges come in the order of its inputs */
    const pasl_batch *b5 = &g->batches.items[4];
    CHECK_INT(b5->n_edges, 2);
    CHECK_STR(g->batches.items[g->edges.items[b5->first_edge].from].name, "B3");
    pasl_graph_free(g);
}

static void test_unrolled_names_and_storage(void)
{
    pasl_graph *g = build("B1 = L1(1) << NULL >> \"t\";\n"
                          "beginblock(2); beginblock(2);\n"
                          "B2 = L2(1) << \"t\" >> \"t\";\n"
                          "endblock; endblock;\n", NULL, NULL);
    CHECK(g != NULL);
    if (!g)
        return;
    CHECK_INT(g->batches.len, 5);
    CHECK_STR(g->batches.items[3].name, "B2#2.1");
    CHECK_STR(g->batches.items[3].iteration, "2.1");
    CHECK_STR(g->batches.items[0].iteration, "-");
    /* a chain B1 -> B2#1.1 -> B2#1.2 -> B2#2.1 -> B2#2.2 through "t" */
    CHECK_INT(g->edges.len, 4);
    for (size_t i = 0; i < g->edges.len; i++) {
        CHECK_INT(g->edges.items[i].from, i);
        CHECK_INT(g->edges.items[i].to, i + 1);
        CHECK_INT(g->edges.items[i].kind, PASL_EDGE_STORAGE);
    }
    /* the last io record is the final output of "t", by B2#2.2 */
    const pasl_io *last = &g->io.items[g->io.len - 1];
    CHECK_INT(last->kind, PASL_IO_OUTPUT);
    CHECK_INT(last->batch, 4);
    pasl_graph_free(g);
}

struct pairs { uint64_t v[64][2]; int n; };

static void collect(uint64_t i, uint64_t j, void *arg)
{
    struct pairs *p = arg;
    if (p->n < 64) {
        p->v[p->n][0] = i;
        p->v[p->n][1] = j;
    }
    p->n++;
}

static void test_contiguous_mapping(void)
{
    struct pairs p = {0};
    pasl_task_links(5, 10, collect, &p);   /* task i feeds 2i, 2i+1 */
    CHECK_INT(p.n, 10);
    for (int k = 0; k < 10; k++) {
        CHECK_INT(p.v[k][0], k / 2);
        CHECK_INT(p.v[k][1], k);
    }
    memset(&p, 0, sizeof p);
    pasl_task_links(20, 5, collect, &p);   /* tasks 4j..4j+3 feed j */
    CHECK_INT(p.n, 20);
    CHECK_INT(p.v[7][0], 7);
    CHECK_INT(p.v[7][1], 1);
    memset(&p, 0, sizeof p);
    pasl_task_links(3, 3, collect, &p);    /* one to one */
    CHECK_INT(p.n, 3);
    CHECK_INT(p.v[2][0], 2);
    CHECK_INT(p.v[2][1], 2);
}

static void test_errors_are_counted_and_located(void)
{
    char *msgs;
    int errors;
    pasl_graph *g = build("B1 = L1(2) << NULL;\nB2 = L2(3) << B1;\n", &msgs,
                          &errors);
    CHECK(g == NULL);
    CHECK_INT(errors, 1);
    CHECK(strstr(msgs, "t: x.pasl:2:15: error: B2 (cardinality 3) cannot take "
                       "input from B1 (cardinality 2)") == msgs);
    free(msgs);
    g = build("B1 = L1(1) <<", &msgs, &errors);
    CHECK(g == NULL);
    CHECK_INT(errors, 1);
    free(msgs);
}

static void test_huge_block_fails_fast(void)
{
    char *msgs;
    int errors;
    pasl_graph *g = build("B1 = L1(1) << NULL >> \"t\";\n"
                          "beginblock(1000000000000000000);\n"
                          "beginblock(1000000000000000000);\n"
                          "B2 = L2(1) << \"t\" >> \"t\";\n"
                          "endblock; endblock;\n", &msgs, &errors);
    CHECK(g == NULL);
    CHECK_INT(errors, 1);
    CHECK(strstr(msgs, "x.pasl:3:1: error: beginblock(1000000000000000000) "
                       "repeats a body of 1 batch instances") != NULL);
    free(msgs);
}

static void test_parser_has_no_global_state(void)
{
    /* A failed parse leaves nothing behind that changes the next one. */
    char *msgs;
    pasl_graph *bad = build("B1 = L1(1) << /* open", &msgs, NULL);
    CHECK(bad == NULL);
    free(msgs);
    pasl_graph *g = build("B1 = L1(1) << NULL;", NULL, NULL);
    CHECK(g != NULL);
    if (g)
        CHECK_INT(g->batches.len, 1);
    pasl_graph_free(g);
}

static void test_input_size_is_bounded(void)
{
    /* The library refuses what pasl2graph refuses, before scanning. */
    size_t len = PASL_MAX_INPUT + 1, size;
    char *text = xmalloc(len), *msgs = NULL;
    memset(text, ' ', len);
    FILE *out = open_memstream(&msgs, &size);
    diag d;
    diag_init(&d, "t", out);
    pasl_spec *spec = pasl_parse(text, len, "x.pasl", &d);
    fclose(out);
    CHECK(spec == NULL);
    CHECK_INT(d.errors, 1);
    CHECK_STR(msgs, "t: x.pasl: error: the specification is larger than "
                    "16777216 bytes\n");
    pasl_spec_free(spec);
    free(msgs);
    free(text);
}

/* The graph of `text` in the app-graph format, or NULL. */
static char *graph_text(const char *text)
{
    pasl_graph *g = build(text, NULL, NULL);
    if (!g)
        return NULL;
    size_t size;
    char *out = NULL;
    FILE *fp = open_memstream(&out, &size);
    pasl_write_graph(fp, g, 0);
    fclose(fp);
    pasl_graph_free(g);
    return out;
}

static void test_empty_blocks_unroll_to_nothing(void)
{
    /* Blocks without a batch, at every depth, leave the graph as it is. */
    char *plain = graph_text(
        "B1 = L1(1) << NULL >> \"t\";\n"
        "beginblock(2); beginblock(3);\n"
        "  B2 = L2(1) << \"t\"; B3 = L3(2) << B2; B4 = L4(1) << B3 >> \"t\";\n"
        "endblock; endblock;\n");
    char *padded = graph_text(
        "B1 = L1(1) << NULL >> \"t\";\n"
        "beginblock(5); endblock;\n"
        "beginblock(2); beginblock(4); beginblock(9); endblock; endblock;\n"
        "  beginblock(3); beginblock(7); endblock;\n"
        "  B2 = L2(1) << \"t\"; beginblock(2); endblock;\n"
        "  B3 = L3(2) << B2; B4 = L4(1) << B3 >> \"t\"; beginblock(1); endblock;\n"
        "endblock; beginblock(8); endblock; endblock;\n");
    CHECK(plain != NULL && padded != NULL);
    if (plain && padded) {
        CHECK(strstr(plain, "end 19 18 25\n") != NULL);
        CHECK_STR(padded, plain);
    }
    free(plain);
    free(padded);
}

static void test_nesting_is_bounded(void)
{
    strbuf sb = {0};
    sb_puts(&sb, "B1 = L1(1) << NULL;\n");
    for (int i = 0; i < 33; i++)
        sb_puts(&sb, "beginblock(1);\n");
    sb_puts(&sb, "B2 = L2(1) << B1;\n");
    for (int i = 0; i < 33; i++)
        sb_puts(&sb, "endblock;\n");
    char *msgs;
    int errors;
    pasl_graph *g = build(sb.text, &msgs, &errors);
    CHECK(g == NULL);
    CHECK_INT(errors, 1);
    CHECK_STR(msgs, "t: x.pasl:34:1: error: blocks nested deeper than 32: "
                    "at most 32 beginblock ... endblock inside one another\n");
    free(msgs);
    sb_free(&sb);
}

int main(void)
{
    RUN(test_example3_counts);
    RUN(test_unrolled_names_and_storage);
    RUN(test_contiguous_mapping);
    RUN(test_errors_are_counted_and_located);
    RUN(test_huge_block_fails_fast);
    RUN(test_parser_has_no_global_state);
    RUN(test_input_size_is_bounded);
    RUN(test_empty_blocks_unroll_to_nothing);
    RUN(test_nesting_is_bounded);
    return unit_done();
}
