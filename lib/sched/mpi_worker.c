/* mpi_worker.c — a worker of a real run (gstr-sched --run, ranks 1..P-1;
 * sched.h): it runs the copies the coordinator sends as child processes,
 * kills those it cancels, reports each end, beats its heart, and plays
 * its platform faults for real: `speed` records as a duty cycle of its
 * children (SIGSTOP / SIGCONT), a `fail ... at T` as silence (it stops
 * answering and kills its children, but still takes QUIT, so the job
 * ends). It polls, sleeping 2 ms between rounds: a worker holds an MPI
 * receive and child processes at once, and MPI has no wait on both. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <mpi.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "sched/real.h"
#include "sched/sched.h"

extern char **environ;

typedef struct {
    pid_t pid;                  /* also its process group */
    uint32_t serial;
    int killed;                 /* by a KILL: no report */
    double start;
    char *out, *err;
} child;

typedef struct {
    double t0, fail_at;         /* fail_at < 0: never silent */
    double *speeds;             /* (time, multiplier) pairs */
    size_t nspeeds;
    int stopped;                /* the children are SIGSTOPped */
    VEC(child) kids;
    char *buf;
    size_t cap;
} worker;

static double now_of(const worker *w)
{
    return MPI_Wtime() - w->t0;
}

/* Receives the message MPI_Iprobe or MPI_Probe found, into w->buf. */
static int receive(worker *w, const MPI_Status *st)
{
    int n;
    MPI_Get_count(st, MPI_BYTE, &n);
    if ((size_t)n + 1 > w->cap) {
        w->cap = (size_t)n + 1;
        w->buf = xrealloc(w->buf, w->cap);
    }
    MPI_Recv(w->buf, n, MPI_BYTE, 0, st->MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    w->buf[n] = 0;
    return n;
}

/* Splits the NUL-ended strings of buf[at..n) into a NULL-ended array;
 * stops after an empty string when stop_at_empty. */
static char **strings(char *buf, size_t *at, size_t n, int stop_at_empty)
{
    VEC(char *) v = {0};
    while (*at < n) {
        char *s = buf + *at;
        *at += strlen(s) + 1;
        if (stop_at_empty && !*s)
            break;
        VEC_PUSH(&v, s);
    }
    VEC_PUSH(&v, NULL);
    return v.items;
}

/* Starts a copy: /bin/sh -c 'COMMAND "$@"' NAME.I INPUT..., its own
 * process group (a kill reaches the shell's children too), killed with
 * this worker (no orphan outlives a job that mpirun ends), a replica
 * niced. Everything the child needs is built before fork: after it, only
 * async-signal-safe calls (MPI may run threads). */
static void spawn(worker *w, int n)
{
    real_run h;
    memcpy(&h, w->buf, sizeof h);
    size_t at = sizeof h;
    char *command = w->buf + at; at += strlen(command) + 1;
    char *task = w->buf + at;    at += strlen(task) + 1;
    char *out = w->buf + at;     at += strlen(out) + 1;
    char *err = w->buf + at;     at += strlen(err) + 1;
    char **env = strings(w->buf, &at, (size_t)n, 1);
    char **inputs = strings(w->buf, &at, (size_t)n, 0);
    VEC(char *) envp = {0};
    for (char **e = environ; *e; e++)
        VEC_PUSH(&envp, *e);
    for (char **e = env; *e; e++)
        VEC_PUSH(&envp, *e);
    VEC_PUSH(&envp, NULL);
    VEC(char *) argv = {0};
    VEC_PUSH(&argv, "sh");
    VEC_PUSH(&argv, "-c");
    VEC_PUSH(&argv, command);
    VEC_PUSH(&argv, task);
    for (char **i = inputs; *i; i++)
        VEC_PUSH(&argv, *i);
    VEC_PUSH(&argv, NULL);
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0);
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        if (h.replica)
            setpriority(PRIO_PROCESS, 0, 3);
        int in = open("/dev/null", O_RDONLY);
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || o < 0 || e < 0)
            _exit(126);
        dup2(in, 0);
        dup2(o, 1);
        dup2(e, 2);
        execve("/bin/sh", argv.items, envp.items);
        _exit(127);
    }
    if (pid > 0) {
        setpgid(pid, pid);   /* also here: a kill may come before the
                                child's own call */
        child c = {pid, h.serial, 0, 0, xstrdup(out), xstrdup(err)};
        c.start = MPI_Wtime();
        VEC_PUSH(&w->kids, c);
        if (w->stopped)
            kill(-pid, SIGSTOP);
    } else {                 /* no process: reported as a failure */
        real_done d = {h.serial, 126, 0};
        MPI_Send(&d, sizeof d, MPI_BYTE, 0, REAL_DONE, MPI_COMM_WORLD);
    }
    free(envp.items);
    free(argv.items);
    free(env);
    free(inputs);
}

static void kill_child(child *c)
{
    if (!c->killed) {
        kill(-c->pid, SIGKILL);
        kill(c->pid, SIGKILL);
        c->killed = 1;
    }
}

static void drop_child(worker *w, size_t i)
{
    child *c = &w->kids.items[i];
    if (c->killed) {          /* a cancelled copy's files go */
        unlink(c->out);
        unlink(c->err);
    }
    free(c->out);
    free(c->err);
    w->kids.items[i] = w->kids.items[--w->kids.len];
}

/* Children that ended: a report each, unless killed. */
static void reap(worker *w, int silent)
{
    int status;
    pid_t pid;
    while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
        for (size_t i = 0; i < w->kids.len; i++) {
            child *c = &w->kids.items[i];
            if (c->pid != pid)
                continue;
            if (!c->killed && !silent) {
                real_done d = {c->serial, WIFEXITED(status)
                                          ? WEXITSTATUS(status)
                                          : -WTERMSIG(status),
                               MPI_Wtime() - c->start};
                MPI_Send(&d, sizeof d, MPI_BYTE, 0, REAL_DONE,
                         MPI_COMM_WORLD);
            }
            drop_child(w, i);
            break;
        }
    }
}

static void kill_all(worker *w)
{
    for (size_t i = 0; i < w->kids.len; i++)
        kill_child(&w->kids.items[i]);
    while (w->kids.len) {
        waitpid(w->kids.items[0].pid, NULL, 0);
        drop_child(w, 0);
    }
}

/* The speed multiplier in force at t (1 before any record). */
static double multiplier(const worker *w, double t)
{
    double m = 1, at = -INFINITY;
    for (size_t i = 0; i < w->nspeeds; i++)
        if (w->speeds[2 * i] <= t && w->speeds[2 * i] >= at) {
            at = w->speeds[2 * i];
            m = w->speeds[2 * i + 1];
        }
    return m;
}

/* A multiplier m < 1 lets the children run m of each REAL_PERIOD. */
static void duty_cycle(worker *w, double t)
{
    double m = multiplier(w, t);
    int stop = m < 1 && fmod(t, REAL_PERIOD) >= m * REAL_PERIOD;
    if (stop == w->stopped)
        return;
    for (size_t i = 0; i < w->kids.len; i++)
        kill(-w->kids.items[i].pid, stop ? SIGSTOP : SIGCONT);
    w->stopped = stop;
}

int sched_real_worker(void)
{
    worker w = {0};
    MPI_Status st;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    int n = receive(&w, &st);
    if (st.MPI_TAG != REAL_CONFIG) {     /* QUIT: the coordinator gave up
                                            before the run */
        free(w.buf);
        return 0;
    }
    double *cfg = (double *)(void *)w.buf;
    size_t nd = (size_t)n / sizeof(double);
    w.fail_at = nd ? cfg[0] : -1;
    w.nspeeds = nd ? (nd - 1) / 2 : 0;
    w.speeds = xmalloc((2 * w.nspeeds + 1) * sizeof *w.speeds);
    memcpy(w.speeds, cfg + 1, 2 * w.nspeeds * sizeof *w.speeds);
    w.t0 = MPI_Wtime();
    double beat = -REAL_BEAT;
    int silent = 0;
    for (;;) {
        double t = now_of(&w);
        if (!silent && w.fail_at >= 0 && t >= w.fail_at) {
            silent = 1;          /* `fail NAME at T`: it stops answering */
            kill_all(&w);
        }
        int flag;
        while (MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st),
               flag) {
            n = receive(&w, &st);
            if (st.MPI_TAG == REAL_QUIT) {
                kill_all(&w);
                free(w.kids.items);
                free(w.speeds);
                free(w.buf);
                return 0;
            }
            if (silent)
                continue;
            if (st.MPI_TAG == REAL_RUN && (size_t)n >= sizeof(real_run)) {
                spawn(&w, n);
            } else if (st.MPI_TAG == REAL_KILL && n == sizeof(uint32_t)) {
                uint32_t serial;
                memcpy(&serial, w.buf, sizeof serial);
                for (size_t i = 0; i < w.kids.len; i++)
                    if (w.kids.items[i].serial == serial)
                        kill_child(&w.kids.items[i]);
            }
        }
        reap(&w, silent);
        if (!silent) {
            duty_cycle(&w, t);
            if (t - beat >= REAL_BEAT) {
                MPI_Send(NULL, 0, MPI_BYTE, 0, REAL_ALIVE, MPI_COMM_WORLD);
                beat = t;
            }
        }
        struct timespec nap = {0, 2000000};
        nanosleep(&nap, NULL);
    }
}
