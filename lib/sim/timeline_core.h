/* timeline_core.h — the records of the timeline format (formats/
 * timeline.md), self-contained (C99 + stdio) because they are compiled
 * twice: into lib/sim (netsim, generated simulators) and, as text, into
 * the MPI programs proto2c writes, so that simulated and measured
 * timelines have one layout. Strings arrive already quoted. */
#ifndef PERFPIPE_TIMELINE_CORE_H
#define PERFPIPE_TIMELINE_CORE_H

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Operation kinds, in the order of sim_op_kind, padded to 16 bytes with
 * their lengths beside: an op record copies a whole entry and advances by
 * the length (no strlen, no copy of variable length). */
static const char timeline_kinds[][16] = {
    "compute", "send", "recv", "bcast", "gather", "scatter", "reduce",
    "all_gather", "all_to_all", "all_reduce", "barrier", "isend", "irecv",
    "wait", "probe"};
static const unsigned char timeline_kinds_len[] = {
    7, 4, 4, 5, 6, 7, 6, 10, 10, 10, 7, 5, 5, 4, 5};

static inline void timeline_header(FILE *fp, const char *quoted_source,
                                   const char *quoted_network,
                                   unsigned long long seed, int nprocs,
                                   int with_ops)
{
    fprintf(fp, "timeline 1\nsource %s\nnetwork %s\nseed %llu\nprocesses %d\n",
            quoted_source, quoted_network, seed, nprocs);
    if (with_ops)
        fputs("# op RANK KIND PARTNER BYTES TAG START END   (seconds)\n", fp);
}

/* Records are formatted into a caller's buffer of TIMELINE_LINE_MAX bytes
 * (a record's fields are at most 27 characters each) by hand, not by
 * printf: netsim writes one or two records per simulated message, and
 * printf's conversions of times cost more than the simulation (issue 14:
 * 0.6 M messages per CPU-second with the timeline, 13 M without). The
 * text is byte for byte what printf writes. */
#define TIMELINE_LINE_MAX 256

/* "00" to "99": two digits per division. */
static const char timeline_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* The digits of x >= 1000 (timeline_put_u32): below 10^6 (ranks and
 * partners at P >= 1000) by one multiplication that puts x / 10^k in the
 * high 32 bits and the rest, as a fraction, in the low ones, whose pairs
 * two more multiplications by 100 bring up (James Anhalt's "jeaiii"
 * method). The constants are 2^32 / 10^k rounded up, exact for every
 * x < 10^6 (the exhaustive test of tests/unit/test_sim.c); divisions by
 * 100 took twice the instructions (callgrind). From there on, their
 * count by comparisons, then pairs from the end. */
static char *timeline_put_u32_big(char *o, unsigned x)
{
    if (x < 10000) {   /* two pairs */
        unsigned long long t = x * 42949673ull;   /* 2^32 / 10^2 */
        memcpy(o, timeline_pairs + 2 * (t >> 32), 2);
        t = (t & 0xffffffffu) * 100;
        memcpy(o + 2, timeline_pairs + 2 * (t >> 32), 2);
        return o + 4;
    }
    if (x < 1000000) {   /* a digit or a pair, and two pairs */
        unsigned long long t = x * 429497ull;     /* 2^32 / 10^4 */
        if (x < 100000)
            *o++ = (char)('0' + (t >> 32));
        else {
            memcpy(o, timeline_pairs + 2 * (t >> 32), 2);
            o += 2;
        }
        t = (t & 0xffffffffu) * 100;
        memcpy(o, timeline_pairs + 2 * (t >> 32), 2);
        t = (t & 0xffffffffu) * 100;
        memcpy(o + 2, timeline_pairs + 2 * (t >> 32), 2);
        return o + 4;
    }
    int n = x < 10000000 ? 7 : x < 100000000 ? 8 : x < 1000000000 ? 9 : 10;
    char *end = o + n;
    while (x >= 100) {
        unsigned q = x / 100;
        end -= 2;
        memcpy(end, timeline_pairs + 2 * (x - 100 * q), 2);
        x = q;
    }
    if (x >= 10)
        memcpy(end - 2, timeline_pairs + 2 * x, 2);
    else
        end[-1] = (char)('0' + x);
    return o + n;
}

/* The decimal digits of x < 2^32, written in place, two at a time from
 * the pairs, in 32-bit arithmetic (no scratch buffer, no copy of
 * variable length): below 1000 here, inline, the rest by a call. */
static inline char *timeline_put_u32(char *o, unsigned x)
{
    if (x < 100) {
        if (x < 10) {
            *o = (char)('0' + x);
            return o + 1;
        }
        memcpy(o, timeline_pairs + 2 * x, 2);
        return o + 2;
    }
    if (x >= 1000)
        return timeline_put_u32_big(o, x);
    unsigned q = x / 100;
    *o = (char)('0' + q);
    memcpy(o + 1, timeline_pairs + 2 * (x - 100 * q), 2);
    return o + 3;
}

static inline char *timeline_put_uint(char *o, unsigned long long x)
{
    if (x <= 4294967295u)
        return timeline_put_u32(o, (unsigned)x);
    char tmp[24];
    int n = 24;
    while (x >= 10) {
        tmp[--n] = (char)('0' + x % 10);
        x /= 10;
    }
    tmp[--n] = (char)('0' + x);
    memcpy(o, tmp + n, (size_t)(24 - n));
    return o + (24 - n);
}

static inline char *timeline_put_int(char *o, long long x)
{
    if (x < 0) {
        *o++ = '-';
        return timeline_put_uint(o, 0ull - (unsigned long long)x);
    }
    return timeline_put_uint(o, (unsigned long long)x);
}

/* A number field, or '-' for none (NAN): " %.17g". Whole numbers below
 * 10^15 (sizes, tags) are their digits, as %.17g prints them. */
static inline char *timeline_put_field(char *o, double x)
{
    *o++ = ' ';
    if (isnan(x)) {
        *o++ = '-';
        return o;
    }
    if (x > -1e15 && x < 1e15) {
        long long i = (long long)x;   /* in range: defined */
        if ((double)i == x && !(i == 0 && signbit(x)))
            return timeline_put_int(o, i);
    }
    return o + snprintf(o, 32, "%.17g", x);
}

/* A time in seconds: %.9f (the nanosecond) below 1e15 s, %.17g from
 * there on, where %.9f would print more digits than a double holds, up to
 * 318 for a clock near DBL_MAX microseconds. */
#define TIMELINE_FIXED_BELOW 1e15

/* " %.9f" of t by integer arithmetic when |t| < 4e6 s: then p = |t|·1e9 <
 * 2^52, fma gives the product's exact error e (|t|·1e9 = p + e exactly),
 * and rint(p) is the nearest integer except where p is a half-integer,
 * where e decides (and a tie, e = 0, stays even, as glibc rounds).
 * Only then is e needed: p is a multiple of its ulp (at most 1/2), so a p
 * that is not a half-integer is at least an ulp from one, and |e| <= ulp/2
 * cannot carry it across. fma is a library call without -mfma. */
static inline char *timeline_put_time(char *o, double t)
{
    double a = fabs(t);
    if (!(a < 4e6))
        return o + snprintf(o, 40, a < TIMELINE_FIXED_BELOW ? " %.9f"
                                                             : " %.17g", t);
    double p = a * 1e9, r = rint(p), f = p - r;
    if (f == 0.5 || f == -0.5) {
        double e = fma(a, 1e9, -p);
        if (f == 0.5 && e > 0)
            r += 1;
        else if (f == -0.5 && e < 0)
            r -= 1;
    }
    unsigned long long n = (unsigned long long)r;
    *o++ = ' ';
    if (signbit(t))
        *o++ = '-';
    /* n < 4e15: whole seconds below 4e6, and nine decimals. */
    unsigned whole = (unsigned)(n / 1000000000u);
    unsigned frac = (unsigned)(n - (unsigned long long)whole * 1000000000u);
    o = timeline_put_u32(o, whole);
    *o++ = '.';
    /* Two halves of four and five digits, each two at a time, so that
     * the divisions of one half do not wait for the other's. */
    unsigned hi = frac / 100000, lo = frac - 100000 * hi;
    unsigned lo3 = lo % 1000;
    memcpy(o, timeline_pairs + 2 * (hi / 100), 2);
    memcpy(o + 2, timeline_pairs + 2 * (hi % 100), 2);
    memcpy(o + 4, timeline_pairs + 2 * (lo / 1000), 2);
    memcpy(o + 6, timeline_pairs + 2 * (lo3 / 10), 2);
    o[8] = (char)('0' + lo3 % 10);
    return o + 9;
}

static inline void timeline_time(FILE *fp, double t)
{
    char buf[48];
    fwrite(buf, 1, (size_t)(timeline_put_time(buf, t) - buf), fp);
}

/* A cache of the text of recent numbers, by their bits (a table per kind
 * of field, two ways per set), for the op records netsim writes by the
 * million: a time is written at least twice (a process's next operation
 * starts when the last one ended) and, in SPMD programs, by every process
 * of a phase; sizes and tags repeat. A hit copies the text instead of
 * converting the number again (about 15 instructions instead of 100 for
 * a time). The text is the formatter's own, so it is the same text. Two
 * ways: with one, two times in use together whose bits fell in one slot
 * evicted each other at every record (the ring at P = 10^5, K = 6: 13
 * times, 0.7 conversions a message). */
#define TIMELINE_CACHE_SLOTS 256

typedef struct {
    unsigned long long key;   /* the number's bits */
    char text[24];            /* its text; text[23]: its length */
} timeline_cache_slot;

#define TIMELINE_PAIR_SLOTS 128

typedef struct {
    timeline_cache_slot time[TIMELINE_CACHE_SLOTS];
    timeline_cache_slot field[TIMELINE_CACHE_SLOTS];
    /* The text of every rank below nranks (timeline_cache_ranks): an op
     * record copies its rank and partner instead of converting them. */
    const char (*ranks)[8];
    unsigned nranks;
    /* An op record's numbers two by two (timeline_pair_cached): bytes
     * and tag, start and end. */
    struct timeline_pair_slot {
        unsigned long long key[2];   /* the two numbers' bits */
        char text[48];               /* their text; text[47]: its length,
                                        0: none kept */
    } sizes[TIMELINE_PAIR_SLOTS], times[TIMELINE_PAIR_SLOTS];
} timeline_cache;

/* Fills table, n entries, with the text of each rank (its digits, then
 * their count in byte 7) for c: the first 10^7 (netsim's most processes),
 * whose 7 digits at most fit. At P = 10^5 the conversions of the rank
 * and the partner were 60 of an op record's 200 instructions (callgrind,
 * the bench's ring); 8 bytes a process. */
static inline void timeline_cache_ranks(timeline_cache *c, char (*table)[8],
                                        unsigned n)
{
    if (n > 10000000)
        n = 10000000;
    for (unsigned i = 0; i < n; i++)
        table[i][7] = (char)(timeline_put_u32(table[i], i) - table[i]);
    c->ranks = (const char (*)[8])table;
    c->nranks = n;
}

/* Rank x's text at o from c's table, by one copy of 8 bytes (up to 8
 * written, whatever its length). */
static inline char *timeline_put_rank(const timeline_cache *c, char *o,
                                      unsigned x)
{
    if (x < c->nranks) {
        memcpy(o, c->ranks[x], 8);
        return o + c->ranks[x][7];
    }
    return timeline_put_u32(o, x);
}

/* The text of x (a time when `time`, else a number field) at o, by the
 * cache; writes up to 24 bytes at o whatever the text's length. The set
 * of x is the slots 2h and 2h + 1: the first holds the number last put
 * there, the second the one before it. */
static inline char *timeline_cached(timeline_cache_slot *table, char *o,
                                    double x, int time)
{
    unsigned long long key;
    memcpy(&key, &x, sizeof key);
    timeline_cache_slot *c =
        &table[(key * 0x9E3779B97F4A7C15ull) >> 57 << 1];   /* 128 sets */
    if (c->key == key) {
        memcpy(o, c->text, 24);
        return o + c->text[23];
    }
    if (c[1].key == key) {
        memcpy(o, c[1].text, 24);
        return o + c[1].text[23];
    }
    char *end = time ? timeline_put_time(o, x) : timeline_put_field(o, x);
    size_t n = (size_t)(end - o);
    if (n < 24) {
        c[1] = c[0];
        c->key = key;
        memcpy(c->text, o, n);
        c->text[23] = (char)n;
    }
    return end;
}

/* A pair not in its slot t of table single: each number by the cache of
 * single numbers, then the two kept in t. (Out of line: inlined twice
 * into every op record, the four conversions made the blocking
 * operations that write records save registers.) */
static __attribute__((noinline)) char *
timeline_pair_miss(struct timeline_pair_slot *t, timeline_cache_slot *single,
                   int time, char *o, double x, double y)
{
    char *e = timeline_cached(single, o, x, time);
    e = timeline_cached(single, e, y, time);
    size_t n = (size_t)(e - o);
    if (n < 48) {
        memcpy(&t->key[0], &x, 8);
        memcpy(&t->key[1], &y, 8);
        memcpy(t->text, o, n);
        t->text[47] = (char)n;
    }
    return e;
}

/* The text of x and y (times when `time`, else number fields) at o, by
 * the table of pairs, else by single's; writes up to 48 bytes at o
 * whatever the text's length. An op record's bytes and tag, and its start
 * and end, mostly come again together (the two records of a message, the
 * messages of a phase): one lookup for two, callgrind, the bench's ring at
 * P = 10^5: 1257 -> 1206 instructions a message. */
static inline char *timeline_pair_cached(struct timeline_pair_slot *table,
                                         timeline_cache_slot *single,
                                         int time, char *o, double x,
                                         double y)
{
    unsigned long long a, b;
    memcpy(&a, &x, 8);
    memcpy(&b, &y, 8);
    struct timeline_pair_slot *t =
        &table[((a + b * 0xC2B2AE3D27D4EB4Full) * 0x9E3779B97F4A7C15ull) >>
               57];   /* 128 slots */
    if (((t->key[0] ^ a) | (t->key[1] ^ b)) == 0 && t->text[47]) {
        /* (16 bytes at a time: gcc made one copy of 48 a rep movs, 16
         * instructions.) */
        for (int i = 0; i < 48; i += 16)
            memcpy(o + i, t->text + i, 16);
        return o + t->text[47];
    }
    return timeline_pair_miss(t, single, time, o, x, y);
}

/* Every slot holds 0.0 and its text, so that any hit is a true one; the
 * pairs' slots hold none. */
static inline void timeline_cache_init(timeline_cache *c)
{
    memset(c->sizes, 0, sizeof c->sizes);
    memset(c->times, 0, sizeof c->times);
    c->ranks = NULL;
    c->nranks = 0;
    for (int i = 0; i < TIMELINE_CACHE_SLOTS; i++) {
        c->time[i].key = c->field[i].key = 0;   /* the bits of 0.0 */
        c->time[i].text[23] =
            (char)(timeline_put_time(c->time[i].text, 0.0) - c->time[i].text);
        c->field[i].text[23] =
            (char)(timeline_put_field(c->field[i].text, 0.0) -
                   c->field[i].text);
    }
}

/* An op record, newline included, into buf (TIMELINE_LINE_MAX bytes);
 * its length. rank >= 0; times in seconds; partner < 0, bytes or tag
 * NAN: none. With a cache (else NULL), numbers go through it. */
static inline size_t timeline_op_text_cached(timeline_cache *c, char *buf,
                                             int rank, int kind, int partner,
                                             double bytes, double tag,
                                             double start, double end)
{
    char *o = buf;
    memcpy(o, "op ", 3);
    o = c ? timeline_put_rank(c, o + 3, (unsigned)rank)   /* ranks are >= 0 */
          : timeline_put_u32(o + 3, (unsigned)rank);
    *o++ = ' ';
    memcpy(o, timeline_kinds[kind], 16);
    o += timeline_kinds_len[kind];
    *o++ = ' ';
    if (partner < 0)
        *o++ = '-';
    else
        o = c ? timeline_put_rank(c, o, (unsigned)partner)
              : timeline_put_u32(o, (unsigned)partner);
    if (c) {
        o = timeline_pair_cached(c->sizes, c->field, 0, o, bytes, tag);
        o = timeline_pair_cached(c->times, c->time, 1, o, start, end);
    } else {
        o = timeline_put_field(o, bytes);
        o = timeline_put_field(o, tag);
        o = timeline_put_time(o, start);
        o = timeline_put_time(o, end);
    }
    *o++ = '\n';
    return (size_t)(o - buf);
}

static inline size_t timeline_op_text(char *buf, int rank, int kind,
                                      int partner, double bytes, double tag,
                                      double start, double end)
{
    return timeline_op_text_cached(NULL, buf, rank, kind, partner, bytes, tag,
                                   start, end);
}

static inline void timeline_op(FILE *fp, int rank, int kind, int partner,
                               double bytes, double tag, double start,
                               double end)
{
    char buf[TIMELINE_LINE_MAX];
    fwrite(buf, 1, timeline_op_text(buf, rank, kind, partner, bytes, tag,
                                    start, end), fp);
}

static inline void timeline_processes_head(FILE *fp)
{
    fputs("# process RANK FINAL COMPUTE COMM IDLE   (seconds)\n", fp);
}

/* A process record, newline included, into buf (TIMELINE_LINE_MAX
 * bytes); its length. idle NAN: not measured ('-'). With a cache (else
 * NULL), times go through it: at P = 10^5, converting the four times of
 * each process took as many instructions as 20 000 messages, and in an
 * SPMD program most processes end with the same times. */
static inline size_t timeline_process_text_cached(timeline_cache *c,
                                                  char *buf, int rank,
                                                  double final,
                                                  double compute,
                                                  double comm, double idle)
{
    char *o = buf;
    double t[4] = {final, compute, comm, idle};
    memcpy(o, "process ", 8);
    o = timeline_put_u32(o + 8, (unsigned)rank);
    for (int i = 0; i < 4; i++) {
        if (i == 3 && isnan(idle)) {
            memcpy(o, " -", 2);
            o += 2;
        } else {
            o = c ? timeline_cached(c->time, o, t[i], 1)
                  : timeline_put_time(o, t[i]);
        }
    }
    *o++ = '\n';
    return (size_t)(o - buf);
}

static inline size_t timeline_process_text(char *buf, int rank, double final,
                                           double compute, double comm,
                                           double idle)
{
    return timeline_process_text_cached(NULL, buf, rank, final, compute,
                                        comm, idle);
}

static inline void timeline_process(FILE *fp, int rank, double final,
                                    double compute, double comm, double idle)
{
    char buf[TIMELINE_LINE_MAX];
    fwrite(buf, 1, timeline_process_text(buf, rank, final, compute, comm,
                                         idle), fp);
}

static inline void timeline_summary(FILE *fp, double max, double mean,
                                    unsigned long long messages,
                                    unsigned long long ops, int nprocs)
{
    fputs("# summary MAX MEAN MESSAGES\nsummary", fp);
    timeline_time(fp, max);
    timeline_time(fp, mean);
    fprintf(fp, " %llu\nend %llu %d\n", messages, ops, nprocs);
}

#endif
