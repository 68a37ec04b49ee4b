/* ops.c — the time of one arithmetic operation per data type, seed 000's
 * machine model (opName_dataType_p): a chain of BENCH_UNROLL dependent
 * operations per loop iteration, the loop timed with and without them.
 *
 * What keeps the work: after every operation an empty asm names the
 * result as read and written in a register ("+r" for integers, "+x" or
 * "+w" for floating point), so the compiler must compute it there and
 * then, and cannot fold the chain (x + 1 + 1 ... into x + 16), reorder
 * it, vectorise it or drop it; the asm emits no instruction, so the
 * empty loop (the same asm, no operation) costs what the loop around the
 * operations costs. The operand y is hidden the same way once, so no
 * operation is a constant. Operands: x starts at 1, y is 1, so products
 * and quotients stay 1, sums stay far below overflow (BENCH_MAX_ITERS),
 * and no float becomes subnormal (which would be slower). */
#include <math.h>

#include "bench/bench.h"

const char *const bench_op_names[BENCH_NOPS] = {
    "add", "sub", "mul", "div", "assign", "cmp",
};
const char *const bench_type_names[BENCH_NTYPES] = {
    "int", "float", "double", "char",
};

#if defined(__x86_64__)
#define KEEP_INT(v) __asm__ volatile("" : "+r"(v))
#define KEEP_FP(v) __asm__ volatile("" : "+x"(v))
#elif defined(__aarch64__)
#define KEEP_INT(v) __asm__ volatile("" : "+r"(v))
#define KEEP_FP(v) __asm__ volatile("" : "+w"(v))
#else
/* Elsewhere through memory: every step then pays a store and a load,
 * which the empty loop pays too, so the difference still holds. */
#define KEEP_INT(v) __asm__ volatile("" : "+m"(v))
#define KEEP_FP(v) __asm__ volatile("" : "+m"(v))
#endif

#define R4(s) s s s s
#define R16(s) R4(s) R4(s) R4(s) R4(s)

/* The timed loop of one operation: STEP computes x from x and y. */
#define TIMED(T, KEEP, STEP)                                                 \
    do {                                                                     \
        T x = 1, y = 1;                                                      \
        KEEP(x);                                                             \
        KEEP(y);                                                             \
        double t0 = now();                                                   \
        for (uint64_t i = 0; i < iters; i++) {                               \
            R16(STEP; KEEP(x);)                                              \
        }                                                                    \
        double t1 = now();                                                   \
        KEEP(x);                                                             \
        KEEP(y);                                                             \
        return t1 - t0;                                                      \
    } while (0)

/* compare is x = x < y ? x : y: a comparison whose result is used (a
 * compare and a conditional move, or a min instruction), so the chain
 * goes through it. assign is x = y: a register copy, which renaming
 * often makes free; then it measures 0. The char operations compute in
 * int and store back into a char, as C does. */
#define LOOPS(NAME, T, KEEP)                                                 \
    static double NAME(int op, uint64_t iters, bench_clock now)             \
    {                                                                        \
        switch (op) {                                                        \
        case BENCH_ADD: TIMED(T, KEEP, x = (T)(x + y));                      \
        case BENCH_SUB: TIMED(T, KEEP, x = (T)(x - y));                      \
        case BENCH_MUL: TIMED(T, KEEP, x = (T)(x * y));                      \
        case BENCH_DIV: TIMED(T, KEEP, x = (T)(x / y));                      \
        case BENCH_ASSIGN: TIMED(T, KEEP, x = y);                            \
        case BENCH_CMP: TIMED(T, KEEP, x = x < y ? x : y);                   \
        default: TIMED(T, KEEP, (void)0);                                    \
        }                                                                    \
    }

LOOPS(loop_int, int, KEEP_INT)
LOOPS(loop_float, float, KEEP_FP)
LOOPS(loop_double, double, KEEP_FP)
LOOPS(loop_char, char, KEEP_INT)

double bench_op_loop(int op, int type, uint64_t iters, bench_clock now)
{
    switch (type) {
    case BENCH_INT: return loop_int(op, iters, now);
    case BENCH_FLOAT: return loop_float(op, iters, now);
    case BENCH_DOUBLE: return loop_double(op, iters, now);
    default: return loop_char(op, iters, now);
    }
}

double bench_op_sample(int op, int type, uint64_t iters, bench_clock now,
                       int *clamped)
{
    double empty = bench_op_loop(-1, type, iters, now);
    double full = bench_op_loop(op, type, iters, now);
    double us = (full - empty) / ((double)iters * BENCH_UNROLL) * 1e6;
    if (!(us >= 0)) {
        *clamped = 1;
        return 0;
    }
    return us;
}
