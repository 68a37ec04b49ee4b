/* mpi_run.c — the coordinator of a real run (gstr-sched --run, rank 0;
 * sched.h): the real clock. The policy (policy.c) and the bookkeeping of
 * tasks, copies and slots (coord.c) are the event model's, unchanged;
 * here a dispatch is a message to a worker (mpi_worker.c), a result is a
 * worker's report and a file renamed into the work directory, a cancel
 * kills a process, and silence is a heartbeat that stops coming. Open MPI
 * ends the whole job when a rank dies, so a silent worker (alive, not
 * answering) is the fault a run can survive and test. */
#include <errno.h>
#include <math.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sched/event.h"
#include "sched/real.h"

/* ------------------------------------------------------ starting, ending */

static int mpi_started, mpi_ended, job_size;

void sched_real_end(void)
{
    if (!mpi_started || mpi_ended)
        return;
    mpi_ended = 1;
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)               /* the workers' children die with QUIT */
        for (int k = 1; k < job_size; k++)
            MPI_Send(NULL, 0, MPI_BYTE, k, REAL_QUIT, MPI_COMM_WORLD);
    MPI_Finalize();
}

int sched_real_start(int *argc, char ***argv, int *size)
{
    *size = 0;
    if (!mpi_launch(argc, argv))   /* not leak-checked from here on */
        return -1;
    mpi_started = 1;
    int rank;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &job_size);
    *size = job_size;
    /* Rank 0 may leave by any exit (bad input: exit 2): the workers wait
     * for its word, so the word is given at exit. */
    if (rank == 0)
        atexit(sched_real_end);
    return rank;
}

/* ------------------------------------------------------------ the state */

typedef struct {
    const sched_real_options *ro;
    double t0;
    double *heard;              /* [nups] the last message, s */
    double limit;               /* silence, s */
    int *silent;                /* [nups] */
    uint32_t *failures;         /* [tasks] */
    VEC(uint32_t) by_serial;    /* serial -> copy */
    VEC(double) started;        /* serial -> its dispatch, s */
    int *fail_traced, *speed_traced;
    int fatal;
    strbuf msg, path, other;
} real;

static double elapsed(const real *x)
{
    return MPI_Wtime() - x->t0;
}

/* NAME.I of task t. */
static void task_name(const sim *s, uint32_t t, strbuf *sb)
{
    size_t b = s->tasks[t].batch;
    sb_printf(sb, "%s.%llu", s->a->batches.items[b].name,
              (unsigned long long)(t - s->r->batch_first[b]));
}

/* DIR/NAME.I.EXT (copy 0) or DIR/.copy-SERIAL.EXT. */
static const char *file_of(const sim *s, strbuf *sb, uint32_t t,
                           uint32_t serial, const char *ext)
{
    const real *x = s->real;
    sb_clear(sb);
    sb_printf(sb, "%s/", x->ro->workdir);
    if (serial)
        sb_printf(sb, ".copy-%lu", (unsigned long)serial);
    else
        task_name(s, t, sb);
    sb_printf(sb, ".%s", ext);
    return sb_str(sb);
}

static void put0(strbuf *sb, const char *text)
{
    sb_putn(sb, text, strlen(text) + 1);
}

/* The input files of task i of batch b: for each edge into b, in file
 * order, the outputs of the predecessor's tasks that feed it (the task
 * level's contiguous mapping, formats/app-graph.md). */
static void put_inputs(const sim *s, strbuf *sb, size_t b, uint64_t i)
{
    const sched_app *a = s->a;
    const real *x = s->real;
    uint64_t cy = a->batches.items[b].m;
    for (size_t e = 0; e < a->edges.len; e++) {
        if (a->edges.items[e].to != b)
            continue;
        size_t f = a->edges.items[e].from;
        uint64_t cx = a->batches.items[f].m, first, n;
        if (cy >= cx) {          /* 1 -> k: the one block feeding k */
            first = i / (cy / cx);
            n = 1;
        } else {                 /* k -> 1: the k blocks, in order */
            n = cx / cy;
            first = i * n;
        }
        for (uint64_t j = first; j < first + n; j++) {
            strbuf one = {0};
            sb_printf(&one, "%s/%s.%llu.out", x->ro->workdir,
                      a->batches.items[f].name, (unsigned long long)j);
            put0(sb, sb_str(&one));
            sb_free(&one);
        }
    }
}

/* ------------------------------------------------------------ the clock */

static void real_start(sim *s, uint32_t id)
{
    real *x = s->real;
    copy *c = &s->copies.items[id];
    uint32_t t = c->task;
    size_t b = s->tasks[t].batch;
    const sched_batch *bt = &s->a->batches.items[b];
    uint64_t i = t - s->r->batch_first[b];
    strbuf *m = &x->msg, *e = &x->other;
    sb_clear(m);
    real_run h = {c->serial, c->weight == 1};
    sb_putn(m, (const char *)&h, sizeof h);
    sb_clear(e);
    sb_printf(e, "%s \"$@\"", sched_command_of(s->p, bt->type));
    put0(m, sb_str(e));
    sb_clear(e);
    task_name(s, t, e);
    put0(m, sb_str(e));
    put0(m, file_of(s, e, t, c->serial, "out"));
    put0(m, file_of(s, e, t, c->serial, "err"));
    sb_clear(e);
    sb_printf(e, "GSTR_TASK=");
    task_name(s, t, e);
    put0(m, sb_str(e));
    sb_clear(e);
    sb_printf(e, "GSTR_BATCH=%s", bt->name);
    put0(m, sb_str(e));
    sb_clear(e);
    sb_printf(e, "GSTR_INDEX=%llu", (unsigned long long)i);
    put0(m, sb_str(e));
    sb_clear(e);
    sb_printf(e, "GSTR_COUNT=%llu", (unsigned long long)bt->m);
    put0(m, sb_str(e));
    sb_clear(e);
    sb_printf(e, "GSTR_UP=%s", s->p->ups.items[c->up].name);
    put0(m, sb_str(e));
    sb_clear(e);
    sb_printf(e, "GSTR_WORKDIR=%s", x->ro->workdir);
    put0(m, sb_str(e));
    sb_clear(e);
    sb_printf(e, "GSTR_REPLICA=%d", c->weight == 1);
    put0(m, sb_str(e));
    put0(m, "");
    put_inputs(s, m, b, i);
    MPI_Send(m->text, (int)m->len, MPI_BYTE, (int)c->up + 1, REAL_RUN,
             MPI_COMM_WORLD);
    while (x->by_serial.len <= c->serial) {
        VEC_PUSH(&x->by_serial, NONE);
        VEC_PUSH(&x->started, 0.0);
    }
    x->by_serial.items[c->serial] = id;
    x->started.items[c->serial] = s->now;
    c->state = C_COMPUTING;
}

/* A copy cancelled or dropped: its process killed unless it is over (a
 * report came: C_RETURNING); its time so far, at its UP's real factor,
 * is the work wasted. A late report names a serial no copy has: the
 * copy can go now. */
static int real_stop(sim *s, uint32_t id)
{
    real *x = s->real;
    copy *c = &s->copies.items[id];
    if (c->state != C_RETURNING)
        MPI_Send(&c->serial, sizeof c->serial, MPI_BYTE, (int)c->up + 1,
                 REAL_KILL, MPI_COMM_WORLD);
    s->r->wasted += (s->now - x->started.items[c->serial]) *
                    s->p->ups.items[c->up].real;
    return 0;
}

static const sim_clock measured = {real_start, real_stop};

/* ------------------------------------------------------------ the events */

/* Why a copy failed: its exit status, its signal, or its time out. */
static void describe_status(strbuf *sb, int32_t status, double timeout)
{
    if (status == REAL_TIMED_OUT)
        sb_printf(sb, "still running after --timeout %g s: killed", timeout);
    else if (status >= 0)
        sb_printf(sb, "exit status %d", (int)status);
    else
        sb_printf(sb, "killed by signal %d (%s)", (int)-status,
                  strsignal((int)-status));
}

/* Copy id of task t on UP k failed: reported, and the task sent again
 * (drop_copy: ready again when no other copy runs) unless it failed more
 * than --retries times, which stops the run. */
static void copy_failed(sim *s, uint32_t id, int32_t status, diag *dg)
{
    real *x = s->real;
    copy *c = &s->copies.items[id];
    uint32_t t = c->task;
    size_t k = c->up;
    trace(s, SCHED_EV_ERROR, t, k);
    unsigned n = ++x->failures[t];
    sb_clear(&x->path);
    task_name(s, t, &x->path);
    sb_printf(&x->path, " failed on UP '%s' (", s->p->ups.items[k].name);
    describe_status(&x->path, status, x->ro->timeout);
    sb_printf(&x->path, "; its log: %s)", file_of(s, &x->other, t, 0, "err"));
    if (n > x->ro->retries) {
        diag_error(dg, (srcloc){NULL, 0, 0}, "task %s: %u failures, "
                   "--retries %u: the run stops", sb_str(&x->path), n,
                   x->ro->retries);
        x->fatal = 1;
    } else {
        fprintf(stderr, "gstr-sched: warning: task %s: sent again "
                "(failure %u, --retries %u)\n", sb_str(&x->path), n,
                x->ro->retries);
    }
    drop_copy(s, id);
}

/* A worker's report on a copy. */
static void on_report(sim *s, size_t k, const real_done *d, diag *dg)
{
    real *x = s->real;
    uint32_t id = d->serial < x->by_serial.len ? x->by_serial.items[d->serial]
                                               : NONE;
    copy *c = id == NONE ? NULL : &s->copies.items[id];
    if (!c || c->state == C_FREE || c->serial != d->serial || c->up != k) {
        /* A cancelled copy that ended before its kill came. */
        unlink(file_of(s, &x->path, 0, d->serial, "out"));
        unlink(file_of(s, &x->path, 0, d->serial, "err"));
        return;
    }
    uint32_t t = c->task;
    c->state = C_RETURNING;      /* the process is over: nothing to kill */
    rename(file_of(s, &x->path, t, d->serial, "err"),
           file_of(s, &x->other, t, 0, "err"));
    if (d->status == 0) {
        rename(file_of(s, &x->path, t, d->serial, "out"),
               file_of(s, &x->other, t, 0, "out"));
        accept_result(s, id);
        return;
    }
    unlink(file_of(s, &x->path, t, d->serial, "out"));
    copy_failed(s, id, d->status, dg);
}

/* --timeout: a copy running past it is killed (real_stop, in drop_copy)
 * and counts as failed, so a command that never ends cannot hang the run
 * on a worker that still answers. 1 when one was. */
static int watch_timeouts(sim *s, diag *d)
{
    real *x = s->real;
    int changed = 0;
    if (!(x->ro->timeout > 0))
        return 0;
    for (size_t k = 0; k < s->nups && !x->fatal; k++) {
        up_state *u = &s->ups[k];
        for (size_t i = 0; i < u->held.len && !x->fatal; i++) {
            copy *c = &s->copies.items[u->held.items[i]];
            if (c->state != C_COMPUTING ||
                s->now - x->started.items[c->serial] <= x->ro->timeout)
                continue;
            rename(file_of(s, &x->path, c->task, c->serial, "err"),
                   file_of(s, &x->other, c->task, 0, "err"));
            copy_failed(s, u->held.items[i], REAL_TIMED_OUT, d);
            changed = 1;
            i = (size_t)-1;       /* held changed: from its start again */
        }
    }
    return changed;
}

/* The platform's faults, in the trace when their time has come (the
 * workers play them: the coordinator only writes them down). */
static void trace_faults(sim *s, double now)
{
    real *x = s->real;
    double keep = s->now;
    for (size_t k = 0; k < s->nups; k++)
        if (s->p->ups.items[k].fails && !x->fail_traced[k] &&
            s->p->ups.items[k].fail_at <= now) {
            x->fail_traced[k] = 1;
            s->now = s->p->ups.items[k].fail_at;
            trace(s, SCHED_EV_FAIL, NONE, k);
        }
    for (size_t i = 0; i < s->p->speeds.len; i++)
        if (!x->speed_traced[i] && s->p->speeds.items[i].time <= now) {
            x->speed_traced[i] = 1;
            s->now = s->p->speeds.items[i].time;
            trace(s, SCHED_EV_SPEED, i, s->p->speeds.items[i].up);
        }
    s->now = keep;
}

/* Takes every message waiting; 1 when one changed the state. */
static int take_messages(sim *s, diag *d)
{
    real *x = s->real;
    int changed = 0, flag;
    MPI_Status st;
    while (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag,
                      &st), flag) {
        size_t k = (size_t)st.MPI_SOURCE - 1;
        real_done done;
        int n;
        MPI_Get_count(&st, MPI_BYTE, &n);
        if (st.MPI_TAG == REAL_DONE && n == sizeof done) {
            MPI_Recv(&done, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {                 /* a heartbeat */
            char *skip = xmalloc((size_t)n + 1);
            MPI_Recv(skip, n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            free(skip);
        }
        s->now = elapsed(x);
        x->heard[k] = s->now;
        x->silent[k] = 0;
        if (st.MPI_TAG == REAL_DONE && n == sizeof done) {
            on_report(s, k, &done, d);
            changed = 1;
            if (x->fatal)
                break;
        }
    }
    return changed;
}

/* Workers not heard from for the limit are silent; with --detect, the
 * coordinator then forgets them, as the event model's detection does. */
static int watch_silence(sim *s)
{
    real *x = s->real;
    int changed = 0;
    for (size_t k = 0; k < s->nups; k++) {
        if (s->ups[k].known_dead || s->now - x->heard[k] < x->limit)
            continue;
        x->silent[k] = 1;
        if (s->o->detect > 0) {
            forget_up(s, k);
            changed = 1;
        }
    }
    return changed;
}

/* Whether the run can still end: some copy is on a worker that answers. */
static int can_end(const sim *s)
{
    const real *x = s->real;
    for (size_t k = 0; k < s->nups; k++)
        if (!x->silent[k] && !s->ups[k].known_dead && s->ups[k].held.len)
            return 1;
    return 0;
}

static void report_lost(const sim *s, diag *d)
{
    strbuf sb = {0};
    size_t shown = 0;
    for (uint64_t t = 0; t < s->r->tasks && shown < 10; t++)
        if (s->tasks[t].state != T_DONE) {
            sb_puts(&sb, shown++ ? ", " : "");
            task_name(s, (uint32_t)t, &sb);
        }
    if (s->r->tasks - s->r->done > shown)
        sb_puts(&sb, ", ...");
    strbuf who = {0};
    for (size_t k = 0; k < s->nups; k++)
        if (((const real *)s->real)->silent[k])
            sb_printf(&who, "%s'%s'", who.len ? ", " : "",
                      s->p->ups.items[k].name);
    diag_error(d, (srcloc){NULL, 0, 0}, "%llu of %llu tasks can never "
               "finish: their copies are on silent workers (UP %s), or they "
               "wait on such tasks: %s", (unsigned long long)(s->r->tasks -
               s->r->done), (unsigned long long)s->r->tasks, sb_str(&who),
               sb_str(&sb));
    sb_free(&sb);
    sb_free(&who);
}

/* ------------------------------------------------------------ the checks */

static int check_run(const sched_app *a, const sched_platform *p,
                     const sched_real_options *ro, diag *d, const char *file,
                     const char *platform_file)
{
    if ((size_t)job_size != p->ups.len + 1) {
        diag_error(d, (srcloc){platform_file, 0, 0}, "the platform has %zu "
                   "UPs and the job %d workers: one rank per UP beside the "
                   "coordinator (mpirun -np %zu)", p->ups.len, job_size - 1,
                   p->ups.len + 1);
        return -1;
    }
    for (size_t b = 0; b < a->batches.len; b++) {
        const sched_batch *bt = &a->batches.items[b];
        srcloc at = {file, bt->line, 0};
        if (!sched_command_of(p, bt->type)) {
            diag_error(d, at, "task type L%llu of batch %s has no command "
                       "on the platform: add 'command L%llu \"COMMAND\"' to "
                       "%s", (unsigned long long)bt->type, bt->name,
                       (unsigned long long)bt->type, platform_file);
            return -1;
        }
        if (strchr(bt->name, '/') || !strcmp(bt->name, ".") ||
            !strcmp(bt->name, "..")) {
            diag_error(d, at, "batch '%s' cannot name a file in the work "
                       "directory ('/' in it): --run needs another name",
                       bt->name);
            return -1;
        }
    }
    for (size_t e = 0; e < a->edges.len; e++) {
        const sched_batch *f = &a->batches.items[a->edges.items[e].from],
                          *t = &a->batches.items[a->edges.items[e].to];
        if (f->m % t->m && t->m % f->m) {
            diag_error(d, (srcloc){file, t->line, 0}, "batches %s (%llu "
                       "tasks) and %s (%llu) break the multiplicative "
                       "relation: --run cannot tell which outputs feed which "
                       "task", f->name, (unsigned long long)f->m, t->name,
                       (unsigned long long)t->m);
            return -1;
        }
    }
    if (mkdir(ro->workdir, 0777) < 0 && errno != EEXIST) {
        diag_error(d, (srcloc){ro->workdir, 0, 0}, "cannot make the work "
                   "directory: %s", strerror(errno));
        return -2;               /* I/O, not the input */
    }
    return 0;
}

/* ------------------------------------------------------------ the run */

int sched_real_run(const sched_app *a, const sched_platform *p,
                   const sched_event_options *o, const sched_real_options *ro,
                   sched_event_result *r, diag *d, const char *file,
                   const char *platform_file)
{
    memset(r, 0, sizeof *r);
    int bad = check_run(a, p, ro, d, file, platform_file);
    if (bad < 0)
        return bad == -2 ? -1 : 2;
    sched_event_options traced = *o;
    traced.trace = 1;
    sim s;
    if (sim_open(&s, a, p, &traced, r, &measured, d, file) < 0)
        return 2;
    real x = {.ro = ro};
    s.real = &x;
    r->measured = 1;
    x.heard = xcalloc(s.nups, sizeof *x.heard);
    x.silent = xcalloc(s.nups, sizeof *x.silent);
    x.fail_traced = xcalloc(s.nups, sizeof *x.fail_traced);
    x.speed_traced = xcalloc(p->speeds.len + 1, sizeof *x.speed_traced);
    x.failures = xcalloc(a->tasks + 1, sizeof *x.failures);
    x.limit = o->detect > 0 ? o->detect : ro->silence;
    VEC_PUSH(&x.by_serial, NONE);          /* serials start at 1 */
    VEC_PUSH(&x.started, 0.0);
    /* Each worker's faults: when it falls silent, its speed records. */
    for (size_t k = 0; k < s.nups; k++) {
        VEC(double) cfg = {0};
        VEC_PUSH(&cfg, p->ups.items[k].fails ? p->ups.items[k].fail_at : -1.0);
        for (size_t i = 0; i < p->speeds.len; i++)
            if (p->speeds.items[i].up == k) {
                VEC_PUSH(&cfg, p->speeds.items[i].time);
                VEC_PUSH(&cfg, p->speeds.items[i].multiplier);
            }
        MPI_Send(cfg.items, (int)(cfg.len * sizeof *cfg.items), MPI_BYTE,
                 (int)k + 1, REAL_CONFIG, MPI_COMM_WORLD);
        free(cfg.items);
    }
    x.t0 = MPI_Wtime();
    s.now = 0;
    sim_decide(&s);
    int status = 0;
    while (r->done < r->tasks) {
        s.now = elapsed(&x);
        trace_faults(&s, s.now);
        int changed = take_messages(&s, d);
        if (x.fatal) {
            status = 1;
            break;
        }
        s.now = elapsed(&x);
        changed |= watch_silence(&s);
        changed |= watch_timeouts(&s, d);
        if (x.fatal) {
            status = 1;
            break;
        }
        if (changed)
            sim_decide(&s);
        if (r->done < r->tasks && !can_end(&s)) {
            report_lost(&s, d);
            status = 1;
            break;
        }
        if (!changed) {
            struct timespec nap = {0, 1000000};
            nanosleep(&nap, NULL);
        }
    }
    r->lost = r->tasks - r->done;
    /* The files of the copies that gave no result: a cancelled copy may
     * have ended (and reported) before its kill came. Those of the
     * results were renamed; a copy still running writes on, unlinked. */
    for (uint32_t serial = 1; serial < x.by_serial.len; serial++) {
        unlink(file_of(&s, &x.path, 0, serial, "out"));
        unlink(file_of(&s, &x.path, 0, serial, "err"));
    }
    sim_close(&s);
    free(x.heard);
    free(x.silent);
    free(x.fail_traced);
    free(x.speed_traced);
    free(x.failures);
    free(x.by_serial.items);
    free(x.started.items);
    sb_free(&x.msg);
    sb_free(&x.path);
    sb_free(&x.other);
    return status;
}
