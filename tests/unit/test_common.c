/* test_common.c — unit tests of lib/common: memory, diagnostics, the
 * random generator, atomic output files and the text-format reader and
 * writers. */
/* mknod and S_IFCHR (a private character device) are XSI. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/common.h"
#include "unit.h"

/* ---------------------------------------------------------------- helpers */

/* Diagnostics captured in memory, printed as program "test". */
typedef struct {
    char *buf;
    size_t size;
    FILE *fp;
    diag d;
} capture;

static void cap_open(capture *c)
{
    c->buf = NULL;
    c->size = 0;
    c->fp = open_memstream(&c->buf, &c->size);
    diag_init(&c->d, "test", c->fp);
}

static const char *cap_text(capture *c)
{
    fflush(c->fp);
    return c->buf ? c->buf : "";
}

static void cap_close(capture *c)
{
    fclose(c->fp);
    free(c->buf);
}

/* An input stream holding n bytes of text (NULs allowed). */
static FILE *input_n(const char *text, size_t n)
{
    FILE *fp = tmpfile();
    fwrite(text, 1, n, fp);
    rewind(fp);
    return fp;
}

static FILE *input(const char *text)
{
    return input_n(text, strlen(text));
}

/* Runs fn in a child process with its stderr captured into err (at most
 * errsize - 1 bytes); returns the child's exit status, -1 if it did not
 * exit normally. Used for the paths that end in exit(). */
static int run_child(void (*fn)(void), char *err, size_t errsize)
{
    FILE *tmp = tmpfile();
    fflush(NULL);   /* or the child would print our buffered TAP lines again */
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fileno(tmp), 2);
        fn();
        _exit(99);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    rewind(tmp);
    size_t n = fread(err, 1, errsize - 1, tmp);
    err[n] = '\0';
    fclose(tmp);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* ----------------------------------------------------------------- memory */

static void test_xalloc(void)
{
    char *s = xstrdup("hello");
    CHECK_STR(s, "hello");
    free(s);
    s = xstrndup("hello", 3);
    CHECK_STR(s, "hel");
    free(s);
    s = xstrndup("hi", 10);   /* n beyond the string: stops at its NUL */
    CHECK_STR(s, "hi");
    free(s);

    int *z = xcalloc(100, sizeof *z);
    int all_zero = 1;
    for (int i = 0; i < 100; i++)
        all_zero &= z[i] == 0;
    CHECK(all_zero);
    z = xrealloc(z, 1000 * sizeof *z);
    CHECK_INT(z[99], 0);   /* realloc keeps the contents */
    free(z);

    /* Size 0 must not look like exhaustion. */
    void *p = xmalloc(0);
    CHECK(p != NULL);
    p = xrealloc(p, 0);
    CHECK(p != NULL);
    free(p);
    p = xcalloc(0, 8);
    CHECK(p != NULL);
    free(p);
}

static void test_grow_array(void)
{
    int *items = NULL;
    size_t cap = 0;
    grow_array((void **)&items, &cap, sizeof *items, 1);
    CHECK_INT(cap, 8);   /* minimum capacity */
    grow_array((void **)&items, &cap, sizeof *items, 8);
    CHECK_INT(cap, 8);   /* already enough: unchanged */
    grow_array((void **)&items, &cap, sizeof *items, 9);
    CHECK_INT(cap, 16);  /* doubling */
    grow_array((void **)&items, &cap, sizeof *items, 100);
    CHECK_INT(cap, 128);
    free(items);

    VEC(int) v = {0};
    for (int i = 0; i < 1000; i++)
        VEC_PUSH(&v, i * i);
    CHECK_INT(v.len, 1000);
    CHECK(v.cap >= 1000);
    CHECK_INT(v.items[999], 999 * 999);
    free(v.items);
}

static void grow_overflow_child(void)
{
    /* need * elem_size overflows size_t: refused before any allocation. */
    void *items = NULL;
    size_t cap = 0;
    grow_array(&items, &cap, SIZE_MAX / 2, 3);
}

static void test_grow_array_overflow(void)
{
    char err[256];
    CHECK_INT(run_child(grow_overflow_child, err, sizeof err), 1);
    CHECK_STR(err, "perfpipe: out of memory\n");   /* no name set */
}

static void test_arena(void)
{
    arena a = {0};
    /* Zeroed and aligned, across many blocks (first 16 KiB, then larger). */
    int all_zero_aligned = 1;
    long double *last = NULL;
    for (int i = 0; i < 100000; i++) {
        long double *x = arena_alloc(&a, i % 7 ? sizeof *x : 3);
        if (*x != 0 || (uintptr_t)x % _Alignof(max_align_t) != 0 || x == last)
            all_zero_aligned = 0;
        *x = i;
        last = x;
    }
    CHECK(all_zero_aligned);
    /* A request larger than any block gets its own. */
    unsigned char *big = arena_alloc(&a, 5u << 20);
    CHECK(big[0] == 0 && big[(5u << 20) - 1] == 0);
    char *s = arena_strndup(&a, "hello world", 5);
    CHECK_STR(s, "hello");
    VEC(int) v = {0};
    for (int i = 0; i < 1000; i++)
        ARENA_PUSH(&a, &v, i * i);
    CHECK_INT(v.len, 1000);
    CHECK(v.cap >= 1000);
    CHECK_INT(v.items[0], 0);
    CHECK_INT(v.items[999], 999 * 999);
    arena_free(&a);
    CHECK(a.blocks == NULL);
    arena_free(&a);                 /* twice is harmless */
}

static void arena_overflow_child(void)
{
    arena a = {0};
    VEC(int) v = {0};
    arena_grow(&a, (void **)&v.items, &v.cap, SIZE_MAX / 2, 3);
}

static void test_arena_overflow(void)
{
    char err[256];
    CHECK_INT(run_child(arena_overflow_child, err, sizeof err), 1);
    CHECK_STR(err, "perfpipe: out of memory\n");
}

/* Keys inline and on the heap, the empty key, keys with NUL bytes, u64
 * keys, replacement and growth through many rehashes. */
static void test_keymap(void)
{
    keymap m = {0};
    size_t v = 99;
    CHECK(!keymap_get(&m, "a", 1, &v));          /* empty map */
    CHECK_INT(v, 99);
    keymap_put(&m, "", 0, 7);
    CHECK(keymap_get(&m, "", 0, &v) && v == 7);
    keymap_put(&m, "a\0b", 3, 1);
    CHECK(keymap_get(&m, "a\0b", 3, &v) && v == 1);
    CHECK(!keymap_get(&m, "a\0c", 3, &v));
    CHECK(!keymap_get(&m, "a", 1, &v));
    const char *longkey = "a key longer than the sixteen inline bytes";
    keymap_put(&m, longkey, strlen(longkey), 2);
    keymap_put(&m, "exactly 16 bytes", 16, 3);
    keymap_put(&m, "seventeen bytes!!", 17, 4);
    CHECK(keymap_get(&m, longkey, strlen(longkey), &v) && v == 2);
    CHECK(keymap_get(&m, "exactly 16 bytes", 16, &v) && v == 3);
    CHECK(keymap_get(&m, "seventeen bytes!!", 17, &v) && v == 4);
    CHECK(!keymap_get(&m, longkey, strlen(longkey) - 1, &v));
    keymap_put(&m, longkey, strlen(longkey), 5);  /* replaces */
    CHECK(keymap_get(&m, longkey, strlen(longkey), &v) && v == 5);
    CHECK_INT(m.len, 5);
    char key[64];
    int all = 1;
    for (size_t i = 0; i < 20000; i++) {
        int n = snprintf(key, sizeof key, i % 2 ? "k%zu" : "a longer key number %zu", i);
        keymap_put(&m, key, (size_t)n, i);
        keymap_put_u64(&m, (uint64_t)i * 0x9e3779b97f4a7c15u, i + 1);
    }
    for (size_t i = 0; i < 20000; i++) {
        int n = snprintf(key, sizeof key, i % 2 ? "k%zu" : "a longer key number %zu", i);
        all &= keymap_get(&m, key, (size_t)n, &v) && v == i;
        all &= keymap_get_u64(&m, (uint64_t)i * 0x9e3779b97f4a7c15u, &v) && v == i + 1;
    }
    CHECK(all);
    CHECK_INT(m.len, 5 + 40000);
    CHECK(keymap_get(&m, "exactly 16 bytes", 16, &v) && v == 3);
    keymap_free(&m);
    CHECK(!keymap_get(&m, "", 0, &v));
}

static void named_overflow_child(void)
{
    set_program_name("tool");
    grow_overflow_child();
}

static void test_out_of_memory_names_program(void)
{
    char err[256];
    CHECK_INT(run_child(named_overflow_child, err, sizeof err), 1);
    CHECK_STR(err, "tool: out of memory\n");
}

static void test_strbuf(void)
{
    strbuf sb = {0};
    CHECK_STR(sb_str(&sb), "");   /* empty, never appended: "" not NULL */
    sb_putc(&sb, 'a');
    sb_puts(&sb, "bc");
    sb_putn(&sb, "defXYZ", 3);
    CHECK_STR(sb_str(&sb), "abcdef");
    CHECK_INT(sb.len, 6);
    sb_printf(&sb, "-%d-%s", 42, "x");
    CHECK_STR(sb_str(&sb), "abcdef-42-x");

    char *before = sb.text;
    sb_clear(&sb);
    CHECK_STR(sb_str(&sb), "");
    CHECK_INT(sb.len, 0);
    CHECK(sb.text == before);   /* keeps the memory */

    /* Longer than any capacity so far, through both appenders. */
    for (int i = 0; i < 1000; i++)
        sb_printf(&sb, "%04d", i);
    CHECK_INT(sb.len, 4000);
    CHECK(strncmp(sb.text + 3996, "0999", 4) == 0);
    CHECK_INT(strlen(sb.text), 4000);
    sb_printf(&sb, "%s", "");   /* empty output appends nothing */
    CHECK_INT(sb.len, 4000);

    sb_free(&sb);
    CHECK(sb.text == NULL);
    CHECK_INT(sb.len, 0);
    CHECK_INT(sb.cap, 0);
}

static void test_overflow_helpers(void)
{
    uint64_t out = 7;
    CHECK_INT(mul_u64(3, 5, &out), 1);
    CHECK_INT(out, 15);
    CHECK_INT(add_u64(3, 5, &out), 1);
    CHECK_INT(out, 8);
    CHECK_INT(mul_u64(UINT64_MAX / 2, 2, &out), 1);
    CHECK(out == UINT64_MAX - 1);

    out = 7;
    CHECK_INT(mul_u64(UINT64_MAX / 2, 3, &out), 0);
    CHECK_INT(out, 7);   /* untouched on overflow */
    CHECK_INT(mul_u64(1ull << 32, 1ull << 32, &out), 0);
    CHECK_INT(add_u64(UINT64_MAX, 1, &out), 0);
    CHECK_INT(out, 7);
    CHECK_INT(add_u64(UINT64_MAX - 1, 1, &out), 1);
    CHECK(out == UINT64_MAX);

    /* split_start is floor(n q / parts), n q past 64 bits included; the
     * parts cover n, 36 on 5 parts as 7 7 7 7 8 */
    static const uint64_t ns[] = {0, 1, 36, 1679616, UINT64_MAX / 3,
                                  UINT64_MAX};
    static const uint64_t ps[] = {1, 2, 3, 5, 7, 65536, 1ull << 32};
    for (size_t i = 0; i < sizeof ns / sizeof *ns; i++)
        for (size_t k = 0; k < sizeof ps / sizeof *ps; k++)
            for (uint64_t q = 0; q <= ps[k] && q < 9; q++) {
                unsigned __int128 want = (unsigned __int128)ns[i] * q / ps[k];
                CHECK(split_start(ns[i], q, ps[k]) == (uint64_t)want);
            }
    for (size_t k = 0; k < sizeof ps / sizeof *ps; k++)
        CHECK(split_start(UINT64_MAX, ps[k], ps[k]) == UINT64_MAX);
    CHECK(split_start(36, 4, 5) == 28 && split_start(36, 5, 5) == 36);
}

/* ------------------------------------------------------------ diagnostics */

static void test_diag_format(void)
{
    capture c;
    cap_open(&c);
    diag_error(&c.d, (srcloc){"f.txt", 3, 7}, "bad %s", "thing");
    diag_error(&c.d, (srcloc){"f.txt", 3, 0}, "no column");
    diag_error(&c.d, (srcloc){"f.txt", 0, 0}, "no line");
    diag_error(&c.d, (srcloc){"f.txt", 0, 5}, "column without line");
    diag_error(&c.d, (srcloc){NULL, 0, 0}, "nowhere");
    diag_error(&c.d, (srcloc){NULL, 3, 7}, "line without file");
    diag_warning(&c.d, (srcloc){"f.txt", 1, 2}, "careful");
    diag_note(&c.d, (srcloc){"f.txt", 1, 1}, "defined here");
    CHECK_STR(cap_text(&c),
              "test: f.txt:3:7: error: bad thing\n"
              "test: f.txt:3: error: no column\n"
              "test: f.txt: error: no line\n"
              "test: f.txt: error: column without line\n"
              "test: error: nowhere\n"
              "test: error: line without file\n"
              "test: f.txt:1:2: warning: careful\n"
              "test: f.txt:1:1: note: defined here\n");
    CHECK_INT(c.d.errors, 6);
    CHECK_INT(c.d.warnings, 1);
    cap_close(&c);
}

static void verror_wrapper(diag *d, srcloc at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void verror_wrapper(diag *d, srcloc at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(d, at, fmt, ap);
    va_end(ap);
}

/* Input quoted in a message is cut after 40 bytes when longer than 128,
 * without splitting UTF-8; apostrophes are not quotes; a message longer
 * than 2048 bytes keeps its start and its last 256 bytes. */
static void test_diag_cuts_long_input(void)
{
    strbuf big = {0};
    for (int i = 0; i < 100000; i++)
        sb_putc(&big, '7');
    capture c;
    cap_open(&c);
    diag_error(&c.d, (srcloc){"f", 1, 2}, "number '%s' is out of range",
               big.text);
    CHECK_STR(cap_text(&c), "test: f:1:2: error: number "
              "'7777777777777777777777777777777777777777...' is out of range\n");
    cap_close(&c);

    sb_clear(&big);
    sb_puts(&big, "a");
    for (int i = 0; i < 100; i++)
        sb_puts(&big, "\xc3\xa9");   /* é: byte 40 is inside one */
    cap_open(&c);
    diag_error(&c.d, (srcloc){0}, "name '%s'", big.text);
    CHECK_STR(cap_text(&c), "test: error: name 'a\xc3\xa9\xc3\xa9\xc3\xa9"
              "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
              "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
              "...'\n");
    cap_close(&c);

    /* Bytes that are not UTF-8, all continuation bytes: cut at 40 (the
     * cut moved back to before the quote, and the length wrapped round:
     * "out of memory" from a 146-byte vector file, found by fuzz_vector). */
    sb_clear(&big);
    for (int i = 0; i < 143; i++)
        sb_putc(&big, '\x8b');
    cap_open(&c);
    diag_error(&c.d, (srcloc){0}, "got a '%s' file", big.text);
    char bad[128];
    snprintf(bad, sizeof bad, "test: error: got a '%.40s...' file\n",
             big.text);
    CHECK_STR(cap_text(&c), bad);
    cap_close(&c);

    /* Short quotes, and prose with apostrophes around a long run. */
    sb_clear(&big);
    for (int i = 0; i < 200; i++)
        sb_putc(&big, 'x');
    cap_open(&c);
    diag_error(&c.d, (srcloc){0}, "the program's '%s' isn't %s's", "ab",
               big.text);
    char want[512];
    snprintf(want, sizeof want, "test: error: the program's 'ab' isn't "
             "%s's\n", big.text);
    CHECK_STR(cap_text(&c), want);
    cap_close(&c);

    /* Unquoted: start and end kept. */
    sb_clear(&big);
    for (int i = 0; i < 5000; i++)
        sb_putc(&big, 'y');
    cap_open(&c);
    diag_error(&c.d, (srcloc){0}, "%s, expected z", big.text);
    const char *got = cap_text(&c);
    CHECK_INT(strlen(got), strlen("test: error: ") + 1792 + 5 + 256 + 1);
    CHECK(strstr(got, "yyy ... yyy") != NULL);
    CHECK(strstr(got, "y, expected z\n") != NULL);
    cap_close(&c);
    sb_free(&big);
}

static void test_diag_verror(void)
{
    capture c;
    cap_open(&c);
    verror_wrapper(&c.d, (srcloc){"g", 2, 1}, "%d+%d", 1, 2);
    CHECK_STR(cap_text(&c), "test: g:2:1: error: 1+2\n");
    CHECK_INT(c.d.errors, 1);
    cap_close(&c);
}

static void test_diag_max_errors(void)
{
    capture c;
    cap_open(&c);
    c.d.max_errors = 2;
    diag_error(&c.d, (srcloc){0}, "one");
    diag_error(&c.d, (srcloc){0}, "two");
    diag_note(&c.d, (srcloc){0}, "about two");
    diag_error(&c.d, (srcloc){0}, "three");
    diag_note(&c.d, (srcloc){0}, "about three");   /* its error is hidden */
    diag_error(&c.d, (srcloc){0}, "four");
    diag_warning(&c.d, (srcloc){0}, "still shown");
    CHECK_STR(cap_text(&c),
              "test: error: one\n"
              "test: error: two\n"
              "test: note: about two\n"
              "test: warning: still shown\n");
    CHECK_INT(c.d.errors, 4);   /* counting goes on */
    CHECK_INT(c.d.warnings, 1);
    cap_close(&c);
}

static void test_diag_warnings_are_errors(void)
{
    capture c;
    cap_open(&c);
    c.d.warnings_are_errors = 1;
    diag_warning(&c.d, (srcloc){"w.txt", 4, 0}, "unused %s", "x");
    CHECK_STR(cap_text(&c), "test: w.txt:4: error: unused x\n");
    CHECK_INT(c.d.errors, 1);
    CHECK_INT(c.d.warnings, 0);
    cap_close(&c);
}

static void test_diag_init(void)
{
    diag d;
    diag_init(&d, "prog", NULL);
    CHECK(d.out == stderr);   /* NULL means stderr */
    CHECK_STR(d.prog, "prog");
    CHECK_INT(d.errors, 0);
    CHECK_INT(d.warnings, 0);
    CHECK_INT(d.max_errors, 0);
    CHECK_INT(d.warnings_are_errors, 0);
}

static void die_child(void)
{
    die("prog", 3, "cannot %s %d", "frob", 7);
}

static void test_die(void)
{
    char err[256];
    CHECK_INT(run_child(die_child, err, sizeof err), 3);
    CHECK_STR(err, "prog: cannot frob 7\n");
}

static const char *const colours[] = {"red", "green", "blue", NULL};
static const char *const lone[] = {"only", NULL};

static void option_word_child(void)
{
    option_word("prog", "--colour", "mauve", colours);
}

static void option_word_lone_child(void)
{
    option_word("prog", "--mode", "Only", lone);
}

/* One table gives the parse and the message; the message lists every word
 * of the table ("a, b or c"; a lone word alone), and the match is exact
 * (no prefix, no case folding). */
static void test_option_word(void)
{
    CHECK_INT(word_index("green", colours), 1);
    CHECK_INT(word_index("gree", colours), -1);
    CHECK_INT(word_index("", colours), -1);
    CHECK_INT(option_word("prog", "--colour", "blue", colours), 2);
    char err[256];
    CHECK_INT(run_child(option_word_child, err, sizeof err), 2);
    CHECK_STR(err, "prog: --colour wants red, green or blue, not 'mauve'\n"
                   "Try 'prog --help'.\n");
    CHECK_INT(run_child(option_word_lone_child, err, sizeof err), 2);
    CHECK_STR(err, "prog: --mode wants only, not 'Only'\n"
                   "Try 'prog --help'.\n");
}

/* ----------------------------------------------------------------- random */

static void test_splitmix64_vectors(void)
{
    uint64_t state = 0;
    CHECK(splitmix64_next(&state) == 0xe220a8397b1dcdafu);
    CHECK(splitmix64_next(&state) == 0x6e789e6aa1b965f4u);
    CHECK(splitmix64_next(&state) == 0x06c45d188009454fu);
}

static void test_xoshiro_vectors(void)
{
    rng r = {{1, 2, 3, 4}};
    CHECK(rng_next(&r) == 11520u);
    CHECK(rng_next(&r) == 0u);
    CHECK(rng_next(&r) == 1509978240u);
    CHECK(rng_next(&r) == 1215971899390074240u);
}

static void test_rng_seed(void)
{
    /* The state is four successive splitmix64 outputs from the seed. */
    rng r;
    rng_seed(&r, 0);
    CHECK(r.s[0] == 0xe220a8397b1dcdafu);
    CHECK(r.s[1] == 0x6e789e6aa1b965f4u);
    CHECK(r.s[2] == 0x06c45d188009454fu);
    uint64_t state = 0;
    for (int i = 0; i < 3; i++)
        splitmix64_next(&state);
    CHECK(r.s[3] == splitmix64_next(&state));
}

static void test_rng_determinism(void)
{
    rng a, b, c;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    rng_seed(&c, 43);
    int same = 1, differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = rng_next(&a);
        same &= x == rng_next(&b);
        differ += x != rng_next(&c);
    }
    CHECK(same);
    CHECK(differ > 990);   /* independent streams collide ~never */
}

static void test_rng_uniform(void)
{
    rng r;
    rng_seed(&r, 1);
    int n = 100000, in_range = 1, on_grid = 1;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double u = rng_uniform(&r);
        in_range &= u >= 0.0 && u < 1.0;
        double scaled = u * 0x1.0p53;   /* a multiple of 2^-53 */
        on_grid &= scaled == floor(scaled);
        sum += u;
    }
    CHECK(in_range);
    CHECK(on_grid);
    /* The mean of n uniforms has sd sqrt(1/12/n) ~= 0.000913; tolerance
     * 5 standard errors. */
    CHECK_NEAR(sum / n, 0.5, 5 * sqrt(1.0 / 12 / n));

    /* The top 53 bits, scaled: the first value by hand. */
    rng a, b;
    rng_seed(&a, 9);
    rng_seed(&b, 9);
    CHECK(rng_uniform(&a) == (double)(rng_next(&b) >> 11) / 9007199254740992.0);
}

static void test_rng_below(void)
{
    rng r;
    rng_seed(&r, 2);
    int ones_ok = 1;
    for (int i = 0; i < 100; i++)
        ones_ok &= rng_below(&r, 1) == 0;
    CHECK(ones_ok);

    enum { N = 100000, K = 10 };
    int counts[K] = {0}, in_range = 1;
    for (int i = 0; i < N; i++) {
        uint64_t x = rng_below(&r, K);
        in_range &= x < K;
        if (x < K)
            counts[x]++;
    }
    CHECK(in_range);
    /* Each count is binomial(N, 1/K): sd sqrt(N p (1-p)) ~= 94.9;
     * tolerance 5 sd. */
    double tol = 5 * sqrt(N * 0.1 * 0.9);
    for (int k = 0; k < K; k++)
        CHECK_NEAR(counts[k], N / K, tol);

    /* bound = 3 * 2^62: a plain `next % bound` would put half the draws
     * below 2^62, an unbiased one a third. Tolerance 5 standard errors of
     * a proportion, sqrt(1/3 * 2/3 / N) ~= 0.0015. */
    uint64_t bound = 3ull << 62;
    int low = 0;
    in_range = 1;
    for (int i = 0; i < N; i++) {
        uint64_t x = rng_below(&r, bound);
        in_range &= x < bound;
        low += x < (1ull << 62);
    }
    CHECK(in_range);
    CHECK_NEAR((double)low / N, 1.0 / 3, 5 * sqrt(1.0 / 3 * 2.0 / 3 / N));
}

static void test_rng_normal(void)
{
    rng r;
    rng_seed(&r, 3);
    enum { N = 100000 };
    double mean = 3.0, sd = 2.0, sum = 0, sumsq = 0;
    int finite = 1;
    for (int i = 0; i < N; i++) {
        double x = rng_normal(&r, mean, sd);
        finite &= isfinite(x);
        sum += x;
        sumsq += x * x;
    }
    CHECK(finite);
    double m = sum / N;
    double s = sqrt((sumsq - N * m * m) / (N - 1));
    /* Tolerances are 5 standard errors: sd/sqrt(N) ~= 0.0063 for the
     * mean, sd/sqrt(2N) ~= 0.0045 for the standard deviation. */
    CHECK_NEAR(m, mean, 5 * sd / sqrt(N));
    CHECK_NEAR(s, sd, 5 * sd / sqrt(2.0 * N));

    /* Exactly two draws per normal, no cached value (the reproducibility
     * contract): afterwards the state matches two rng_next calls. */
    rng a, b;
    rng_seed(&a, 5);
    rng_seed(&b, 5);
    rng_normal(&a, 0, 1);
    rng_next(&b);
    rng_next(&b);
    CHECK(memcmp(a.s, b.s, sizeof a.s) == 0);
}

/* ----------------------------------------------------------- output files */

static int dir_entries(const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dp)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(dp);
    return n;
}

static void slurp(const char *path, char *buf, size_t size)
{
    buf[0] = '\0';
    FILE *fp = fopen(path, "r");
    if (!fp)
        return;
    size_t n = fread(buf, 1, size - 1, fp);
    buf[n] = '\0';
    fclose(fp);
}

static void test_out_commit(void)
{
    char dir[] = "/tmp/perfpipe-test-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char path[256], buf[64];
    snprintf(path, sizeof path, "%s/out.txt", dir);

    outfile o;
    CHECK_INT(out_open(&o, path), 0);
    CHECK_STR(o.path, path);
    CHECK(o.tmp_path && strncmp(o.tmp_path, path, strlen(path)) == 0);
    CHECK(strstr(o.tmp_path, ".tmp") == o.tmp_path + strlen(path));
    fputs("hello\n", o.fp);
    CHECK_INT(dir_entries(dir), 1);   /* only the temporary so far */
    slurp(path, buf, sizeof buf);
    CHECK_STR(buf, "");               /* the path does not exist yet */
    CHECK_INT(out_commit(&o), 0);
    slurp(path, buf, sizeof buf);
    CHECK_STR(buf, "hello\n");
    CHECK_INT(dir_entries(dir), 1);   /* the temporary became the file */

    /* The usual permissions, not mkstemp's 0600. */
    mode_t mask = umask(0);
    umask(mask);
    struct stat st;
    CHECK_INT(stat(path, &st), 0);
    CHECK_INT(st.st_mode & 0777, 0666 & ~mask);

    /* Overwriting: abort keeps the old file, commit replaces it. */
    CHECK_INT(out_open(&o, path), 0);
    fputs("partial", o.fp);
    out_abort(&o);
    slurp(path, buf, sizeof buf);
    CHECK_STR(buf, "hello\n");
    CHECK_INT(out_open(&o, path), 0);
    fputs("second\n", o.fp);
    CHECK_INT(out_commit(&o), 0);
    slurp(path, buf, sizeof buf);
    CHECK_STR(buf, "second\n");
    CHECK_INT(dir_entries(dir), 1);

    unlink(path);
    CHECK_INT(rmdir(dir), 0);
}

static void test_out_abort(void)
{
    char dir[] = "/tmp/perfpipe-test-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char path[256];
    snprintf(path, sizeof path, "%s/out.txt", dir);
    outfile o;
    CHECK_INT(out_open(&o, path), 0);
    fputs("never seen\n", o.fp);
    out_abort(&o);
    CHECK_INT(dir_entries(dir), 0);   /* no file, no temporary */
    CHECK(o.fp == NULL && o.path == NULL && o.tmp_path == NULL);
    out_abort(&o);                    /* a second abort is harmless */
    CHECK_INT(rmdir(dir), 0);
}

static void test_out_failures(void)
{
    outfile o;
    errno = 0;
    CHECK_INT(out_open(&o, "/nonexistent-perfpipe-dir/out.txt"), -1);
    CHECK_INT(errno, ENOENT);
    CHECK(o.fp == NULL);
    out_abort(&o);   /* safe after a failed open */

    /* A failing rename (the path became a non-empty directory after the
     * open) removes the temporary and reports the rename's errno. */
    char dir[] = "/tmp/perfpipe-test-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char sub[256], inner[300];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    snprintf(inner, sizeof inner, "%s/keep", sub);
    CHECK_INT(out_open(&o, sub), 0);
    fputs("x", o.fp);
    CHECK_INT(mkdir(sub, 0700), 0);
    FILE *fp = fopen(inner, "w");
    if (fp)
        fclose(fp);
    errno = 0;
    CHECK_INT(out_commit(&o), -1);
    CHECK(errno != 0);
    CHECK_INT(dir_entries(dir), 1);   /* just sub: the temporary is gone */
    unlink(inner);
    rmdir(sub);
    CHECK_INT(rmdir(dir), 0);
}

static void test_out_stdout(void)
{
    outfile o;
    CHECK_INT(out_open(&o, NULL), 0);
    CHECK(o.fp == stdout && o.path == NULL && o.tmp_path == NULL);
    CHECK_INT(out_commit(&o), 0);
    CHECK_INT(out_open(&o, "-"), 0);
    CHECK(o.fp == stdout && o.path == NULL && o.tmp_path == NULL);
    out_abort(&o);   /* a no-op for stdout */
    CHECK(o.fp == stdout);
}

/* A symbolic link is followed: the link stays, its target gets the new
 * contents (atomically, beside the target), also when the target does not
 * exist yet; the target's permissions are kept. */
static void test_out_symlink(void)
{
    char dir[] = "/tmp/perfpipe-test-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char target[256], link[256], dangling[256], created[256], buf[64];
    snprintf(target, sizeof target, "%s/target.txt", dir);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    snprintf(dangling, sizeof dangling, "%s/dangling.txt", dir);
    snprintf(created, sizeof created, "%s/created.txt", dir);
    FILE *fp = fopen(target, "w");
    if (fp) {
        fputs("old\n", fp);
        fclose(fp);
    }
    CHECK_INT(chmod(target, 0640), 0);
    CHECK_INT(symlink("target.txt", link), 0);        /* relative */
    CHECK_INT(symlink("created.txt", dangling), 0);   /* not there yet */

    outfile o;
    CHECK_INT(out_open(&o, link), 0);
    CHECK_STR(o.path, target);
    fputs("new\n", o.fp);
    CHECK_INT(out_commit(&o), 0);
    struct stat st;
    CHECK_INT(lstat(link, &st), 0);
    CHECK(S_ISLNK(st.st_mode));
    slurp(target, buf, sizeof buf);
    CHECK_STR(buf, "new\n");
    CHECK_INT(stat(target, &st), 0);
    CHECK_INT(st.st_mode & 0777, 0640);

    CHECK_INT(out_open(&o, dangling), 0);
    fputs("made\n", o.fp);
    CHECK_INT(out_commit(&o), 0);
    CHECK_INT(lstat(dangling, &st), 0);
    CHECK(S_ISLNK(st.st_mode));
    slurp(created, buf, sizeof buf);
    CHECK_STR(buf, "made\n");
    CHECK_INT(dir_entries(dir), 4);   /* no temporary left */

    /* A link to itself: ELOOP, nothing created. */
    unlink(dangling);
    CHECK_INT(symlink("dangling.txt", dangling), 0);
    errno = 0;
    CHECK_INT(out_open(&o, dangling), -1);
    CHECK_INT(errno, ELOOP);
    CHECK_INT(dir_entries(dir), 4);

    unlink(target);
    unlink(link);
    unlink(dangling);
    unlink(created);
    CHECK_INT(rmdir(dir), 0);
}

/* Not a regular file: written through, never replaced. A FIFO (opened
 * for reading here first, so the writer's open does not block); a
 * directory is refused. */
static void test_out_special(void)
{
    char dir[] = "/tmp/perfpipe-test-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char fifo[256], buf[64] = "";
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    CHECK_INT(mkfifo(fifo, 0600), 0);
    FILE *reader = fopen(fifo, "r+");   /* Linux: does not block */
    outfile o;
    CHECK_INT(out_open(&o, fifo), 0);
    CHECK(o.tmp_path == NULL);
    fputs("through\n", o.fp);
    CHECK_INT(out_commit(&o), 0);
    if (reader) {
        CHECK(fgets(buf, sizeof buf, reader) != NULL);
        fclose(reader);
    }
    CHECK_STR(buf, "through\n");
    struct stat st;
    CHECK_INT(lstat(fifo, &st), 0);
    CHECK(S_ISFIFO(st.st_mode));
    CHECK_INT(dir_entries(dir), 1);

    errno = 0;
    CHECK_INT(out_open(&o, dir), -1);
    CHECK_INT(errno, EISDIR);
    CHECK_INT(dir_entries(dir), 1);

    /* A write error on a device is the commit's failure. A private full
     * device (as root; skipped otherwise), never the system's /dev/full,
     * which a regression would replace. */
    char full[256];
    snprintf(full, sizeof full, "%s/full", dir);
    if (mknod(full, S_IFCHR | 0666, makedev(1, 7)) == 0) {
        CHECK_INT(out_open(&o, full), 0);
        fputs("x", o.fp);
        errno = 0;
        CHECK_INT(out_commit(&o), -1);
        CHECK_INT(errno, ENOSPC);
        CHECK_INT(stat(full, &st), 0);
        CHECK(S_ISCHR(st.st_mode));
        unlink(full);
    }
    unlink(fifo);
    CHECK_INT(rmdir(dir), 0);
}

static void test_in_open(void)
{
    CHECK(in_open(NULL) == stdin);
    CHECK(in_open("-") == stdin);
    in_close(stdin);   /* must not close it */
    in_close(NULL);
    CHECK(fileno(stdin) == 0);

    errno = 0;
    CHECK(in_open("/nonexistent-perfpipe-file") == NULL);
    CHECK_INT(errno, ENOENT);

    char path[] = "/tmp/perfpipe-in-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    CHECK(write(fd, "abc", 3) == 3);
    close(fd);
    FILE *fp = in_open(path);
    CHECK(fp != NULL);
    if (fp) {
        char buf[8] = {0};
        CHECK(fgets(buf, sizeof buf, fp) != NULL);
        CHECK_STR(buf, "abc");
        in_close(fp);
    }
    unlink(path);
}

/* ------------------------------------------------------------ text format */

static void test_quote(void)
{
    /* Every class: the five short escapes, other control bytes as 3-digit
     * octal (also before a digit), DEL, UTF-8 and '#' as they are. */
    const char *raw = "a\\b\"c\nd\te\rf\ag\x01" "7h\x7f" "\xc3\xa9#";
    const char *quoted = "\"a\\\\b\\\"c\\nd\\te\\rf\\007g\\0017h\\177\xc3\xa9#\"";
    strbuf sb = {0};
    sb_puts(&sb, "x=");
    sb_put_quoted(&sb, raw);
    CHECK_STR(sb.text + 2, quoted);
    CHECK(strncmp(sb.text, "x=", 2) == 0);   /* appends */
    sb_clear(&sb);
    sb_put_quoted(&sb, "");
    CHECK_STR(sb_str(&sb), "\"\"");
    sb_free(&sb);

    char *buf = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&buf, &size);
    tf_put_string(mem, raw);
    fclose(mem);
    CHECK_STR(buf, quoted);
    free(buf);
}

/* Reads one record of a "t 1" file holding `line`; returns its reader
 * (open; the caller closes it) and the diagnostics in c. */
static int read_one(tf_reader *r, capture *c, FILE **fp, const char *line)
{
    strbuf text = {0};
    sb_printf(&text, "t 1\n%s\n", line);
    *fp = input(text.text);
    sb_free(&text);
    cap_open(c);
    if (tf_open(r, *fp, "in.txt", &c->d, "t", 1) != 0)
        return -1;
    return tf_next(r);
}

/* tf_put_word: bare where the reader takes the text back as one word,
 * else tf_put_string's quoting; either way one field of the same text. */
static void test_put_word(void)
{
    static const struct { const char *raw, *written; } cases[] = {
        {"B1", "B1"}, {"B2#3.5", "B2#3.5"}, {"-", "-"}, {"\xc3\xa9", "\xc3\xa9"},
        {"", "\"\""}, {"#c", "\"#c\""}, {"B 1", "\"B 1\""},
        {"B\tx", "\"B\\tx\""}, {"B\"q", "\"B\\\"q\""},
        {"B\\x", "\"B\\\\x\""}, {"B\n1", "\"B\\n1\""},
        {"a\x7f", "\"a\\177\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *buf = NULL;
        size_t size = 0;
        FILE *mem = open_memstream(&buf, &size);
        tf_put_word(mem, cases[i].raw);
        fclose(mem);
        CHECK_STR(buf, cases[i].written);
        CHECK_INT(tf_is_word(cases[i].raw),
                  strcmp(cases[i].raw, cases[i].written) == 0);
        strbuf line = {0};
        sb_printf(&line, "k %s x", buf);
        tf_reader r;
        capture c;
        FILE *fp;
        CHECK_INT(read_one(&r, &c, &fp, line.text), 1);
        CHECK_INT(r.fields.len, 3);
        if (r.fields.len == 3)
            CHECK_STR(r.fields.items[1].text, cases[i].raw);
        tf_close(&r);
        in_close(fp);
        cap_close(&c);
        sb_free(&line);
        free(buf);
    }
}

static void test_string_roundtrip(void)
{
    const char *raws[] = {
        "", "plain", "with space", "# not a comment", "a\\b\"c",
        "\n\t\r\a\b\f\v", "\x01\x1f\x7f\061\062\063", "\xc3\xa9t\xc3\xa9", "x\\",
    };
    for (size_t i = 0; i < sizeof raws / sizeof *raws; i++) {
        strbuf line = {0};
        sb_put_quoted(&line, raws[i]);
        sb_puts(&line, " ");
        sb_put_quoted(&line, raws[i]);   /* two, to test the separation */
        tf_reader r;
        capture c;
        FILE *fp;
        CHECK_INT(read_one(&r, &c, &fp, line.text), 1);
        CHECK_INT(r.fields.len, 2);
        for (size_t k = 0; k < r.fields.len; k++) {
            CHECK_INT(r.fields.items[k].kind, TF_STRING);
            CHECK_STR(r.fields.items[k].text, raws[i]);
        }
        CHECK_STR(cap_text(&c), "");
        tf_close(&r);
        fclose(fp);
        cap_close(&c);
        sb_free(&line);
    }

    /* The reader also takes the escapes the writer never produces. */
    tf_reader r;
    capture c;
    FILE *fp;
    CHECK_INT(read_one(&r, &c, &fp, "\"\\a\\b\\f\\v\\x41\\x6a\\101\\7\\'\\?\""), 1);
    CHECK_STR(r.fields.items[0].text, "\a\b\f\vAjA\a'?");
    tf_close(&r);
    fclose(fp);
    cap_close(&c);
}

static int same_as_counting(double x)
{
    char a[32], b[32];
    return strcmp(fmt_double(a, x), fmt_double_by_counting(b, x)) == 0;
}

/* The search by halving gives the counted digits on every kind of double:
 * random bit patterns (every exponent, subnormals), decimals of 1 to 17
 * digits, powers of two and their neighbours (where the interval that
 * reads back is lopsided), and roundings that carry into a new decade. */
static void test_fmt_double_search(void)
{
    rng r;
    rng_seed(&r, 20261126);
    int bad = 0, n = 0;
    for (int k = 0; k < 20000; k++, n++) {
        uint64_t bits = rng_next(&r);
        double x;
        memcpy(&x, &bits, sizeof x);
        bad += !same_as_counting(x);
    }
    for (int k = 0; k < 20000; k++, n++) {
        char text[40];
        int digits = 1 + (int)rng_below(&r, 17);
        int exp10 = k % 2 ? (int)rng_below(&r, 80) - 40   /* around */
                          : (int)rng_below(&r, 24) - 6;   /* %g's edges */
        snprintf(text, sizeof text, "%s%.*ge%d", k % 3 ? "" : "-", digits,
                 rng_uniform(&r), exp10);
        bad += !same_as_counting(strtod(text, NULL));
    }
    for (int e = -1074; e <= 1023; e++, n += 3) {
        double p = ldexp(1, e);
        bad += !same_as_counting(p) + !same_as_counting(nextafter(p, 0)) +
               !same_as_counting(nextafter(p, INFINITY));
    }
    for (int e = -300; e <= 300; e++, n += 2) {
        double ten = pow(10, e);
        bad += !same_as_counting(9.5 * ten) + !same_as_counting(
            nextafter(ten, 0));
    }
    CHECK_INT(bad, 0);
    CHECK(n > 44000);
}

static void test_put_double(void)
{
    struct { double x; const char *text; } cases[] = {
        {1, "1"}, {-2.5, "-2.5"}, {1e-3, "0.001"}, {0, "0"}, {-0.0, "-0"},
        {0.1, "0.1"}, {1e15, "1000000000000000"}, {300, "300"},
        {0.083, "0.083"}, {1.0 / 3, "0.3333333333333333"}, {1.7e-7, "1.7e-07"},
        {123456789012345, "123456789012345"}, {1e300, "1e+300"},
        {1e16, "1e+16"}, {0.1 + 0.2, "0.30000000000000004"},
        {NAN, "nan"}, {-NAN, "nan"}, {INFINITY, "inf"}, {-INFINITY, "-inf"},
    };
    strbuf line = {0};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *buf = NULL;
        size_t size = 0;
        FILE *mem = open_memstream(&buf, &size);
        tf_put_double(mem, cases[i].x);
        fclose(mem);
        CHECK_STR(buf, cases[i].text);
        sb_printf(&line, "%s%s", i ? " " : "", buf);
        free(buf);
    }
    /* And back through the reader, bit for bit (NaN as NaN). */
    tf_reader r;
    capture c;
    FILE *fp;
    CHECK_INT(read_one(&r, &c, &fp, line.text), 1);
    CHECK_INT(r.fields.len, sizeof cases / sizeof *cases);
    for (size_t i = 0; i < r.fields.len && i < sizeof cases / sizeof *cases; i++) {
        tf_field *f = &r.fields.items[i];
        CHECK_INT(f->kind, TF_NUMBER);
        if (isnan(cases[i].x))
            CHECK(isnan(f->number));
        else
            CHECK(memcmp(&f->number, &cases[i].x, sizeof f->number) == 0);
    }
    tf_close(&r);
    fclose(fp);
    cap_close(&c);
    sb_free(&line);
}

static void test_tf_records(void)
{
    FILE *fp = input("# leading comment\n"
                     "\n"
                     "graph 2   # header with a comment\n"
                     "node \"a # not a comment\" 1e-3 -2.5\n"
                     "\tedge a b 42 # trailing comment\n"
                     "   # indented comment only\n"
                     " \t \n"
                     "w 12 \"\"#c\n"
                     "last-word-no-newline x1 0x10 +7");
    capture c;
    cap_open(&c);
    tf_reader r;
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "graph", 2), 0);
    CHECK_STR(r.format, "graph");
    CHECK_INT(r.version, 2);
    CHECK_INT(r.fields.len, 0);

    CHECK_INT(tf_next(&r), 1);
    CHECK_INT(r.line, 4);
    CHECK_INT(r.fields.len, 4);
    if (r.fields.len == 4) {
        tf_field *f = r.fields.items;
        CHECK_INT(f[0].kind, TF_WORD);
        CHECK_STR(f[0].text, "node");
        CHECK_INT(f[0].col, 1);
        CHECK_INT(f[1].kind, TF_STRING);
        CHECK_STR(f[1].text, "a # not a comment");
        CHECK_INT(f[1].line, 4);
        CHECK_INT(f[1].col, 6);
        CHECK_INT(f[2].kind, TF_NUMBER);
        CHECK(f[2].number == 1e-3);
        CHECK_STR(f[2].text, "1e-3");
        CHECK_INT(f[2].col, 26);
        CHECK_INT(f[3].kind, TF_NUMBER);
        CHECK(f[3].number == -2.5);
        CHECK_INT(f[3].col, 31);

        srcloc at = tf_loc(&r, &f[1]);
        CHECK_STR(at.file, "in.txt");
        CHECK_INT(at.line, 4);
        CHECK_INT(at.col, 6);
        at = tf_loc(&r, NULL);
        CHECK_INT(at.line, 4);
        CHECK_INT(at.col, 0);
    }

    CHECK_INT(tf_next(&r), 1);
    CHECK_INT(r.line, 5);
    CHECK_INT(r.fields.len, 4);
    if (r.fields.len == 4) {
        tf_field *f = r.fields.items;
        CHECK_STR(f[0].text, "edge");
        CHECK_INT(f[0].col, 2);   /* a tab is one byte */
        CHECK_STR(f[1].text, "a");
        CHECK_INT(f[1].kind, TF_WORD);
        CHECK_INT(f[2].col, 9);
        CHECK_INT(f[3].kind, TF_NUMBER);
        CHECK(f[3].number == 42);
        CHECK_INT(f[3].col, 11);
    }

    CHECK_INT(tf_next(&r), 1);
    CHECK_INT(r.line, 8);
    CHECK_INT(r.fields.len, 3);
    if (r.fields.len == 3) {
        CHECK_INT(r.fields.items[2].kind, TF_STRING);
        CHECK_STR(r.fields.items[2].text, "");
        CHECK_INT(r.fields.items[2].col, 6);
    }

    CHECK_INT(tf_next(&r), 1);
    CHECK_INT(r.line, 9);
    CHECK_INT(r.fields.len, 4);
    if (r.fields.len == 4) {
        CHECK_STR(r.fields.items[0].text, "last-word-no-newline");
        CHECK_INT(r.fields.items[1].kind, TF_WORD);   /* x1 */
        CHECK_INT(r.fields.items[2].kind, TF_NUMBER); /* strtod: hex */
        CHECK(r.fields.items[2].number == 16);
        CHECK(r.fields.items[3].number == 7);
    }

    CHECK_INT(tf_next(&r), 0);
    CHECK_INT(r.fields.len, 0);
    CHECK_INT(tf_next(&r), 0);   /* end of input stays the end */
    CHECK_STR(cap_text(&c), "");
    CHECK_INT(c.d.errors, 0);
    tf_close(&r);
    fclose(fp);
    cap_close(&c);
}

static void test_tf_long_line(void)
{
    /* Far beyond any fixed buffer: 20000 words and a 200000-byte string. */
    strbuf text = {0};
    sb_puts(&text, "t 1\n");
    for (int i = 0; i < 20000; i++)
        sb_puts(&text, "w ");
    sb_putc(&text, '"');
    for (int i = 0; i < 200000; i++)
        sb_putc(&text, (char)('a' + i % 26));
    sb_puts(&text, "\"\n");
    FILE *fp = input(text.text);
    sb_free(&text);
    capture c;
    cap_open(&c);
    tf_reader r;
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "t", 1), 0);
    CHECK_INT(tf_next(&r), 1);
    CHECK_INT(r.fields.len, 20001);
    if (r.fields.len == 20001) {
        tf_field *last = &r.fields.items[20000];
        CHECK_INT(last->kind, TF_STRING);
        CHECK_INT(strlen(last->text), 200000);
        CHECK_INT(last->col, 40001);
    }
    CHECK_INT(tf_next(&r), 0);
    tf_close(&r);
    fclose(fp);
    cap_close(&c);
}

/* Opens `text` as in.txt expecting format `expect` up to version `max`;
 * returns tf_open's result and the diagnostics in out. */
static int open_text(const char *text, const char *expect, int max,
                     char *out, size_t size, tf_reader *keep)
{
    FILE *fp = input(text);
    capture c;
    cap_open(&c);
    tf_reader r;
    int rc = tf_open(&r, fp, "in.txt", &c.d, expect, max);
    snprintf(out, size, "%s", cap_text(&c));
    if (rc != 0)
        tf_close(&r);   /* safe after a failed open */
    if (keep && rc == 0)
        *keep = r;
    else if (rc == 0)
        tf_close(&r);
    fclose(fp);
    cap_close(&c);
    return rc;
}

static void test_tf_header(void)
{
    char err[256];
    tf_reader r;

    CHECK_INT(open_text("# c\n\n  graph 1\n", "pasl", 1, err, sizeof err, NULL), -1);
    CHECK_STR(err, "test: in.txt:3:3: error: expected a 'pasl' file, got a 'graph' file\n");

    CHECK_INT(open_text("pasl 3\n", "pasl", 2, err, sizeof err, NULL), -1);
    CHECK_STR(err, "test: in.txt:1:6: error: pasl version 3 is not supported (this program reads up to 2)\n");
    CHECK_INT(open_text("pasl 99999999999999999999\n", "pasl", 2, err, sizeof err, NULL), -1);
    CHECK_STR(err, "test: in.txt:1:6: error: pasl version 99999999999999999999 is not supported (this program reads up to 2)\n");

    CHECK_INT(open_text("# only a comment\n\n", "pasl", 1, err, sizeof err, NULL), -1);
    CHECK_STR(err, "test: in.txt: error: empty input: expected a 'pasl' header line\n");
    CHECK_INT(open_text("", NULL, 1, err, sizeof err, NULL), -1);
    CHECK_STR(err, "test: in.txt: error: empty input: expected a format header line\n");

    const char *bad[] = {"pasl\n", "pasl 1.5\n", "pasl -1\n", "pasl 1 extra\n",
                         "\"pasl\" 1\n", "1 1\n", "pasl 0x1\n", "pasl +1\n"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK_INT(open_text(bad[i], "pasl", 9, err, sizeof err, NULL), -1);
        CHECK_STR(err, "test: in.txt:1: error: invalid header line: expected 'pasl VERSION'\n");
    }
    CHECK_INT(open_text("\n\nx\n", NULL, 9, err, sizeof err, NULL), -1);
    CHECK_STR(err, "test: in.txt:3: error: invalid header line: expected 'NAME VERSION'\n");

    /* Accepted: version 0, the exact maximum, any name when expect is NULL. */
    CHECK_INT(open_text("pasl 0\n", "pasl", 0, err, sizeof err, &r), 0);
    CHECK_INT(r.version, 0);
    tf_close(&r);
    CHECK_INT(open_text("other 7 # comment\nrec\n", NULL, 7, err, sizeof err, &r), 0);
    CHECK_STR(r.format, "other");
    CHECK_INT(r.version, 7);
    CHECK_STR(err, "");
    tf_close(&r);
}

/* tf_open of a 't 1' file holding text fails with the message msg. */
static void check_tf_open_fails(const char *text, const char *msg)
{
    FILE *fp = input(text);
    capture c;
    cap_open(&c);
    tf_reader r;
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "t", 1), -1);
    CHECK_STR(cap_text(&c), msg);
    fclose(fp);
    cap_close(&c);
}

/* CRLF: named once, at the first line's '\r'; the records read on as if
 * the file had Unix newlines. */
static void test_tf_crlf(void)
{
    check_tf_open_fails("# a comment\r\nt 1\r\nx 2.5\r\n",
                        "test: in.txt:1:12: error: CRLF line endings (a "
                        "DOS/Windows file): convert with dos2unix\n");
    capture c;
    tf_reader r;
    FILE *fp = input("t 1\nx 2.5\r\ny 3\r\n");
    cap_open(&c);
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "t", 1), 0);
    CHECK_INT(tf_next(&r), -1);
    CHECK_INT(tf_next(&r), 1);
    CHECK_STR(r.fields.items[0].text, "y");
    CHECK(r.fields.items[1].kind == TF_NUMBER);
    CHECK_INT(tf_next(&r), 0);
    CHECK_STR(cap_text(&c), "test: in.txt:2:6: error: CRLF line endings "
              "(a DOS/Windows file): convert with dos2unix\n");
    tf_close(&r);
    fclose(fp);
    cap_close(&c);
}

/* A number past the largest double is refused where it stands; inf,
 * 1e308 and the smallest subnormal are numbers. */
static void test_tf_out_of_range(void)
{
    FILE *fp = input("t 1\nx 1 1e400\ny -1e999\n"
                     "z inf -inf 1e308 4.9406564584124654e-324\n");
    capture c;
    cap_open(&c);
    tf_reader r;
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "t", 1), 0);
    CHECK_INT(tf_next(&r), -1);
    CHECK_INT(tf_next(&r), -1);
    CHECK_INT(tf_next(&r), 1);
    CHECK_INT((int)r.fields.len, 5);
    for (size_t i = 1; i < r.fields.len; i++)
        CHECK_INT(r.fields.items[i].kind, TF_NUMBER);
    CHECK(r.fields.items[4].number > 0);
    CHECK_STR(cap_text(&c),
              "test: in.txt:2:5: error: number '1e400' is out of range\n"
              "test: in.txt:3:3: error: number '-1e999' is out of range\n");
    tf_close(&r);
    fclose(fp);
    cap_close(&c);
}

/* A byte-order mark on the first line is named at 1:1. */
static void test_tf_bom(void)
{
    check_tf_open_fails("\xef\xbb\xbft 1\n", "test: in.txt:1:1: error: a "
                        "UTF-8 byte-order mark at the start: save the file "
                        "without it\n");
}

static void test_tf_errors(void)
{
    FILE *fp = input("t 1\n"
                     "ok \"fine\"\n"
                     "abc = \"unterminated\n"
                     "s \"abc\\q\" x\n"
                     "s \"nul\\0\"\n"
                     "s \"x\\x00y\"\n"
                     "s \"ab\"cd\n"
                     "s \"ends in escaped quote\\\"\n"
                     "s \"\\x4g\" \"\\777\"\n"
                     "s \"\\\xc3\xa9\"\n"
                     "after 1\n");
    capture c;
    cap_open(&c);
    tf_reader r;
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "t", 1), 0);
    CHECK_INT(tf_next(&r), 1);
    CHECK_INT(r.line, 2);
    /* Each bad line: -1, no fields left, and the next call goes on. */
    for (int i = 0; i < 8; i++) {
        CHECK_INT(tf_next(&r), -1);
        CHECK_INT(r.fields.len, 0);
    }
    CHECK_INT(tf_next(&r), 1);
    CHECK_INT(r.line, 11);
    CHECK_STR(r.fields.items[0].text, "after");
    CHECK_INT(tf_next(&r), 0);
    CHECK_STR(cap_text(&c),
              "test: in.txt:3:7: error: unterminated string\n"
              "test: in.txt:4:7: error: invalid escape sequence '\\q' in string\n"
              "test: in.txt:5:7: error: NUL byte (\\0) not allowed in string\n"
              "test: in.txt:6:5: error: NUL byte (\\x00) not allowed in string\n"
              "test: in.txt:7:7: error: expected whitespace after string\n"
              "test: in.txt:8:3: error: unterminated string\n"
              "test: in.txt:9:4: error: invalid escape sequence '\\x4' in string\n"
              "test: in.txt:10:4: error: invalid escape sequence '\\\xc3\xa9' in string\n");
    CHECK_INT(c.d.errors, 8);
    tf_close(&r);
    fclose(fp);
    cap_close(&c);

    /* Octal above \377, on its own line. */
    char err[256];
    fp = input("t 1\nx \"\\777\"\n");
    cap_open(&c);
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "t", 1), 0);
    CHECK_INT(tf_next(&r), -1);
    snprintf(err, sizeof err, "%s", cap_text(&c));
    CHECK_STR(err, "test: in.txt:2:4: error: invalid escape sequence '\\777' in string\n");
    tf_close(&r);
    fclose(fp);
    cap_close(&c);

    /* A raw NUL byte in the input. */
    fp = input_n("t 1\nab\0c\n", 9);
    cap_open(&c);
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "t", 1), 0);
    CHECK_INT(tf_next(&r), -1);
    CHECK_STR(cap_text(&c), "test: in.txt:2:3: error: NUL byte in input\n");
    tf_close(&r);
    fclose(fp);
    cap_close(&c);

    /* A bad string in the header line fails tf_open. */
    fp = input("t \"x\n");
    cap_open(&c);
    CHECK_INT(tf_open(&r, fp, "in.txt", &c.d, "t", 1), -1);
    CHECK_STR(cap_text(&c), "test: in.txt:1:3: error: unterminated string\n");
    tf_close(&r);
    fclose(fp);
    cap_close(&c);
}

/* read_all keeps an input of exactly max_bytes, refuses one byte more
 * (EFBIG) and stops reading there: an endless stream ends at the cap. */
static void test_read_all_cap(void)
{
    size_t len = 99;
    FILE *fp = input("12345");
    char *text = read_all(fp, 5, &len);
    CHECK(text != NULL);
    CHECK_INT((int)len, 5);
    CHECK_STR(text, "12345");
    free(text);
    fclose(fp);

    fp = input("123456");
    errno = 0;
    CHECK(read_all(fp, 5, &len) == NULL);
    CHECK_INT(errno, EFBIG);
    CHECK_INT((int)ftell(fp), 6);   /* read one byte past the cap, no more */
    fclose(fp);

    fp = fopen("/dev/zero", "r");
    CHECK(fp != NULL);
    errno = 0;
    CHECK(read_all(fp, (size_t)1 << 20, &len) == NULL);
    CHECK_INT(errno, EFBIG);
    fclose(fp);

    fp = input("");
    text = read_all(fp, 0, &len);
    CHECK(text != NULL);
    CHECK_INT((int)len, 0);
    free(text);
    fclose(fp);
}

/* read_stream: past the cap, "cannot read 'F': larger than N bytes" and
 * exit status 2, as read_input. */
static void read_stream_zero(void)
{
    size_t len;
    read_stream("prog", fopen("/dev/zero", "r"), "z.in", 1000, &len);
}

/* A byte-order mark: named, at 1:1, exit 2; the same bytes later on are
 * text like any other. */
static char bom_path[] = "/tmp/perfpipe-bom-XXXXXX";

static void read_input_bom(void)
{
    size_t len;
    read_input("prog", bom_path, 1000, &len);
}

static void test_read_stream_cap(void)
{
    char err[256];
    CHECK_INT(run_child(read_stream_zero, err, sizeof err), EXIT_BADINPUT);
    CHECK_STR(err, "prog: cannot read 'z.in': larger than 1000 bytes\n");
    int fd = mkstemp(bom_path);
    CHECK(fd >= 0);
    CHECK_INT((int)write(fd, "\xef\xbb\xbfheader 1\n", 12), 12);
    close(fd);
    char want[256];
    snprintf(want, sizeof want, "prog: %s:1:1: error: a UTF-8 byte-order "
             "mark at the start: save the file without it\n", bom_path);
    CHECK_INT(run_child(read_input_bom, err, sizeof err), EXIT_BADINPUT);
    CHECK_STR(err, want);
    remove(bom_path);
}

/* Derived numbers (finite.c, issue 26): the mean of finite values near
 * the largest double is finite and right, and result_finite refuses a
 * value past it with a message. */
static void test_derived_numbers(void)
{
    const double big[] = {1.7e308, 1.7e308};
    CHECK(mean_of(big, 2) == 1.7e308);
    const double opposite[] = {1.7e308, -1.7e308, 1.7e308};
    CHECK(isfinite(mean_of(opposite, 3)));
    CHECK(fabs(mean_of(opposite, 3) - 1.7e308 / 3) <= 1e-15 * 1.7e308);
    const double small[] = {1, 2, 3, 4};
    CHECK(mean_of(small, 4) == 2.5);
    CHECK(mean_of(small, 0) == 0);
    capture c;
    cap_open(&c);
    CHECK_INT(result_finite(&c.d, (srcloc){"f", 2, 0}, "the sum", 1.5,
                            "why"), 0);
    CHECK_INT(result_finite(&c.d, (srcloc){"f", 2, 0}, "the sum", INFINITY,
                            "why"), -1);
    CHECK_INT(result_finite(&c.d, (srcloc){"f", 3, 0}, "the mean", NAN,
                            "why"), -1);
    CHECK_STR(cap_text(&c), "test: f:2: error: the sum is past the largest "
              "double: why\ntest: f:3: error: the mean is not a number: why\n");
    cap_close(&c);
}

int main(void)
{
    RUN(test_xalloc);
    RUN(test_option_word);
    RUN(test_grow_array);
    RUN(test_grow_array_overflow);
    RUN(test_arena);
    RUN(test_keymap);
    RUN(test_arena_overflow);
    RUN(test_out_of_memory_names_program);
    RUN(test_strbuf);
    RUN(test_overflow_helpers);
    RUN(test_diag_format);
    RUN(test_diag_verror);
    RUN(test_diag_cuts_long_input);
    RUN(test_diag_max_errors);
    RUN(test_diag_warnings_are_errors);
    RUN(test_diag_init);
    RUN(test_die);
    RUN(test_splitmix64_vectors);
    RUN(test_xoshiro_vectors);
    RUN(test_rng_seed);
    RUN(test_rng_determinism);
    RUN(test_rng_uniform);
    RUN(test_rng_below);
    RUN(test_rng_normal);
    RUN(test_out_commit);
    RUN(test_out_abort);
    RUN(test_out_failures);
    RUN(test_out_stdout);
    RUN(test_out_symlink);
    RUN(test_out_special);
    RUN(test_in_open);
    RUN(test_read_all_cap);
    RUN(test_read_stream_cap);
    RUN(test_quote);
    RUN(test_put_word);
    RUN(test_string_roundtrip);
    RUN(test_put_double);
    RUN(test_fmt_double_search);
    RUN(test_tf_records);
    RUN(test_tf_long_line);
    RUN(test_tf_header);
    RUN(test_tf_errors);
    RUN(test_tf_out_of_range);
    RUN(test_tf_bom);
    RUN(test_tf_crlf);
    RUN(test_derived_numbers);
    return unit_done();
}
