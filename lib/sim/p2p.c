/* p2p.c — point-to-point messages: requests, MPI's matching rules, waits.
 *
 * Every send and receive is a request of its process; a blocking one is a
 * request waited for at once, so blocking and nonblocking operations are
 * one mechanism and a blocking program's timeline is what it always was.
 *
 * Matching follows MPI (MPI 4.0 §3.5): a message goes to the earliest
 * posted receive of its destination whose source and tag admit it, and a
 * receive takes the earliest sent message that it admits, messages from
 * one sender never overtaking each other. Each receiver keeps its receives
 * not yet matched (recvs, in post order) and the sends to it not yet taken
 * (unexpected, in post order). A receive from any_source takes, among the
 * messages it admits, the earliest in simulated time; it is resolved when
 * no process can run (match.c), and a later receive that could take one of
 * the same messages waits until it is. Times: see sim.h and formats/proto.md
 * (Timing). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sim/kernel.h"
#include "sim/timeline_stream.h"

/* fmax of two simulated times, which are numbers (kernel_finite_time):
 * then libm's fmax is x > y ? x : y (its maxsd, y when equal, zeros
 * included), here without a call on each message's path. */
static inline double later(double x, double y)
{
    return x > y ? x : y;
}

/* A new request of `rank`, at the lowest free id (so ids are the same in
 * the MPI target, which allocates them the same way); 0 after failing. */
static int req_new(sim *s, int rank, int send, int line)
{
    proc *p = &s->procs[rank];
    if (p->live >= SIM_MAX_REQUESTS) {
        sim_fail(s, rank, line, "more than %d requests started and not "
                 "waited for", SIM_MAX_REQUESTS);
        return 0;
    }
    size_t i = p->first_free;
    while (i < p->reqs.len && p->reqs.items[i].state != REQ_FREE)
        i++;
    if (i == p->reqs.len) {
        request fresh = {0};
        PUSH_ONE(&p->reqs, fresh);
    }
    p->first_free = (uint32_t)i + 1;
    p->live++;
    p->reqs.items[i] = (request){.state = REQ_POSTED, .send = (unsigned char)send,
                                 .partner = -1, .tag = SIM_ANY_TAG,
                                 .line = line, .posted = p->clock,
                                 .rec = SIZE_MAX};
    return (int)i + 1;
}

static void req_free(proc *p, int id)
{
    p->reqs.items[id - 1].state = REQ_FREE;
    if ((size_t)id - 1 < p->first_free)
        p->first_free = (uint32_t)id - 1;
    p->live--;
}

void p2p_free(proc *p)
{
    SMALL_FREE(&p->reqs);
    SMALL_FREE(&p->recvs);
    unexpected_free(p);
    SMALL_FREE(&p->wait.ids);
}

/* ----------------------------------------------------------------- waits */

typedef struct {
    double start, end;
} span;

static int compare_span(const void *x, const void *y)
{
    const span *a = x, *b = y;
    return (a->start > b->start) - (a->start < b->start);
}

/* The communication time of a wait that began at w->posted and ends at
 * `to`: the union of its requests' transfers within it (one transfer:
 * its cost, as a blocking operation has always counted it). */
static double wait_comm(proc *p, const waiting *w, double to)
{
    size_t n = w->ids.len;
    if (n == 1) {
        const request *r = req_at(p, w->ids.items[0]);
        if (w->posted <= r->start)
            return r->cost;
    }
    span *spans = xcalloc(n ? n : 1, sizeof *spans);
    for (size_t i = 0; i < n; i++) {
        const request *r = req_at(p, w->ids.items[i]);
        spans[i] = (span){r->start, r->start + r->cost};
    }
    if (n > 8) {
        qsort(spans, n, sizeof *spans, compare_span);
    } else {
        /* (A sendrecv's two: insertion, not a library sort's copies.) */
        for (size_t i = 1; i < n; i++) {
            span x = spans[i];
            size_t j = i;
            for (; j > 0 && compare_span(&spans[j - 1], &x) > 0; j--)
                spans[j] = spans[j - 1];
            spans[j] = x;
        }
    }
    double comm = 0, covered = w->posted;
    for (size_t i = 0; i < n; i++) {
        double a = fmax(spans[i].start, covered), b = fmin(spans[i].end, to);
        if (b > a) {
            comm += b - a;
            covered = b;
        }
    }
    free(spans);
    return comm;
}

/* The end of a wait begun at `posted` for the one request `id`, done,
 * whose transfer starts no earlier (a blocking operation): idle until the
 * transfer, communicating during it, as a blocking operation has always
 * counted it. */
static void end_one(sim *s, int rank, int id, double posted)
{
    proc *p = &s->procs[rank];
    const request *r = req_at(p, id);
    p->idle += r->start - posted;
    p->comm += r->cost;
    p->clock = later(posted, r->end);
    if (!r->send) {
        p->recv_source = r->partner;
        p->recv_tag = r->tag;
    }
    req_free(p, id);
    kernel_runnable(s, rank);
}

/* Ends the wait of `rank` if every request it names is done. */
static void finish_wait(sim *s, int rank)
{
    proc *p = &s->procs[rank];
    waiting *w = &p->wait;
    if (w->ids.len == 1 && w->rec == SIZE_MAX &&
        req_at(p, w->ids.items[0])->state == REQ_DONE &&
        w->posted <= req_at(p, w->ids.items[0])->start) {
        /* A blocking operation (or a wait for one request) with no record
         * of its own: what the general case below computes. */
        w->active = 0;
        w->ids.len = 0;
        end_one(s, rank, w->ids.items[0], w->posted);
        return;
    }
    for (size_t i = 0; i < w->ids.len; i++)
        if (req_at(p, w->ids.items[i])->state != REQ_DONE)
            return;
    double end = w->posted;
    for (size_t i = 0; i < w->ids.len; i++)
        end = fmax(end, req_at(p, w->ids.items[i])->end);
    double comm = wait_comm(p, w, end);
    if (w->ids.len == 1 && w->posted <= req_at(p, w->ids.items[0])->start) {
        /* As a blocking operation always counted: exactly. */
        p->idle += req_at(p, w->ids.items[0])->start - w->posted;
        p->comm += comm;
    } else {
        p->idle += (end - w->posted) - comm;
        p->comm += comm;
    }
    p->clock = end;
    if (w->ids.len == 1 && !req_at(p, w->ids.items[0])->send) {
        const request *r = req_at(p, w->ids.items[0]);
        p->recv_source = r->partner;
        p->recv_tag = r->tag;
    }
    if (w->rec != SIZE_MAX) {
        for (size_t i = 0; i < w->ids.len; i++) {
            const request *r = req_at(p, w->ids.items[i]);
            trace_wait_request(s, p, r->send ? rank : r->partner,
                               r->send ? r->partner : rank, r->tag);
        }
        trace_wait_done(s, p);
        kernel_op(p, w->rec)->end = end;
        kernel_record_done(s, p, w->rec);
    }
    for (size_t i = 0; i < w->ids.len; i++)
        req_free(p, w->ids.items[i]);
    w->active = 0;
    w->ids.len = 0;
    kernel_runnable(s, rank);
}

/* finish_wait, whose usual outcome, nothing to do yet, is decided here
 * without a call (four calls per message). */
static inline void try_finish_wait(sim *s, int rank)
{
    proc *p = &s->procs[rank];
    const waiting *w = &p->wait;
    if (!w->active ||
        (w->ids.len == 1 && req_at(p, w->ids.items[0])->state != REQ_DONE))
        return;
    finish_wait(s, rank);
}

/* Request `id` of `rank` has completed. */
static void req_done(sim *s, int rank, int id)
{
    proc *p = &s->procs[rank];
    request *r = req_at(p, id);
    r->state = REQ_DONE;
    if (r->rec == KERNEL_REC_LATE) {
        kernel_record_now(s, p, r->send ? SIM_OP_SEND : SIM_OP_RECV,
                          r->partner, r->bytes, r->tag, r->posted, r->end);
    } else if (r->rec != SIZE_MAX) {
        op_record *o = kernel_op(p, r->rec);
        o->partner = r->partner;
        o->bytes = r->bytes;
        o->tag = r->tag;
        o->end = r->end;
        kernel_record_done(s, p, r->rec);
    }
    try_finish_wait(s, rank);
}

/* How a wait shows in the records: an explicit wait (its op record), a
 * blocking operation's (hidden: a trace writes it as the isend or irecv
 * and its wait), or a collective's step (none: the collective's own
 * action stands for its messages, which a trace does not write). */
enum { WAIT_HIDDEN, WAIT_EXPLICIT, WAIT_COLLECTIVE };

/* Process `rank` waits for requests ids (n of them): blocked, the wait
 * ended by the completion of the last of them (finish_wait). */
static void wait_setup(sim *s, int rank, const int *ids, size_t n,
                       int kind, int line)
{
    int explicit_wait = kind == WAIT_EXPLICIT;
    proc *p = &s->procs[rank];
    waiting *w = &p->wait;
    w->active = 1;
    w->explicit_wait = explicit_wait;
    w->posted = p->clock;
    w->ids.len = 0;
    for (size_t i = 0; i < n; i++)
        PUSH_ONE(&w->ids, ids[i]);
    w->line = line;
    /* (A blocking operation's hidden wait is recorded for a trace only.) */
    w->rec = explicit_wait || (s->trace && kind != WAIT_COLLECTIVE)
                 ? kernel_record_wait(s, p, explicit_wait)
                 : SIZE_MAX;
    p->state = P_BLOCKED;
}

/* wait_setup, and the wait ends now if they are all done already. */
static void wait_on(sim *s, int rank, const int *ids, size_t n,
                    int kind, int line)
{
    wait_setup(s, rank, ids, n, kind, line);
    try_finish_wait(s, rank);
}

/* -------------------------------------------------------------- matching */

void p2p_transfer(sim *s, int from, int sid, int to, int rid)
{
    request *x = req_at(&s->procs[from], sid), *y = req_at(&s->procs[to], rid);
    double cost = kernel_cost(s, x->bytes);
    double start = kernel_link_start(s, from, to, later(x->posted, y->posted),
                                     cost);
    p2p_transfer_at(s, from, sid, to, rid, start, cost, start + cost);
}

void p2p_transfer_at(sim *s, int from, int sid, int to, int rid,
                     double start, double cost, double end)
{
    request *x = req_at(&s->procs[from], sid), *y = req_at(&s->procs[to], rid);
    if (!kernel_finite_time(s, from, x->line, end, "message", x->bytes,
                            "bytes"))
        return;
    x->start = y->start = start;
    x->cost = y->cost = cost;
    x->end = y->end = end;
    s->messages++;
    req_done(s, from < to ? from : to, from < to ? sid : rid);
    req_done(s, from < to ? to : from, from < to ? rid : sid);
}

/* Receive `rid` of `to` takes message m. */
static void take(sim *s, int to, int rid, message m)
{
    request *y = req_at(&s->procs[to], rid);
    y->partner = m.src;
    y->tag = m.tag;
    y->bytes = m.bytes;
    if (m.id == 0) {
        /* Eager: arrived at m.time, no transfer on this side. */
        y->end = y->start = fmax(y->posted, m.time);
        y->cost = 0;
        req_done(s, to, rid);
        return;
    }
    request *x = req_at(&s->procs[m.src], m.id);
    if (contended(s, m.src, to)) {
        transfer t = {fmax(x->posted, y->posted), m.src, to, m.id, rid};
        x->state = y->state = REQ_MATCHED;
        VEC_PUSH(&s->transfers, t);
        return;
    }
    p2p_transfer(s, m.src, m.id, to, rid);
}

static void remove_recv(proc *b, size_t k)
{
    b->changed++;
    if (k + 1 < b->recvs.len)   /* (the last, usually: no call) */
        memmove(&b->recvs.items[k], &b->recvs.items[k + 1],
                (b->recvs.len - k - 1) * sizeof(int));
    b->recvs.len--;
}


/* The receive at position k of b's recvs (not from any_source) takes the
 * first message it admits, unless an earlier receive may take that one.
 * 1 when it took it. */
static int seek(sim *s, int to, size_t k)
{
    proc *b = &s->procs[to];
    int rid = b->recvs.items[k];
    const request *r = req_at(b, rid);
    for (size_t m = 0; m < b->unexpected.len; m++) {
        message msg = b->unexpected.items[m];
        if (!admits(r, msg.src, msg.tag))
            continue;
        if (earlier_admits(b, k, &msg))
            return 0;
        unexpected_take(s, b, m);
        remove_recv(b, k);
        take(s, to, rid, msg);
        return 1;
    }
    return 0;
}

static void probe_check(sim *s, int to);

/* After a receive from any_source of b took its message: the receives it
 * held back may take theirs now. */
static void retry(sim *s, int to)
{
    proc *b = &s->procs[to];
    for (size_t k = 0; k < b->recvs.len;) {
        if (req_at(b, b->recvs.items[k])->partner != SIM_ANY_SOURCE &&
            seek(s, to, k))
            continue;
        k++;
    }
    probe_check(s, to);
}

/* The probe of `to` sees message m (at index i of unexpected). */
static void probe_sees(sim *s, int to, size_t i)
{
    proc *b = &s->procs[to];
    request *q = &s->cold[to].probe;
    const message *m = &b->unexpected.items[i];
    double end = fmax(q->posted, m->time);
    b->idle += end - q->posted;
    b->clock = end;
    b->recv_source = m->src;
    b->recv_tag = m->tag;
    if (q->rec != SIZE_MAX) {
        op_record *o = kernel_op(b, q->rec);
        o->partner = m->src;
        o->bytes = m->bytes;
        o->tag = m->tag;
        o->end = end;
        kernel_record_done(s, b, q->rec);
    }
    q->state = REQ_FREE;
    b->probing = PROBING_NONE;
    b->changed++;
    kernel_runnable(s, to);
}

/* A probe from a named source sees the first message from it that it
 * admits, once no receive of the process may still take that one. */
static void probe_check(sim *s, int to)
{
    proc *b = &s->procs[to];
    if (b->probing != PROBING_NAMED)
        return;
    const request *q = &s->cold[to].probe;
    for (size_t i = 0; i < b->unexpected.len; i++) {
        const message *m = &b->unexpected.items[i];
        if (!admits(q, m->src, m->tag))
            continue;
        if (!earlier_admits(b, b->recvs.len, m))
            probe_sees(s, to, i);
        return;
    }
}

/* A send reaches its destination: the earliest posted receive that admits
 * it takes it, unless that one must first be resolved (any_source) or
 * may take an earlier message. */
static void offer(sim *s, int to, message m)
{
    proc *b = &s->procs[to];
    for (size_t k = 0; k < b->recvs.len; k++) {
        int rid = b->recvs.items[k];
        const request *r = req_at(b, rid);
        if (!admits(r, m.src, m.tag))
            continue;
        if (r->partner == SIM_ANY_SOURCE)
            break;
        for (size_t i = 0; i < b->unexpected.len; i++)
            if (admits(r, b->unexpected.items[i].src,
                       b->unexpected.items[i].tag))
                goto queue;   /* it waits for an earlier message */
        remove_recv(b, k);
        take(s, to, rid, m);
        return;
    }
queue:
    unexpected_push(s, b, m);
    if (b->wild || b->probing == PROBING_ANY)
        match_arm(s, to);
    probe_check(s, to);
}

void p2p_any_take(sim *s, int to)
{
    size_t wild, m = p2p_any_choice(s, to, &wild);
    proc *b = &s->procs[to];
    if (wild == SIZE_MAX) {
        probe_sees(s, to, m);
        return;
    }
    message msg = b->unexpected.items[m];
    int rid = b->recvs.items[wild];
    unexpected_take(s, b, m);
    remove_recv(b, wild);
    b->wild--;
    take(s, to, rid, msg);
    retry(s, to);
}

/* ------------------------------------------------------------ operations */

static int check_tag(sim *s, int rank, double tag, int line)
{
    if (tag >= 0 && tag <= SIM_TAG_MAX && tag == (double)(int)tag)
        return (int)tag;   /* (in range: the casts are exact) */
    sim_fail(s, rank, line, "tag %.17g: tags are integers from 0 to %d", tag,
             SIM_TAG_MAX);
    return -1;
}

/* Starts a send; `rec_kind` its record (send or isend); `alone`: a
 * blocking send, waited for at once and by itself, whose record may wait
 * until it completes (kernel_record_late). */
static int start_send(sim *s, int rank, double dest, double bytes,
                      double tag, sim_op_kind rec_kind, int alone, int line)
{
    int to = kernel_check_rank(s, rank, dest, "send to", line), t;
    if (to < 0 || (bytes = kernel_checked_size(s, rank, line, bytes)) < 0 ||
        (t = check_tag(s, rank, tag, line)) < 0 ||
        !kernel_count_event(s, rank, line))
        return 0;
    int id = req_new(s, rank, 1, line);
    if (!id)
        return 0;
    proc *a = &s->procs[rank];
    request *x = req_at(a, id);
    x->partner = to;
    x->tag = t;
    x->bytes = bytes;
    x->rec = alone ? kernel_record_late(s, a, rec_kind, to, bytes, t,
                                        a->clock)
                   : kernel_record(s, a, rec_kind, to, bytes, t, a->clock,
                                   NAN);
    message m = {rank, id, t, bytes, x->posted, 0};   /* seq: when queued */
    if (s->net->eager_limit >= 0 && bytes <= s->net->eager_limit) {
        /* Eager: sent without the receiver, arriving after its cost; the
         * sender busy for its own cost (eager TS TW), else the message's. */
        const net_model *net = s->net;
        double cost = kernel_cost(s, bytes),
               own = net->eager_own ? net->eager_ts + net->eager_tw * bytes
                                    : cost;
        if (!kernel_finite_time(s, rank, line, x->posted + cost, "message",
                                bytes, "bytes") ||
            !kernel_finite_time(s, rank, line, x->posted + own, "message",
                                bytes, "bytes"))
            return 0;
        x->start = x->posted;
        x->cost = own;
        x->end = x->posted + own;
        m.id = 0;
        m.time = x->posted + cost;
        s->messages++;
        offer(s, to, m);
        req_done(s, rank, id);
        return id;
    }
    offer(s, to, m);
    return id;
}

static int start_recv(sim *s, int rank, const double *source,
                      const double *tag, sim_op_kind rec_kind, int alone,
                      int line)
{
    int from = SIM_ANY_SOURCE, t = SIM_ANY_TAG;
    if (source && (from = kernel_check_rank(s, rank, *source,
                                            "receive from", line)) < 0)
        return 0;
    if (tag && (t = check_tag(s, rank, *tag, line)) < 0)
        return 0;
    if (!kernel_count_event(s, rank, line))
        return 0;
    int id = req_new(s, rank, 0, line);
    if (!id)
        return 0;
    proc *b = &s->procs[rank];
    request *y = req_at(b, id);
    y->partner = from;
    y->tag = t;
    y->rec = alone ? kernel_record_late(s, b, rec_kind, from, NAN,
                                        tag ? t : NAN, b->clock)
                   : kernel_record(s, b, rec_kind, from, NAN, tag ? t : NAN,
                                   b->clock, NAN);
    PUSH_ONE(&b->recvs, id);
    b->changed++;
    if (from == SIM_ANY_SOURCE) {
        b->wild++;
        if (unexpected_live(b))
            match_arm(s, rank);   /* resolved when all block */
    } else {
        seek(s, rank, b->recvs.len - 1);
    }
    return id;
}

int sim_isend(sim *s, int rank, double dest, double bytes, double tag,
              int line)
{
    return start_send(s, rank, dest, bytes, tag, SIM_OP_ISEND, 0, line);
}

int sim_irecv(sim *s, int rank, const double *source, const double *tag,
              int line)
{
    return start_recv(s, rank, source, tag, SIM_OP_IRECV, 0, line);
}

/* A blocking operation, request `id` of `rank` just started (0: it
 * failed), waited for at once. When it is done already (its partner was
 * waiting for it) and no trace records the wait, it ends here as
 * finish_wait would end it, without setting the wait up. */
static void wait_one(sim *s, int rank, int id, int line)
{
    if (!id)
        return;
    proc *p = &s->procs[rank];
    const request *r = req_at(p, id);
    if (r->state == REQ_DONE && !s->trace && p->clock <= r->start) {
        end_one(s, rank, id, p->clock);
        return;
    }
    /* (Not done, the usual case when it gets here: the wait stays.) */
    int done = r->state == REQ_DONE;
    wait_setup(s, rank, &id, 1, WAIT_HIDDEN, line);
    if (done)
        try_finish_wait(s, rank);
}

/* The blocking operations are flattened: every call of this file inside
 * them is inlined, so that a message's dozen small steps (checks, the
 * request, its record, the offer, the match, the transfer, the two
 * completions) are one function each side, where gcc's -O2 kept most of
 * them calls that pass messages and doubles through memory. Callgrind,
 * the ring at P = 10^3 with the full timeline: 2250 -> 1857 instructions
 * per message. */
#define BLOCKING __attribute__((flatten))

BLOCKING
void sim_send(sim *s, int rank, double dest, double bytes, double tag, int line)
{
    wait_one(s, rank, start_send(s, rank, dest, bytes, tag, SIM_OP_SEND, 1,
                                 line), line);
}

/* A blocking receive from `source` that takes at once a rendezvous
 * message already waiting for it (its send came first: most messages of
 * a blocking program). It ends as start_recv, seek, take, p2p_transfer
 * and wait_one would end it, in the same order (the partner with the lower
 * rank completes first, this process is runnable last), but without a
 * request of its own, which that path would free at once: the receive's
 * record is written complete. 0, having done nothing, when another case
 * holds, for that path: an earlier receive still posted (it may take the
 * message first), a trace (which writes the hidden wait), an eager message
 * or one that waits for its links, a bad source, the request limit. */
static int recv_at_once(sim *s, int to, double source, int line)
{
    proc *b = &s->procs[to];
    if (s->trace || b->recvs.len || b->live >= SIM_MAX_REQUESTS ||
        !(source >= 0 && source < s->opt.nprocs &&
          source == (double)(int)source && source != to))
        return 0;
    int from = (int)source;
    size_t k = 0;   /* the first message it admits (seek's) */
    while (k < b->unexpected.len && (b->unexpected.items[k].src != from ||
                                     b->unexpected.items[k].tag == COLL_TAG))
        k++;
    if (k == b->unexpected.len || b->unexpected.items[k].id == 0 ||
        contended(s, from, to))
        return 0;
    if (!kernel_count_event(s, to, line))
        return 1;
    message m = b->unexpected.items[k];
    unexpected_take(s, b, k);
    request *x = req_at(&s->procs[from], m.id);
    double posted = b->clock;
    double cost = kernel_cost(s, x->bytes);
    double start = later(x->posted, posted), end = start + cost;
    if (!kernel_finite_time(s, from, x->line, end, "message", x->bytes,
                            "bytes"))
        return 1;
    x->start = start;
    x->cost = cost;
    x->end = end;
    s->messages++;
    if (from < to)
        req_done(s, from, m.id);
    if (s->tl && s->opt.keep_ops && !b->ops.len)   /* kernel_record_late's */
        kernel_record_now(s, b, SIM_OP_RECV, from, m.bytes, m.tag, posted,
                          end);
    else
        kernel_record(s, b, SIM_OP_RECV, from, m.bytes, m.tag, posted, end);
    if (from > to)
        req_done(s, from, m.id);
    b->idle += start - posted;
    b->comm += cost;
    b->clock = later(posted, end);
    b->recv_source = from;
    b->recv_tag = m.tag;
    kernel_runnable(s, to);
    return 1;
}

BLOCKING
void sim_recv(sim *s, int rank, double source, int line)
{
    if (recv_at_once(s, rank, source, line))
        return;
    wait_one(s, rank, start_recv(s, rank, &source, NULL, SIM_OP_RECV, 1,
                                 line), line);
}

BLOCKING
void sim_recv_any(sim *s, int rank, int line)
{
    wait_one(s, rank, start_recv(s, rank, NULL, NULL, SIM_OP_RECV, 1, line),
             line);
}

void sim_sendrecv(sim *s, int rank, double dest, double bytes, double stag,
                  const double *source, const double *rtag, int line)
{
    int ids[2];
    if (!(ids[0] = start_send(s, rank, dest, bytes, stag, SIM_OP_SEND, 0,
                              line)))
        return;
    if (!(ids[1] = start_recv(s, rank, source, rtag, SIM_OP_RECV, 0, line)))
        return;
    wait_on(s, rank, ids, 2, WAIT_HIDDEN, line);
}

void sim_probe(sim *s, int rank, const double *source, const double *tag,
               int line)
{
    int from = SIM_ANY_SOURCE, t = SIM_ANY_TAG;
    if (source && (from = kernel_check_rank(s, rank, *source,
                                            "probe from", line)) < 0)
        return;
    if (tag && (t = check_tag(s, rank, *tag, line)) < 0)
        return;
    if (!kernel_count_event(s, rank, line))
        return;
    proc *b = &s->procs[rank];
    request *q = &s->cold[rank].probe;
    *q = (request){.state = REQ_POSTED, .partner = from, .tag = t,
                   .line = line, .posted = b->clock, .rec = SIZE_MAX};
    b->probing = from == SIM_ANY_SOURCE ? PROBING_ANY : PROBING_NAMED;
    b->changed++;
    q->rec = kernel_record(s, b, SIM_OP_PROBE, from, NAN,
                                 tag ? t : NAN, b->clock, NAN);
    b->state = P_BLOCKED;
    if (from == SIM_ANY_SOURCE) {
        if (unexpected_live(b))
            match_arm(s, rank);   /* resolved when all block */
    } else {
        probe_check(s, rank);
    }
}

void sim_wait(sim *s, int rank, const double *ids, int n, int line)
{
    proc *p = &s->procs[rank];
    if (!kernel_count_event(s, rank, line))
        return;
    VEC(int) live = {0};
    for (int i = 0; i < n; i++) {
        double x = ids[i];
        if (x == 0)
            continue;   /* the null request: done already */
        if (!(x >= 1 && x <= (double)p->reqs.len && x == floor(x)) ||
            req_at(p, (int)x)->state == REQ_FREE) {
            sim_fail(s, rank, line, "wait for request %.17g, which is not "
                     "pending (waited for already, or never started)", x);
            break;
        }
        for (size_t k = 0; k < live.len; k++)
            if (live.items[k] == (int)x) {
                sim_fail(s, rank, line, "request %d named twice in one wait",
                         (int)x);
                break;
            }
        if (sim_failed(s))
            break;
        VEC_PUSH(&live, (int)x);
    }
    if (!sim_failed(s))
        wait_on(s, rank, live.items, live.len, WAIT_EXPLICIT, line);
    free(live.items);
}

int p2p_coll_start(sim *s, int rank, int to, int from, double bytes,
                   int line)
{
    if (!kernel_count_event(s, rank, line))
        return 0;
    int id = req_new(s, rank, to >= 0, line);
    if (!id)
        return 0;
    proc *p = &s->procs[rank];
    request *r = req_at(p, id);
    r->tag = COLL_TAG;
    if (to >= 0) {
        r->partner = to;
        r->bytes = bytes;
        offer(s, to, (message){rank, id, COLL_TAG, bytes, r->posted, 0});
    } else {
        r->partner = from;
        PUSH_ONE(&p->recvs, id);
        p->changed++;
        seek(s, rank, p->recvs.len - 1);
    }
    return id;
}

void p2p_coll_wait(sim *s, int rank, const int *ids, int n, int line)
{
    wait_on(s, rank, ids, (size_t)n, WAIT_COLLECTIVE, line);
}
