/* Unit tests of lib/sched's PAMELA cost models (cost.c): the sums of
 * delays of Lucchese's Example 7 and Fig. 1.1, the name without a value,
 * and texts that are not costs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"
#include "unit.h"

static const sched_define defs[] = {
    {"t1", 0.5}, {"t2", 2}, {"t3", 0.25}, {"A", 3}, {"B", 4}, {"N", 100},
    {"t_flop", 1e-3},
};
static const size_t ndefs = sizeof defs / sizeof *defs;

static double seconds(const char *text, int *status, char *missing)
{
    double x = -1;
    *status = sched_cost_seconds(text, defs, ndefs, &x, missing, 64);
    return x;
}

static void test_example7(void)
{
    int st;
    char missing[64];
    /* t1 + A t2 + B t3 = 0.5 + 6 + 1 */
    CHECK(seconds("delay(t1); A*delay(t2); B*delay(t3)", &st, missing) == 7.5);
    CHECK_INT(st, 0);
    CHECK(seconds("2*N*delay(t_flop)", &st, missing) == 2 * 100 * 1e-3);
    CHECK(seconds("delay(2.5)", &st, missing) == 2.5);
    CHECK(seconds("1000*delay(t2); delay(0)", &st, missing) == 2000);
}

static void test_missing_name(void)
{
    int st;
    char missing[64];
    seconds("delay(t1); C*delay(t_mul)", &st, missing);
    CHECK_INT(st, 1);
    CHECK_STR(missing, "C");
    seconds("delay(t_mul)", &st, missing);
    CHECK_STR(missing, "t_mul");
}

static void test_not_a_cost(void)
{
    const char *bad[] = {"", "delay(t1", "t1", "delay()", "A*", "delay(t1);",
                         "delay(t1) + delay(t2)", "1e308*1e308*delay(1)"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        int st;
        char missing[64];
        seconds(bad[i], &st, missing);
        if (st != -1)
            printf("# '%s' gave %d\n", bad[i], st);
        CHECK_INT(st, -1);
    }
}

int main(void)
{
    RUN(test_example7);
    RUN(test_missing_name);
    RUN(test_not_a_cost);
    return unit_done();
}
