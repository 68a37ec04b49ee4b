/* desc_checks.h — what the fuzz targets that end in a descriptor do with
 * one they got (fuzz_desc reads it, fuzz_san translates a SAN to it):
 * write it and read it back (what one program writes the next must read),
 * build its reachable space, check its rates, and multiply the ones vector
 * by it with every algorithm in both modes, reach with one and two
 * threads. Small descriptors only, so a run stays fast. */
#ifndef FUZZ_DESC_CHECKS_H
#define FUZZ_DESC_CHECKS_H

#include <stdio.h>
#include <stdlib.h>

#include "desc/desc.h"
#include "mvd/mvd.h"

#define FUZZ_MAX_STATES 4096

/* desc_write, then desc_read of its text must succeed: abort otherwise
 * (the reader's message goes to stderr, so the finding says why). */
static void fuzz_desc_roundtrip(const desc *d)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        abort();
    desc_write(out, d);
    fclose(out);
    FILE *in = fmemopen(text, len, "r");
    if (!in)
        abort();
    diag back;
    diag_init(&back, "fuzz roundtrip", stderr);
    desc again;
    if (desc_read(&again, in, "written.desc", &back) != 0)
        abort();
    desc_free(&again);
    fclose(in);
    free(text);
}

static void fuzz_desc_checks(const desc *d, diag *dg)
{
    fuzz_desc_roundtrip(d);
    if (d->nn > FUZZ_MAX_STATES)
        return;
    mvd_space sp;
    if (mvd_space_build(&sp, d, FUZZ_MAX_STATES, dg) < 0)
        return;
    (void)mvd_check_rates(d, &sp, dg, (srcloc){"fuzz.desc", 0, 0});
    double *x = xmalloc(d->nn * sizeof *x), *y = xmalloc(d->nn * sizeof *y);
    for (uint64_t i = 0; i < d->nn; i++)
        x[i] = 1;
    for (int algo = MVD_SHUFFLE; algo <= MVD_SPARSE; algo++)
        for (int faithful = 0; faithful <= 1; faithful++) {
            mvd_plan *p = mvd_plan_new_mode(d, &sp, (mvd_algo)algo, faithful,
                                            (size_t)1 << 24, dg);
            if (p) {
                mvd_multiply(p, x, y);
                mvd_plan_free(p);
            }
        }
    /* reach on compact vectors (one entry more), one and two threads,
     * with its own checks; its products are compared with the dense
     * definition by test_mvd, here only run. */
    mvd_space csp = sp;
    mvd_space_compact(&csp);
    double *xc = xmalloc((sp.len + 1) * sizeof *xc);
    double *yc = xmalloc((sp.len + 1) * sizeof *yc);
    for (size_t k = 0; k <= sp.len; k++)
        xc[k] = 1;
    for (int threads = 1; threads <= 2; threads++) {
        mvd_plan *p = mvd_plan_new_threads(d, &csp, MVD_REACH, 0, threads,
                                           (size_t)1 << 24, NULL, dg);
        if (!p)
            break;
        mvd_reach_threads(p, threads);
        mvd_multiply(p, xc, yc);
        (void)mvd_reach_check_rates(p, dg, (srcloc){"fuzz.desc", 0, 0});
        (void)mvd_reach_irreducible(p, threads == 2 ? 1e-3 : 0);
        mvd_diagonal(p, yc);   /* a Gauss-Seidel (SOR) sweep over it */
        (void)mvd_reach_gs_sweep(p, &csp, xc, yc, threads == 2 ? 1.3 : 1);
        mvd_plan_free(p);
    }
    free(xc);
    free(yc);
    free(x);
    free(y);
    mvd_space_free(&sp);
}

#endif
