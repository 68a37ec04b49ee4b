/* bench2model — measurements -> fitted performance models (seeds 000 and
 * 001). See man/man1/bench2model.1. The work is in lib/fit. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "fit/fit.h"

static const char *const prog = "bench2model";

static void usage(FILE *fp)
{
    fprintf(fp,
"Usage: %s SUBCOMMAND [OPTION]... [FILE]\n"
"Read measurements (FILE, or standard input when FILE is absent or '-'): a\n"
"bench file of samples, or plain columns 'x y [y ...]' with # comments.\n"
"The points fitted are the mean time of each size (or --statistic).\n"
"\n"
"Subcommands:\n"
"  comm       piecewise line t(d) = t_s + t_w*d by least squares; writes a\n"
"             net-model for netsim, the fit in its comments\n"
"  poly       least-squares polynomial of a chosen degree (perf-model)\n"
"  interval   [min, max], mean and median of the samples of each size\n"
"  compare    measured against predicted, with the error of each point\n"
"  predict    evaluate an application model (FILE, formats/pamela.md)\n"
"             against machine models (--model) to [t_min, t_max]\n"
"\n"
"  -o, --output=FILE    write to FILE, replaced only when all went well\n"
"      --kind=KIND      the samples of KIND (bench input)\n"
"      --column=N       the Nth time column (columns input; default 1)\n"
"      --name=NAME      name of the function written (default: the kind,\n"
"                       or yN)\n"
"      --statistic=S    what a size's samples are fitted as: mean (default,\n"
"                       seed 001), median or min (comm, poly, compare)\n"
"      --weight=W       comm, poly: least squares of the residuals (none,\n"
"                       default, seed 001) or of the relative residuals\n"
"                       (relative: every size has the same say)\n"
"      --sign=SIGN      error convention: abs |m-p|/m (default), m-p\n"
"                       (m-p)/m, p-m (p-m)/m, each x 100\n"
"comm:\n"
"      --regimes=N      N regimes, breakpoints chosen by least total squared\n"
"                       error, >= 2 points per regime (default 1); 'auto'\n"
"                       is 2 regimes searched so (seed 001)\n"
"      --breaks=B,...   given breakpoints; each belongs to the regime below\n"
"      --format=FMT     net-model (default), perf-model, or smpi (SimGrid\n"
"                       platform with smpi/bw-factor and smpi/lat-factor)\n"
"poly:\n"
"      --degree=D       the degree, 0 to %d (default 1)\n"
"interval:\n"
"      --last=K         the last K samples of each size only (a FIFO window)\n"
"compare:\n"
"      --model=FILE     a perf-model; predictions are the sum of its\n"
"                       functions (repeatable). Without it the input's\n"
"                       columns are 'x measured predicted'\n"
"      --constant=K     add K to every prediction\n"
"predict:\n"
"      --model=FILE     a perf-model: poly functions and interval records\n"
"                       (repeatable; the models are merged)\n"
"  -D NAME=VALUE        give the model's param NAME the value VALUE\n"
"      --sweep=NAME=V,...  one prediction per value of the param NAME\n"
"  -h, --help           show this help and exit\n"
"  -V, --version        show the version and exit\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 bad usage or bad input.\n"
"\n"
"Example:\n"
"  bench2model comm --column 2 --regimes auto table1.txt > lam.net\n"
"  bench2model predict --model m.pm -D n=250 model.pam\n",
            prog, FIT_MAX_DEGREE);
}

enum { OPT_KIND = 256, OPT_COLUMN, OPT_NAME, OPT_SIGN, OPT_REGIMES,
       OPT_BREAKS, OPT_FORMAT, OPT_DEGREE, OPT_LAST, OPT_MODEL,
       OPT_CONSTANT, OPT_STATISTIC, OPT_WEIGHT, OPT_SWEEP };

typedef struct {
    const char *output, *kind, *column, *name, *sign_opt;
    fit_sign sign;
    const char *stat_opt;
    fit_stat stat;
    const char *weight_opt;
    fit_weight weight;
    const char *regimes_opt, *breaks_opt, *format;
    size_t regimes;
    double breaks[FIT_MAX_BREAKS];
    int nbreaks;
    const char *degree_opt;
    int degree;
    const char *last_opt;
    size_t last;
    VEC(const char *) models;
    const char *constant_opt;
    double constant;
    define_list defines;      /* -D: the rule of common.h */
    char *sweep;              /* the swept param, NULL without --sweep */
    VEC(double) sweep_values;
} options;

/* --sweep=NAME=V1,V2,...: each value read as -D reads it. */
static void parse_sweep(options *op, const char *text)
{
    const char *eq = strchr(text, '=');
    if (!eq || eq == text || !eq[1])
        usage_error(prog, "--sweep wants NAME=V1,V2,..., not '%s'", text);
    if (op->sweep)
        usage_error(prog, "--sweep given twice");
    char *copy = xstrdup(eq + 1), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        strbuf one = {0};
        sb_printf(&one, "%.*s=%s", (int)(eq - text), text, t);
        char *name;
        double value;
        option_define(prog, sb_str(&one), &name, &value);
        sb_free(&one);
        free(op->sweep);
        op->sweep = name;
        VEC_PUSH(&op->sweep_values, value);
    }
    free(copy);
    if (!op->sweep)
        usage_error(prog, "--sweep wants NAME=V1,V2,..., not '%s'", text);
}

/* --breaks=B1,B2,...: increasing finite sizes >= 0. */
static void parse_breaks(options *op, const char *text)
{
    char *copy = xstrdup(text), *save = NULL;
    op->nbreaks = 0;
    for (char *t = strtok_r(copy, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        if (op->nbreaks == FIT_MAX_BREAKS)
            usage_error(prog, "--breaks takes at most %d breakpoints",
                        FIT_MAX_BREAKS);
        double b = option_double(prog, "--breaks", t);
        if (b < 0 || (op->nbreaks && b <= op->breaks[op->nbreaks - 1]))
            usage_error(prog, "--breaks wants increasing sizes >= 0, not "
                        "'%s'", text);
        op->breaks[op->nbreaks++] = b;
    }
    if (op->nbreaks == 0)
        usage_error(prog, "--breaks wants sizes, not '%s'", text);
    free(copy);
}

static void parse_options(int argc, char **argv, options *op)
{
    static const char *const formats[] = {"net-model", "perf-model", "smpi",
                                          NULL};
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"kind", required_argument, NULL, OPT_KIND},
        {"column", required_argument, NULL, OPT_COLUMN},
        {"name", required_argument, NULL, OPT_NAME},
        {"sign", required_argument, NULL, OPT_SIGN},
        {"statistic", required_argument, NULL, OPT_STATISTIC},
        {"weight", required_argument, NULL, OPT_WEIGHT},
        {"regimes", required_argument, NULL, OPT_REGIMES},
        {"breaks", required_argument, NULL, OPT_BREAKS},
        {"format", required_argument, NULL, OPT_FORMAT},
        {"degree", required_argument, NULL, OPT_DEGREE},
        {"last", required_argument, NULL, OPT_LAST},
        {"model", required_argument, NULL, OPT_MODEL},
        {"constant", required_argument, NULL, OPT_CONSTANT},
        {"sweep", required_argument, NULL, OPT_SWEEP},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:D:hV", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': op->output = optarg; break;
        case OPT_KIND: op->kind = optarg; break;
        case OPT_COLUMN:
            option_u64(prog, "--column", optarg, 1, 1000000);
            op->column = optarg;
            break;
        case OPT_NAME:
            if (!*optarg || strpbrk(optarg, " \t\n\"#"))
                usage_error(prog, "--name wants a word (no blanks, quotes "
                            "or #), not '%s'", optarg);
            op->name = optarg;
            break;
        case OPT_STATISTIC:
            op->stat = (fit_stat)option_word(prog, "--statistic", optarg,
                                             fit_stat_names);
            op->stat_opt = "--statistic";
            break;
        case OPT_WEIGHT:
            op->weight = (fit_weight)option_word(prog, "--weight", optarg,
                                                 fit_weight_names);
            op->weight_opt = "--weight";
            break;
        case OPT_SIGN:
            op->sign = (fit_sign)option_word(prog, "--sign", optarg,
                                             fit_sign_names);
            op->sign_opt = "--sign";
            break;
        case OPT_REGIMES:
            op->regimes_opt = "--regimes";
            op->regimes = strcmp(optarg, "auto") == 0
                ? 2 : option_u64(prog, "--regimes", optarg, 1, FIT_MAX_REGIMES);
            break;
        case OPT_BREAKS:
            op->breaks_opt = "--breaks";
            parse_breaks(op, optarg);
            break;
        case OPT_FORMAT:
            op->format = formats[option_word(prog, "--format", optarg,
                                             formats)];
            break;
        case OPT_DEGREE:
            op->degree_opt = "--degree";
            op->degree = (int)option_u64(prog, "--degree", optarg, 0,
                                         FIT_MAX_DEGREE);
            break;
        case OPT_LAST:
            op->last_opt = "--last";
            op->last = option_u64(prog, "--last", optarg, 1, 1000000000);
            break;
        case OPT_MODEL: VEC_PUSH(&op->models, optarg); break;
        case OPT_CONSTANT:
            op->constant_opt = "--constant";
            op->constant = option_double(prog, "--constant", optarg);
            break;
        case 'D': define_list_add(prog, &op->defines, optarg); break;
        case OPT_SWEEP: parse_sweep(op, optarg); break;
        case 'h': usage(stdout); exit(EXIT_OK);
        case 'V': print_version(prog); exit(EXIT_OK);
        case ':': usage_error(prog, "option '%s' needs an argument",
                              argv[optind - 1]);
        default:  usage_error(prog, "unknown option '%s'", argv[optind - 1]);
        }
    }
}

/* The series the options name, its points (means per size), and the
 * name of the function written. NULL after a diagnostic. */
static const fit_series *pick(const fit_data *data, const options *op,
                              diag *d)
{
    if (data->is_bench && op->column) {
        diag_error(d, (srcloc){data->file, 0, 0}, "--column applies to "
                   "plain columns; this is a bench file: use --kind");
        return NULL;
    }
    if (!data->is_bench && op->kind) {
        diag_error(d, (srcloc){data->file, 0, 0}, "--kind applies to "
                   "bench files; these are plain columns: use --column");
        return NULL;
    }
    return fit_data_pick(data, data->is_bench ? op->kind : op->column, d);
}

static srcloc first_loc(const fit_data *data, const fit_points *pts)
{
    return (srcloc){data->file, pts->len ? pts->items[0].line : 0,
                    pts->len ? pts->items[0].col : 0};
}

/* The point records and the summary of pts against pred: 0, or -1 after
 * a derived number past the largest double was refused (located at the
 * series' first point). */
static int write_points(const options *op, const char *name,
                        const fit_points *pts, const double *pred, FILE *out,
                        diag *d, srcloc at)
{
    for (size_t i = 0; i < pts->len; i++)
        if (fit_write_point(out, name, pts->items[i].x, pts->items[i].y,
                            pred[i], op->sign, d, at) < 0)
            return -1;
    return fit_write_summary(out, name, pts->items, pred, pts->len, op->sign,
                             d, at);
}

static int run_comm(const options *op, const fit_data *data,
                    const fit_series *s, FILE *out, diag *d)
{
    fit_points pts = {0};
    fit_points_of(s, op->stat, &pts);
    const char *name = op->name ? op->name : s->kind;
    fit_piecewise f;
    int status = EXIT_BADINPUT;
    srcloc at = first_loc(data, &pts);
    if (fit_piecewise_weighted(pts.items, pts.len, op->regimes ? op->regimes : 1,
                               op->breaks, op->breaks_opt ? op->nbreaks : -1,
                               op->weight, &f, d, at) < 0)
        goto done;
    fit_warn_negative(&f, name, d, (srcloc){data->file, 0, 0});
    const char *format = op->format ? op->format : "net-model";
    if (strcmp(format, "perf-model") == 0) {
        fit_write_header(out, data->name, op->sign);
        for (size_t k = 0; k < f.regimes; k++)
            fit_write_poly(out, name, &f.line[k]);
        double *pred = xcalloc(pts.len, sizeof *pred);
        for (size_t i = 0; i < pts.len; i++)
            pred[i] = fit_piecewise_eval(&f, pts.items[i].x);
        int bad = write_points(op, name, &pts, pred, out, d, at);
        free(pred);
        if (bad)
            goto done;
    } else {
        char label[256];
        snprintf(label, sizeof label, "%s: %s fitted by bench2model comm",
                 data->name ? data->name : data->file, name);
        srcloc file = {data->file, 0, 0};
        if (strcmp(format, "smpi") == 0
                ? fit_write_smpi(out, label, &f, d, file) < 0
                : fit_write_net_model(out, label, &f, pts.items, pts.len,
                                      op->sign, d, file) < 0)
            goto done;
    }
    status = EXIT_OK;
done:
    free(pts.items);
    return status;
}

static int run_poly(const options *op, const fit_data *data,
                    const fit_series *s, FILE *out, diag *d)
{
    fit_points pts = {0};
    fit_points_of(s, op->stat, &pts);
    const char *name = op->name ? op->name : s->kind, *why;
    fit_poly f;
    if (fit_polynomial_weighted(pts.items, pts.len, op->degree, op->weight,
                                &f, &why) < 0) {
        srcloc at = first_loc(data, &pts);
        if (strcmp(why, "too few points") == 0)
            diag_error(d, at, "a polynomial of degree %d needs at least %d "
                       "points (distinct sizes), and there %s %zu",
                       op->degree, op->degree + 1,
                       pts.len == 1 ? "is" : "are", pts.len);
        else
            diag_error(d, at, "the fit of degree %d is %s", op->degree, why);
        free(pts.items);
        return EXIT_BADINPUT;
    }
    fit_write_header(out, data->name, op->sign);
    fit_write_poly(out, name, &f);
    double *pred = xcalloc(pts.len, sizeof *pred);
    for (size_t i = 0; i < pts.len; i++)
        pred[i] = fit_poly_eval(&f, pts.items[i].x);
    int bad = write_points(op, name, &pts, pred, out, d,
                           first_loc(data, &pts));
    free(pred);
    free(pts.items);
    return bad ? EXIT_BADINPUT : EXIT_OK;
}

static void write_intervals(FILE *out, const char *key,
                            const fit_series *s, size_t last)
{
    fit_intervals_vec iv = {0};
    fit_intervals(s, last, &iv);
    for (size_t k = 0; k < iv.len; k++)
        fit_write_interval(out, key, &iv.items[k]);
    free(iv.items);
}

static int run_interval(const options *op, const fit_data *data, FILE *out)
{
    fputs("perf-model 1\n", out);
    if (data->name) {
        fputs("name ", out);
        tf_put_string(out, data->name);
        fputc('\n', out);
    }
    if (!data->is_bench) {
        /* Columns: the times of a row are the samples of its size. */
        fit_series all = {.kind = (char *)"y"};
        size_t rows = data->series.items[0].samples.len;
        for (size_t i = 0; i < rows; i++)
            for (size_t c = 0; c < data->series.len; c++)
                VEC_PUSH(&all.samples, data->series.items[c].samples.items[i]);
        write_intervals(out, op->name ? op->name : "y", &all, op->last);
        free(all.samples.items);
        return EXIT_OK;
    }
    for (size_t i = 0; i < data->series.len; i++) {
        const fit_series *s = &data->series.items[i];
        if (!op->kind || strcmp(op->kind, s->kind) == 0)
            write_intervals(out, op->name ? op->name : s->kind, s, op->last);
    }
    return EXIT_OK;
}

/* The perf-model at path: for compare (poly or predict records wanted)
 * or as a machine model for predict (poly or interval records). */
static int read_model(const char *path, int machine, fit_model *model,
                      diag *d)
{
    size_t len;
    char *text = read_input(prog, path, FIT_MAX_MODEL_INPUT, &len);
    int got = (machine ? fit_machine_read : fit_model_read)(
        model, text, len, input_name(path), d);
    free(text);
    return got;
}

/* Adds to pred[i] the prediction NAME of the model at each point's
 * size: the middle of its [lo, hi]. Every size needs one. */
static int add_predictions(const fit_model *model, const char *name,
                           const fit_points *pts, double *pred,
                           const fit_data *data, const char *path, diag *d)
{
    for (size_t i = 0; i < pts->len; i++) {
        const fit_predicted *hit = NULL;
        for (size_t k = 0; k < model->predictions.len && !hit; k++) {
            const fit_predicted *p = &model->predictions.items[k];
            if (strcmp(p->name, name) == 0 && p->x == pts->items[i].x)
                hit = p;
        }
        if (!hit) {
            char a[32];
            diag_error(d, (srcloc){data->file, pts->items[i].line,
                                   pts->items[i].col},
                       "%s: no prediction '%s' at size %s (predict "
                       "--sweep writes one per size)", input_name(path), name,
                       fmt_double(a, pts->items[i].x));
            return -1;
        }
        pred[i] += hit->lo / 2 + hit->hi / 2;
    }
    return 0;
}

static int run_compare(const options *op, const fit_data *data,
                       const fit_series *s, FILE *out, diag *d)
{
    fit_points pts = {0};
    fit_points_of(s, op->stat, &pts);
    double *pred = xcalloc(pts.len ? pts.len : 1, sizeof *pred);
    const char *name = op->name ? op->name : s->kind;
    int status = EXIT_BADINPUT;
    if (op->models.len == 0) {
        /* x measured predicted: the predictions are the next column. */
        if (data->is_bench || (size_t)(s - data->series.items) + 1 >=
                                  data->series.len) {
            diag_error(d, (srcloc){data->file, 0, 0}, "compare without "
                       "--model reads columns 'x measured predicted': no "
                       "column after the measured one");
            goto done;
        }
        const fit_series *p = s + 1;
        for (size_t i = 0; i < pts.len; i++)
            pred[i] = p->samples.items[i].y + op->constant;
    } else {
        for (size_t i = 0; i < pts.len; i++)
            pred[i] = op->constant;
        for (size_t m = 0; m < op->models.len; m++) {
            const char *path = op->models.items[m];
            fit_model model;
            if (read_model(path, 0, &model, d) < 0)
                goto done;
            for (size_t k = 0; k < model.functions.len; k++) {
                const fit_function *f = &model.functions.items[k];
                int warned = 0;
                for (size_t i = 0; i < pts.len; i++) {
                    int outside;
                    pred[i] += fit_function_eval(f, pts.items[i].x, &outside);
                    if (outside && !warned++) {
                        char a[32], b[32], c[32];
                        diag_warning(d, (srcloc){data->file, pts.items[i].line,
                                                 pts.items[i].col},
                                     "%s: '%s' extrapolated to %s, outside "
                                     "its fitted sizes %s..%s",
                                     input_name(path), f->name,
                                     fmt_double(a, pts.items[i].x),
                                     fmt_double(b, f->pieces.items[0].lo),
                                     fmt_double(c, f->pieces.items[
                                         f->pieces.len - 1].hi));
                    }
                }
            }
            /* predict records: each name a function known at its x. */
            for (size_t k = 0; k < model.predictions.len; k++) {
                const fit_predicted *f = &model.predictions.items[k];
                size_t first = 0;
                while (strcmp(model.predictions.items[first].name, f->name))
                    first++;
                if (first != k)
                    continue;   /* each name once */
                if (add_predictions(&model, f->name, &pts, pred, data, path,
                                    d) < 0) {
                    fit_model_free(&model);
                    goto done;
                }
            }
            fit_model_free(&model);
        }
    }
    fit_write_header(out, data->name, op->sign);
    if (write_points(op, name, &pts, pred, out, d, first_loc(data, &pts)))
        goto done;
    status = EXIT_OK;
done:
    free(pred);
    free(pts.items);
    return status;
}

/* Gives a param its value, or names the params the model has. */
static int set_param(fit_app *app, const char *name, double v,
                     const char *opt, const char *file, diag *d)
{
    if (fit_app_set(app, name, v, v) == 0)
        return 0;
    strbuf names = {0};
    fit_app_param_names(app, &names);
    diag_error(d, (srcloc){file, 0, 0}, "%s %s: the model has no param '%s' "
               "(%s%s)", opt, name, name, names.len ? "its params: " :
               "it has none", sb_str(&names));
    sb_free(&names);
    return -1;
}

/* predict: the application model in `path` against the --model files. */
static int run_predict(const options *op, const char *path, FILE *out,
                       diag *d)
{
    size_t len;
    char *text = read_input(prog, path, FIT_MAX_MODEL_INPUT, &len);
    const char *file = input_name(path);
    fit_app *app = fit_app_parse(text, len, file, d);
    free(text);
    if (!app)
        return EXIT_BADINPUT;
    int status = EXIT_BADINPUT;
    fit_model machine = {0};
    fit_prediction *pred = xcalloc(fit_app_predicts(app), sizeof *pred);
    for (size_t m = 0; m < op->models.len; m++) {
        fit_model one;
        if (read_model(op->models.items[m], 1, &one, d) < 0)
            goto done;
        fit_model_merge(&machine, &one);
    }
    for (size_t i = 0; i < op->defines.len; i++)
        if (set_param(app, op->defines.items[i].name,
                      op->defines.items[i].value, "-D", file, d) < 0)
            goto done;
    if (op->sweep && set_param(app, op->sweep, 0, "--sweep", file, d) < 0)
        goto done;
    fputs("perf-model 1\n", out);
    size_t runs = op->sweep ? op->sweep_values.len : 1;
    for (size_t k = 0; k < runs; k++) {
        double x;
        if (op->sweep)
            fit_app_set(app, op->sweep, op->sweep_values.items[k],
                        op->sweep_values.items[k]);
        if (fit_app_predict(app, &machine, pred, &x, d) < 0)
            goto done;
        if (op->sweep)
            x = op->sweep_values.items[k];
        for (size_t i = 0; i < fit_app_predicts(app); i++)
            fit_write_prediction(out, pred[i].name, x, pred[i].lo,
                                 pred[i].hi);
    }
    status = EXIT_OK;
done:
    free(pred);
    fit_model_free(&machine);
    fit_app_free(app);
    return status;
}

/* Writes to memory, then to the output: a run refused half-way leaves
 * no output. */
static int emit(const options *op, int status, char *buf, size_t buflen)
{
    if (status == EXIT_OK) {
        outfile out;
        out_open_or_die(&out, prog, op->output);
        fwrite(buf, 1, buflen, out.fp);
        status = out_commit_status(&out, prog, op->output);
    }
    free(buf);
    return status;
}

static void free_options(options *op)
{
    free(op->models.items);
    define_list_free(&op->defines);
    free(op->sweep);
    free(op->sweep_values.items);
}

int main(int argc, char **argv)
{
    set_program_name(prog);
    options op = {.degree = 1};
    parse_options(argc, argv, &op);
    if (optind >= argc)
        usage_error(prog, "a subcommand is needed: comm, poly, interval, "
                    "compare or predict");
    const char *sub = argv[optind];
    int comm = strcmp(sub, "comm") == 0, poly = strcmp(sub, "poly") == 0,
        interval = strcmp(sub, "interval") == 0,
        compare = strcmp(sub, "compare") == 0,
        predict = strcmp(sub, "predict") == 0;
    if (!comm && !poly && !interval && !compare && !predict)
        usage_error(prog, "unknown subcommand '%s' (expected comm, poly, "
                    "interval, compare or predict)", sub);
    const char *path = single_input(prog, argc, argv, optind + 1);
    option_applies(prog, op.regimes_opt, comm, "with comm");
    option_applies(prog, op.breaks_opt, comm, "with comm");
    option_applies(prog, op.format ? "--format" : NULL, comm, "with comm");
    option_applies(prog, op.degree_opt, poly, "with poly");
    option_applies(prog, op.last_opt, interval, "with interval");
    option_applies(prog, op.models.len ? "--model" : NULL, compare || predict,
                   "with compare and predict");
    option_applies(prog, op.defines.len ? "-D" : NULL, predict,
                   "with predict");
    option_applies(prog, op.sweep ? "--sweep" : NULL, predict,
                   "with predict");
    if (op.sweep && define_find(&op.defines, op.sweep, strlen(op.sweep)))
        usage_error(prog, "-D %s: --sweep gives '%s' its values, so this -D "
                    "would never be read; give one or the other", op.sweep,
                    op.sweep);   /* the -D rule: every -D is read */
    option_applies(prog, op.weight_opt, comm || poly, "with comm and poly");
    option_applies(prog, op.stat_opt, comm || poly || compare,
                   "with comm, poly and compare (interval gives all three)");
    if (predict) {
        option_applies(prog, op.kind ? "--kind" : op.column ? "--column"
                       : op.name ? "--name" : op.sign_opt, 0,
                       "with comm, poly, interval and compare");
        char *buf = NULL;
        size_t buflen = 0;
        FILE *mem = open_memstream(&buf, &buflen);
        if (!mem)
            die(prog, EXIT_RUNTIME, "out of memory");
        diag d;
        diag_init(&d, prog, stderr);
        int status = run_predict(&op, path, mem, &d);
        fclose(mem);
        free_options(&op);
        return emit(&op, status, buf, buflen);
    }
    option_applies(prog, op.constant_opt, compare, "with compare");
    option_applies(prog, op.sign_opt, !interval, "with comm, poly and compare");
    option_applies(prog, interval ? op.column : NULL, 0,
                   "with comm, poly and compare");
    if (op.regimes_opt && op.breaks_opt)
        usage_error(prog, "--regimes and --breaks exclude one another");

    size_t len;
    char *text = read_input(prog, path, FIT_MAX_INPUT, &len);
    diag d;
    diag_init(&d, prog, stderr);
    fit_data data;
    int got = fit_data_read(&data, text, len, input_name(path), &d);
    free(text);
    if (got < 0) {
        free_options(&op);
        return EXIT_BADINPUT;
    }
    const fit_series *s = NULL;
    if (!interval && !(s = pick(&data, &op, &d))) {
        fit_data_free(&data);
        free_options(&op);
        return EXIT_BADINPUT;
    }
    if (interval && op.kind && !data.is_bench)
        diag_error(&d, (srcloc){data.file, 0, 0}, "--kind applies to bench "
                   "files; interval takes every column of plain columns "
                   "together");
    else if (interval && op.kind)
        fit_data_pick(&data, op.kind, &d);
    if (d.errors) {
        fit_data_free(&data);
        free_options(&op);
        return EXIT_BADINPUT;
    }

    /* Written to memory first: a fit refused half-way leaves no output. */
    char *buf = NULL;
    size_t buflen = 0;
    FILE *mem = open_memstream(&buf, &buflen);
    if (!mem)
        die(prog, EXIT_RUNTIME, "out of memory");
    int status = comm ? run_comm(&op, &data, s, mem, &d)
               : poly ? run_poly(&op, &data, s, mem, &d)
               : interval ? run_interval(&op, &data, mem)
               : run_compare(&op, &data, s, mem, &d);
    fclose(mem);
    fit_data_free(&data);
    free_options(&op);
    return emit(&op, status, buf, buflen);
}
