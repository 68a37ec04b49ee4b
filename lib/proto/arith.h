/* arith.h — the prototype language's arithmetic, self-contained because it
 * is compiled twice: into lib/proto (through proto.h) and, as text, into
 * the MPI programs proto2c writes. The interpreter (vm.c) and the C that
 * proto2c writes call the same functions in the same order, so netsim and
 * both targets report the same errors. Needs `sim`, sim_fail() and
 * sim_failed() declared first (lib/sim/sim.h, or the MPI runtime).
 *
 * Every value a program computes is a finite number: a result that is
 * not (an overflow to inf, a NaN from sqrt(-1)) is a runtime error of the
 * statement's line, reported once — after a failure the results are 0 and
 * nothing more is said, as the run is stopping. */
#ifndef PERFPIPE_PROTO_ARITH_H
#define PERFPIPE_PROTO_ARITH_H

#include <math.h>

static inline const char *proto_nonfinite_name(double x)
{
    return isnan(x) ? "NaN" : x > 0 ? "inf" : "-inf";
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

/* a op b for the binary operators + - * / %. */
static inline double proto_arith(sim *s, int rank, int op, double a, double b,
                                 int line)
{
    double r;
    if (sim_failed(s))
        return 0;
    switch (op) {
    case '+': r = a + b; break;
    case '-': r = a - b; break;
    case '*': r = a * b; break;
    case '/':
        if (b == 0) {
            sim_fail(s, rank, line, "division by zero (%.17g / 0)", a);
            return 0;
        }
        r = a / b;
        break;
    default:
        return proto_mod(s, rank, a, b, line);
    }
    if (isfinite(r))
        return r;
    sim_fail(s, rank, line, "%.17g %c %.17g gives %s, not a finite number",
             a, op, b, proto_nonfinite_name(r));
    return 0;
}

/* A C math function of one or two arguments. */
static inline double proto_call1(sim *s, int rank, const char *name,
                                 double (*f)(double), double x, int line)
{
    if (sim_failed(s))
        return 0;
    double r = f(x);
    if (isfinite(r))
        return r;
    sim_fail(s, rank, line, "%s(%.17g) gives %s, not a finite number", name,
             x, proto_nonfinite_name(r));
    return 0;
}

static inline double proto_call2(sim *s, int rank, const char *name,
                                 double (*f)(double, double), double x,
                                 double y, int line)
{
    if (sim_failed(s))
        return 0;
    double r = f(x, y);
    if (isfinite(r))
        return r;
    sim_fail(s, rank, line, "%s(%.17g, %.17g) gives %s, not a finite number",
             name, x, y, proto_nonfinite_name(r));
    return 0;
}

/* A Gaussian draw of the given mean and sd (it overflows when they are
 * near the largest double). */
static inline double proto_drawn(sim *s, int rank, double x, double mean,
                                 double sd, int line)
{
    if (sim_failed(s))
        return 0;
    if (isfinite(x))
        return x;
    sim_fail(s, rank, line, "a draw of mean %.17g and sd %.17g gives %s, not "
             "a finite number", mean, sd, proto_nonfinite_name(x));
    return 0;
}

#endif
