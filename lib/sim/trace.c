/* trace.c — a run exported for other tools (formats/trace.md): SimGrid's
 * time-independent trace, which SimGrid's SMPI replays on its own
 * platforms, or a Paje trace, which viewers (Vite, pajeng) draw.
 *
 * Both are fed the op records as timeline.c writes them (each rank's in
 * program order). The time-independent trace is written as it comes, in
 * O(P) memory: it has no times, only each rank's actions in order. A Paje
 * trace must be in time order, which the records are not, so its events
 * are kept and sorted at the end: O(operations) memory, for runs small
 * enough to look at. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/kernel.h"
#include "sim/timeline_core.h"

typedef struct {
    int src, dst, tag;
} wait_part;   /* a request a wait waited for, as SimGrid names it */
typedef VEC(wait_part) wait_list;

typedef struct {
    double time;
    int order;           /* at equal times: ends (0) before starts (1) */
    int rank;
    int kind;            /* sim_op_kind; -1: back to "idle" */
    uint64_t seq;        /* arrival order, for a stable sort */
} paje_event;

struct trace_out {
    FILE *fp;
    int format;                  /* SIM_TRACE_* */
    /* ti: the requests of each rank's waits done and not yet written,
     * in the order they were done (a rank is in one wait at a time, so
     * its waits are done in program order, the order they are written). */
    wait_list *waits;            /* per rank */
    size_t *waits_head;
    VEC(paje_event) events;      /* paje */
};

void sim_trace_begin(sim *s, FILE *fp, int format)
{
    struct trace_out *t = xcalloc(1, sizeof *t);
    t->fp = fp;
    t->format = format;
    int n = s->opt.nprocs;
    trace_free(s->trace, n);
    s->trace = t;
    if (format == SIM_TRACE_TI) {
        t->waits = xcalloc((size_t)n, sizeof *t->waits);
        t->waits_head = xcalloc((size_t)n, sizeof *t->waits_head);
        for (int r = 0; r < n; r++)
            fprintf(fp, "%d init\n", r);
    }
}

void trace_free(struct trace_out *t, int nprocs)
{
    if (!t)
        return;
    if (t->waits)
        for (int r = 0; r < nprocs; r++)
            free(t->waits[r].items);
    free(t->waits);
    free(t->waits_head);
    free(t->events.items);
    free(t);
}

void trace_wait_request(sim *s, proc *p, int src, int dst, int tag)
{
    struct trace_out *t = s->trace;
    if (t && t->format == SIM_TRACE_TI) {
        wait_part w = {src, dst, tag};
        VEC_PUSH(&t->waits[p - s->procs], w);
    }
}

/* A size as SimGrid's replay reads it: a whole number of bytes (MPI_BYTE,
 * the type of a trace whose init has no argument). */
static double whole(double bytes)
{
    return bytes > 0 ? floor(bytes + 0.5) : 0;
}

static void ti_op(struct trace_out *t, int rank, const op_record *o)
{
    FILE *fp = t->fp;
    double b = whole(o->bytes);
    switch (o->kind) {
    case SIM_OP_COMPUTE:
        /* Whole flops at the reference speed of 1 Gflop/s (the
         * nanosecond, as the timeline); a negative duration (a negative
         * draw) is none. */
        fprintf(fp, "%d compute %.0f\n", rank,
                fmax(0, (o->end - o->start) * 1e3));
        break;
    case SIM_OP_SEND: case SIM_OP_ISEND:
        /* A blocking send is an isend and its wait (a hidden record):
         * so a sendrecv's two halves overlap in the replay as here. */
        fprintf(fp, "%d isend %d %.0f %.0f\n", rank, o->partner, o->tag, b);
        break;
    case SIM_OP_RECV: case SIM_OP_IRECV:
        fprintf(fp, "%d irecv %d %.0f %.0f\n", rank, o->partner, o->tag, b);
        break;
    case SIM_OP_WAIT: {
        wait_list *w = &t->waits[rank];
        size_t *head = &t->waits_head[rank];
        /* This wait's requests: all done ones queued for the rank up to
         * now belong to waits written in order, this one first. */
        while (*head < w->len) {
            const wait_part *x = &w->items[(*head)++];
            if (x->src == -2)   /* the end of one wait's requests */
                break;
            fprintf(fp, "%d wait %d %d %d\n", rank, x->src, x->dst, x->tag);
        }
        if (*head == w->len)
            *head = w->len = 0;
        break;
    }
    case SIM_OP_PROBE:
        break;   /* no action: the receive that follows says it all */
    case SIM_OP_BARRIER:
        fprintf(fp, "%d barrier\n", rank);
        break;
    case SIM_OP_BCAST:
        fprintf(fp, "%d bcast %.0f %d\n", rank, b, o->partner);
        break;
    case SIM_OP_REDUCE:
        fprintf(fp, "%d reduce %.0f 0 %d\n", rank, b, o->partner);
        break;
    case SIM_OP_ALL_REDUCE:
        fprintf(fp, "%d allreduce %.0f 0\n", rank, b);
        break;
    case SIM_OP_GATHER: case SIM_OP_SCATTER:
        fprintf(fp, "%d %s %.0f %.0f %d\n", rank,
                o->kind == SIM_OP_GATHER ? "gather" : "scatter", b, b,
                o->partner);
        break;
    case SIM_OP_ALL_GATHER: case SIM_OP_ALL_TO_ALL:
        fprintf(fp, "%d %s %.0f %.0f\n", rank,
                o->kind == SIM_OP_ALL_GATHER ? "allgather" : "alltoall", b, b);
        break;
    }
}

/* The end of the requests of the wait being done (trace_wait_request
 * gave them). */
void trace_wait_done(sim *s, proc *p)
{
    trace_wait_request(s, p, -2, -2, -2);
}

static void paje_op(struct trace_out *t, int rank, const op_record *o)
{
    if (o->hidden || o->kind == SIM_OP_ISEND || o->kind == SIM_OP_IRECV)
        return;   /* not time the process spends: a request's life */
    paje_event a = {o->start, 1, rank, (int)o->kind, t->events.len};
    paje_event b = {o->end, 0, rank, -1, t->events.len + 1};
    VEC_PUSH(&t->events, a);
    VEC_PUSH(&t->events, b);
}

void trace_op(sim *s, int rank, const op_record *o)
{
    struct trace_out *t = s->trace;
    if (t->format == SIM_TRACE_TI)
        ti_op(t, rank, o);
    else
        paje_op(t, rank, o);
}

static int compare_event(const void *x, const void *y)
{
    const paje_event *a = x, *b = y;
    if (a->time != b->time)
        return a->time < b->time ? -1 : 1;
    if (a->order != b->order)
        return a->order - b->order;
    return (a->seq > b->seq) - (a->seq < b->seq);
}

/* Event definitions as the Paje file format (Schnorr, Paje trace file
 * format 1.2.5) and pajeng read them; times in seconds. */
static const char paje_header[] =
    "%EventDef PajeDefineContainerType 0\n%  Alias string\n%  Type string\n"
    "%  Name string\n%EndEventDef\n"
    "%EventDef PajeDefineStateType 1\n%  Alias string\n%  Type string\n"
    "%  Name string\n%EndEventDef\n"
    "%EventDef PajeDefineEntityValue 2\n%  Alias string\n%  Type string\n"
    "%  Name string\n%  Color color\n%EndEventDef\n"
    "%EventDef PajeCreateContainer 3\n%  Time date\n%  Alias string\n"
    "%  Type string\n%  Container string\n%  Name string\n%EndEventDef\n"
    "%EventDef PajeDestroyContainer 4\n%  Time date\n%  Type string\n"
    "%  Name string\n%EndEventDef\n"
    "%EventDef PajeSetState 5\n%  Time date\n%  Type string\n"
    "%  Container string\n%  Value string\n%EndEventDef\n";

static const char *paje_color(int kind)
{
    switch (kind) {
    case SIM_OP_COMPUTE: return "0.2 0.7 0.2";
    case SIM_OP_SEND: return "0.9 0.4 0.1";
    case SIM_OP_RECV: return "0.2 0.4 0.9";
    case SIM_OP_WAIT: case SIM_OP_PROBE: return "0.9 0.8 0.1";
    default: return "0.7 0.2 0.7";   /* collectives */
    }
}

static void paje_end(sim *s, struct trace_out *t)
{
    FILE *fp = t->fp;
    double last = 0;
    for (int r = 0; r < s->opt.nprocs; r++)
        last = fmax(last, s->procs[r].clock / 1e6);
    fputs(paje_header, fp);
    fputs("0 RUN 0 \"Run\"\n0 RANK RUN \"Rank\"\n1 OP RANK \"Operation\"\n"
          "2 idle OP \"idle\" \"1 1 1\"\n", fp);
    for (int k = 0; k <= SIM_OP_PROBE; k++)
        if (k != SIM_OP_ISEND && k != SIM_OP_IRECV)
            fprintf(fp, "2 %s OP \"%s\" \"%s\"\n", timeline_kinds[k],
                    timeline_kinds[k], paje_color(k));
    fputs("3 0 run RUN 0 \"run\"\n", fp);
    for (int r = 0; r < s->opt.nprocs; r++)
        fprintf(fp, "3 0 r%d RANK run \"rank %d\"\n", r, r);
    if (t->events.len > 1)
        qsort(t->events.items, t->events.len, sizeof *t->events.items,
              compare_event);
    for (size_t i = 0; i < t->events.len; i++) {
        const paje_event *e = &t->events.items[i];
        /* A negative draw may end an operation before it starts, and
         * clocks start at 0: no event before 0 or after the last. */
        fprintf(fp, "5 %.9f OP r%d %s\n", fmin(fmax(e->time / 1e6, 0), last),
                e->rank, e->kind < 0 ? "idle" : timeline_kinds[e->kind]);
    }
    for (int r = 0; r < s->opt.nprocs; r++)
        fprintf(fp, "4 %.9f RANK r%d\n", last, r);
    fprintf(fp, "4 %.9f RUN run\n", last);
}

void sim_trace_end(sim *s)
{
    struct trace_out *t = s->trace;
    if (t->format == SIM_TRACE_TI)
        for (int r = 0; r < s->opt.nprocs; r++)
            fprintf(t->fp, "%d finalize\n", r);
    else
        paje_end(s, t);
}
