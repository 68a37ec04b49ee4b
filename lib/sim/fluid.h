/* fluid.h — flows that share links' bandwidth max-min fairly: SimGrid's
 * fluid network model (Casanova, Legrand, Quinson; the "LMM" solver of
 * its CM02 model), kept apart from the simulation kernel as SimGrid keeps
 * its network model apart from its kernel. The kernel (flows.c) maps
 * messages to flows over a topology (formats/net-model.md, "Topology");
 * this module only knows links, flows and time.
 *
 * A flow pays its latency first, using no bandwidth (latency is not
 * shared), then moves its bytes at a rate that is recomputed whenever a
 * flow enters its bandwidth phase or ends: each link's capacity is split
 * among the flows crossing it by progressive filling (every flow's rate
 * rises together; a link that fills fixes the rates of its flows, a flow
 * that reaches its own cap is fixed there, and the bandwidth they leave
 * goes to the others), so that a flow's rate is set by its most
 * constrained link or its cap.
 *
 * Cost: an event (flows entering or ending at one instant) refills only
 * the set S of flows its change reaches: first the flows on the links
 * the event's flows cross, the others' rates held; a flow on S's links
 * left without a bottleneck (a full link where no flow is faster) joins
 * S, until every one has one, which is max-min fairness. An event costs
 * O((F_S h + N_S) log L_S): F_S flows in S of h links each, N_S the flows
 * on S's links and theirs, L_S those links; plus O(log n) per flow whose
 * rate changes (the event heap), n flows in flight. S is usually the
 * flows on the touched links (traffic between random links: 14600 and
 * 7700 events a second of CPU at 10^3 and 10^4 flows, where refilling
 * the whole component gave 3900 at 10^3; tests/bench/bench_fluid.c);
 * through a backbone every flow crosses, every rate changes at every
 * event and S is all of them, O(n log n) an event. When S holds every
 * flow on its links, the filling is exact and no flow is checked; when
 * the k flows of an event are a good part of the n in the heap (a
 * collective's round, whose flows start and end together), they leave
 * it at once and the rest is heapified, O(n + k), not k log n. */
#ifndef PERFPIPE_SIM_FLUID_H
#define PERFPIPE_SIM_FLUID_H

#include <stddef.h>
#include <stdint.h>

/* The most links that share bandwidth a flow crosses (a two-level fat
 * tree's route is four; a route through a platform's routers may be
 * longer: 16 cost nothing measurable against 8 at P = 1024). */
#define FLUID_MAX_PATH 16

typedef struct fluid fluid;

/* Links 0 .. nlinks-1 of capacity[i] bytes per microsecond, each > 0 and
 * finite (a link that limits nothing is left out of the paths). */
fluid *fluid_new(size_t nlinks, const double *capacity);
void fluid_free(fluid *f);

/* Starts a flow at time `now` (no earlier than the last event): `lat`
 * microseconds of latency, then `bytes` over links path[0 .. n) at a rate
 * of at most `cap` bytes per microsecond (INFINITY: the links decide).
 * `alone_end` is the time the caller computes for the flow when its rate
 * is `cap` from its latency's end to its end: the flow ends then exactly
 * whenever it is never slowed down, so that a message alone on the
 * network keeps the kernel's own t_s + t_w d to the last bit. Returns the
 * flow's id, the lowest free (ids of ended flows are used again once
 * fluid_step has reported them). */
uint32_t fluid_start(fluid *f, double now, const uint32_t *path, int n,
                     double lat, double bytes, double cap, double alone_end);

/* The time of the next event (a flow entering its bandwidth phase or
 * ending), INFINITY when no flow is in flight; fluid_first, the flow of
 * that event (when one is in flight). */
double fluid_next(const fluid *f);
uint32_t fluid_first(const fluid *f);

/* Moves to fluid_next(f) and handles every event at that time: writes
 * the ids of the flows that end to *ended (growing it: *cap its room),
 * returns how many, and sets *when to that time. */
size_t fluid_step(fluid *f, double *when, uint32_t **ended, size_t *cap);

/* A flow's rate now, bytes per microsecond (0 during its latency). */
double fluid_rate(const fluid *f, uint32_t id);
/* Flows in flight; events handled; rate recomputations of flows. */
size_t fluid_flows(const fluid *f);
uint64_t fluid_events(const fluid *f);
uint64_t fluid_updates(const fluid *f);

#endif
