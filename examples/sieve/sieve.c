/* sieve — the test application of Lucchese (2002), Chapter 6 and App. C,
 * as the three task commands of a real run (gstr-sched --run; the
 * platform's `command` records, formats/platform.md "Commands"):
 *
 *   sieve distribute N   (B1, DistributeData) the limit and the primes
 *                        below sqrt(N), for every sieving task
 *   sieve count FILE     (B2, NumberSieve) the primes in block GSTR_INDEX
 *                        of GSTR_COUNT of [0, N), by a segmented sieve of
 *                        Eratosthenes with the primes of FILE
 *   sieve gather FILE... (B3, GatherResults) the sum of the counts: the
 *                        primes below N
 *
 * Each writes its block to standard output (the task's output file). Not
 * a perfpipe program: an example's command, kept to plain C and stdio. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(const char *what)
{
    fprintf(stderr, "sieve: %s\n", what);
    return 2;
}

/* The primes below n (n small: sqrt of the limit), by the plain sieve. */
static unsigned long *small_primes(unsigned long n, size_t *count)
{
    char *composite = calloc(n + 1, 1);
    unsigned long *p = malloc((n + 1) * sizeof *p);
    if (!composite || !p)
        exit(fail("out of memory"));
    *count = 0;
    for (unsigned long i = 2; i < n; i++) {
        if (composite[i])
            continue;
        p[(*count)++] = i;
        for (unsigned long j = i * i; j < n; j += i)
            composite[j] = 1;
    }
    free(composite);
    return p;
}

static int distribute(const char *arg)
{
    char *end;
    unsigned long n = strtoul(arg, &end, 10);
    if (*end || n < 2 || n > 4000000000UL)
        return fail("distribute wants a limit N in [2, 4e9]");
    unsigned long r = 1;
    while (r * r < n)
        r++;
    size_t k;
    unsigned long *p = small_primes(r + 1, &k);
    printf("%lu %zu\n", n, k);
    for (size_t i = 0; i < k; i++)
        printf("%lu\n", p[i]);
    free(p);
    return 0;
}

static unsigned long env_number(const char *name)
{
    const char *v = getenv(name);
    char *end;
    unsigned long x = v ? strtoul(v, &end, 10) : 0;
    if (!v || !*v || *end)
        exit(fail("GSTR_INDEX and GSTR_COUNT must be set (run by "
                  "gstr-sched --run)"));
    return x;
}

/* The primes in [lo, hi): segments of 2^18 numbers, each crossed out by
 * the base primes from max(p^2, the first multiple >= the segment). */
static int count(const char *file)
{
    FILE *fp = fopen(file, "r");
    unsigned long n;
    size_t k;
    if (!fp || fscanf(fp, "%lu %zu", &n, &k) != 2)
        return fail("count: cannot read the distributed block");
    unsigned long *p = malloc((k + 1) * sizeof *p);
    for (size_t i = 0; i < k; i++)
        if (fscanf(fp, "%lu", &p[i]) != 1)
            return fail("count: the block is cut short");
    fclose(fp);
    unsigned long index = env_number("GSTR_INDEX"),
                  of = env_number("GSTR_COUNT");
    if (of == 0 || index >= of)
        return fail("count: GSTR_INDEX must be below GSTR_COUNT");
    unsigned long lo = (unsigned long)((unsigned long long)n * index / of),
                  hi = (unsigned long)((unsigned long long)n * (index + 1) / of);
    if (lo < 2)
        lo = 2;
    const unsigned long seg = 1UL << 18;
    char *composite = malloc(seg);
    unsigned long found = 0;
    for (unsigned long base = lo; base < hi; base += seg) {
        unsigned long top = base + seg < hi ? base + seg : hi;
        memset(composite, 0, top - base);
        for (size_t i = 0; i < k && p[i] * p[i] < top; i++) {
            unsigned long q = p[i], j = (base + q - 1) / q * q;
            if (j < q * q)
                j = q * q;
            for (; j < top; j += q)
                composite[j - base] = 1;
        }
        for (unsigned long j = base; j < top; j++)
            found += !composite[j - base];
    }
    free(composite);
    free(p);
    printf("%lu\n", found);
    return 0;
}

static int gather(int argc, char **argv)
{
    unsigned long long sum = 0;
    for (int i = 0; i < argc; i++) {
        FILE *fp = fopen(argv[i], "r");
        unsigned long x;
        if (!fp || fscanf(fp, "%lu", &x) != 1)
            return fail("gather: cannot read a count");
        fclose(fp);
        sum += x;
    }
    printf("%llu\n", sum);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "distribute") == 0)
        return distribute(argv[2]);
    if (argc == 3 && strcmp(argv[1], "count") == 0)
        return count(argv[2]);
    if (argc >= 3 && strcmp(argv[1], "gather") == 0)
        return gather(argc - 2, argv + 2);
    return fail("usage: sieve distribute N | count FILE | gather FILE...");
}
