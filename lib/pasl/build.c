/* build.c — from a parsed PASL specification to its application graph:
 * the static checks of seed 003 §4.5 (sections, names, Def. 4, Def. 5,
 * storage only on cardinality-1 batches), then the unrolling of
 * beginblock/endblock (§4.6) with storage-mediated edges.
 *
 * Checks run on the statements (each mistake reported once, where it was
 * written) before anything is unrolled, and the unrolled size is bounded
 * first, so `beginblock(1000000000)` fails at once. */
#include <stdlib.h>
#include <string.h>

#include "pasl/parser.h"

#define NONE ((size_t)-1)

typedef struct {
    char *name;          /* owned by the graph's strings */
    size_t last_writer;  /* batch instance, NONE before the first write */
    size_t last_writer_io;
} storage_state;

/* Batch numbers (the n of B<n>) to their seq, the textual order of their
 * definitions. Specifications number their batches densely (B1..Bn), so
 * an array indexed by n does without hashing what a keymap does for
 * sparse numbers: a third of the time of a large specification went to
 * the keymap's cache misses. */
typedef struct {
    size_t *dense;       /* dense[n] = seq + 1, 0 when undefined; or NULL */
    uint64_t dense_len;
    keymap sparse;       /* when the numbers are too sparse for an array */
} batch_index;

static void index_init(batch_index *x, uint64_t max_id, size_t count)
{
    if (max_id < 2 * (uint64_t)count + 1024) {
        x->dense_len = max_id + 1;
        x->dense = xcalloc(x->dense_len, sizeof *x->dense);
    }
}

static int index_get(const batch_index *x, uint64_t id, size_t *seq)
{
    if (!x->dense)
        return keymap_get_u64(&x->sparse, id, seq);
    if (id >= x->dense_len || x->dense[id] == 0)
        return 0;
    *seq = x->dense[id] - 1;
    return 1;
}

/* id is at most the max_id given to index_init. */
static void index_put(batch_index *x, uint64_t id, size_t seq)
{
    if (x->dense)
        x->dense[id] = seq + 1;
    else
        keymap_put_u64(&x->sparse, id, seq);
}

static void index_free(batch_index *x)
{
    free(x->dense);
    keymap_free(&x->sparse);
}

/* The largest batch number and the number of batch statements. */
static void scan_batches(const pasl_stmt *block, uint64_t *max_id,
                         size_t *count)
{
    for (size_t i = 0; i < block->body.len; i++) {
        const pasl_stmt *s = block->body.items[i];
        if (s->kind == PASL_BLOCK) {
            scan_batches(s, max_id, count);   /* depth <= PASL_MAX_NESTING */
        } else if (s->kind == PASL_BATCH) {
            ++*count;
            if (s->id > *max_id)
                *max_id = s->id;
        }
    }
}

typedef struct {
    diag *d;
    const char *file;
    const pasl_limits *limits;
    pasl_graph *g;
    batch_index batch_seq;          /* B<n> -> textual sequence number */
    VEC(const pasl_stmt *) defs;    /* batch statements in textual order */
    size_t next_def;                /* see next_seq */
    VEC(size_t) inst_seq;           /* per batch instance: its def */
    size_t *latest;                 /* per def: its latest instance */
    size_t *listed_by;              /* per def: see check_input */
    size_t *first_ref;              /* per def: its references in refs */
    VEC(size_t) refs;               /* per def, resolved by the checks: the
                                       seq of each batch input or the index
                                       of the storage read, then the index
                                       of each storage written */
    char *reported;                 /* per def: Def. 5 already reported */
    keymap task_index;              /* L<n> -> index in g->task_types */
    keymap storage_index;           /* name -> index in storages */
    VEC(storage_state) storages;
    VEC(uint64_t) iteration;        /* current iteration of each open block */
    strbuf text;                    /* instantiate's scratch */
} builder;

static srcloc loc(const builder *b, int line, int col)
{
    return (srcloc){b->file, line, col};
}

static const char *kind_word(pasl_stmt_kind k)
{
    switch (k) {
    case PASL_NAME: return "'name'";
    case PASL_DESCRIPTION: return "'description'";
    case PASL_PATH: return "'path'";
    case PASL_TASK_CODE: case PASL_TASK_COST: return "task type assignment";
    case PASL_BATCH: return "batch statement";
    case PASL_BLOCK: return "'beginblock'";
    case PASL_SEPARATOR: break;
    }
    return "'%%'";
}

/* 0 header, 1 assignment, 2 data link. */
static int section_of(pasl_stmt_kind k)
{
    switch (k) {
    case PASL_NAME: case PASL_DESCRIPTION: return 0;
    case PASL_PATH: case PASL_TASK_CODE: case PASL_TASK_COST: return 1;
    default: return 2;
    }
}

static const char *const section_names[] = {"header", "assignment", "data-link"};

/* The three sections of §4.3, each optional. Without '%%' any statements
 * may follow one another in section order (the thesis's short listings);
 * with two, each part holds its own section; with one, header statements
 * come before it and data-link statements after it. */
static void check_sections(builder *b, const pasl_stmt *root)
{
    size_t separators = 0;
    for (size_t i = 0; i < root->body.len; i++)
        separators += root->body.items[i]->kind == PASL_SEPARATOR;

    int part = 0, highest = 0;
    for (size_t i = 0; i < root->body.len; i++) {
        const pasl_stmt *s = root->body.items[i];
        srcloc at = loc(b, s->line, s->col);
        if (s->kind == PASL_SEPARATOR) {
            if (++part == 3)
                diag_error(b->d, at, "a third '%%%%': a specification has at "
                           "most three sections (header, assignment, data link)");
            continue;
        }
        int sec = section_of(s->kind);
        if (sec < highest) {
            diag_error(b->d, at, "%s after a %s statement: the %s section "
                       "comes first", kind_word(s->kind),
                       section_names[highest], section_names[sec]);
        } else if ((separators == 2 && part < 3 && sec != part) ||
                   (separators == 1 && ((sec == 0 && part > 0) ||
                                        (sec == 2 && part == 0)))) {
            diag_error(b->d, at, "%s in the wrong section: it belongs to the "
                       "%s section", kind_word(s->kind), section_names[sec]);
        }
        if (sec > highest)
            highest = sec;
    }
}

static pasl_task_type *task_type(builder *b, uint64_t id)
{
    size_t i;
    if (keymap_get_u64(&b->task_index, id, &i))
        return &b->g->task_types.items[i];
    pasl_task_type t = {.id = id};
    keymap_put_u64(&b->task_index, id, b->g->task_types.len);
    VEC_PUSH(&b->g->task_types, t);
    return &b->g->task_types.items[b->g->task_types.len - 1];
}

static char *join_path(const char *dir, const char *code)
{
    if (!dir || !*dir)
        return xstrdup(code);
    strbuf sb = {0};
    sb_puts(&sb, dir);
    if (dir[strlen(dir) - 1] != '/')
        sb_putc(&sb, '/');
    sb_puts(&sb, code);
    return sb.text;
}

/* Header and assignment statements, in order: `path` applies to the task
 * types assigned after it (§4.3). */
static void collect_declarations(builder *b, const pasl_stmt *root)
{
    const pasl_stmt *name = NULL, *description = NULL, *path = NULL;
    VEC(const pasl_stmt *) code_at = {0}, cost_at = {0};  /* by task index */
    for (size_t i = 0; i < root->body.len; i++) {
        const pasl_stmt *s = root->body.items[i];
        srcloc at = loc(b, s->line, s->col);
        const pasl_stmt **first = NULL;
        if (s->kind == PASL_NAME)
            first = &name;
        else if (s->kind == PASL_DESCRIPTION)
            first = &description;
        if (first) {
            if (*first) {
                diag_error(b->d, at, "%s given twice (first at line %d)",
                           kind_word(s->kind), (*first)->line);
            } else {
                *first = s;
                char **field = s->kind == PASL_NAME ? &b->g->name
                                                    : &b->g->description;
                *field = xstrdup(s->text);
            }
        } else if (s->kind == PASL_PATH) {
            path = s;
        } else if (s->kind == PASL_TASK_CODE || s->kind == PASL_TASK_COST) {
            pasl_task_type *t = task_type(b, s->id);
            size_t ti = (size_t)(t - b->g->task_types.items);
            while (code_at.len <= ti) {
                VEC_PUSH(&code_at, NULL);
                VEC_PUSH(&cost_at, NULL);
            }
            int is_code = s->kind == PASL_TASK_CODE;
            const pasl_stmt **seen = is_code ? &code_at.items[ti]
                                             : &cost_at.items[ti];
            if (*seen) {
                diag_error(b->d, at, "L%llu %s assigned twice (first at line %d)",
                           (unsigned long long)s->id,
                           is_code ? "code block" : "cost model", (*seen)->line);
                continue;
            }
            *seen = s;
            if (is_code) {
                t->code = xstrdup(s->text);
                t->path = join_path(path ? path->text : NULL, s->text);
            } else {
                t->cost = xstrdup(s->text);
            }
        }
    }
    b->g->implicit_task_types = b->g->task_types.len == 0;
    free(code_at.items);
    free(cost_at.items);
}

/* Numbers every batch statement in textual order; a batch name is defined
 * once in the whole specification. */
static void collect_batches(builder *b, const pasl_stmt *block)
{
    for (size_t i = 0; i < block->body.len; i++) {
        const pasl_stmt *s = block->body.items[i];
        if (s->kind == PASL_BLOCK) {
            collect_batches(b, s);
        } else if (s->kind == PASL_BATCH) {
            size_t seq;
            if (index_get(&b->batch_seq, s->id, &seq)) {
                diag_error(b->d, loc(b, s->line, s->col),
                           "batch B%llu defined twice (first at line %d)",
                           (unsigned long long)s->id,
                           b->defs.items[seq]->line);
                continue;
            }
            index_put(&b->batch_seq, s->id, b->defs.len);
            VEC_PUSH(&b->defs, s);
        }
    }
}

/* The seq of input k of s, NONE when it is not defined. listed_by[seq]
 * == self + 1 once statement `self` has listed the batch defined seq-th
 * among its inputs: a lookup, not a scan of the inputs before, so a batch
 * with many inputs is checked in linear time. */
static size_t check_input(builder *b, const pasl_stmt *s, size_t self,
                          size_t k)
{
    const pasl_ref *r = &s->inputs.items[k];
    srcloc at = loc(b, r->line, r->col);
    unsigned long long id = r->id;
    size_t seq;
    if (!index_get(&b->batch_seq, r->id, &seq)) {
        diag_error(b->d, at, "undefined batch B%llu", id);
        return NONE;
    }
    if (b->listed_by[seq] == self + 1) {
        diag_error(b->d, at, "B%llu is listed twice as an input", id);
        return seq;
    }
    b->listed_by[seq] = self + 1;
    if (seq == self) {
        diag_error(b->d, at, "B%llu reads its own output: a cycle (Def. 5: "
                   "a batch's inputs are batches defined before it)", id);
        return seq;
    }
    if (seq > self) {
        diag_error(b->d, at, "forward reference to B%llu, defined later at "
                   "line %d (Def. 5: a batch's inputs are batches defined "
                   "before it; loops carry data through storage)", id,
                   b->defs.items[seq]->line);
        return seq;
    }
    uint64_t cx = b->defs.items[seq]->count, cy = s->count;
    if (cx >= 1 && cy >= 1 && cx % cy != 0 && cy % cx != 0)
        diag_error(b->d, at, "B%llu (cardinality %llu) cannot take input from "
                   "B%llu (cardinality %llu): cardinalities along an edge must "
                   "be multiples or sub-multiples of each other (Def. 4)",
                   (unsigned long long)s->id, (unsigned long long)cy, id,
                   (unsigned long long)cx);
    return seq;
}

static char *keep(pasl_graph *g, char *s)
{
    VEC_PUSH(&g->strings, s);
    return s;
}

/* The index of a storage, numbered in order of first mention (which is
 * also the order of first use when unrolled). */
static size_t storage(builder *b, const char *name)
{
    size_t i;
    if (!keymap_get(&b->storage_index, name, strlen(name), &i)) {
        storage_state st = {keep(b->g, xstrdup(name)), NONE, NONE};
        i = b->storages.len;
        keymap_put(&b->storage_index, name, strlen(name), i);
        VEC_PUSH(&b->storages, st);
    }
    return i;
}

/* The seq of batch statement s, met in textual order as collect_batches
 * numbered them (next_def counts them), or NONE for a duplicate. */
static size_t next_seq(builder *b, const pasl_stmt *s)
{
    if (b->next_def < b->defs.len && b->defs.items[b->next_def] == s)
        return b->next_def++;
    return NONE;
}

static void check_batch(builder *b, const pasl_stmt *s)
{
    size_t self = next_seq(b, s);
    if (self == NONE)
        return;   /* a duplicate, already reported */
    unsigned long long id = s->id;
    srcloc count_at = loc(b, s->count_line, s->count_col);
    if (s->count < 1)
        diag_error(b->d, count_at, "B%llu has cardinality 0: a batch has at "
                   "least one task (Def. 3)", id);
    else if (s->count > b->limits->max_cardinality)
        diag_error(b->d, count_at, "B%llu has cardinality %llu, over the "
                   "limit of %llu", id, (unsigned long long)s->count,
                   (unsigned long long)b->limits->max_cardinality);
    if (!b->g->implicit_task_types) {
        size_t ti;
        if (!keymap_get_u64(&b->task_index, s->task_type, &ti))
            diag_error(b->d, loc(b, s->line, s->col), "B%llu uses task type "
                       "L%llu, which is not assigned", id,
                       (unsigned long long)s->task_type);
    }
    b->first_ref[self] = b->refs.len;
    if (s->source == PASL_FROM_BATCHES) {
        for (size_t k = 0; k < s->inputs.len; k++)
            VEC_PUSH(&b->refs, check_input(b, s, self, k));
    } else if (s->source == PASL_FROM_STORAGE) {
        VEC_PUSH(&b->refs, storage(b, s->inputs.items[0].storage));
    }
    for (size_t k = 0; k < s->outputs.len; k++)
        VEC_PUSH(&b->refs, storage(b, s->outputs.items[k].storage));
    if (s->count > 1 && (s->source == PASL_FROM_STORAGE || s->outputs.len)) {
        const pasl_ref *r = s->source == PASL_FROM_STORAGE
                                ? &s->inputs.items[0] : &s->outputs.items[0];
        char shown[PASL_SHOWN];
        diag_error(b->d, loc(b, r->line, r->col), "B%llu has cardinality %llu: "
                   "only batches of cardinality 1 may read or write storage "
                   "(\"%s\")", id, (unsigned long long)s->count,
                   pasl_show_text(shown, r->storage));
    }
}

static void check_links(builder *b, const pasl_stmt *block)
{
    for (size_t i = 0; i < block->body.len; i++) {
        const pasl_stmt *s = block->body.items[i];
        if (s->kind == PASL_BATCH) {
            check_batch(b, s);
        } else if (s->kind == PASL_BLOCK) {
            if (s->count < 1)
                diag_error(b->d, loc(b, s->count_line, s->count_col),
                           "a block repeats at least once, got beginblock(0)");
            if (s->body.len == 0)
                diag_warning(b->d, loc(b, s->line, s->col), "empty block");
            check_links(b, s);
        }
    }
}

/* Batch instances after unrolling, bounded by the limit at every block so
 * a huge repetition count is refused before any memory is spent. */
static int count_instances(builder *b, const pasl_stmt *block, uint64_t *out)
{
    uint64_t total = 0, max = b->limits->max_batches;
    for (size_t i = 0; i < block->body.len; i++) {
        const pasl_stmt *s = block->body.items[i];
        uint64_t n = 0;
        if (s->kind == PASL_BATCH) {
            n = 1;
        } else if (s->kind == PASL_BLOCK) {
            uint64_t inner;
            if (count_instances(b, s, &inner) < 0)
                return -1;
            if (!mul_u64(inner, s->count, &n) || n > max) {
                diag_error(b->d, loc(b, s->line, s->col),
                           "beginblock(%llu) repeats a body of %llu batch "
                           "instances: more than %llu in all (the limit; see "
                           "--max-batches)",
                           (unsigned long long)s->count,
                           (unsigned long long)inner, (unsigned long long)max);
                return -1;
            }
        }
        if (!add_u64(total, n, &total) || total > max) {
            diag_error(b->d, loc(b, s->line, s->col), "the specification "
                       "unrolls to more than %llu batch instances (the limit; "
                       "see --max-batches)", (unsigned long long)max);
            return -1;
        }
    }
    *out = total;
    return 0;
}

static void add_io(pasl_graph *g, pasl_io_kind kind, size_t batch,
                   const char *name)
{
    pasl_io io = {kind, batch, name};
    VEC_PUSH(&g->io, io);
}

static void add_edge(pasl_graph *g, size_t from, size_t to, pasl_edge_kind k,
                     const char *name)
{
    pasl_edge e = {from, to, k, name};
    VEC_PUSH(&g->edges, e);
    g->batches.items[to].n_edges++;
}

/* An instance of statement s, the seq-th batch defined. Names were
 * resolved by the checks (refs): no lookup per instance, so an instance
 * costs the same however long its storage names. */
static void instantiate(builder *b, const pasl_stmt *s, size_t seq)
{
    pasl_graph *g = b->g;
    pasl_batch inst = {.stmt = s, .task_type = s->task_type,
                       .cardinality = s->count, .first_edge = g->edges.len};
    /* "B2", or "B2#3.1" and its iteration "3.1" inside blocks. */
    strbuf *name = &b->text;
    sb_clear(name);
    sb_putc(name, 'B');
    pasl_put_u64(name, s->id);
    inst.iteration = "-";
    if (b->iteration.len) {
        sb_putc(name, '#');
        size_t at = name->len;
        for (size_t k = 0; k < b->iteration.len; k++) {
            if (k)
                sb_putc(name, '.');
            pasl_put_u64(name, b->iteration.items[k]);
        }
        inst.iteration = keep(g, xstrndup(name->text + at, name->len - at));
    }
    inst.name = xstrndup(name->text, name->len);
    size_t me = g->batches.len;
    VEC_PUSH(&g->batches, inst);
    g->tasks += s->count;   /* bounded: instances x max cardinality */

    b->latest[seq] = me;
    VEC_PUSH(&b->inst_seq, seq);

    /* A program whose batches all read NULL has no references: refs.items
     * stays NULL, and even a zero offset from it is undefined behaviour. */
    const size_t *ref = b->refs.items ? b->refs.items + b->first_ref[seq]
                                      : NULL;
    if (s->source == PASL_FROM_BATCHES) {
        for (size_t k = 0; k < s->inputs.len; k++)
            add_edge(g, b->latest[*ref++], me, PASL_EDGE_DATA, NULL);
    } else if (s->source == PASL_FROM_STORAGE) {
        storage_state *st = &b->storages.items[*ref++];
        if (st->last_writer == NONE)
            add_io(g, PASL_IO_INPUT, me, st->name);
        else
            add_edge(g, st->last_writer, me, PASL_EDGE_STORAGE, st->name);
    }
    for (size_t k = 0; k < s->outputs.len; k++) {
        storage_state *st = &b->storages.items[*ref++];
        st->last_writer = me;
        st->last_writer_io = g->io.len;
        add_io(g, PASL_IO_WRITE, me, st->name);
    }
}

/* Unrolling runs a flat plan of the statements: a batch, the start of a
 * block, or its end (which knows where its block starts). A block that
 * holds no batch at any depth unrolls to nothing and is left out of the
 * plan, so the work of unrolling is bounded by the batch instances it
 * makes times the nesting depth, however many empty blocks are repeated
 * (beginblock(10^6) around 10^5 empty blocks must not spin). */
typedef struct {
    const pasl_stmt *stmt;
    enum { STEP_BATCH, STEP_BEGIN, STEP_END } kind;
    size_t arg;            /* STEP_BATCH: the batch's seq; STEP_END: the
                              index of its STEP_BEGIN */
} step;

typedef VEC(step) plan;

static void plan_block(builder *b, plan *p, const pasl_stmt *block)
{
    for (size_t i = 0; i < block->body.len; i++) {
        const pasl_stmt *s = block->body.items[i];
        if (s->kind == PASL_BATCH) {
            step st = {s, STEP_BATCH, next_seq(b, s)};
            VEC_PUSH(p, st);
        } else if (s->kind == PASL_BLOCK) {
            size_t begin = p->len;
            step st = {s, STEP_BEGIN, 0};
            VEC_PUSH(p, st);
            plan_block(b, p, s);  /* depth <= PASL_MAX_NESTING */
            if (p->len == begin + 1) {
                p->len = begin;   /* no batch inside */
            } else {
                step end = {s, STEP_END, begin};
                VEC_PUSH(p, end);
            }
        }
    }
}

static void unroll(builder *b, const pasl_stmt *root)
{
    plan p = {0};
    b->next_def = 0;
    plan_block(b, &p, root);
    for (size_t pc = 0; pc < p.len; pc++) {
        const step *st = &p.items[pc];
        if (st->kind == STEP_BATCH) {
            instantiate(b, st->stmt, st->arg);
        } else if (st->kind == STEP_BEGIN) {
            VEC_PUSH(&b->iteration, 1);
        } else if (b->iteration.items[b->iteration.len - 1] < st->stmt->count) {
            b->iteration.items[b->iteration.len - 1]++;
            pc = st->arg;         /* the next iteration of the body */
        } else {
            b->iteration.len--;
        }
    }
    free(p.items);
}

/* Def. 5: only the first batch lacks input from a batch and only the last
 * lacks a consumer. A batch that reads (or writes) storage instead has its
 * data from (or sends it to) a repository: a warning, since the thesis's
 * own listings do that; otherwise an error. Reported once per statement. */
static void check_def5(builder *b)
{
    pasl_graph *g = b->g;
    size_t n = g->batches.len;
    char *consumed = xcalloc(n ? n : 1, 1), *external_in = xcalloc(n ? n : 1, 1),
         *writes = xcalloc(n ? n : 1, 1);
    for (size_t i = 0; i < g->edges.len; i++)
        consumed[g->edges.items[i].from] = 1;
    for (size_t i = 0; i < g->io.len; i++) {
        if (g->io.items[i].kind == PASL_IO_INPUT)
            external_in[g->io.items[i].batch] = 1;
        else
            writes[g->io.items[i].batch] = 1;
    }
    for (size_t i = 0; i < n; i++) {
        const pasl_batch *x = &g->batches.items[i];
        size_t seq = b->inst_seq.items[i];
        srcloc at = loc(b, x->stmt->line, x->stmt->col);
        if (i > 0 && x->n_edges == 0 && !(b->reported[seq] & 1)) {
            b->reported[seq] |= 1;
            if (external_in[i])
                diag_warning(b->d, at, "%s takes no data from another batch, "
                             "only from storage: Def. 5 lets only the first "
                             "batch be a source", x->name);
            else
                diag_error(b->d, at, "%s has no input (<< NULL): only the "
                           "first batch may be a source (Def. 5)", x->name);
        }
        if (i + 1 < n && !consumed[i] && !(b->reported[seq] & 2)) {
            b->reported[seq] |= 2;
            if (writes[i])
                diag_warning(b->d, at, "no batch uses the output of %s, which "
                             "only goes to storage: Def. 5 lets only the last "
                             "batch be a sink", x->name);
            else
                diag_error(b->d, at, "no batch uses the output of %s: only "
                           "the last batch may be a sink (Def. 5)", x->name);
        }
    }
    free(consumed);
    free(external_in);
    free(writes);
}

static int compare_task_ids(const void *a, const void *b)
{
    uint64_t x = ((const pasl_task_type *)a)->id,
             y = ((const pasl_task_type *)b)->id;
    return (x > y) - (x < y);
}

pasl_graph *pasl_build(const pasl_spec *spec, const pasl_limits *limits,
                       diag *d)
{
    pasl_limits defaults = {PASL_DEFAULT_MAX_BATCHES,
                            PASL_DEFAULT_MAX_CARDINALITY};
    builder b = {.d = d, .file = spec->file,
                 .limits = limits ? limits : &defaults};
    b.g = xcalloc(1, sizeof *b.g);
    int errors = d->errors;
    const pasl_stmt *root = spec->root;

    check_sections(&b, root);
    collect_declarations(&b, root);
    uint64_t max_id = 0;
    size_t count = 0;
    scan_batches(root, &max_id, &count);
    index_init(&b.batch_seq, max_id, count);
    collect_batches(&b, root);
    b.listed_by = xcalloc(b.defs.len + 1, sizeof *b.listed_by);
    b.first_ref = xcalloc(b.defs.len + 1, sizeof *b.first_ref);
    check_links(&b, root);
    uint64_t instances = 0;
    if (d->errors == errors)
        count_instances(&b, root, &instances);
    if (d->errors == errors) {
        b.latest = xcalloc(b.defs.len + 1, sizeof *b.latest);
        b.reported = xcalloc(b.defs.len + 1, 1);
        unroll(&b, root);
        for (size_t i = 0; i < b.storages.len; i++)
            if (b.storages.items[i].last_writer != NONE)
                add_io(b.g, PASL_IO_OUTPUT, b.storages.items[i].last_writer,
                       b.storages.items[i].name);
        check_def5(&b);
        /* Every other reader refuses an empty input. A specification
         * of declarations only is one of the thesis's fragments (Examples
         * 1, 2, 7): its graph has no batch, which a scheduler would run
         * in no time, so it is said. */
        if (root->body.len == 0)
            diag_error(d, (srcloc){b.file, 0, 0}, "empty input: expected a "
                       "PASL specification");
        else if (b.g->batches.len == 0)
            diag_warning(d, (srcloc){b.file, 0, 0}, "no batch statement: the "
                         "application graph has no batch");
    }
    if (b.g->implicit_task_types) {
        for (size_t i = 0; i < b.defs.len; i++)
            task_type(&b, b.defs.items[i]->task_type);
    }
    if (b.g->task_types.len > 1)   /* qsort(NULL, 0, ...) is undefined */
        qsort(b.g->task_types.items, b.g->task_types.len,
              sizeof *b.g->task_types.items, compare_task_ids);

    index_free(&b.batch_seq);
    free(b.inst_seq.items);
    keymap_free(&b.task_index);
    keymap_free(&b.storage_index);
    free(b.defs.items);
    free(b.latest);
    free(b.listed_by);
    free(b.first_ref);
    free(b.refs.items);
    free(b.reported);
    free(b.storages.items);
    free(b.iteration.items);
    sb_free(&b.text);
    if (d->errors != errors) {
        pasl_graph_free(b.g);
        return NULL;
    }
    return b.g;
}

void pasl_graph_free(pasl_graph *g)
{
    if (!g)
        return;
    free(g->name);
    free(g->description);
    for (size_t i = 0; i < g->task_types.len; i++) {
        free(g->task_types.items[i].code);
        free(g->task_types.items[i].path);
        free(g->task_types.items[i].cost);
    }
    for (size_t i = 0; i < g->batches.len; i++)
        free(g->batches.items[i].name);
    for (size_t i = 0; i < g->strings.len; i++)
        free(g->strings.items[i]);
    free(g->task_types.items);
    free(g->batches.items);
    free(g->edges.items);
    free(g->io.items);
    free(g->strings.items);
    free(g);
}
