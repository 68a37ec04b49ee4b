/* io.c — reading and writing descriptors: the san-desc format
 * (formats/san-desc.md) and the thesis's plain descriptor file (Figure 8,
 * notes §5.2). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "desc/desc.h"

/* ------------------------------------------------------------ functions */

static const struct {
    const char *word;
    desc_op op;
} op_words[] = {
    {"+", DOP_ADD}, {"-", DOP_SUB}, {"*", DOP_MUL}, {"/", DOP_DIV},
    {"neg", DOP_NEG}, {"<", DOP_LT}, {"<=", DOP_LE}, {">", DOP_GT},
    {">=", DOP_GE}, {"==", DOP_EQ}, {"!=", DOP_NE}, {"and", DOP_AND},
    {"or", DOP_OR}, {"not", DOP_NOT}, {"min", DOP_MIN}, {"max", DOP_MAX},
    {"ite", DOP_ITE}, {"floor", DOP_FLOOR},
};

static int is_word(const char *s)
{
    if (!*s || *s == '"')
        return 0;
    for (; *s; s++)
        if (*s == ' ' || *s == '\t' || *s == '#' || *s == '"' ||
            (unsigned char)*s < 0x20 || *s == 0x7f)
            return 0;
    return 1;
}

/* A name as a bare word when it reads back as one, else quoted. */
static void put_name(FILE *fp, const char *s)
{
    if (is_word(s))
        fputs(s, fp);
    else
        tf_put_string(fp, s);
}

void desc_put_name(FILE *fp, const char *s)
{
    put_name(fp, s);
}

static void sb_put_name(strbuf *sb, const char *s)
{
    if (is_word(s))
        sb_puts(sb, s);
    else
        sb_put_quoted(sb, s);
}

void desc_func_text(strbuf *sb, const desc *d, const desc_func *f)
{
    for (size_t i = 0; i < f->code.len; i++) {
        const desc_insn *in = &f->code.items[i];
        if (i)
            sb_putc(sb, ' ');
        if (in->op == DOP_NUM) {
            char buf[32];
            sb_puts(sb, fmt_double(buf, in->num));
        } else if (in->op == DOP_ST) {
            sb_puts(sb, "st ");
            sb_put_name(sb, d->aut[in->aut].name);
        } else {
            for (size_t k = 0; k < sizeof op_words / sizeof *op_words; k++)
                if (op_words[k].op == in->op)
                    sb_puts(sb, op_words[k].word);
        }
    }
}

/* --------------------------------------------------------------- writer */

static const char *kind_word[] = {"local", "sync+", "sync-", "plain"};

void desc_write(FILE *fp, const desc *d)
{
    fputs("san-desc 1\n", fp);
    if (d->name) {
        fputs("model ", fp);
        tf_put_string(fp, d->name);
        putc('\n', fp);
    }
    for (int a = 0; a < d->naut; a++) {
        fputs("automaton ", fp);
        put_name(fp, d->aut[a].name);
        for (int s = 0; s < d->aut[a].order; s++) {
            putc(' ', fp);
            put_name(fp, d->aut[a].states[s]);
        }
        putc('\n', fp);
    }
    strbuf sb = {0};
    for (size_t f = 0; f < d->funcs.len; f++) {
        sb_clear(&sb);
        desc_func_text(&sb, d, &d->funcs.items[f]);
        fputs("function ", fp);
        put_name(fp, d->funcs.items[f].name);
        fprintf(fp, " %s\n", sb_str(&sb));
    }
    sb_free(&sb);
    for (size_t t = 0; t < d->terms.len; t++) {
        const desc_term *term = &d->terms.items[t];
        fprintf(fp, "term %s ", kind_word[term->kind]);
        put_name(fp, term->label);
        putc('\n', fp);
        for (int a = 0; a < d->naut; a++) {
            const desc_matrix *m = term->factor[a];
            if (!m)
                continue;
            fputs("factor ", fp);
            put_name(fp, d->aut[a].name);
            putc('\n', fp);
            for (size_t i = 0; i < m->nnz; i++) {
                fprintf(fp, "e %d %d ", m->e[i].row, m->e[i].col);
                tf_put_double(fp, m->e[i].value);
                if (m->e[i].func >= 0) {
                    putc(' ', fp);
                    put_name(fp, d->funcs.items[m->e[i].func].name);
                }
                putc('\n', fp);
            }
        }
    }
    if (d->reach >= 0) {
        fputs("reachability ", fp);
        put_name(fp, d->funcs.items[d->reach].name);
        putc('\n', fp);
    }
    if (d->initial) {
        fputs("initial", fp);
        for (int a = 0; a < d->naut; a++) {
            putc(' ', fp);
            put_name(fp, d->aut[a].states[d->initial[a]]);
        }
        putc('\n', fp);
    }
    for (size_t r = 0; r < d->results.len; r++) {
        fputs("result ", fp);
        put_name(fp, d->results.items[r].name);
        putc(' ', fp);
        put_name(fp, d->funcs.items[d->results.items[r].func].name);
        putc('\n', fp);
    }
    fprintf(fp, "end %d %zu %zu\n", d->naut, d->funcs.len, d->terms.len);
}

/* ------------------------------------------------------ san-desc reader */

/* Multiplies *product (1 when 0) by order: -1 when that passes the
 * product-space limit, for the readers to say where. */
static int grow_product(uint64_t *product, uint64_t order)
{
    uint64_t p = *product ? *product : 1;
    if (p > DESC_MAX_STATES / order)
        return -1;
    *product = p * order;
    return 0;
}

typedef struct {
    desc *d;
    tf_reader *r;
    keymap auts, funcs;
    keymap *states;        /* per automaton: state name -> index */
    int term, factor;      /* current term and factor automaton, or -1 */
    keymap elems;          /* the current factor's (row, col) -> line */
    int ended;             /* the line of the 'end' record, 0 before */
    uint64_t product;      /* the product of the orders so far */
    int has_reach;
} reader;

static tf_field *field(reader *rd, size_t i)
{
    return i < rd->r->fields.len ? &rd->r->fields.items[i] : NULL;
}

static int fail(reader *rd, const tf_field *f, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(reader *rd, const tf_field *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_verror(rd->r->d, tf_loc(rd->r, f), fmt, ap);
    va_end(ap);
    return -1;
}

/* The field at i, which must be there: a name (any kind; its text). */
static const char *name_field(reader *rd, size_t i, const char *what)
{
    tf_field *f = field(rd, i);
    if (!f) {
        fail(rd, NULL, "expected %s at the end of the record", what);
        return NULL;
    }
    return f->text;
}

static int lookup(reader *rd, keymap *m, size_t i, const char *what)
{
    const char *name = name_field(rd, i, what);
    size_t v;
    if (!name)
        return -1;
    if (!keymap_get(m, name, strlen(name), &v))
        return fail(rd, field(rd, i), "unknown %s '%s'", what, name);
    return (int)v;
}

static int no_more_fields(reader *rd, size_t n)
{
    if (rd->r->fields.len > n)
        return fail(rd, field(rd, n), "unexpected field '%s'",
                    field(rd, n)->text);
    return 0;
}

/* A whole number in [0, limit) at field i. */
static int index_field(reader *rd, size_t i, int limit, const char *what)
{
    tf_field *f = field(rd, i);
    if (!f)
        return fail(rd, NULL, "expected %s at the end of the record", what);
    if (f->kind != TF_NUMBER || f->number != floor(f->number) ||
        f->number < 0 || f->number >= limit)
        return fail(rd, f, "%s '%s' is not a whole number in 0..%d", what,
                    f->text, limit - 1);
    return (int)f->number;
}

static int read_automaton(reader *rd)
{
    desc *d = rd->d;
    if (d->funcs.len || d->terms.len)
        return fail(rd, field(rd, 0), "automata come before functions and "
                    "terms");
    if (d->naut >= DESC_MAX_AUTOMATA)
        return fail(rd, field(rd, 0), "more than %d automata",
                    DESC_MAX_AUTOMATA);
    const char *name = name_field(rd, 1, "the automaton's name");
    if (!name)
        return -1;
    size_t v;
    if (keymap_get(&rd->auts, name, strlen(name), &v))
        return fail(rd, field(rd, 1), "automaton '%s' is defined twice",
                    name);
    size_t order = rd->r->fields.len - 2;
    if (order == 0)
        return fail(rd, NULL, "automaton '%s' has no states", name);
    if (order > DESC_MAX_ORDER)
        return fail(rd, field(rd, 2), "automaton '%s' has more than %d "
                    "states", name, DESC_MAX_ORDER);
    /* The product space's limit, at the automaton that passes it. */
    if (grow_product(&rd->product, order) < 0)
        return fail(rd, field(rd, 1), "automaton '%s' makes the product "
                    "state space exceed the limit of %llu states", name,
                    (unsigned long long)DESC_MAX_STATES);
    keymap states = {0};
    const char **names = xmalloc(order * sizeof *names);
    for (size_t s = 0; s < order; s++) {
        names[s] = field(rd, 2 + s)->text;
        if (keymap_get(&states, names[s], strlen(names[s]), &v)) {
            fail(rd, field(rd, 2 + s), "state '%s' of automaton '%s' is "
                 "named twice", names[s], name);
            free(names);
            keymap_free(&states);
            return -1;
        }
        keymap_put(&states, names[s], strlen(names[s]), s);
    }
    int a = desc_add_automaton(d, name, (int)order, names);
    free(names);
    keymap_put(&rd->auts, name, strlen(name), (size_t)a);
    rd->states = xrealloc(rd->states, (size_t)d->naut * sizeof *rd->states);
    rd->states[a] = states;
    return 0;
}

static int read_function(reader *rd)
{
    desc *d = rd->d;
    const char *name = name_field(rd, 1, "the function's name");
    size_t v;
    if (!name)
        return -1;
    if (keymap_get(&rd->funcs, name, strlen(name), &v))
        return fail(rd, field(rd, 1), "function '%s' is defined twice",
                    name);
    if (rd->r->fields.len < 3)
        return fail(rd, NULL, "function '%s' is empty", name);
    VEC(desc_insn) code = {0};
    int depth = 0;
    for (size_t i = 2; i < rd->r->fields.len; i++) {
        tf_field *f = field(rd, i);
        desc_insn in = {DOP_NUM, 0, 0};
        int npop = 0;
        if (f->kind == TF_NUMBER) {
            in.num = f->number;
        } else if (f->kind == TF_WORD && strcmp(f->text, "st") == 0) {
            in.op = DOP_ST;
            if ((in.aut = lookup(rd, &rd->auts, ++i, "automaton")) < 0)
                goto bad;
        } else {
            size_t k, n = sizeof op_words / sizeof *op_words;
            for (k = 0; k < n; k++)       /* first bytes first: cheap */
                if (f->kind == TF_WORD && f->text[0] == op_words[k].word[0] &&
                    strcmp(f->text, op_words[k].word) == 0)
                    break;
            if (k == n) {
                fail(rd, f, "unknown token '%s' in function '%s'", f->text,
                     name);
                goto bad;
            }
            in.op = op_words[k].op;
            npop = desc_op_arity(in.op);
        }
        if (depth < npop) {
            fail(rd, f, "'%s' needs %d operand%s, the stack holds %d",
                 f->text, npop, npop == 1 ? "" : "s", depth);
            goto bad;
        }
        depth += 1 - npop;
        if (depth > DESC_MAX_STACK) {
            fail(rd, f, "function '%s' needs more than %d stack places",
                 name, DESC_MAX_STACK);
            goto bad;
        }
        VEC_PUSH(&code, in);
    }
    if (depth != 1) {
        fail(rd, NULL, "function '%s' leaves %d values on the stack, "
             "expected 1", name, depth);
        goto bad;
    }
    int fi = desc_add_func(d, name, code.items, code.len);
    keymap_put(&rd->funcs, name, strlen(name), (size_t)fi);
    return 0;
bad:
    free(code.items);
    return -1;
}

static int read_term(reader *rd)
{
    static const char *kinds[] = {"local", "sync+", "sync-", "plain"};
    tf_field *k = field(rd, 1);
    int kind = -1;
    for (int i = 0; k && i < 4; i++)
        if (strcmp(k->text, kinds[i]) == 0)
            kind = i;
    if (kind < 0)
        return fail(rd, k, "expected 'local', 'sync+', 'sync-' or 'plain' "
                    "after 'term'");
    const char *label = name_field(rd, 2, "the term's label");
    if (!label || no_more_fields(rd, 3) < 0)
        return -1;
    if (rd->d->naut == 0)
        return fail(rd, field(rd, 0), "a term before any automaton");
    rd->term = desc_add_term(rd->d, (desc_term_kind)kind, label);
    rd->factor = -1;
    return 0;
}

static int read_factor(reader *rd)
{
    if (rd->term < 0)
        return fail(rd, field(rd, 0), "'factor' outside a term");
    int a = lookup(rd, &rd->auts, 1, "automaton");
    if (a < 0 || no_more_fields(rd, 2) < 0)
        return -1;
    desc_matrix **slot = &rd->d->terms.items[rd->term].factor[a];
    if (*slot)
        return fail(rd, field(rd, 1), "automaton '%s' has two factors in "
                    "this term", rd->d->aut[a].name);
    /* A factor with no elements is a zero matrix, not the identity. */
    *slot = xcalloc(1, sizeof **slot);
    (*slot)->order = rd->d->aut[a].order;
    rd->factor = a;
    /* A factor's elements are its 'e' records, all after its one
     * 'factor' record: repeated ones are found among them, located. */
    keymap_free(&rd->elems);
    return 0;
}

static int read_entry(reader *rd)
{
    if (rd->factor < 0)
        return fail(rd, field(rd, 0), "'e' outside a factor");
    int order = rd->d->aut[rd->factor].order;
    int row = index_field(rd, 1, order, "row");
    if (row < 0)
        return -1;
    int col = index_field(rd, 2, order, "column");
    if (col < 0)
        return -1;
    tf_field *v = field(rd, 3);
    if (!v)
        return fail(rd, NULL, "expected the element's value at the end of "
                    "the record");
    if (v->kind != TF_NUMBER || !isfinite(v->number))
        return fail(rd, v, "expected a finite number, got '%s'", v->text);
    int func = -1;
    if (field(rd, 4)) {
        if ((func = lookup(rd, &rd->funcs, 4, "function")) < 0)
            return -1;
        if (no_more_fields(rd, 5) < 0)
            return -1;
    }
    size_t first;
    uint64_t key = (uint64_t)row << 32 | (uint32_t)col;
    if (keymap_get_u64(&rd->elems, key, &first))
        return fail(rd, field(rd, 1), "term %d (%s): element (%d, %d) of "
                    "automaton %s is given twice (first at line %zu)",
                    rd->term, rd->d->terms.items[rd->term].label, row, col,
                    rd->d->aut[rd->factor].name, first);
    keymap_put_u64(&rd->elems, key, (size_t)rd->r->line);
    desc_add_entry(rd->d, rd->term, rd->factor, row, col, v->number, func);
    return 0;
}

static int read_initial(reader *rd)
{
    desc *d = rd->d;
    if (d->initial)
        return fail(rd, field(rd, 0), "'initial' given twice");
    if (rd->r->fields.len - 1 != (size_t)d->naut)
        return fail(rd, field(rd, 0), "'initial' names %zu states, expected "
                    "one for each of the %d automata",
                    rd->r->fields.len - 1, d->naut);
    int *init = xmalloc((size_t)d->naut * sizeof *init);
    for (int a = 0; a < d->naut; a++) {
        const char *s = field(rd, 1 + (size_t)a)->text;
        size_t v;
        if (!keymap_get(&rd->states[a], s, strlen(s), &v)) {
            free(init);
            return fail(rd, field(rd, 1 + (size_t)a), "automaton '%s' has no "
                        "state '%s'", d->aut[a].name, s);
        }
        init[a] = (int)v;
    }
    d->initial = init;
    return 0;
}

static int read_end(reader *rd)
{
    desc *d = rd->d;
    size_t want[3] = {(size_t)d->naut, d->funcs.len, d->terms.len};
    static const char *what[3] = {"automata", "functions", "terms"};
    for (size_t i = 0; i < 3; i++) {
        tf_field *f = field(rd, 1 + i);
        if (!f || f->kind != TF_NUMBER || f->number != (double)want[i])
            return fail(rd, f, "'end' says %s %s, the file has %zu",
                        f ? f->text : "nothing of the", what[i], want[i]);
    }
    if (no_more_fields(rd, 4) < 0)
        return -1;
    rd->ended = rd->r->line;
    return 0;
}

static int read_record(reader *rd)
{
    tf_field *k = field(rd, 0);
    const char *w = k->text;
    desc *d = rd->d;
    if (rd->ended)
        return fail(rd, k, "a record after 'end'");
    if (strcmp(w, "model") == 0) {
        tf_field *s = field(rd, 1);
        if (d->name || d->naut)
            return fail(rd, k, "'model' comes once, first");
        if (!s || s->kind != TF_STRING)
            return fail(rd, s, "expected the model's name as a string");
        if (no_more_fields(rd, 2) < 0)
            return -1;
        d->name = xstrdup(s->text);
        return 0;
    }
    if (strcmp(w, "automaton") == 0)
        return read_automaton(rd);
    if (strcmp(w, "function") == 0)
        return read_function(rd);
    if (strcmp(w, "term") == 0)
        return read_term(rd);
    if (strcmp(w, "factor") == 0)
        return read_factor(rd);
    if (strcmp(w, "e") == 0)
        return read_entry(rd);
    if (strcmp(w, "reachability") == 0) {
        if (rd->has_reach)
            return fail(rd, k, "'reachability' given twice");
        int f = lookup(rd, &rd->funcs, 1, "function");
        if (f < 0 || no_more_fields(rd, 2) < 0)
            return -1;
        d->reach = f;
        rd->has_reach = 1;
        return 0;
    }
    if (strcmp(w, "initial") == 0)
        return read_initial(rd);
    if (strcmp(w, "result") == 0) {
        const char *name = name_field(rd, 1, "the result's name");
        if (!name)
            return -1;
        int f = lookup(rd, &rd->funcs, 2, "function");
        if (f < 0 || no_more_fields(rd, 3) < 0)
            return -1;
        desc_result res = {xstrdup(name), f};
        VEC_PUSH(&d->results, res);
        return 0;
    }
    if (strcmp(w, "end") == 0)
        return read_end(rd);
    return fail(rd, k, "unknown record '%s'", w);
}

static int read_san_desc(desc *d, FILE *fp, const char *file, diag *dg)
{
    tf_reader r;
    if (tf_open(&r, fp, file, dg, "san-desc", 1) < 0)
        return -1;
    reader rd = {.d = d, .r = &r, .term = -1, .factor = -1};
    int status = 0, got;
    while (status == 0 && (got = tf_next(&r)) != 0)
        status = got < 0 ? -1 : read_record(&rd);
    if (status == 0 && !rd.ended)
        status = fail(&rd, NULL, "missing 'end' record: the file is cut "
                      "short");
    if (status == 0)
        status = desc_finish(d, 0, dg, (srcloc){file, rd.ended, 1});
    keymap_free(&rd.auts);
    keymap_free(&rd.funcs);
    keymap_free(&rd.elems);
    for (int a = 0; rd.states && a < d->naut; a++)
        keymap_free(&rd.states[a]);
    free(rd.states);
    tf_close(&r);
    return status;
}

/* --------------------------------------------------------- plain reader */

/* The tokens of a plain file: numbers separated by white space, `#`
 * comments to the end of the line. */
typedef struct {
    const char *s, *end;
    const char *file;
    int line, col;
    diag *dg;
} plain;

/* Skips to the next token; 0 at the end of the input. */
static int plain_skip(plain *p)
{
    while (p->s < p->end) {
        char c = *p->s;
        if (c == '\n') {
            p->line++;
            p->col = 1;
            p->s++;
        } else if (c == '#') {
            while (p->s < p->end && *p->s != '\n')
                p->s++;
        } else if (isspace((unsigned char)c)) {
            p->s++;
            p->col++;
        } else {
            return 1;
        }
    }
    return 0;
}

/* The next number; -1 after a diagnostic naming what was expected. */
static int plain_number(plain *p, double *out, const char *what)
{
    if (!plain_skip(p)) {
        diag_error(p->dg, (srcloc){p->file, p->line, p->col},
                   "expected %s, got the end of the file", what);
        return -1;
    }
    const char *start = p->s;
    while (p->s < p->end && !isspace((unsigned char)*p->s) && *p->s != '#')
        p->s++;
    char buf[64];
    size_t n = (size_t)(p->s - start);
    srcloc at = {p->file, p->line, p->col};
    p->col += (int)n;
    /* strtod would stop at a raw NUL and take "\0001" for a whole 0. */
    const char *nul = memchr(start, '\0', n);
    if (nul) {
        at.col += (int)(nul - start);
        diag_error(p->dg, at, "NUL byte in input");
        return -1;
    }
    char *endp = NULL;
    if (n < sizeof buf) {
        memcpy(buf, start, n);
        buf[n] = '\0';
        *out = strtod(buf, &endp);
    }
    if (n >= sizeof buf || *endp != '\0' || !isfinite(*out)) {
        diag_error(p->dg, at, "expected %s, got '%.*s'", what,
                   n > 40 ? 40 : (int)n, start);
        return -1;
    }
    return 0;
}

static int plain_count(plain *p, int *out, int min, int max, const char *what)
{
    srcloc at;
    double x;
    plain_skip(p);
    at = (srcloc){p->file, p->line, p->col};
    if (plain_number(p, &x, what) < 0)
        return -1;
    if (x != floor(x) || x < min || x > max) {
        diag_error(p->dg, at, "%s must be a whole number in %d..%d, got %g",
                   what, min, max, x);
        return -1;
    }
    *out = (int)x;
    return 0;
}

static int read_plain(desc *d, const char *text, size_t len,
                      const char *file, diag *dg)
{
    plain p = {text, text + len, file, 1, 1, dg};
    int nterms = 0;
    uint64_t product = 0;
    while (plain_skip(&p)) {
        srcloc term_at = {file, p.line, p.col};
        int nmat;
        if (plain_count(&p, &nmat, 1, DESC_MAX_AUTOMATA,
                        "the number of matrices of a term") < 0)
            return -1;
        if (nterms > 0 && nmat != d->naut) {
            diag_error(dg, term_at, "term %d has %d matrices, term 0 has %d",
                       nterms, nmat, d->naut);
            return -1;
        }
        char label[32];
        snprintf(label, sizeof label, "term%d", nterms);
        if (nterms == 0)
            for (int a = 0; a < nmat; a++) {
                char name[16];
                snprintf(name, sizeof name, "A%d", a + 1);
                desc_add_automaton(d, name, 0, NULL);   /* order below */
            }
        int t = desc_add_term(d, TERM_PLAIN, label);
        for (int a = 0; a < nmat; a++) {
            plain_skip(&p);
            srcloc at = {file, p.line, p.col};
            int order;
            if (plain_count(&p, &order, 1, 4096, "the order of a matrix") < 0)
                return -1;
            if (nterms == 0 && grow_product(&product, (uint64_t)order) < 0) {
                diag_error(dg, at, "matrix %d makes the product state space "
                           "exceed the limit of %llu states", a + 1,
                           (unsigned long long)DESC_MAX_STATES);
                return -1;
            }
            if (nterms == 0) {
                desc_automaton *aut = &d->aut[a];
                aut->order = order;
                free(aut->states);   /* added with order 0 above */
                aut->states = xcalloc((size_t)order, sizeof *aut->states);
                for (int s = 0; s < order; s++) {
                    char buf[16];
                    snprintf(buf, sizeof buf, "%d", s);
                    aut->states[s] = xstrdup(buf);
                }
            } else if (order != d->aut[a].order) {
                diag_error(dg, at, "matrix %d of term %d has order %d, in "
                           "term 0 it has order %d", a + 1, nterms, order,
                           d->aut[a].order);
                return -1;
            }
            /* Dense rows; the zeros are not stored. */
            d->terms.items[t].factor[a] = xcalloc(1, sizeof(desc_matrix));
            d->terms.items[t].factor[a]->order = order;
            for (int r = 0; r < order; r++)
                for (int c = 0; c < order; c++) {
                    double x;
                    if (plain_number(&p, &x, "a matrix element") < 0)
                        return -1;
                    if (x != 0)
                        desc_add_entry(d, t, a, r, c, x, -1);
                }
        }
        nterms++;
    }
    return desc_finish(d, 0, dg, (srcloc){file, 0, 0});
}

/* ---------------------------------------------------------------- read */

int desc_read(desc *d, FILE *fp, const char *file, diag *dg)
{
    size_t len;
    char *text = read_stream(dg->prog, fp, file, DESC_MAX_INPUT, &len);
    int status = desc_read_text(d, text, len, file, dg);
    free(text);
    return status;
}

int desc_read_text(desc *d, const char *text, size_t len, const char *file,
                   diag *dg)
{
    desc_init(d);
    /* A plain file starts with a number; san-desc with its header. */
    plain p = {text, text + len, file, 1, 1, dg};
    int status;
    if (starts_with_bom(text, len)) {
        diag_error(dg, (srcloc){file, 1, 1}, "%s", BOM_MESSAGE);
        status = -1;
    } else if (!plain_skip(&p)) {
        diag_error(dg, (srcloc){file, 0, 0}, "empty input: expected a "
                   "'san-desc' file or a plain descriptor file");
        status = -1;
    } else if (isdigit((unsigned char)*p.s) || *p.s == '+' || *p.s == '.') {
        status = read_plain(d, text, len, file, dg);
    } else {
        FILE *mem = fmemopen((void *)text, len, "r");   /* read only */
        if (!mem) {
            diag_error(dg, (srcloc){file, 0, 0}, "%s", strerror(errno));
            status = -1;
        } else {
            status = read_san_desc(d, mem, file, dg);
            fclose(mem);
        }
    }
    if (status < 0)
        desc_free(d);
    else
        d->file = xstrdup(file);
    return status;
}
