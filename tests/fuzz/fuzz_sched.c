/* libFuzzer target: any bytes through gstr-sched's readers. The input is
 * split at its first NUL byte: a platform before it, an app-graph after
 * (NUL is refused by both readers, so the split costs no input); when both
 * are accepted, the thesis's schedulers run with each allocator, the
 * event model with a scheduler and its options picked from the size, and
 * on a platform of groups every partitioner and the inter-group
 * simulator. fuzz_platform and fuzz_appgraph fuzz each reader alone, with
 * a write-and-read-back oracle; gstr-sched reads no schedule (it only
 * writes them), so the schedule format has no reader to fuzz. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    const char *text = (const char *)data;
    const char *nul = memchr(text, '\0', size);
    size_t plen = nul ? (size_t)(nul - text) : size;
    diag d;
    diag_init(&d, "fuzz", sink);
    sched_platform p;
    sched_app a;
    int have_p = sched_platform_parse(&p, text, plen, "fuzz.platform", &d) == 0;
    int have_a = nul && sched_app_parse(&a, nul + 1, size - plen - 1,
                                        "fuzz.graph", &d) == 0;
    if (have_p && have_a && a.tasks * p.ups.len <= 100000) {
        for (int alloc = 0; alloc < 2; alloc++) {
            sched_options o = {.kind = (sched_kind)(size % 3),
                               .alloc = alloc ? SCHED_BESTFIT : SCHED_TRIVIAL,
                               .trivial_per_batch = alloc == 0 && size % 2,
                               .use_real_factors = size % 3 == 0};
            sched_result r;
            if (sched_run(&a, &p, &o, &r, &d, "fuzz.graph") == 0) {
                sched_write(sink, &a, &p, &o, &r);
                sched_result_free(&r);
            }
        }
    }
    if (have_p && have_a && a.tasks * p.ups.len <= 100000) {
        sched_event_options o = {(sched_kind)(size % 5),
                                 size % 7 ? SCHED_BESTFIT : SCHED_TRIVIAL,
                                 size % 3 == 0, (double)(size % 11) / 10,
                                 (unsigned)(size % 4),
                                 (sched_replica_order)(size % 2),
                                 1 + (unsigned)(size % 3), 1,
                                 size % 2 ? 0.5 : 0};
        sched_event_result r;
        if (sched_event_run(&a, &p, &o, &r, &d, "fuzz.graph") == 0) {
            /* Every task finishes once, or is lost: never both; and no
             * finish comes from a UP after its fail event. */
            if (r.done + r.lost != r.tasks)
                abort();
            unsigned char *failed = calloc(p.ups.len, 1);
            for (size_t i = 0; failed && i < r.trace.len; i++) {
                const sched_trace *e = &r.trace.items[i];
                if (e->kind == SCHED_EV_FAIL)
                    failed[e->up] = 1;
                else if (e->kind == SCHED_EV_FINISH && failed[e->up])
                    abort();
            }
            free(failed);
            sched_event_write(sink, &a, &p, &o, &r);
            sched_event_result_free(&r);
        }
    }
    if (have_p && have_a && p.groups.len > 1 &&
        a.tasks * p.ups.len <= 100000) {
        /* Every partitioner, then the inter-group simulator on it. */
        size_t ng = p.groups.len, nb = a.batches.len;
        double power[64], *part = calloc(ng * nb, sizeof *part);
        uint64_t ups[64], held[64];
        sched_options o = {.use_real_factors = size % 2};
        for (int method = 0; part && ng <= 64 && method < 4; method++) {
            sched_groups g;
            sched_group_view(&p, &o, method != 2, power, ups, held, &g);
            if (method == 0)
                sched_tp(ng, &a, part);
            else if (method == 1)
                sched_pp(&g, &a, part);
            else
                sched_ppcp(&g, &a, method == 2 ? SCHED_PPCP_PROSE
                                               : SCHED_PPCP_MATLAB, part);
            sched_igp_result r;
            if (sched_igp(&a, &p, &o, part, &r, &d, "fuzz.graph", "fuzz.platform") == 0) {
                sched_write_partitioned(sink, &a, &p, "fuzz", part, &r);
                sched_igp_free(&r);
            }
        }
        free(part);
    }
    if (have_a)
        sched_app_free(&a);
    if (have_p)
        sched_platform_free(&p);
    return 0;
}
