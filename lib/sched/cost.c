/* cost.c — a task type's PAMELA cost model (Lucchese §3.3, Example 7;
 * notes §4.8, the proposal p(i,j) = cost(L_i) / f_j) as seconds on the
 * reference UP: "delay(t1); A*delay(t2)" is t1 + A * t2, each name given a
 * value by the user (gstr-sched -D NAME=SECONDS). The text is
 * what app-graph(5) carries: items separated by ';', each a product of
 * operands ending in delay(OPERAND); an operand is a name or a number. */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/sched.h"

/* The value of the operand at *p (a number, or a name among the defines);
 * advances *p. 0; 1 with the name in missing when it has no value; 2
 * with "NAME = VALUE" in missing when the value is negative (every value
 * of a delay is a time or a count: TIME_RULE); -1 when no operand is
 * there. */
static int operand(const char **p, define_list *defs, double *out,
                   char *missing, size_t missing_size)
{
    const char *s = *p;
    while (*s == ' ')
        s++;
    if (isdigit((unsigned char)*s) || *s == '.') {
        char *end;
        *out = strtod(s, &end);
        if (end == s)
            return -1;
        *p = end;
        return 0;   /* no sign: never negative */
    }
    const char *start = s;
    while (isalnum((unsigned char)*s) || *s == '_')
        s++;
    size_t len = (size_t)(s - start);
    if (len == 0)
        return -1;
    *p = s;
    int shown = (int)(len < 200 ? len : 200);
    const define_value *v = define_find(defs, start, len);
    if (!v) {
        snprintf(missing, missing_size, "%.*s", shown, start);
        return 1;
    }
    *out = v->value;
    if (*out < 0) {
        char buf[32];
        snprintf(missing, missing_size, "%.*s = %s", shown, start,
                 fmt_double(buf, *out));
        return 2;
    }
    return 0;
}

static int skip(const char **p, const char *word)
{
    while (**p == ' ')
        (*p)++;
    size_t n = strlen(word);
    if (strncmp(*p, word, n) != 0)
        return 0;
    *p += n;
    return 1;
}

int sched_cost_seconds(const char *text, define_list *defs, double *out,
                       char *missing, size_t missing_size)
{
    const char *p = text;
    double total = 0;
    *missing = '\0';
    for (;;) {
        /* A factor 0 makes the product 0 even after an overflow (inf *
         * 0 would be nan): 1e308*1e308*0*delay(1) is 0 s. */
        double product = 1, x;
        /* factors '*' ... 'delay(' operand ')' */
        for (;;) {
            if (skip(&p, "delay(")) {
                int got = operand(&p, defs, &x, missing, missing_size);
                if (got)
                    return got;
                if (!skip(&p, ")"))
                    return -1;
                product = x == 0 ? 0 : product * x;
                break;
            }
            int got = operand(&p, defs, &x, missing, missing_size);
            if (got)
                return got;
            if (!skip(&p, "*"))
                return -1;
            product = x == 0 ? 0 : product * x;
        }
        total += product;   /* operands finite and >= 0: inf, not nan */
        if (!isfinite(total))
            return 3;
        while (*p == ' ')
            p++;
        if (*p == '\0')
            break;
        if (!skip(&p, ";"))
            return -1;
    }
    if (!(total >= 0))
        return -1;
    *out = total;
    return 0;
}

int sched_apply_costs(const sched_app *a, sched_platform *p,
                      define_list *defs, diag *d, const char *file)
{
    for (size_t i = 0; i < a->costs.len; i++) {
        const sched_cost *c = &a->costs.items[i];
        int used = 0;
        for (size_t b = 0; b < a->batches.len && !used; b++)
            used = a->batches.items[b].type == c->type;
        if (!used || sched_task_seconds(p, c->type) >= 0)
            continue;
        double seconds;
        char missing[256];
        int got = sched_cost_seconds(c->text, defs, &seconds, missing,
                                     sizeof missing);
        srcloc at = {file, c->line, 0};
        if (got == 1) {
            diag_error(d, at, "task type L%llu has no tasktime on the "
                       "platform, and its cost \"%s\" needs a value for "
                       "'%s': give -D %s=SECONDS, or add 'tasktime L%llu "
                       "SECONDS' to the platform", (unsigned long long)c->type,
                       c->text, missing, missing, (unsigned long long)c->type);
            return -1;
        }
        if (got == 3) {
            diag_error(d, at, "task type L%llu: its cost \"%s\" is past the "
                       "largest double (seconds): its values are too large",
                       (unsigned long long)c->type, c->text);
            return -1;
        }
        if (got == 2) {
            diag_error(d, at, "task type L%llu: its cost \"%s\" reads %s: "
                       TIME_RULE, (unsigned long long)c->type, c->text,
                       missing);
            return -1;
        }
        if (got < 0) {
            diag_error(d, at, "task type L%llu: its cost \"%s\" is not a sum "
                       "of delays of finite values >= 0", (unsigned long long)
                       c->type, c->text);
            return -1;
        }
        sched_tasktime t = {c->type, seconds};
        VEC_PUSH(&p->tasktimes, t);
    }
    return 0;
}
