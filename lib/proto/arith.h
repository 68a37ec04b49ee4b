/* arith.h — the prototype language's `/` and `%`, self-contained because
 * it is compiled twice: into lib/proto (through proto.h) and, as text,
 * into the MPI programs proto2c writes. Needs `sim` and sim_fail()
 * declared first (lib/sim/sim.h, or the MPI runtime). */
#ifndef PERFPIPE_PROTO_ARITH_H
#define PERFPIPE_PROTO_ARITH_H

#include <math.h>

static inline double proto_div(sim *s, int rank, double a, double b, int line)
{
    if (b == 0) {
        sim_fail(s, rank, line, "division by zero (%.17g / 0)", a);
        return 0;
    }
    return a / b;
}

/* `%` truncates both operands to integers (notes §6.3: the finite
 * differences need it; fmod deadlocks them). */
static inline double proto_mod(sim *s, int rank, double a, double b, int line)
{
    const double limit = 9007199254740992.0;   /* 2^53 */
    if (!(fabs(a) < limit) || !(fabs(b) < limit)) {
        sim_fail(s, rank, line, "operands of %% must be integers below 2^53 "
                 "in magnitude (%.17g %% %.17g)", a, b);
        return 0;
    }
    long long x = (long long)a, y = (long long)b;
    if (y == 0) {
        sim_fail(s, rank, line, "modulo by zero (%.17g %% %.17g)", a, b);
        return 0;
    }
    return (double)(x % y);
}

#endif
