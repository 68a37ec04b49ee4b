/* sched.h — lib/sched: scheduling an application graph (app-graph) on a
 * platform of groups of processing units (seed 003, Lucchese's JoiN):
 * the platform and application models, the allocators (trivial,
 * best-fit), the intra-group schedulers (static, GS, GSTR) under the
 * thesis's time model and as a discrete-event simulation, and the
 * partitioning of batches across groups (TP, PP, PPCP) with the packet
 * metric. precise-rules.md §1 and §4 (seed 003) are the rules. */
#ifndef PERFPIPE_SCHED_H
#define PERFPIPE_SCHED_H

#include "common/common.h"

/* ------------------------------------------- applications and platforms */

/* --------------------------------------------- intra-group scheduling */

/* ---------------------------------------- partitioning across groups */

#endif
