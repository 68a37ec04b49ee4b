/* write.c — the application graph as text: the app-graph format
 * (formats/app-graph.md), Graphviz DOT, and summary statistics. */
#include <stdlib.h>
#include <string.h>

#include "pasl/pasl.h"

void pasl_task_links(uint64_t cx, uint64_t cy,
                     void (*link)(uint64_t i, uint64_t j, void *arg), void *arg)
{
    /* Contiguous blocks (seed 003 §1.1): with cy = k*cx, task i feeds
     * k*i .. k*i+k-1; with cx = k*cy, tasks k*j .. k*j+k-1 feed task j. */
    if (cy >= cx) {
        uint64_t k = cy / cx;
        for (uint64_t j = 0; j < cy; j++)
            link(j / k, j, arg);
    } else {
        uint64_t k = cx / cy;
        for (uint64_t i = 0; i < cx; i++)
            link(i, i / k, arg);
    }
}

struct link_printer {
    FILE *fp;
    const char *from, *to;
};

static void print_link(uint64_t i, uint64_t j, void *arg)
{
    struct link_printer *p = arg;
    fprintf(p->fp, "link %s.%llu %s.%llu\n", p->from, (unsigned long long)i,
            p->to, (unsigned long long)j);
}

static void write_edge(FILE *fp, const pasl_graph *g, const pasl_edge *e,
                       int tasks)
{
    const pasl_batch *from = &g->batches.items[e->from],
                     *to = &g->batches.items[e->to];
    fprintf(fp, "edge %s %s ", from->name, to->name);
    if (e->kind == PASL_EDGE_DATA) {
        fputs("data\n", fp);
    } else {
        fputs("storage ", fp);
        tf_put_string(fp, e->storage);
        fputc('\n', fp);
    }
    if (tasks) {
        struct link_printer p = {fp, from->name, to->name};
        pasl_task_links(from->cardinality, to->cardinality, print_link, &p);
    }
}

static void write_io(FILE *fp, const pasl_graph *g, const pasl_io *io)
{
    static const char *const words[] = {"input", "write", "output"};
    fprintf(fp, "%s %s ", words[io->kind], g->batches.items[io->batch].name);
    tf_put_string(fp, io->storage);
    fputc('\n', fp);
}

void pasl_write_graph(FILE *fp, const pasl_graph *g, int tasks)
{
    fputs("app-graph 1\n", fp);
    if (g->name) {
        fputs("name ", fp);
        tf_put_string(fp, g->name);
        fputc('\n', fp);
    }
    if (g->description) {
        fputs("description ", fp);
        tf_put_string(fp, g->description);
        fputc('\n', fp);
    }
    for (size_t i = 0; i < g->task_types.len; i++) {
        const pasl_task_type *t = &g->task_types.items[i];
        fprintf(fp, "tasktype L%llu ", (unsigned long long)t->id);
        if (t->path)
            tf_put_string(fp, t->path);
        else
            fputc('-', fp);
        if (t->cost) {
            fputs(" cost ", fp);
            tf_put_string(fp, t->cost);
        }
        fputc('\n', fp);
    }
    /* Each batch, then what it reads (edges, external inputs) and writes;
     * io records are in unrolled order, the final outputs after them. */
    size_t io = 0;
    for (size_t i = 0; i < g->batches.len; i++) {
        const pasl_batch *x = &g->batches.items[i];
        fprintf(fp, "batch %s L%llu %llu %s\n", x->name,
                (unsigned long long)x->task_type,
                (unsigned long long)x->cardinality, x->iteration);
        if (tasks)
            for (uint64_t k = 0; k < x->cardinality; k++)
                fprintf(fp, "task %s.%llu\n", x->name, (unsigned long long)k);
        for (size_t e = x->first_edge; e < x->first_edge + x->n_edges; e++)
            write_edge(fp, g, &g->edges.items[e], tasks);
        for (; io < g->io.len && g->io.items[io].batch == i &&
               g->io.items[io].kind != PASL_IO_OUTPUT; io++)
            write_io(fp, g, &g->io.items[io]);
    }
    for (; io < g->io.len; io++)
        write_io(fp, g, &g->io.items[io]);
    fprintf(fp, "end %zu %zu %llu\n", g->batches.len, g->edges.len,
            (unsigned long long)g->tasks);
}

/* A DOT string: quotes and backslashes escaped, newlines as \n. */
static void dot_string(FILE *fp, const char *s)
{
    fputc('"', fp);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', fp);
        if (*s == '\n')
            fputs("\\n", fp);
        else
            fputc(*s, fp);
    }
    fputc('"', fp);
}

void pasl_write_dot(FILE *fp, const pasl_graph *g)
{
    fputs("digraph ", fp);
    dot_string(fp, g->name ? g->name : "application");
    fputs(" {\n  node [shape=box];\n", fp);
    for (size_t i = 0; i < g->batches.len; i++) {
        const pasl_batch *x = &g->batches.items[i];
        fprintf(fp, "  b%zu [label=\"%s\\nL%llu (%llu)\"];\n", i, x->name,
                (unsigned long long)x->task_type,
                (unsigned long long)x->cardinality);
    }
    for (size_t i = 0; i < g->edges.len; i++) {
        const pasl_edge *e = &g->edges.items[i];
        fprintf(fp, "  b%zu -> b%zu", e->from, e->to);
        if (e->kind == PASL_EDGE_STORAGE) {
            fputs(" [style=dashed, label=", fp);
            dot_string(fp, e->storage);
            fputc(']', fp);
        }
        fputs(";\n", fp);
    }
    /* External inputs and final outputs as repository nodes. */
    for (size_t i = 0; i < g->io.len; i++) {
        const pasl_io *io = &g->io.items[i];
        if (io->kind == PASL_IO_WRITE)
            continue;
        fprintf(fp, "  s%zu [shape=cylinder, label=", i);
        dot_string(fp, io->storage);
        if (io->kind == PASL_IO_INPUT)
            fprintf(fp, "];\n  s%zu -> b%zu [style=dashed];\n", i, io->batch);
        else
            fprintf(fp, "];\n  b%zu -> s%zu [style=dashed];\n", io->batch, i);
    }
    fputs("}\n", fp);
}

void pasl_graph_stats(const pasl_graph *g, pasl_stats *s)
{
    memset(s, 0, sizeof *s);
    size_t n = g->batches.len;
    s->batches = n;
    s->edges = g->edges.len;
    s->tasks = g->tasks;
    /* Level of a batch = batches on the longest path ending at it. Edges
     * are grouped by destination and batches are in topological order. */
    uint64_t *level = xcalloc(n ? n : 1, sizeof *level);
    for (size_t i = 0; i < n; i++) {
        const pasl_batch *x = &g->batches.items[i];
        level[i] = 1;
        for (size_t e = x->first_edge; e < x->first_edge + x->n_edges; e++) {
            const pasl_edge *edge = &g->edges.items[e];
            if (level[edge->from] + 1 > level[i])
                level[i] = level[edge->from] + 1;
            if (edge->kind == PASL_EDGE_DATA)
                s->data_edges++;
            else
                s->storage_edges++;
            uint64_t cx = g->batches.items[edge->from].cardinality;
            s->task_links += cx > x->cardinality ? cx : x->cardinality;
        }
        if (level[i] > s->depth)
            s->depth = level[i];
    }
    uint64_t *count = xcalloc(s->depth + 1, sizeof *count);
    uint64_t *tasks = xcalloc(s->depth + 1, sizeof *tasks);
    for (size_t i = 0; i < n; i++) {
        count[level[i]]++;
        tasks[level[i]] += g->batches.items[i].cardinality;
    }
    for (uint64_t l = 1; l <= s->depth; l++) {
        if (count[l] > s->width)
            s->width = count[l];
        if (tasks[l] > s->task_width)
            s->task_width = tasks[l];
    }
    free(level);
    free(count);
    free(tasks);
}

void pasl_write_stats(FILE *fp, const pasl_stats *s)
{
    fprintf(fp,
            "batches %llu\nedges %llu\ndata-edges %llu\nstorage-edges %llu\n"
            "tasks %llu\ntask-links %llu\ndepth %llu\nwidth %llu\n"
            "task-width %llu\n",
            (unsigned long long)s->batches, (unsigned long long)s->edges,
            (unsigned long long)s->data_edges,
            (unsigned long long)s->storage_edges,
            (unsigned long long)s->tasks, (unsigned long long)s->task_links,
            (unsigned long long)s->depth, (unsigned long long)s->width,
            (unsigned long long)s->task_width);
}
