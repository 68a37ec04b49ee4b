/* libFuzzer target: any bytes through the prototype front end, the checks
 * and both C emitters; a program it accepts is then run by the interpreter
 * on 3 simulated processes, every parameter 1, within a budget of steps
 * and loop iterations, then on 5 with each collective's algorithm chosen
 * by the input's first bytes (lib/sim/coll.c). Bad input must give diagnostics and NULL, never a
 * crash, a leak or undefined behaviour (make fuzz: ASan and UBSan). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "proto/proto.h"
#include "sim/coll.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_STEPS = 500, MAX_LOOP = 100 };

/* proto_vm_step, stopped after MAX_STEPS steps of the whole run: a
 * program that communicates forever must not hang the fuzzer. */
typedef struct {
    proto_state st;
    int steps;
} bounded;

static int bounded_step(sim *s, int rank, void *program)
{
    bounded *b = program;
    if (++b->steps > MAX_STEPS) {
        sim_fail(s, rank, 0, "fuzz: more than %d steps", MAX_STEPS);
        return SIM_FAILED;
    }
    return proto_vm_step(s, rank, &b->st);
}

static void run(proto_program *p, FILE *sink, int PROCS,
                const uint8_t *pick, size_t npick)
{
    proto_runnable r = {p->file, (int)p->slot_names.len, p->nvars,
                        (const char *const *)p->slot_names.items,
                        p->is_parameter, p->first_line, proto_vm_step,
                        (void *)p};
    bounded b = {{&r, calloc(PROCS, sizeof(int)),
                  calloc((size_t)PROCS * (size_t)r.nslots, sizeof(double)),
                  0}, 0};
    if (!b.st.pc || !b.st.slots)
        abort();
    for (int rank = 0; rank < PROCS; rank++) {
        double *v = proto_slots(&b.st, rank);
        for (int i = 0; i < r.nvars; i++)
            v[i] = r.is_parameter[i] ? 1 : 0;
        v[PROTO_SLOT_RANK] = rank;
        v[PROTO_SLOT_P] = PROCS;
    }
    proto_vm_prepare(p, proto_slots(&b.st, 0));
    diag d;
    diag_init(&d, "fuzz", sink);
    net_model net;
    net_model_default(&net);
    for (size_t k = 0; k < SIM_COLL_KINDS && npick; k++) {
        const char *const *algos = coll_algos_of((int)k);
        int n = 0;
        while (algos[n])
            n++;
        net.coll[k] = (unsigned char)coll_algo_of(
            (int)k, algos[pick[k % npick] % n]);
    }
    sim_options opt = {.nprocs = PROCS, .seed = 1, .keep_ops = 1,
                       .max_loop = MAX_LOOP};   /* max_events: default */
    sim *s = sim_new(&opt, &net, &d, p->file);
    sim_timeline_begin(s, sink, p->file);
    sim_trace_begin(s, sink, SIM_TRACE_TI);
    if (sim_run(s, bounded_step, &b) == 0) {
        sim_timeline_end(s);
        sim_trace_end(s);
    }
    sim_free(s);
    net_model_free(&net);
    free(b.st.pc);
    free(b.st.slots);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    diag d;
    diag_init(&d, "fuzz", sink);
    proto_program *p = proto_compile((const char *)data, size, "fuzz.proto",
                                     &d);
    if (p) {
        proto_emit_sim(sink, p);
        proto_emit_mpi(sink, p);
        run(p, sink, 3, NULL, 0);
        run(p, sink, 5, data, size);
    }
    proto_program_free(p);
    return 0;
}
