/* appgraph.c — the `app-graph 1` reader (formats/app-graph.md): the
 * batches and the edges between them; what only documents the application
 * (paths, costs, storages, task-level records) is checked for its form
 * and not kept. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/read.h"
#include "sched/sched.h"

void sched_app_free(sched_app *a)
{
    for (size_t i = 0; i < a->batches.len; i++)
        free(a->batches.items[i].name);
    free(a->batches.items);
    free(a->edges.items);
    for (size_t i = 0; i < a->costs.len; i++)
        free(a->costs.items[i].text);
    free(a->costs.items);
    memset(a, 0, sizeof *a);
}

/* The parts of an app-graph, in the order app-graph(5) gives them. */
enum { PART_NAME, PART_DESCRIPTION, PART_TASKTYPE, PART_BATCHES,
       PART_OUTPUT, PART_END };

typedef struct {
    tf_reader *r;
    sched_app *a;
    keymap index;              /* batch name -> index */
    keymap edges;              /* (from, to, kind) -> line of its record */
    int part;                  /* the part the last record belonged to */
    int part_line[PART_BATCHES];   /* name, description: line given */
    uint64_t last_type;        /* of the last tasktype record ... */
    int type_line;             /* ... at this line */
    int types;                 /* tasktype records so far */
    /* Within the last batch: its task records (0, or all of them, first),
     * its edges each with its link records (0, or max of the two
     * cardinalities), then its input and write records. */
    int step;                  /* 0 tasks, 1 edges and links, 2 io */
    uint64_t tasks_given;
    int in_edge;               /* the last record was an edge or a link */
    uint64_t links_given;
    keymap writes;             /* storage -> 1 + the batch last writing it */
    keymap outputs;            /* storage -> line of its output record */
    VEC(char *) written;       /* the storages written, in first order */
} reader;

static const char *const part_records[] = {"name", "description",
                                           "tasktype", "batch", "output",
                                           "end"};

/* The record of keyword k belongs to part `part`: 0, or -1 after a
 * diagnostic when it comes after a later part, or is a name or
 * description given twice. */
static int check_order(reader *rd, int part, const char *k)
{
    tf_reader *r = rd->r;
    if (part < rd->part) {
        diag_error(r->d, tf_loc(r, r->fields.items), "'%s' record after a "
                   "'%s' record: an app-graph gives name, description, "
                   "tasktype, batch (each with its task, edge, link, input "
                   "and write records), output, end, in that order", k,
                   part_records[rd->part]);
        return -1;
    }
    rd->part = part;
    if (part < PART_TASKTYPE) {
        if (rd->part_line[part]) {
            diag_error(r->d, tf_loc(r, r->fields.items), "'%s' record given "
                       "twice (first at line %d)", k, rd->part_line[part]);
            return -1;
        }
        rd->part_line[part] = r->line;
    }
    return 0;
}

/* Field i names the batch of the last batch record (edges, inputs and
 * writes follow their batch's record): 0, or -1 after a diagnostic. */
static int current_batch(reader *rd, size_t i, size_t b, const char *what)
{
    tf_reader *r = rd->r;
    size_t last = rd->a->batches.len - 1;
    if (b == last)
        return 0;
    if (strcmp(what, "edge") == 0)
        diag_error(r->d, tf_loc(r, &r->fields.items[i]), "edge into '%s' "
                   "after batch '%s': a batch's edges follow its batch "
                   "record", rd->a->batches.items[b].name,
                   rd->a->batches.items[last].name);
    else
        diag_error(r->d, tf_loc(r, &r->fields.items[i]), "%s of '%s' after "
                   "batch '%s': a batch's input and write records follow "
                   "its batch record", what, rd->a->batches.items[b].name,
                   rd->a->batches.items[last].name);
    return -1;
}

static int batch_of(reader *rd, size_t i, size_t *out)
{
    const tf_field *f = i < rd->r->fields.len ? &rd->r->fields.items[i] : NULL;
    if (!f) {
        diag_error(rd->r->d, tf_loc(rd->r, rd->r->fields.items), "expected a batch name at "
                   "the end of the record");
        return -1;
    }
    if (!keymap_get(&rd->index, f->text, strlen(f->text), out)) {
        diag_error(rd->r->d, tf_loc(rd->r, f), "unknown batch '%s': a batch "
                   "is named by its batch record before it is used",
                   f->text);
        return -1;
    }
    return 0;
}

/* "NAME.I" as the length of NAME and I; 0, or -1 when not of that form. */
static int split_task(const char *text, size_t *name_len, uint64_t *i)
{
    const char *dot = strrchr(text, '.');
    if (!dot || !dot[1] || strlen(dot + 1) > 18)
        return -1;
    *i = 0;
    for (const char *c = dot + 1; *c; c++) {
        if (*c < '0' || *c > '9')
            return -1;
        *i = *i * 10 + (uint64_t)(*c - '0');
    }
    *name_len = (size_t)(dot - text);
    return 0;
}

/* Field f is NAME.I with NAME batch b's name and I below its cardinality. */
static int task_of(const reader *rd, const tf_field *f, size_t b,
                   uint64_t *i)
{
    size_t len;
    const sched_batch *bt = &rd->a->batches.items[b];
    return split_task(f->text, &len, i) == 0 && len == strlen(bt->name) &&
           memcmp(f->text, bt->name, len) == 0 && *i < bt->m;
}

/* task NAME.I: the last batch's next task, before its edges. */
static int read_task(reader *rd)
{
    tf_reader *r = rd->r;
    uint64_t i;
    size_t b = rd->a->batches.len - 1;
    const sched_batch *bt = &rd->a->batches.items[b];
    if (rd->step > 0 || !task_of(rd, &r->fields.items[1], b, &i) ||
        i != rd->tasks_given) {
        diag_error(r->d, tf_loc(r, &r->fields.items[1]), "task '%s' out of "
                   "place: the task records of batch '%s' are %s.0 to "
                   "%s.%llu, in order, right after its batch record",
                   r->fields.items[1].text, bt->name, bt->name, bt->name,
                   (unsigned long long)(bt->m - 1));
        return -1;
    }
    rd->tasks_given++;
    return 0;
}

/* link FROM.I NAME.J: a task-level link of the edge just read. */
static int read_link(reader *rd)
{
    tf_reader *r = rd->r;
    if (!rd->in_edge) {
        diag_error(r->d, tf_loc(r, r->fields.items), "link out of place: a "
                   "link record follows its edge record or another link");
        return -1;
    }
    const sched_edge *e = &rd->a->edges.items[rd->a->edges.len - 1];
    const sched_batch *x = &rd->a->batches.items[e->from],
                      *y = &rd->a->batches.items[e->to];
    uint64_t i, j, most = x->m > y->m ? x->m : y->m;
    if (!task_of(rd, &r->fields.items[1], e->from, &i) ||
        !task_of(rd, &r->fields.items[2], e->to, &j) || rd->links_given >= most) {
        diag_error(r->d, tf_loc(r, &r->fields.items[1]), "link %s %s is not "
                   "one of the %llu links of the edge from '%s' to '%s' "
                   "before it (a task of each, %s.0 to %s.%llu and %s.0 to "
                   "%s.%llu)", r->fields.items[1].text,
                   r->fields.items[2].text, (unsigned long long)most, x->name,
                   y->name, x->name, x->name, (unsigned long long)(x->m - 1),
                   y->name, y->name, (unsigned long long)(y->m - 1));
        return -1;
    }
    rd->links_given++;
    return 0;
}

/* Before record k of the batches' part or later: the last batch's task
 * records and the last edge's link records are all there, if any is. */
static int close_lists(reader *rd, const char *k)
{
    tf_reader *r = rd->r;
    if (!rd->a->batches.len)
        return 0;
    const sched_batch *bt = &rd->a->batches.items[rd->a->batches.len - 1];
    if (strcmp(k, "task") != 0 && rd->tasks_given &&
        rd->tasks_given < bt->m) {
        diag_error(r->d, tf_loc(r, r->fields.items), "batch '%s' has %llu of "
                   "its %llu task records: with --tasks, every task of a "
                   "batch has one", bt->name,
                   (unsigned long long)rd->tasks_given,
                   (unsigned long long)bt->m);
        rd->tasks_given = bt->m;
        return -1;
    }
    if (strcmp(k, "link") != 0 && rd->in_edge) {
        const sched_edge *e = &rd->a->edges.items[rd->a->edges.len - 1];
        const sched_batch *x = &rd->a->batches.items[e->from],
                          *y = &rd->a->batches.items[e->to];
        uint64_t most = x->m > y->m ? x->m : y->m;
        rd->in_edge = 0;
        if (rd->links_given && rd->links_given < most) {
            diag_error(r->d, tf_loc(r, r->fields.items), "the edge from '%s' "
                       "to '%s' has %llu of its %llu link records: with "
                       "--tasks, every link of an edge has one", x->name,
                       y->name, (unsigned long long)rd->links_given,
                       (unsigned long long)most);
            return -1;
        }
    }
    return 0;
}

/* input, write NAME STRING (NAME the last batch), output NAME STRING: the
 * last write of a storage, once. */
static int read_io(reader *rd, const char *k, size_t b)
{
    tf_reader *r = rd->r;
    const tf_field *s = &r->fields.items[2];
    size_t got, len = strlen(s->text);
    if (strcmp(k, "output") != 0) {
        if (current_batch(rd, 1, b, k) < 0)
            return -1;
        rd->step = 2;
        if (strcmp(k, "input") == 0 &&
            keymap_get(&rd->writes, s->text, len, &got)) {
            diag_error(r->d, tf_loc(r, s), "input of storage \"%s\", which "
                       "batch '%s' wrote before: an input reads a storage "
                       "nobody wrote (else it is a storage edge)", s->text,
                       rd->a->batches.items[got - 1].name);
            return -1;
        }
        if (strcmp(k, "write") == 0) {
            if (!keymap_get(&rd->writes, s->text, len, &got))
                VEC_PUSH(&rd->written, xstrdup(s->text));
            keymap_put(&rd->writes, s->text, len, b + 1);
        }
        return 0;
    }
    if (keymap_get(&rd->outputs, s->text, len, &got)) {
        diag_error(r->d, tf_loc(r, s), "output of storage \"%s\" is given "
                   "twice (first at line %zu)", s->text, got);
        return -1;
    }
    keymap_put(&rd->outputs, s->text, len, (size_t)r->line);
    if (!keymap_get(&rd->writes, s->text, len, &got)) {
        diag_error(r->d, tf_loc(r, s), "output of storage \"%s\", which no "
                   "batch writes", s->text);
        return -1;
    }
    if (got != b + 1) {
        diag_error(r->d, tf_loc(r, &r->fields.items[1]), "output of storage "
                   "\"%s\" by '%s', but batch '%s' writes it last",
                   s->text, rd->a->batches.items[b].name,
                   rd->a->batches.items[got - 1].name);
        return -1;
    }
    return 0;
}

static int read_batch(reader *rd)
{
    tf_reader *r = rd->r;
    if (r->fields.len != 5) {
        diag_error(r->d, tf_loc(r, r->fields.items), "expected: batch NAME L<n> "
                   "CARDINALITY ITERATION");
        return -1;
    }
    const tf_field *name = &r->fields.items[1];
    sched_batch b = {.line = r->line};
    double m;
    if (sched_task_type(r, 2, &b.type) < 0 || sched_number(r, 3, 1, 0, &m) < 0)
        return -1;
    if (m != floor(m) || m > SCHED_MAX_TASKS) {
        diag_error(r->d, tf_loc(r, &r->fields.items[3]), "a cardinality is a "
                   "whole number from 1 to %u, not '%s'", SCHED_MAX_TASKS,
                   r->fields.items[3].text);
        return -1;
    }
    b.m = (uint64_t)m;
    size_t old;
    if (keymap_get(&rd->index, name->text, strlen(name->text), &old)) {
        diag_error(r->d, tf_loc(r, name), "batch '%s' is defined twice "
                   "(first at line %d)", name->text,
                   rd->a->batches.items[old].line);
        return -1;
    }
    if (rd->a->tasks + b.m > SCHED_MAX_TASKS) {
        diag_error(r->d, tf_loc(r, &r->fields.items[3]), "the application "
                   "has more than %u tasks", SCHED_MAX_TASKS);
        return -1;
    }
    rd->a->tasks += b.m;
    rd->step = 0;
    rd->tasks_given = 0;
    b.name = xstrdup(name->text);
    keymap_put(&rd->index, name->text, strlen(name->text),
               rd->a->batches.len);
    VEC_PUSH(&rd->a->batches, b);
    return 0;
}

static int read_edge(reader *rd)
{
    tf_reader *r = rd->r;
    size_t n = r->fields.len;
    const tf_field *kind = n > 3 ? &r->fields.items[3] : NULL;
    int data = kind && kind->kind == TF_WORD && strcmp(kind->text, "data") == 0;
    int storage = kind && kind->kind == TF_WORD &&
                  strcmp(kind->text, "storage") == 0;
    if (!((data && n == 4) || (storage && n == 5 &&
                               r->fields.items[4].kind == TF_STRING))) {
        diag_error(r->d, tf_loc(r, r->fields.items), "expected: edge FROM NAME data, or "
                   "edge FROM NAME storage STRING");
        return -1;
    }
    sched_edge e;
    if (batch_of(rd, 1, &e.from) < 0 || batch_of(rd, 2, &e.to) < 0)
        return -1;
    if (e.from >= e.to) {
        diag_error(r->d, tf_loc(r, &r->fields.items[1]), "edge from '%s' to "
                   "'%s' does not go forward: an app-graph lists its batches "
                   "in a topological order, so it is not a DAG",
                   r->fields.items[1].text, r->fields.items[2].text);
        return -1;
    }
    if (current_batch(rd, 2, e.to, "edge") < 0)
        return -1;
    if (rd->step > 1) {
        diag_error(r->d, tf_loc(r, r->fields.items), "edge into '%s' after "
                   "its input or write records: a batch's edges come before "
                   "them", rd->a->batches.items[e.to].name);
        return -1;
    }
    size_t key[3] = {e.from, e.to, (size_t)storage}, first;
    if (keymap_get(&rd->edges, key, sizeof key, &first)) {
        diag_error(r->d, tf_loc(r, r->fields.items), "edge from '%s' to '%s' "
                   "(%s) is given twice (first at line %zu)",
                   r->fields.items[1].text, r->fields.items[2].text,
                   kind->text, first);
        return -1;
    }
    keymap_put(&rd->edges, key, sizeof key, (size_t)r->line);
    VEC_PUSH(&rd->a->edges, e);
    rd->step = 1;
    rd->in_edge = 1;
    rd->links_given = 0;
    return 0;
}

/* Records that document the application: their form is checked, their
 * content is not needed to schedule it. */
static int read_other(reader *rd, const char *k)
{
    tf_reader *r = rd->r;
    size_t n = r->fields.len;
    const tf_field *f = r->fields.items;
    if (strcmp(k, "name") == 0 || strcmp(k, "description") == 0) {
        if (n == 2 && f[1].kind == TF_STRING)
            return 0;
        diag_error(r->d, tf_loc(r, r->fields.items), "expected: %s \"TEXT\"", k);
        return -1;
    }
    if (strcmp(k, "tasktype") == 0) {
        uint64_t type;
        if (sched_task_type(r, 1, &type) < 0)
            return -1;
        if (rd->types && type <= rd->last_type) {
            if (type == rd->last_type)
                diag_error(r->d, tf_loc(r, &f[1]), "task type L%llu is given "
                           "twice (first at line %d)", (unsigned long long)type,
                           rd->type_line);
            else
                diag_error(r->d, tf_loc(r, &f[1]), "task type L%llu after "
                           "L%llu: an app-graph gives its tasktype records by "
                           "increasing n", (unsigned long long)type,
                           (unsigned long long)rd->last_type);
            return -1;
        }
        rd->types++;
        rd->last_type = type;
        rd->type_line = r->line;
        if (n == 3)
            return 0;
        if (n == 5 && f[3].kind == TF_WORD && strcmp(f[3].text, "cost") == 0 &&
            f[4].kind == TF_STRING) {
            sched_cost c = {type, xstrdup(f[4].text), r->line};
            VEC_PUSH(&rd->a->costs, c);
            return 0;
        }
        diag_error(r->d, tf_loc(r, r->fields.items), "expected: tasktype L<n> PATH "
                   "[cost \"MODEL\"]");
        return -1;
    }
    if (strcmp(k, "input") == 0 || strcmp(k, "write") == 0 ||
        strcmp(k, "output") == 0) {
        size_t b;
        if (n != 3 || f[2].kind != TF_STRING) {
            diag_error(r->d, tf_loc(r, r->fields.items), "expected: %s NAME \"STORAGE\"",
                       k);
            return -1;
        }
        if (batch_of(rd, 1, &b) < 0)
            return -1;
        return read_io(rd, k, b);
    }
    if (strcmp(k, "task") == 0 || strcmp(k, "link") == 0) {
        int task = strcmp(k, "task") == 0;
        if (n == (task ? 2u : 3u) && rd->a->batches.len)
            return task ? read_task(rd) : read_link(rd);
        if (n == (task ? 2u : 3u)) {
            diag_error(r->d, tf_loc(r, r->fields.items), "%s record before any "
                       "batch record", k);
            return -1;
        }
        diag_error(r->d, tf_loc(r, r->fields.items), "expected: %s", strcmp(k, "task")
                   == 0 ? "task NAME.I" : "link FROM.I NAME.J");
        return -1;
    }
    diag_error(r->d, tf_loc(r, r->fields.items), "unknown record '%s' (expected name, "
               "description, tasktype, batch, task, edge, link, input, "
               "write, output or end)", f[0].text);
    return -1;
}

static void check_end(reader *rd)
{
    tf_reader *r = rd->r;
    const sched_app *a = rd->a;
    double want[3] = {(double)a->batches.len, (double)a->edges.len,
                      (double)a->tasks};
    int ok = r->fields.len == 4;
    for (int i = 0; ok && i < 3; i++)
        ok = r->fields.items[i + 1].kind == TF_NUMBER &&
             r->fields.items[i + 1].number == want[i];
    if (!ok)
        diag_error(r->d, tf_loc(r, r->fields.items), "the end record does not match the "
                   "file: it has %zu batch%s, %zu edge%s and %llu task%s",
                   a->batches.len, a->batches.len == 1 ? "" : "es",
                   a->edges.len, a->edges.len == 1 ? "" : "s",
                   (unsigned long long)a->tasks, a->tasks == 1 ? "" : "s");
    size_t line;
    for (size_t i = 0; ok && i < rd->written.len; i++) {
        const char *s = rd->written.items[i];
        if (!keymap_get(&rd->outputs, s, strlen(s), &line)) {
            diag_error(r->d, tf_loc(r, r->fields.items), "storage \"%s\" is "
                       "written but has no output record (one per storage "
                       "written, its last write)", s);
            break;
        }
    }
}

int sched_app_parse(sched_app *a, const char *text, size_t len,
                    const char *file, diag *d)
{
    memset(a, 0, sizeof *a);
    sched_doc doc;
    if (sched_doc_open(&doc, text, len, file, d, "app-graph") < 0)
        return -1;
    reader rd = {.r = &doc.r, .a = a};
    int errors = d->errors, got, ended = 0;
    while ((got = tf_next(rd.r)) != 0) {
        if (got < 0)
            continue;
        const tf_field *key = &rd.r->fields.items[0];
        const char *k = key->kind == TF_WORD ? key->text : "";
        if (ended) {
            diag_error(d, tf_loc(rd.r, key), "record after 'end'");
            break;
        }
        int part = strcmp(k, "name") == 0 ? PART_NAME
                   : strcmp(k, "description") == 0 ? PART_DESCRIPTION
                   : strcmp(k, "tasktype") == 0 ? PART_TASKTYPE
                   : strcmp(k, "output") == 0 ? PART_OUTPUT
                   : strcmp(k, "end") == 0 ? PART_END
                   : strcmp(k, "batch") == 0 || strcmp(k, "task") == 0 ||
                     strcmp(k, "edge") == 0 || strcmp(k, "link") == 0 ||
                     strcmp(k, "input") == 0 || strcmp(k, "write") == 0
                   ? PART_BATCHES : -1;       /* unknown: said below */
        if (part >= 0 && check_order(&rd, part, k) < 0)
            continue;
        if (part >= PART_BATCHES && close_lists(&rd, k) < 0)
            continue;
        if (strcmp(k, "batch") == 0)
            read_batch(&rd);
        else if (strcmp(k, "edge") == 0)
            read_edge(&rd);
        else if (strcmp(k, "end") == 0) {
            ended = 1;
            if (d->errors == errors)   /* else the counts are off anyway */
                check_end(&rd);
        } else
            read_other(&rd, k);
    }
    if (d->errors == errors && !ended)
        diag_error(d, (srcloc){file, rd.r->line, 0}, "the file ends without "
                   "its 'end BATCHES EDGES TASKS' record: cut short?");
    else if (d->errors == errors && a->batches.len == 0)
        diag_error(d, (srcloc){file, rd.r->line, 0}, "the application has no "
                   "batch: nothing to schedule");
    keymap_free(&rd.index);
    keymap_free(&rd.edges);
    keymap_free(&rd.writes);
    keymap_free(&rd.outputs);
    for (size_t i = 0; i < rd.written.len; i++)
        free(rd.written.items[i]);
    free(rd.written.items);
    sched_doc_close(&doc);
    if (d->errors != errors) {
        sched_app_free(a);
        return -1;
    }
    return 0;
}
