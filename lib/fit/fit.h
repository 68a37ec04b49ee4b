/* fit.h — fitting performance models to measurements (seeds 000 and 001,
 * issue 11): least squares by Householder QR on centred and scaled
 * abscissae with a conditioning check, polynomials of a chosen degree,
 * piecewise lines t(d) = t_s + t_w·d with given or searched breakpoints,
 * interval summaries per key, relative errors under an explicit sign
 * convention, and the readers and writers of the formats involved:
 * bench 1 and plain columns in (formats/bench.md), perf-model 1 out and in
 * (formats/perf-model.md), net-model 1 and SimGrid SMPI configuration out.
 *
 * Nothing here prints except through a diag or to a FILE the caller gives.
 * Errors in the input are located (file:line:col) through the diag. */
#ifndef PERFPIPE_FIT_H
#define PERFPIPE_FIT_H

#include <stddef.h>
#include <stdio.h>

#include "common/common.h"

/* Input cap of a bench or columns file: measurements are machine-written
 * and may be long (every sample kept), so the descriptor's cap. */
#define FIT_MAX_INPUT ((size_t)256 << 20)
/* A perf-model (coefficients, a few points) is what a person edits. */
#define FIT_MAX_MODEL_INPUT ((size_t)16 << 20)

/* Limits on what multiplies (README, "Conventions"). */
#define FIT_MAX_DEGREE 10        /* polynomial degree */
#define FIT_MAX_REGIMES 16       /* regimes of a piecewise line */
#define FIT_MAX_SEARCH 8e8       /* regimes × sizes² of a breakpoint search
                                    (its segment updates): 20000 sizes for
                                    2 regimes, about 2 s */
#define FIT_MAX_BREAKS (FIT_MAX_REGIMES - 1)

/* Conditioning past which a least-squares problem is refused: the
 * 1-norm condition number of R (of the centred, scaled basis). At 1e10 a
 * coefficient may have lost 10 of its 16 digits, which the formats'
 * "≥ 10 significant digits" could no longer promise. */
#define FIT_MAX_COND 1e10
/* How far the coefficients in powers of x may stray from the fit made
 * in the centred basis, at the points, relative to the largest time. */
#define FIT_MAX_DRIFT 1e-8

/* ------------------------------------------------------------ the data */

/* One measurement: a size (bytes, a problem size n) and a time. */
typedef struct {
    double x, y;
    int line, col;       /* where y was read (col of the x field) */
} fit_sample;

/* The samples of one kind (bench 'sample KIND ...', or one y column), in
 * the order they were read. */
typedef struct {
    char *kind;
    VEC(fit_sample) samples;
} fit_series;

typedef struct {
    char *file;            /* the name used in messages */
    int is_bench;          /* 1: bench format, 0: plain columns */
    char *name;            /* bench 'name' record, or NULL */
    VEC(fit_series) series;
} fit_data;

/* Reads a bench 1 file or plain columns "x y [y ...]" (the first record
 * decides: a header "bench 1" or a row of numbers). Checks every number
 * (finite, x >= 0, y >= 0) and, in columns, that the sizes increase
 * strictly down the file and that every row has the same number of
 * columns. Returns 0, or -1 after located diagnostics. Columns are named
 * "y1", "y2", ... */
int fit_data_read(fit_data *data, const char *text, size_t len,
                  const char *file, diag *d);
/* The text (NUL-terminated, len bytes) as a stream for the text-format
 * reader; fclose it. An empty text gives an empty stream. */
FILE *fit_text_stream(const char *text, size_t len, const char *file,
                      diag *d);
void fit_data_free(fit_data *data);
/* The series to fit: by kind name (bench) or by column ("y1" or "1"),
 * or the only one when want is NULL. NULL after a diagnostic naming the
 * choices. */
const fit_series *fit_data_pick(const fit_data *data, const char *want,
                                diag *d);

/* One point to fit: a distinct size and the mean of its samples (seed
 * 001 fits the means), with the sample count. */
typedef struct {
    double x, y;
    size_t n;
    int line, col;       /* of the point's first sample */
} fit_point;

typedef VEC(fit_point) fit_points;

/* What a point's y is of its size's samples: the mean (seed 001 fits
 * means), or the median or the minimum, which one preempted sample among
 * twenty does not move (a benchmark run on a busy machine). */
typedef enum { FIT_STAT_MEAN, FIT_STAT_MEDIAN, FIT_STAT_MIN } fit_stat;
/* The names, in the enum's order, NULL-terminated (word_index). */
extern const char *const fit_stat_names[];

/* The points per distinct size of a series, in increasing size (the
 * reader has checked the order: in bench data the sizes of a kind do not
 * decrease down the file, in columns each size is one row). */
void fit_points_of(const fit_series *s, fit_stat stat, fit_points *out);

/* ------------------------------------------------------ least squares */

typedef struct {
    int degree;
    double c[FIT_MAX_DEGREE + 1];   /* c[0] + c[1]·x + ... + c[degree]·x^degree */
    double lo, hi;                  /* smallest and largest x fitted */
    size_t points;
    double sse;                     /* sum of squared residuals */
    double cond;                    /* 1-norm condition number of R */
} fit_poly;

/* Least-squares polynomial of the given degree through points[0..n) (the
 * x distinct). Householder QR on t = (x − centre)/scale and times scaled
 * by the largest, then the coefficients expanded back to powers of x.
 * Returns 0; -1 with *why set otherwise: "too few points", or one of
 * the FIT_WHY_ phrases below, which read after "the fit is". */
#define FIT_WHY_SINGULAR \
    "singular: the sizes cannot tell its coefficients apart"
#define FIT_WHY_ILL \
    "ill-conditioned (1-norm condition number over 1e+10): the sizes " \
    "cannot tell its coefficients apart"
#define FIT_WHY_RANGE \
    "out of range: a coefficient passes the largest double"
#define FIT_WHY_DRIFT \
    "imprecise in powers of x: its coefficients miss the centred fit by " \
    "over 1e-8 of the largest time (subtract a constant from the sizes)"
#define FIT_WHY_NOT_POSITIVE \
    "impossible with relative weights: a time is not above 0"
int fit_polynomial(const fit_point *p, size_t n, int degree, fit_poly *out,
                   const char **why);
/* What the least squares minimise: the squared residuals (seed 001), or
 * the squared relative residuals ((y − f(x))/y)², which give a 10-byte
 * and a 4-MiB message the same say (times > 0 only). fit_poly.sse stays
 * the plain sum of squared residuals whatever was minimised. */
typedef enum { FIT_WEIGHT_NONE, FIT_WEIGHT_RELATIVE } fit_weight;
extern const char *const fit_weight_names[];   /* "none", "relative" */
int fit_polynomial_weighted(const fit_point *p, size_t n, int degree,
                            fit_weight weight, fit_poly *out,
                            const char **why);
double fit_poly_eval(const fit_poly *f, double x);

/* A piecewise line: regime k covers sizes in (break[k-1], break[k]],
 * the first from −inf, the last to +inf (seed 001, precise-rules B1: a
 * breakpoint belongs to the regime below it). */
typedef struct {
    size_t regimes;
    double breaks[FIT_MAX_BREAKS];   /* regimes − 1 of them, increasing */
    fit_poly line[FIT_MAX_REGIMES];  /* degree 1 each */
    size_t first[FIT_MAX_REGIMES];   /* index of each regime's first point */
    double sse;                      /* total */
} fit_piecewise;

/* With breakpoints given: each regime must hold >= 2 points. With
 * nbreaks < 0, `regimes` regimes with the breakpoints searched over every
 * split between consecutive sizes, >= 2 points per regime, minimising
 * the total SSE (ties: the smaller breakpoint, the earlier regime first);
 * each breakpoint is then the largest size of the regime below. Returns
 * 0, or -1 after a diagnostic at `at` (the file). */
int fit_piecewise_line(const fit_point *p, size_t n, size_t regimes,
                       const double *breaks, int nbreaks, fit_piecewise *out,
                       diag *d, srcloc at);
/* The same with a weighting; the breakpoint search then minimises the
 * total weighted SSE (out->sse is still the plain one). */
int fit_piecewise_weighted(const fit_point *p, size_t n, size_t regimes,
                           const double *breaks, int nbreaks,
                           fit_weight weight, fit_piecewise *out, diag *d,
                           srcloc at);
double fit_piecewise_eval(const fit_piecewise *f, double x);
/* The regime of size x. */
size_t fit_piecewise_regime(const fit_piecewise *f, double x);

/* -------------------------------------------------------------- errors */

/* The three conventions of seed 001 (precise-rules B2): Table 1
 * |m − p|/m, Tables 2 and 3 (m − p)/m, Table 4 (p − m)/m. */
typedef enum { FIT_SIGN_ABS, FIT_SIGN_M_MINUS_P, FIT_SIGN_P_MINUS_M } fit_sign;

/* "abs", "m-p", "p-m", in the enum's order, NULL-terminated. */
extern const char *const fit_sign_names[];
/* The error in percent of prediction p against measurement m; NaN when m
 * is 0 (written '-'). */
double fit_error(double m, double p, fit_sign s);

/* ---------------------------------------------------------- intervals */

typedef struct {
    double x;
    size_t n;            /* samples summarised */
    double min, max, mean, median;
} fit_interval;

typedef VEC(fit_interval) fit_intervals_vec;

/* Per distinct size of the series (increasing), over the last `last`
 * samples of each size in file order (seed 000's FIFO window of K; 0 =
 * all). */
void fit_intervals(const fit_series *s, size_t last, fit_intervals_vec *out);

/* ------------------------------------------------------------- writers */

/* bench 1 (formats/bench.md), what fit_data_read reads: the header with
 * the optional name, then one sample record per measurement (mpibench
 * writes them, the sizes of a kind in increasing order). */
void fit_write_bench_header(FILE *fp, const char *name);
void fit_write_bench_sample(FILE *fp, const char *kind, double size,
                            double time);

/* perf-model 1 (formats/perf-model.md). */
void fit_write_header(FILE *fp, const char *name, fit_sign sign);
void fit_write_poly(FILE *fp, const char *name, const fit_poly *f);
/* point NAME X MEASURED FITTED ERROR, and the closing summary of a list
 * of points against a prediction function (the mean error a running
 * mean). Each refuses a derived number past the largest double (an error,
 * the sum of squared residuals): -1 after result_finite's diagnostic at
 * `at`, nothing written; 0 otherwise. */
int fit_write_point(FILE *fp, const char *name, double x, double m, double p,
                    fit_sign sign, diag *d, srcloc at);
int fit_write_summary(FILE *fp, const char *name, const fit_point *pts,
                      const double *pred, size_t n, fit_sign sign, diag *d,
                      srcloc at);
void fit_write_interval(FILE *fp, const char *key, const fit_interval *iv);
/* predict NAME X LO HI: an application model's [t_min, t_max] at X. */
void fit_write_prediction(FILE *fp, const char *name, double x, double lo,
                          double hi);

/* net-model 1 of a piecewise line (formats/net-model.md), the fit's
 * report in comments. A negative t_s or t_w under FIT_MAX_DRIFT of the
 * regime's times is rounding (an exact line through 0 fits to -4e-12)
 * and written as 0, said in a comment; a larger one netsim cannot hold
 * is refused (-1, a diagnostic). */
int fit_write_net_model(FILE *fp, const char *name, const fit_piecewise *f,
                        const fit_point *pts, size_t n, fit_sign sign,
                        diag *d, srcloc at);
/* SimGrid SMPI: smpi/bw-factor and smpi/lat-factor strings and a
 * two-host platform whose link carries the last regime. -1 after a
 * diagnostic when a regime's t_w is not > 0 or t_s < 0. */
int fit_write_smpi(FILE *fp, const char *name, const fit_piecewise *f,
                   diag *d, srcloc at);

/* Warnings where a regime's line is negative on sizes it covers (from 0
 * for the first regime, to +inf for the last), naming the range and the
 * measured range. Returns how many were printed. */
int fit_warn_negative(const fit_piecewise *f, const char *name, diag *d,
                      srcloc at);

/* ------------------------------------------------------------- models */

/* The functions of a perf-model file: poly pieces grouped by name, in
 * file order. */
typedef struct {
    char *name;
    VEC(fit_poly) pieces;   /* piece k covers (hi of k−1, hi of k] */
} fit_function;

/* An interval record of a perf-model: seed 000's machine model, one key
 * at one size. */
typedef struct {
    char *key;
    fit_interval iv;
} fit_keyed_interval;

/* A predict record: an application model's [lo, hi] at x. */
typedef struct {
    char *name;
    double x, lo, hi;
} fit_predicted;

typedef struct {
    VEC(fit_function) functions;
    VEC(fit_keyed_interval) intervals;   /* in file order */
    VEC(fit_predicted) predictions;      /* in file order */
} fit_model;

/* Reads the poly, interval and predict records of a perf-model (the
 * others are checked for their keyword only). fit_model_read wants at
 * least one poly or predict record ("nothing to evaluate" otherwise:
 * compare sums them);
 * fit_machine_read, a machine model for predict, at least one poly or
 * interval record. */
int fit_model_read(fit_model *m, const char *text, size_t len,
                   const char *file, diag *d);
int fit_machine_read(fit_model *m, const char *text, size_t len,
                     const char *file, diag *d);
/* The records of m2 appended to m (which owns them after; m2 is left
 * empty): several --model files make one machine model. */
void fit_model_merge(fit_model *m, fit_model *m2);
void fit_model_free(fit_model *m);
/* The function at x: the first piece whose hi >= x, else the last piece
 * (extrapolation above). *outside is set when x is outside [lo of the
 * first piece, hi of the last]. */
double fit_function_eval(const fit_function *f, double x, int *outside);

/* ------------------------------------------------ application models */

/* An application model in the PAMELA-style language of formats/pamela.md
 * (seed 000): params, resources, definitions, predict statements.
 * Evaluated with interval arithmetic against a machine model (fit_model:
 * poly functions and interval records) to [t_min, t_max]. */
typedef struct fit_app fit_app;

/* Limits on what multiplies (formats/pamela.md, "Limits"). */
#define FIT_APP_MAX_NESTING 64        /* brackets and operands, per body */
#define FIT_APP_MAX_RESOURCES 16
#define FIT_APP_MAX_DEPTH 1000        /* evaluation: nested calls × nesting */
#define FIT_APP_MAX_STEPS 10000000.0  /* evaluation: nodes visited */

/* NULL after a located diagnostic (the first syntax error). */
fit_app *fit_app_parse(const char *text, size_t len, const char *file,
                       diag *d);
void fit_app_free(fit_app *app);
/* Gives the param NAME the value [lo, hi] in place of its expression
 * (-D, --sweep). -1 when the model declares no such param. */
int fit_app_set(fit_app *app, const char *name, double lo, double hi);
/* A smaller evaluation budget than FIT_APP_MAX_STEPS (steps > 0), for a
 * fuzzer that must run fast per input; the same limit and message. */
void fit_app_set_budget(fit_app *app, double steps);
/* The params' names, comma-separated, in a strbuf the caller frees. */
void fit_app_param_names(const fit_app *app, strbuf *out);
size_t fit_app_predicts(const fit_app *app);

typedef struct {
    const char *name;     /* the definition predicted (owned by the app) */
    double lo, hi;
} fit_prediction;

/* Evaluates every predict statement against the machine model into
 * out[0..fit_app_predicts), and *first the lower end of the first
 * param's value (0 without params). Returns 0, or -1 after a located
 * diagnostic (an unknown key, a division by an interval holding 0, an
 * overflow, a limit). */
int fit_app_predict(fit_app *app, const fit_model *machine,
                    fit_prediction *out, double *first, diag *d);

#endif
