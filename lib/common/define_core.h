/* define_core.h — how VALUE of -D NAME=VALUE is read, self-contained (C99
 * + stdlib) because it is compiled twice: into the library (option_define:
 * netsim, the simulators proto2c generates, gstr-sched's cost models) and,
 * as text, into the MPI programs proto2c writes, so that all of them accept
 * and refuse the same values with the same words.
 *
 * A value is a number as the prototype language writes it (formats/
 * proto.md: digits, an optional fraction, an optional exponent: 12, 1.5,
 * .5, 2e-3) with an optional sign, since a -D has no expression to negate
 * it. Decimal only: strtod's hexadecimal (0x10), inf, nan and leading
 * blanks are refused, and so is a number that overflows or that underflows
 * to 0 (a nonzero digit read as 0 would be a wrong value in silence). */
#ifndef PERFPIPE_PROTO_DEFINE_CORE_H
#define PERFPIPE_PROTO_DEFINE_CORE_H

#include <math.h>
#include <stdlib.h>

/* Reads `text` into *out. Returns NULL, or what is wrong with it, to follow
 * "-D NAME: 'TEXT' ". */
static inline const char *proto_define_value(const char *text, double *out)
{
    const char *p = text;
    int digits = 0, nonzero = 0;
    if (*p == '+' || *p == '-')
        p++;
    for (; *p >= '0' && *p <= '9'; p++, digits++)
        nonzero |= *p != '0';
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++, digits++)
            nonzero |= *p != '0';
    if (digits > 0 && (*p == 'e' || *p == 'E')) {
        int exponent_digits = 0;
        p++;
        if (*p == '+' || *p == '-')
            p++;
        for (; *p >= '0' && *p <= '9'; p++)
            exponent_digits++;
        if (exponent_digits == 0)
            digits = 0;
    }
    if (digits == 0 || *p != '\0') {
        char *end;
        double x = strtod(text, &end);
        if (*text && *end == '\0' && !isfinite(x))   /* inf, nan */
            return "is not a finite number";
        return "is not a decimal number (as 12, -1.5 or 2e-3)";
    }
    *out = strtod(text, NULL);
    if (isinf(*out))
        return "is out of range (it overflows)";
    if (*out == 0 && nonzero)
        return "is out of range (it underflows to 0)";
    return NULL;
}

#endif
