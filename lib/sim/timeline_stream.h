/* timeline_stream.h — the timeline being written (timeline.c), for the
 * one record that the kernel writes itself: a blocking message's, written
 * whole when it completes (kernel_record_now), twice a message. Inline
 * into p2p.c's flattened blocking operations, not a call of eight
 * arguments that saved and restored six registers (callgrind, the bench's
 * ring at P = 10^5: 1286 -> 1257 instructions a message). Not installed. */
#ifndef PERFPIPE_SIM_TIMELINE_STREAM_H
#define PERFPIPE_SIM_TIMELINE_STREAM_H

#include "sim/kernel.h"
#include "sim/timeline_core.h"

/* (Its text held back in buf as timeline.c says.) */
struct timeline_stream {
    FILE *fp;
    char *buf;
    size_t len;
    uint64_t ops;        /* op records written */
    timeline_cache cache;
    char (*ranks)[8];    /* the cache's texts of the ranks */
};

/* Writes the buffer out. */
void timeline_flush(struct timeline_stream *tl);

/* Room for a line of TIMELINE_LINE_MAX bytes. */
static inline char *tl_room(struct timeline_stream *tl)
{
    if (tl->len + TIMELINE_LINE_MAX > SIM_TIMELINE_HELD)
        timeline_flush(tl);
    return tl->buf + tl->len;
}

/* An op record's text into the buffer; times in microseconds. */
static inline void put_op(struct timeline_stream *tl, int rank,
                          sim_op_kind kind, int partner, double bytes,
                          double tag, double start, double end)
{
    char *at = tl_room(tl);
    tl->len += timeline_op_text_cached(&tl->cache, at, rank, (int)kind,
                                       partner, bytes, tag, start / 1e6,
                                       end / 1e6);
    tl->ops++;
}

/* kernel_record_now's record when p has records waiting: after them. */
void kernel_record_behind(sim *s, proc *p, sim_op_kind kind, int partner,
                          double bytes, double tag, double start, double end);

/* Writes that record, complete: kernel_record_late saw a timeline, no
 * trace and no record of p waiting, and nothing of p can come between (it
 * was blocked), so the record goes out at once; behind the others if that
 * changed. */
static inline void kernel_record_now(sim *s, proc *p, sim_op_kind kind,
                                     int partner, double bytes, double tag,
                                     double start, double end)
{
    if (p->ops.len) {
        kernel_record_behind(s, p, kind, partner, bytes, tag, start, end);
        return;
    }
    put_op(s->tl, (int)(p - s->procs), kind, partner, bytes, tag, start,
           end);
    p->ops.first++;
}

#endif
