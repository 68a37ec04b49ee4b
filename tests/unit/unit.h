/* unit.h — a minimal TAP producer for the C unit tests.
 *
 *   static void test_something(void) { CHECK(1 + 1 == 2); CHECK_STR(a, "b"); }
 *   int main(void) { RUN(test_something); return unit_done(); }
 *
 * Each RUN prints one TAP line "ok N - name" or "not ok N - name", with the
 * failed checks as "# file:line: ..." lines before it; tests/run counts them. */
#ifndef PERFPIPE_UNIT_H
#define PERFPIPE_UNIT_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int unit_failed_checks;   /* failed checks in the running test */
static int unit_tests, unit_failures;

#define CHECK(cond)                                                           \
    do {                                                                      \
        if (!(cond)) {                                                        \
            printf("# %s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            unit_failed_checks++;                                             \
        }                                                                     \
    } while (0)

#define CHECK_INT(got, want)                                                  \
    do {                                                                      \
        long long g_ = (long long)(got), w_ = (long long)(want);              \
        if (g_ != w_) {                                                       \
            printf("# %s:%d: %s is %lld, expected %lld\n", __FILE__,         \
                   __LINE__, #got, g_, w_);                                   \
            unit_failed_checks++;                                             \
        }                                                                     \
    } while (0)

#define CHECK_STR(got, want)                                                  \
    do {                                                                      \
        const char *g_ = (got), *w_ = (want);                                 \
        if (!g_ || strcmp(g_, w_) != 0) {                                     \
            printf("# %s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__,     \
                   __LINE__, #got, g_ ? g_ : "(null)", w_);                   \
            unit_failed_checks++;                                             \
        }                                                                     \
    } while (0)

/* |got - want| <= tol, tolerance stated at every use. */
#define CHECK_NEAR(got, want, tol)                                            \
    do {                                                                      \
        double g_ = (got), w_ = (want);                                       \
        if (!(fabs(g_ - w_) <= (tol))) {                                      \
            printf("# %s:%d: %s is %.17g, expected %.17g (tol %g)\n",        \
                   __FILE__, __LINE__, #got, g_, w_, (double)(tol));          \
            unit_failed_checks++;                                             \
        }                                                                     \
    } while (0)

#define RUN(fn)                                                               \
    do {                                                                      \
        unit_failed_checks = 0;                                               \
        fn();                                                                 \
        unit_tests++;                                                         \
        if (unit_failed_checks) unit_failures++;                              \
        printf("%sok %d - %s: %s\n", unit_failed_checks ? "not " : "",       \
               unit_tests, __FILE__, #fn);                                    \
    } while (0)

static inline int unit_done(void)
{
    printf("1..%d\n", unit_tests);
    return unit_failures ? 1 : 0;
}

#endif
