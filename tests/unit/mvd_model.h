/* mvd_model.h — the unit tests' solver fixture (test_solve.c,
 * test_rows.c): a descriptor read from san-desc text, its reachable
 * space, a plan, and a solution vector in the plan's layout. */
#ifndef PERFPIPE_TEST_MVD_MODEL_H
#define PERFPIPE_TEST_MVD_MODEL_H

#include <stdlib.h>

#include "mvd/mvd.h"
#include "unit.h"

/* A model read from san-desc text, its reachable space and a plan. */
typedef struct {
    desc d;
    mvd_space sp;
    mvd_plan *plan;
    double *pi;
    mvd_solve_info info;
} model;

static inline FILE *quiet(void)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    return sink;
}

static inline int load(model *m, const char *text, mvd_algo algo)
{
    FILE *in = fmemopen((void *)text, strlen(text), "r");
    diag dg;
    diag_init(&dg, "test", stderr);
    memset(m, 0, sizeof *m);
    int status = desc_read(&m->d, in, "t.desc", &dg);
    fclose(in);
    CHECK_INT(status, 0);
    if (status)
        return -1;
    CHECK_INT(mvd_space_build(&m->sp, &m->d, m->d.nn, &dg), 0);
    if (algo == MVD_REACH)   /* compact vectors */
        mvd_space_compact(&m->sp);
    m->plan = mvd_plan_new(&m->d, &m->sp, algo, SIZE_MAX, &dg);
    CHECK(m->plan != NULL);
    m->pi = xcalloc(mvd_vec_len(&m->d, &m->sp), sizeof *m->pi);
    return m->plan ? 0 : -1;
}

/* The probability of product state s in m's solution (0 unreachable),
 * whatever the vectors' layout. */
static inline double prob(const model *m, uint64_t s)
{
    size_t k = mvd_space_find(&m->sp, s);
    return k == m->sp.len ? 0 : m->pi[mvd_vec_at(&m->sp, k)];
}

static inline void unload(model *m)
{
    if (m->plan)
        mvd_plan_free(m->plan);
    mvd_space_free(&m->sp);
    desc_free(&m->d);
    free(m->pi);
}

#endif
