/* common.h — what every perfpipe program and library module shares:
 * diagnostics, memory and growable buffers, the seeded random generator,
 * atomic output files, and the reader/writer of the plain-text formats.
 *
 * Nothing here keeps hidden global state: a diagnostics context, a reader,
 * a generator are values the caller owns, so several can live at once
 * (tests, fuzzers, a library linked into a bigger program). The one
 * exception is the program's name for "out of memory" (set_program_name). */
#ifndef PERFPIPE_COMMON_H
#define PERFPIPE_COMMON_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PERFPIPE_VERSION "0.1.0"

/* Exit statuses shared by every program (ARCHITECTURE.md). */
enum { EXIT_OK = 0, EXIT_RUNTIME = 1, EXIT_BADINPUT = 2 };

/* ---------------------------------------------------------------- memory */

/* Allocation that cannot fail: on exhaustion it prints "PROG: out of
 * memory" (PROG as set by set_program_name, "perfpipe" until then) and
 * exits with status 1. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
/* That message and exit, for a size computed elsewhere that overflows. */
_Noreturn void out_of_memory(void);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grows *items (each elem_size bytes, capacity *cap) so that it holds at
 * least `need` elements; doubles, so pushes are amortised O(1). Refuses
 * (out of memory, exit 1) when need * elem_size overflows size_t. */
void grow_array(void **items, size_t *cap, size_t elem_size, size_t need);

/* A growable array of T: `VEC(int) v = {0};  VEC_PUSH(&v, 3);  free(v.items);` */
#define VEC(T) struct { T *items; size_t len, cap; }
#define VEC_PUSH(vec, value)                                                  \
    do {                                                                      \
        grow_array((void **)&(vec)->items, &(vec)->cap,                       \
                   sizeof *(vec)->items, (vec)->len + 1);                     \
        (vec)->items[(vec)->len++] = (value);                                 \
    } while (0)

/* An arena: allocations that live until arena_free frees them all at
 * once (syntax trees). `arena a = {0};` is an empty arena. Memory from it
 * is zeroed and aligned for any type; exhaustion exits as xmalloc does. */
typedef struct {
    struct arena_block *blocks;   /* the newest first */
    size_t used;                  /* bytes taken of the newest block */
} arena;

void *arena_alloc(arena *a, size_t n);
char *arena_strndup(arena *a, const char *s, size_t n);  /* n bytes + NUL */
/* grow_array in an arena: a larger copy, the old one left in place. */
void arena_grow(arena *a, void **items, size_t *cap, size_t elem_size,
                size_t need);
#define ARENA_PUSH(a, vec, value)                                             \
    do {                                                                      \
        arena_grow((a), (void **)&(vec)->items, &(vec)->cap,                  \
                   sizeof *(vec)->items, (vec)->len + 1);                     \
        (vec)->items[(vec)->len++] = (value);                                 \
    } while (0)
void arena_free(arena *a);

/* A growable NUL-terminated string. */
typedef struct {
    char *text;     /* always NUL-terminated once anything was appended */
    size_t len, cap;
} strbuf;

void sb_putc(strbuf *sb, char c);
void sb_puts(strbuf *sb, const char *s);
void sb_putn(strbuf *sb, const char *s, size_t n);
void sb_printf(strbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
const char *sb_str(const strbuf *sb);   /* "" when empty */
void sb_clear(strbuf *sb);              /* keeps the memory */
void sb_free(strbuf *sb);

/* Overflow-checked size arithmetic: return 0 and leave *out untouched on
 * overflow, 1 otherwise. Used wherever user input multiplies sizes. */
int mul_u64(uint64_t a, uint64_t b, uint64_t *out);
int add_u64(uint64_t a, uint64_t b, uint64_t *out);
/* n items cut into `parts` contiguous near-equal parts (1 <= parts <=
 * 2^32): the first item of part q, floor(n q / parts), without the
 * overflow of n q. Part q holds split_start(n, q + 1, parts) -
 * split_start(n, q, parts) items. */
uint64_t split_start(uint64_t n, uint64_t q, uint64_t parts);

/* ----------------------------------------------------------- diagnostics */

/* Where a diagnostic points. line/col are 1-based; 0 means unknown, and the
 * message then omits them. */
typedef struct {
    const char *file;
    int line, col;
} srcloc;

/* A diagnostics sink: counts what it printed and stops printing errors
 * after max_errors (the count goes on). */
typedef struct {
    const char *prog;   /* program name printed first */
    FILE *out;          /* stderr unless a test redirects it */
    int errors, warnings;
    int max_errors;     /* 0 = no limit */
    int warnings_are_errors;
} diag;

void diag_init(diag *d, const char *prog, FILE *out);
/* "prog: file:line:col: error: message" (parts omitted when unknown). */
void diag_error(diag *d, srcloc at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_warning(diag *d, srcloc at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_note(diag *d, srcloc at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_verror(diag *d, srcloc at, const char *fmt, va_list ap);

/* Program-level failures without a location: print "prog: message" and
 * exit with the given status. */
void die(const char *prog, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));

/* ------------------------------------------------------------ options */

/* Parses a whole decimal unsigned integer in [min, max]. Returns 0 or -1. */
int parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);

/* The integer value of option opt in [min, max] (min >= 1), or a usage
 * error: "OPT wants a positive integer, not 'TEXT'" when max is
 * UINT64_MAX and min 1, "OPT wants an integer from MIN to MAX" otherwise. */
uint64_t option_u64(const char *prog, const char *opt, const char *text,
                    uint64_t min, uint64_t max);

/* The position of text in words (a NULL-terminated table), or -1. */
int word_index(const char *text, const char *const *words);
/* The position of the word option opt's text in words, or a usage error
 * that lists them: "OPT wants a, b or c, not 'TEXT'". One table per
 * option gives both the parse and the message. */
int option_word(const char *prog, const char *opt, const char *text,
                const char *const *words);

/* The finite number of option opt, or a usage error: "OPT wants a
 * number, not 'TEXT'". */
double option_double(const char *prog, const char *opt, const char *text);

/* "prog: message" then "Try 'prog --help'.", exit status 2. */
void usage_error(const char *prog, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), noreturn));
/* Names the program for "PROG: out of memory": each main calls it first.
 * The name is kept in the library's one process-wide variable, because an
 * allocation fails deep inside code that has no program name or diag at
 * hand, and threading one through every allocation would be worse; every
 * other message takes the name as an argument. prog must outlive the
 * process (a string literal, or argv). */
void set_program_name(const char *prog);
/* "prog (perfpipe) VERSION", the --version line. */
void print_version(const char *prog);
/* Refuses an option given where it would have no effect: when opt (its
 * name, NULL when it was not given) is set and applies is 0, "prog: OPT
 * applies only WHEN" and exit status 2, as usage_error. */
/* -D NAME=VALUE: NAME (a new string) and VALUE, read as define_core.h
 * reads it, or the usage error that says what is wrong. */
void option_define(const char *prog, const char *arg, char **name,
                   double *value);
/* The -D values of a run, under the one rule of bench2model, netsim and
 * gstr-sched (README.md, "Conventions"): a NAME given twice is a usage
 * error (which value was meant?), and so is a NAME the run never reads
 * (a typo would otherwise leave the model's own value in silence).
 * define_list_add parses and refuses the repeat; define_find looks a name
 * up and marks it read; define_unused is the first -D never read (NULL:
 * none), for the program to name in its own words. */
typedef struct {
    char *name;
    double value;
    int used;
} define_value;
typedef VEC(define_value) define_list;
void define_list_add(const char *prog, define_list *l, const char *arg);
define_value *define_find(define_list *l, const char *name, size_t len);
const define_value *define_unused(const define_list *l);
void define_list_free(define_list *l);
/* The rule of formats/pamela.md, "Times": a time is never negative. Every
 * value a delay is made of (a delay's time, a cost model's factors, a -D
 * a cost reads) and every predicted time must be >= 0; bench2model and
 * gstr-sched both refuse with TIME_RULE after their own words. */
#define TIME_RULE "a time is never negative (every value a delay is made " \
                  "of must be >= 0)"
void option_applies(const char *prog, const char *opt, int applies,
                    const char *when);
/* The one input operand from argv[first] on: "-" (standard input) when
 * there is none, a usage error when there are several. */
const char *single_input(const char *prog, int argc, char **argv, int first);
/* Whether an MPI launcher started this process (the variables Open MPI,
 * PMIx and PMI set): the programs that can run under mpirun start MPI
 * only then, and run without it otherwise. */
int mpi_launched(void);
/* MPI_Init when mpi_launched(): 1 then, else 0 (lib/common/mpi_launch.c,
 * in the MPI library; LeakSanitizer's check is off once MPI started:
 * Open MPI never frees what MPI_Init allocates). */
int mpi_launch(int *argc, char ***argv);

/* -------------------------------------------------------------- random */

/* xoshiro256** (Blackman & Vigna, 2018), state seeded from one 64-bit seed
 * through splitmix64 so any seed, 0 included, gives a good state. The
 * streams are part of the project's reproducibility contract: changing
 * this generator changes every seeded result. */
typedef struct {
    uint64_t s[4];
} rng;

uint64_t splitmix64_next(uint64_t *state);
void rng_seed(rng *r, uint64_t seed);
uint64_t rng_next(rng *r);
double rng_uniform(rng *r);                   /* [0, 1), 53 random bits */
uint64_t rng_below(rng *r, uint64_t bound);   /* [0, bound), unbiased; bound > 0 */
double rng_normal(rng *r, double mean, double sd);   /* Box–Muller, no cache */

/* --------------------------------------------------------- output files */

/* Output that is all or nothing. out_open("-" or NULL) is stdout; a
 * regular file (or one not there yet) is written to a temporary file in
 * its directory, which out_commit renames over it and out_abort removes; a
 * symbolic link is followed, so the link stays and its target is
 * replaced. Anything else that is not a directory (a device such as
 * /dev/null, a FIFO, /dev/stdout) is written through, opened to append:
 * not atomic, and never replaced by a file. */
typedef struct {
    FILE *fp;
    char *path;       /* the file written (links resolved), NULL for stdout */
    char *tmp_path;   /* temporary path, NULL for stdout or write-through */
} outfile;

/* Returns 0, or -1 with errno set (nothing created; EISDIR for a
 * directory). */
int out_open(outfile *o, const char *path);
/* Flushes and renames (or closes, written through); returns 0, or -1 with
 * errno set (temporary removed). */
int out_commit(outfile *o);
void out_abort(outfile *o);
/* A program's output: out_open, or "prog: cannot write 'PATH': ERROR" and
 * exit status 1. */
void out_open_or_die(outfile *o, const char *prog, const char *path);
/* out_commit; EXIT_OK, or EXIT_RUNTIME after "prog: cannot write 'PATH':
 * ERROR" (PATH "<stdout>" for standard output). */
int out_commit_status(outfile *o, const char *prog, const char *path);

/* Opens an input argument: "-" or NULL is stdin. NULL with errno on failure. */
FILE *in_open(const char *path);
void in_close(FILE *fp);

/* Reads the whole stream into a NUL-terminated buffer (*len excludes the
 * NUL). Returns NULL with errno set on a read error or when the input
 * exceeds max_bytes (errno EFBIG). */
char *read_all(FILE *fp, size_t max_bytes, size_t *len);
/* A program's input argument, opened: "-" or NULL is stdin. When it
 * cannot be read (missing, unreadable, a directory, a closed stdin):
 * "prog: cannot read 'PATH': ERROR" and exit status 1. */
FILE *in_open_or_die(const char *prog, const char *path);
/* A program's input argument, whole: in_open_or_die, then read_stream;
 * a byte-order mark at its start ends the program too, exit 2. */
char *read_input(const char *prog, const char *path, size_t max_bytes,
                 size_t *len);
/* The rest of an open input, whole (read_all). Ends the program on what
 * cannot be read: "prog: cannot read 'FILE': REASON", exit 1, on a read
 * error; "... larger than N bytes", exit 2, past max_bytes. Every reader
 * of a program's input goes through it (or read_input) with a cap chosen
 * for its format (README.md, "Conventions"). */
char *read_stream(const char *prog, FILE *fp, const char *file,
                  size_t max_bytes, size_t *len);
/* Every input is UTF-8 without a byte-order mark; one at the start is
 * invisible in a message, so each reader names it: read_input, the text
 * format reader (on a first line) and the descriptor reader, at 1:1. */
#define BOM_MESSAGE \
    "a UTF-8 byte-order mark at the start: save the file without it"
int starts_with_bom(const char *text, size_t len);
/* How messages name an input: "<stdin>" for "-" or NULL. */
const char *input_name(const char *path);

/* ------------------------------------------------------------- key maps */

/* The bits of a 64-bit key mixed (MurmurHash3's finaliser, first half):
 * an index into a power-of-two table is its low bits. For tables of
 * product indices and of doubles' bits (lib/mvd), where keymap's byte
 * strings would cost a hash of 8 bytes and a copy per key. */
static inline uint64_t hash_u64(uint64_t k)
{
    k ^= k >> 33;
    k *= UINT64_C(0xff51afd7ed558ccd);
    k ^= k >> 33;
    return k;
}

/* A hash map from byte strings to size_t values (open addressing, keys
 * copied into an arena the map owns: no malloc and free per key). Used
 * for names and numeric ids alike: an id is looked up by its 8 bytes
 * (keymap_get_u64). `keymap m = {0};` is an empty map. */
typedef struct {
    struct keymap_slot *slots;
    size_t cap, len;
    arena keys;
} keymap;

/* Returns 1 and sets *value when present, 0 otherwise. */
int keymap_get(const keymap *m, const void *key, size_t keylen, size_t *value);
/* Inserts or replaces. */
void keymap_put(keymap *m, const void *key, size_t keylen, size_t value);
int keymap_get_u64(const keymap *m, uint64_t key, size_t *value);
void keymap_put_u64(keymap *m, uint64_t key, size_t value);
void keymap_free(keymap *m);

/* -------------------------------------------------------------- sorting */

/* Sorts the n values of a, all below `below`, ascending: least
 * significant byte first, one counting pass per byte that `below` needs
 * (radix.c), instead of qsort's n log n calls of a comparison: mvd's
 * state indices (0.1 s for 10^6 states by qsort) and the fluid model's
 * flow ids (16 % of a collective's run). */
void sort_below(uint64_t *a, size_t n, uint64_t below);

/* ------------------------------------------------------------ C escapes */

/* Decodes the C escapes (\\ \" \' \? \a \b \f \n \r \t \v, \ooo octal,
 * \xHH hex) of the n bytes at s into out, appending. Returns 0; or -1 with
 * *bad_offset set to the offending backslash's offset in s and *why to a
 * static message ("invalid escape sequence", "NUL byte not allowed"). */
int c_unescape(const char *s, size_t n, strbuf *out, size_t *bad_offset,
               const char **why);

/* ------------------------------------------------------- scanner helpers */

/* Moves a 1-based (line, column) position past text (columns in bytes).
 * Inline: it runs for every token of every scanner, and called out of line
 * its two int stores stall the 8-byte load of the pair that follows them. */
static inline void text_advance(int *line, int *col, const char *text,
                                size_t len)
{
    size_t lines = 0, line_start = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n') {
            lines++;
            line_start = i + 1;
        }
    if (lines == 0) {
        *col += (int)len;
        return;
    }
    *line += (int)lines;
    *col = 1 + (int)(len - line_start);
}
/* 'c' for a printable byte, '\xNN' otherwise, in buf. Returns buf. */
const char *show_char(char buf[16], char c);
/* The string of a "..." token of len bytes (quotes included), its C escapes
 * decoded; NULL after "ESCAPE PROBLEM in string" located at the offending
 * backslash (at is the opening quote). */
char *unquote_token(const char *text, size_t len, diag *d, srcloc at);

/* ---------------------------------------------------------- text formats */

/* The shared conventions of perfpipe's text formats (formats/README.md):
 * a first line "NAME VERSION", `#` comments to end of line, records of
 * whitespace-separated fields, the first a keyword; fields are bare words,
 * numbers, or "quoted strings" with C escapes. */

typedef enum { TF_WORD, TF_STRING, TF_NUMBER } tf_kind;

typedef struct {
    tf_kind kind;
    char *text;       /* word or unescaped string (may hold NUL only via \0: refused) */
    double number;    /* for TF_NUMBER */
    int line, col;
} tf_field;

typedef struct {
    FILE *fp;
    const char *file;       /* name used in diagnostics */
    diag *d;
    int line;               /* line of the current record */
    strbuf linebuf;
    VEC(tf_field) fields;   /* the current record */
    char *format;           /* from the header */
    int version;
    int crlf_seen;          /* CRLF reported (once a file) */
} tf_reader;

/* Initialises and reads the header line. Returns 0, or -1 after a
 * diagnostic when the header is missing or names another format than
 * `expect_format` (NULL accepts any). A version newer than max_version is
 * refused. */
int tf_open(tf_reader *r, FILE *fp, const char *file, diag *d,
            const char *expect_format, int max_version);
/* Reads the next non-empty record into r->fields. Returns 1 for a record,
 * 0 at end of input, -1 after a diagnostic (bad string, bad escape). */
int tf_next(tf_reader *r);
void tf_close(tf_reader *r);   /* frees; does not close fp */
srcloc tf_loc(const tf_reader *r, const tf_field *f);

/* Writers matching the reader. */
void tf_put_string(FILE *fp, const char *s);   /* quoted, C escapes */
/* Whether s reads back as one bare word: not empty, no blank, control
 * byte, quote or backslash, and no '#' first (a comment there). */
int tf_is_word(const char *s);
/* s as a bare word when tf_is_word, else quoted by tf_put_string: a name
 * in a record, however it is spelt, is one field. */
void tf_put_word(FILE *fp, const char *s);
/* The shortest %g form that reads back as x ("0.083", not
 * "0.083000000000000004"); nan, inf, -inf. Returns buf. */
const char *fmt_double(char buf[32], double x);
/* The same text by fmt_double's definition, counting the digits up from
 * 1 (fmt_double searches by halving): the reference the tests and `make
 * bench` hold it to. */
const char *fmt_double_by_counting(char buf[32], double x);
void tf_put_double(FILE *fp, double x);        /* fmt_double's form */
/* Appends the quoted form of s to sb (same rules as tf_put_string). */
void sb_put_quoted(strbuf *sb, const char *s);

/* ------------------------------------------------------ derived numbers */

/* Derived numbers without overflow where the true value is a double, and
 * the writers' refusal where it is not (finite.c, README "Conventions":
 * no program writes inf or nan in a result with exit 0). */
/* The running mean after its k-th value x (k >= 1): never past the
 * largest |x|, where (sum of x) / k overflows. */
double mean_step(double mean, double x, size_t k);
double mean_of(const double *x, size_t n);   /* 0 when n is 0 */
/* (A sum of squares needs no such form: each square is at most the sum,
 * so it overflows only when the sum is past the largest double.) */
/* A result about to be written: 0 when x is finite; else -1 after
 * "WHAT is past the largest double: WHY" (or "is not a number") at `at`.
 * Each writer of results passes every derived number through it. */
int result_finite(diag *d, srcloc at, const char *what, double x,
                  const char *why);

/* fn(a) on this thread and fn(b) on a second one when threads > 1 (one
 * after the other when not, or when no thread can be made): the two
 * shares of a parallel loop, each writing only its own. */
void run_both(void *(*fn)(void *), void *a, void *b, int threads);

#endif
