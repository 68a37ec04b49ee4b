/* Unit tests of lib/sched's PAMELA cost models (cost.c): the sums of
 * delays of Lucchese's Example 7 and Fig. 1.1, the name without a value,
 * and texts that are not costs. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"
#include "unit.h"

static define_value values[] = {
    {"t1", 0.5, 0}, {"t2", 2, 0}, {"t3", 0.25, 0}, {"A", 3, 0}, {"B", 4, 0},
    {"N", 100, 0}, {"t_flop", 1e-3, 0}, {"t_neg", -1e-4, 0},
};
static define_list defs = {values, sizeof values / sizeof *values,
                           sizeof values / sizeof *values};

static double seconds(const char *text, int *status, char *missing)
{
    double x = -1;
    *status = sched_cost_seconds(text, &defs, &x, missing, 64);
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

/* A negative value is refused wherever it stands, whatever the total
 * (TIME_RULE, issue 26), and the names read are marked used. */
static void test_negative_value(void)
{
    int st;
    char missing[64];
    seconds("delay(t1); delay(t_neg)", &st, missing);
    CHECK_INT(st, 2);
    CHECK_STR(missing, "t_neg = -0.0001");
    seconds("t_neg*delay(t1)", &st, missing);
    CHECK_INT(st, 2);
    for (size_t i = 0; i < defs.len; i++)
        values[i].used = 0;
    CHECK(seconds("A*delay(t2)", &st, missing) == 6);
    CHECK(values[3].used && values[1].used && !values[0].used);
    CHECK(define_unused(&defs) == &values[0]);
}

/* Finite values whose sum or product passes the largest double: 3, not
 * "not a cost"; a factor 0 makes a product 0 even past an overflow. */
static void test_overflow(void)
{
    int st;
    char missing[64];
    seconds("1e308*1e308*delay(1)", &st, missing);
    CHECK_INT(st, 3);
    seconds("delay(1e308); delay(1e308)", &st, missing);
    CHECK_INT(st, 3);
    CHECK(seconds("1e300*delay(1e-300)", &st, missing) == 1e300 * 1e-300);
    CHECK_INT(st, 0);
    CHECK(seconds("1e308*1e308*0*delay(1)", &st, missing) == 0);
    CHECK_INT(st, 0);
    CHECK(seconds("1e308*1e308*delay(0)", &st, missing) == 0);
    CHECK_INT(st, 0);
}

static void test_not_a_cost(void)
{
    const char *bad[] = {"", "delay(t1", "t1", "delay()", "A*", "delay(t1);",
                         "delay(t1) + delay(t2)"};
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
    RUN(test_negative_value);
    RUN(test_overflow);
    RUN(test_not_a_cost);
    return unit_done();
}
