/* timeline.c — the timeline written as the run goes (formats/timeline.md).
 *
 * Issue 14: keeping every operation until the end took 804 MB for 10^7
 * messages. Here an op record is written as soon as it and every earlier
 * record of its process are done, so a process holds only its operations
 * in flight (op_window, kernel.h) and memory is O(P) whatever the number
 * of messages. Records of one process stay in program order; the
 * processes' records interleave in the order the run completes them,
 * which the kernel's deterministic schedule fixes: the same run writes the
 * same bytes, and a simulator from proto2c the same as netsim.
 *
 * Text goes through one buffer: held back up to SIM_TIMELINE_HELD bytes
 * (so a run that fails early writes nothing, as before), then written out
 * each time it fills. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/timeline_stream.h"

void timeline_flush(struct timeline_stream *tl)
{
    if (tl->len)
        fwrite(tl->buf, 1, tl->len, tl->fp);
    tl->len = 0;
}

static void tl_put(struct timeline_stream *tl, const char *text, size_t n)
{
    while (n) {
        size_t k = SIM_TIMELINE_HELD - tl->len;
        if (!k) {
            timeline_flush(tl);
            continue;
        }
        if (k > n)
            k = n;
        memcpy(tl->buf + tl->len, text, k);
        tl->len += k;
        text += k;
        n -= k;
    }
}

/* What the FILE-writing records of timeline_core.h write, as text: the
 * header and the summary, once each per run. */
typedef struct {
    char *text;
    size_t len;
    FILE *fp;
} text_sink;

static FILE *sink_open(text_sink *t)
{
    *t = (text_sink){0};
    t->fp = open_memstream(&t->text, &t->len);
    if (!t->fp)
        out_of_memory();
    return t->fp;
}

static void sink_close(text_sink *t, struct timeline_stream *tl)
{
    fclose(t->fp);
    tl_put(tl, t->text, t->len);
    free(t->text);
}

void timeline_free(struct timeline_stream *tl)
{
    if (!tl)
        return;
    free(tl->buf);
    free(tl->ranks);
    free(tl);
}

static void write_op(sim *s, const proc *p, const op_record *o)
{
    struct timeline_stream *tl = s->tl;
    int rank = (int)(p - s->procs);
    if (s->trace)
        trace_op(s, rank, o);
    if (o->hidden || !tl || !s->opt.keep_ops)
        return;
    put_op(tl, rank, o->kind, o->partner, o->bytes, o->tag, o->start, o->end);
}

/* Writes p's leading done records. */
static void drain(sim *s, proc *p)
{
    op_window *w = &p->ops;
    while (w->len && w->items[w->head].done) {
        write_op(s, p, &w->items[w->head]);
        w->head = (w->head + 1) & (w->cap - 1);
        w->len--;
        w->first++;
    }
}

/* Records go to the timeline's op records (with a timeline, unless
 * --summary) and to the trace. */
static int recording(const sim *s)
{
    return (s->tl && s->opt.keep_ops) || s->trace;
}

static size_t record(sim *s, proc *p, op_record r)
{
    op_window *w = &p->ops;
    if (r.done && !w->len) {   /* the usual case: nothing to wait for */
        write_op(s, p, &r);
        w->first++;
        return (size_t)(w->first - 1);
    }
    if (w->len == w->cap) {
        /* Doubles, unrolling the ring so that it starts at 0. */
        uint32_t cap = w->cap ? 2 * w->cap : 1;
        op_record *items = xcalloc(cap, sizeof *items);
        for (uint32_t i = 0; i < w->len; i++)
            items[i] = w->items[(w->head + i) & (w->cap - 1)];
        free(w->items);
        w->items = items;
        w->cap = cap;
        w->head = 0;
    }
    w->items[(w->head + w->len++) & (w->cap - 1)] = r;
    return (size_t)(w->first + w->len - 1);
}

size_t kernel_record(sim *s, proc *p, sim_op_kind kind, int partner,
                     double bytes, double tag, double start, double end)
{
    if (!recording(s))
        return SIZE_MAX;
    op_record r = {kind, partner, !isnan(end), 0, bytes, tag, start, end};
    return record(s, p, r);
}

void kernel_record_behind(sim *s, proc *p, sim_op_kind kind, int partner,
                          double bytes, double tag, double start, double end)
{
    record(s, p, (op_record){kind, partner, 1, 0, bytes, tag, start, end});
}

size_t kernel_record_wait(sim *s, proc *p, int shown)
{
    if (!recording(s) || (!shown && !s->trace))
        return SIZE_MAX;
    op_record r = {SIM_OP_WAIT, -1, 0, !shown, NAN, NAN, p->clock, NAN};
    return record(s, p, r);
}

op_record *kernel_op(proc *p, size_t rec)
{
    op_window *w = &p->ops;
    return &w->items[(w->head + (uint32_t)(rec - w->first)) & (w->cap - 1)];
}

void kernel_record_done(sim *s, proc *p, size_t rec)
{
    kernel_op(p, rec)->done = 1;
    if (rec == p->ops.first)
        drain(s, p);
}

void sim_timeline_begin(sim *s, FILE *fp, const char *source)
{
    struct timeline_stream *tl = xcalloc(1, sizeof *tl);
    tl->fp = fp;
    tl->buf = xmalloc(SIM_TIMELINE_HELD);
    timeline_cache_init(&tl->cache);
    if (s->opt.keep_ops) {   /* (op records only) */
        tl->ranks = xcalloc((size_t)s->opt.nprocs, sizeof *tl->ranks);
        timeline_cache_ranks(&tl->cache, tl->ranks, (unsigned)s->opt.nprocs);
    }
    timeline_free(s->tl);
    s->tl = tl;
    strbuf quoted_source = {0}, quoted_network = {0};
    sb_put_quoted(&quoted_source, source);
    sb_put_quoted(&quoted_network, s->net->name);
    text_sink t;
    timeline_header(sink_open(&t), sb_str(&quoted_source),
                    sb_str(&quoted_network), (unsigned long long)s->opt.seed,
                    s->opt.nprocs, s->opt.keep_ops);
    sink_close(&t, tl);
    sb_free(&quoted_source);
    sb_free(&quoted_network);
}

void sim_timeline_end(sim *s)
{
    struct timeline_stream *tl = s->tl;
    int n = s->opt.nprocs;
    double max = -INFINITY, sum = 0;
    if (!s->opt.summary_only) {
        text_sink t;
        timeline_processes_head(sink_open(&t));
        sink_close(&t, tl);
    }
    for (int r = 0; r < n; r++) {
        const proc *p = &s->procs[r];
        if (!s->opt.summary_only) {
            char *at = tl_room(tl);
            tl->len += timeline_process_text_cached(
                &tl->cache, at, r, p->clock / 1e6, p->compute / 1e6,
                p->comm / 1e6, p->idle / 1e6);
        }
        if (p->clock > max)
            max = p->clock;
        sum += p->clock;
    }
    double mean = sum / n;
    if (!isfinite(mean)) {
        /* Every clock is finite (finite_time), but their sum may not be:
         * clocks near DBL_MAX. Averaging the scaled clocks cannot overflow;
         * the sum first keeps the published means' last digits. */
        mean = 0;
        for (int r = 0; r < n; r++)
            mean += s->procs[r].clock / n;
    }
    text_sink t;
    timeline_summary(sink_open(&t), max / 1e6, mean / 1e6,
                     (unsigned long long)s->messages,
                     (unsigned long long)tl->ops, n);
    sink_close(&t, tl);
    timeline_flush(tl);
}
