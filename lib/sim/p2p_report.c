/* p2p_report.c — what the point-to-point state tells at the end of a run
 * or of a deadlock: what a blocked process waits for, requests never
 * waited for, eager messages never received. Apart from p2p.c, which
 * moves messages, as none of it runs while they move. */
#include <stdio.h>

#include "sim/kernel.h"

void p2p_describe(const sim *s, int rank, char *what, size_t size,
                  double *since, int *line)
{
    const proc *p = &s->procs[rank];
    const waiting *w = &p->wait;
    const request *r = NULL, *q = &s->cold[rank].probe;
    if (q->state == REQ_POSTED) {
        if (q->partner == SIM_ANY_SOURCE)
            snprintf(what, size, "probe from any_source");
        else
            snprintf(what, size, "probe from %d", q->partner);
        *since = q->posted;
        *line = q->line;
        return;
    }
    int id = 0;
    for (size_t i = 0; i < w->ids.len && !r; i++)
        if (p->reqs.items[w->ids.items[i] - 1].state != REQ_DONE)
            r = &p->reqs.items[(id = w->ids.items[i]) - 1];
    char op[64];
    if (!r)
        snprintf(op, sizeof op, "nothing");
    else if (r->send)
        snprintf(op, sizeof op, "send to %d", r->partner);
    else if (r->partner == SIM_ANY_SOURCE)
        snprintf(op, sizeof op, "receive from any_source");
    else
        snprintf(op, sizeof op, "receive from %d", r->partner);
    if (w->explicit_wait) {
        snprintf(what, size, "wait for request %d (%s)", id, op);
        *since = w->posted;
        *line = w->line;
    } else {
        snprintf(what, size, "%s", op);
        *since = r ? r->posted : w->posted;
        *line = r ? r->line : w->line;
    }
}

int p2p_check_end(sim *s, int rank)
{
    proc *p = &s->procs[rank];
    if (!p->live)
        return 1;
    for (size_t i = 0; i < p->reqs.len; i++) {
        const request *r = &p->reqs.items[i];
        if (r->state == REQ_FREE)
            continue;
        sim_fail(s, rank, r->line, "ended with request %zu (%s) never waited "
                 "for; wait for every request", i + 1,
                 r->send ? "a send" : "a receive");
        return 0;
    }
    return 1;
}

size_t p2p_unreceived(const sim *s)
{
    size_t n = 0;
    for (int r = 0; r < s->opt.nprocs; r++)
        for (size_t m = 0; m < s->procs[r].unexpected.len; m++)
            n += s->procs[r].unexpected.items[m].id == 0;
    return n;
}
