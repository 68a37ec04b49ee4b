/* app_parse.c — the application-model language of formats/pamela.md:
 * scanner and recursive-descent parser, names resolved as they are read.
 *
 * Hand-written rather than flex/bison, unlike the project's other
 * languages: this one is an expression grammar of a dozen forms, and the
 * two things it must get right are easier by hand. Its nesting limit is a
 * counter on the recursion (the evaluator recurses over the same tree, so
 * the limit the parser enforces is the one that bounds the evaluator's
 * stack), and its messages say what was expected in the language's own
 * words ("expected ')' to close 'delay(' at 3:9") rather than token
 * names. The first error stops the parse: later ones would mostly be
 * echoes of it. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "fit/app.h"

typedef enum {
    T_EOF, T_NUM, T_IDENT, T_OR, T_DOTS, T_PUNCT, T_BAD
} tok_kind;

typedef struct {
    tok_kind kind;
    char c;                 /* T_PUNCT: ( ) [ ] { } , ; = + - * / */
    const char *text;       /* T_IDENT, T_NUM: into the input */
    size_t len;
    double num;
    int line, col;
} token;

/* A name in scope inside a body: an argument or a loop variable. */
typedef struct {
    const char *name;
    size_t len;
    an *reduction;          /* the loop's node; NULL for an argument */
} scope_name;

typedef struct {
    const char *text, *end, *p;
    int line, col;
    const char *file;
    diag *d;
    int failed;
    token tok;
    fit_app *app;
    VEC(scope_name) scope;  /* innermost last */
    size_t max_scope;       /* slots the current body needs */
    int nesting;
} parser;

static const char *const keywords[] = {
    "param", "resource", "def", "predict", "delay", "use", "seq", "par",
    "time", "perunit", "poly",
};

static void error_at(parser *ps, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void error_at(parser *ps, int line, int col, const char *fmt, ...)
{
    if (ps->failed++)
        return;
    va_list ap;
    va_start(ap, fmt);
    diag_verror(ps->d, (srcloc){ps->file, line, col}, fmt, ap);
    va_end(ap);
}

/* ------------------------------------------------------------ scanner */

static void advance(parser *ps, size_t n)
{
    text_advance(&ps->line, &ps->col, ps->p, n);
    ps->p += n;
}

static int is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static void next(parser *ps)
{
    for (;;) {   /* blanks and # comments */
        while (ps->p < ps->end && strchr(" \t\r\n\f\v", *ps->p) && *ps->p)
            advance(ps, 1);
        if (ps->p < ps->end && *ps->p == '#') {
            size_t n = 0;
            while (ps->p + n < ps->end && ps->p[n] != '\n')
                n++;
            advance(ps, n);
            continue;
        }
        break;
    }
    token *t = &ps->tok;
    memset(t, 0, sizeof *t);
    t->line = ps->line;
    t->col = ps->col;
    t->text = ps->p;
    if (ps->p >= ps->end) {
        t->kind = T_EOF;
        return;
    }
    const char *p = ps->p;
    size_t n = 0;
    char c = *p;
    if (is_alpha(c)) {
        while (p + n < ps->end && (is_alpha(p[n]) || is_digit(p[n])))
            n++;
        t->kind = T_IDENT;
    } else if (is_digit(c)) {
        /* digits [. digits] [e [sign] digits]: "1..P" is 1, "..", P */
        while (p + n < ps->end && is_digit(p[n]))
            n++;
        if (p + n + 1 < ps->end && p[n] == '.' && is_digit(p[n + 1]))
            for (n++; p + n < ps->end && is_digit(p[n]); n++)
                ;
        if (p + n < ps->end && (p[n] == 'e' || p[n] == 'E')) {
            size_t m = n + 1;
            if (p + m < ps->end && (p[m] == '+' || p[m] == '-'))
                m++;
            if (p + m < ps->end && is_digit(p[m])) {
                for (n = m; p + n < ps->end && is_digit(p[n]); n++)
                    ;
            }
        }
        t->kind = T_NUM;
        char buf[64];
        if (n >= sizeof buf) {
            error_at(ps, t->line, t->col, "number of %zu characters: at most "
                     "%zu", n, sizeof buf - 1);
            t->kind = T_BAD;
        } else {
            memcpy(buf, p, n);
            buf[n] = '\0';
            errno = 0;
            t->num = strtod(buf, NULL);
            if (errno == ERANGE && isinf(t->num)) {
                error_at(ps, t->line, t->col, "number '%s' is out of range",
                         buf);
                t->kind = T_BAD;
            }
        }
    } else if (c == '|' && p + 1 < ps->end && p[1] == '|') {
        n = 2;
        t->kind = T_OR;
    } else if (c == '.' && p + 1 < ps->end && p[1] == '.') {
        n = 2;
        t->kind = T_DOTS;
    } else if (c && strchr("()[]{},;=+-*/", c)) {
        n = 1;
        t->kind = T_PUNCT;
        t->c = c;
    } else {
        char shown[16];
        error_at(ps, t->line, t->col, "unexpected character %s",
                 show_char(shown, c));
        t->kind = T_BAD;
        n = 1;
    }
    t->len = n;
    advance(ps, n);
}

static int is_punct(const parser *ps, char c)
{
    return ps->tok.kind == T_PUNCT && ps->tok.c == c;
}

static int is_word(const parser *ps, const char *w)
{
    return ps->tok.kind == T_IDENT && strlen(w) == ps->tok.len &&
           memcmp(ps->tok.text, w, ps->tok.len) == 0;
}

static int is_keyword(const char *s, size_t n)
{
    for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
        if (strlen(keywords[i]) == n && memcmp(keywords[i], s, n) == 0)
            return 1;
    return 0;
}

/* What the current token is, for "found ...". */
static const char *found(parser *ps, char buf[80])
{
    const token *t = &ps->tok;
    switch (t->kind) {
    case T_EOF: return "the end of the file";
    case T_OR: return "'||'";
    case T_DOTS: return "'..'";
    case T_PUNCT: snprintf(buf, 80, "'%c'", t->c); return buf;
    default:
        snprintf(buf, 80, "'%.*s%s'", t->len > 40 ? 40 : (int)t->len, t->text,
                 t->len > 40 ? "..." : "");
        return buf;
    }
}

/* Errors at the current token: "expected WHAT, found X". */
static void expected(parser *ps, const char *what)
{
    char buf[80];
    if (ps->tok.kind != T_BAD)   /* the scanner has said what is wrong */
        error_at(ps, ps->tok.line, ps->tok.col, "expected %s, found %s", what,
                 found(ps, buf));
    ps->failed++;
}

static int expect(parser *ps, char c, const char *what)
{
    if (!is_punct(ps, c)) {
        expected(ps, what);
        return 0;
    }
    next(ps);
    return 1;
}

/* A closing bracket, naming the opening one. */
static int close_bracket(parser *ps, char c, const char *open, int line,
                         int col)
{
    char what[160];
    snprintf(what, sizeof what, "'%c' to close '%.60s' at %d:%d", c, open, line,
             col);
    return expect(ps, c, what);
}

/* An identifier that is not a keyword, copied into the arena. */
static char *name(parser *ps, const char *what)
{
    if (ps->tok.kind != T_IDENT || is_keyword(ps->tok.text, ps->tok.len)) {
        expected(ps, what);
        return NULL;
    }
    char *s = arena_strndup(&ps->app->nodes, ps->tok.text, ps->tok.len);
    next(ps);
    return s;
}

/* ------------------------------------------------------------- parser */

static an *node(parser *ps, an_kind kind, int line, int col)
{
    an *n = arena_alloc(&ps->app->nodes, sizeof *n);
    n->kind = kind;
    n->line = line;
    n->col = col;
    return n;
}

static an *binary(parser *ps, an_kind kind, const token *op, an *a, an *b)
{
    if (!a || !b)
        return NULL;
    an *n = node(ps, kind, op->line, op->col);
    n->a = a;
    n->b = b;
    return n;
}

static an *expr(parser *ps);
static an *unary(parser *ps);

/* Each bracket (an expression inside (), [], or a call's or builtin's
 * arguments) and each sign '-' is a level of the nesting limit: both
 * deepen the evaluator's recursion. The statement's own expression is
 * level 0 (ps->nesting starts at -1), so 64 brackets are allowed, as
 * formats/pamela.md says, and the 65th is refused. */
static int enter(parser *ps)
{
    if (++ps->nesting > FIT_APP_MAX_NESTING) {
        error_at(ps, ps->tok.line, ps->tok.col, "nesting deeper than %d "
                 "(brackets and signs): split the expression into "
                 "definitions", FIT_APP_MAX_NESTING);
        return 0;
    }
    return 1;
}

/* NAME[i][j]...: a machine-model key, with integer subscripts that make
 * it NAME_i_j (seed 000's op_type_p, send_{p,q}). */
static an *key(parser *ps, an_kind kind, int line, int col)
{
    an *n = node(ps, kind, line, col);
    if (ps->tok.kind != T_IDENT) {
        expected(ps, "a machine-model key (a word, as add_int or send)");
        return NULL;
    }
    n->word = arena_strndup(&ps->app->nodes, ps->tok.text, ps->tok.len);
    next(ps);
    while (is_punct(ps, '[')) {
        int l = ps->tok.line, c = ps->tok.col;
        next(ps);
        an *sub = expr(ps);
        if (!sub || !close_bracket(ps, ']', "[", l, c))
            return NULL;
        ARENA_PUSH(&ps->app->nodes, &n->args, sub);
    }
    return n;
}

/* seq(VAR = LO..HI) BODY and par(...): the variable is a new slot of the
 * current body while BODY is read. */
static an *reduction(parser *ps, an_kind kind, const char *what, int line,
                     int col)
{
    an *n = node(ps, kind, line, col);
    int ol = ps->tok.line, oc = ps->tok.col;
    char open[16];
    snprintf(open, sizeof open, "%s(", what);
    if (!expect(ps, '(', "'(' after the reduction's keyword"))
        return NULL;
    int vl = ps->tok.line, vc = ps->tok.col;
    const char *var = ps->tok.text;
    size_t varlen = ps->tok.len;
    if (!name(ps, "the reduction's variable (as i in seq(i = 1..N) E)") ||
        !expect(ps, '=', "'=' after the reduction's variable") ||
        !(n->a = expr(ps)))
        return NULL;
    if (ps->tok.kind != T_DOTS) {
        expected(ps, "'..' between the reduction's bounds (as 1..N)");
        return NULL;
    }
    next(ps);
    if (!(n->b = expr(ps)) || !close_bracket(ps, ')', open, ol, oc))
        return NULL;
    (void)vl;
    (void)vc;
    n->index = ps->scope.len;
    scope_name s = {var, varlen, n};
    VEC_PUSH(&ps->scope, s);
    if (ps->scope.len > ps->max_scope)
        ps->max_scope = ps->scope.len;
    n->c = unary(ps);
    ps->scope.len--;
    return n->c ? n : NULL;
}

/* A name in an expression: a loop variable or argument (innermost
 * first), a param, or an earlier definition, called with arguments when
 * it takes some. */
static an *reference(parser *ps)
{
    token t = ps->tok;
    next(ps);
    for (size_t i = ps->scope.len; i-- > 0;) {
        scope_name *s = &ps->scope.items[i];
        if (s->len == t.len && memcmp(s->name, t.text, t.len) == 0) {
            an *n = node(ps, AN_SLOT, t.line, t.col);
            n->index = i;
            if (s->reduction)
                s->reduction->depends = 1;
            return n;
        }
    }
    fit_app *app = ps->app;
    for (size_t i = 0; i < app->params.len; i++)
        if (strlen(app->params.items[i].name) == t.len &&
            memcmp(app->params.items[i].name, t.text, t.len) == 0) {
            an *n = node(ps, AN_PARAM, t.line, t.col);
            n->index = i;
            return n;
        }
    for (size_t i = 0; i < app->defs.len; i++) {
        app_def *def = &app->defs.items[i];
        if (strlen(def->name) != t.len || memcmp(def->name, t.text, t.len))
            continue;
        an *n = node(ps, def->nargs ? AN_CALL : AN_DEF, t.line, t.col);
        n->index = i;
        if (!def->nargs)
            return n;
        if (!is_punct(ps, '(')) {
            error_at(ps, t.line, t.col, "'%s' takes %zu argument%s (defined "
                     "at %d:%d): write %s(...)", def->name, def->nargs,
                     def->nargs == 1 ? "" : "s", def->line, def->col,
                     def->name);
            return NULL;
        }
        int ol = ps->tok.line, oc = ps->tok.col;
        next(ps);
        for (;;) {
            an *arg = expr(ps);
            if (!arg)
                return NULL;
            ARENA_PUSH(&app->nodes, &n->args, arg);
            if (!is_punct(ps, ','))
                break;
            next(ps);
        }
        char open[80];
        snprintf(open, sizeof open, "%.40s(", def->name);
        if (!close_bracket(ps, ')', open, ol, oc))
            return NULL;
        if (n->args.len != def->nargs) {
            error_at(ps, t.line, t.col, "'%s' takes %zu argument%s (defined "
                     "at %d:%d), not %zu", def->name, def->nargs,
                     def->nargs == 1 ? "" : "s", def->line, def->col,
                     n->args.len);
            return NULL;
        }
        return n;
    }
    error_at(ps, t.line, t.col, "unknown name '%.*s' (not a param, an "
             "earlier definition, an argument or a loop variable)",
             t.len > 40 ? 40 : (int)t.len, t.text);
    return NULL;
}

/* builtin(ARG) and builtin(ARG, ARG): the '(' is the current token. */
static an *builtin(parser *ps, const token *t)
{
    char open[16];
    snprintf(open, sizeof open, "%.*s(", (int)t->len, t->text);
    int ol = ps->tok.line, oc = ps->tok.col;
    char what[48];
    snprintf(what, sizeof what, "'(' after '%.*s'", (int)t->len, t->text);
    if (!expect(ps, '(', what))
        return NULL;
    an *n = NULL;
    if (strcmp(open, "delay(") == 0) {
        n = node(ps, AN_DELAY, t->line, t->col);
        if (!(n->a = expr(ps)))
            return NULL;
    } else if (strcmp(open, "use(") == 0) {
        n = node(ps, AN_USE, t->line, t->col);
        int rl = ps->tok.line, rc = ps->tok.col;
        char *r = name(ps, "a resource (declared by 'resource NAME')");
        if (!r)
            return NULL;
        size_t i = 0;
        while (i < ps->app->resources.len &&
               strcmp(ps->app->resources.items[i].name, r))
            i++;
        if (i == ps->app->resources.len) {
            error_at(ps, rl, rc, "unknown resource '%s': declare it first, "
                     "'resource %s = MULTIPLICITY'", r, r);
            return NULL;
        }
        n->index = i;
        if (!expect(ps, ',', "',' after the resource") || !(n->a = expr(ps)))
            return NULL;
    } else if (strcmp(open, "time(") == 0 || strcmp(open, "perunit(") == 0) {
        n = key(ps, open[0] == 't' ? AN_TIME : AN_PERUNIT, t->line, t->col);
        if (!n)
            return NULL;
        if (is_punct(ps, ',')) {
            next(ps);
            if (!(n->a = expr(ps)))
                return NULL;
        }
    } else {   /* poly( */
        n = node(ps, AN_POLY, t->line, t->col);
        if (ps->tok.kind != T_IDENT) {
            expected(ps, "the name of a poly function of the machine model");
            return NULL;
        }
        n->word = arena_strndup(&ps->app->nodes, ps->tok.text, ps->tok.len);
        next(ps);
        if (!expect(ps, ',', "',' after the function's name") ||
            !(n->a = expr(ps)))
            return NULL;
    }
    return close_bracket(ps, ')', open, ol, oc) ? n : NULL;
}

static an *primary(parser *ps)
{
    token t = ps->tok;
    if (t.kind == T_NUM) {
        next(ps);
        an *n = node(ps, AN_NUM, t.line, t.col);
        n->num = t.num;
        return n;
    }
    if (t.kind == T_PUNCT && (t.c == '(' || t.c == '{')) {
        next(ps);
        an *n = expr(ps);
        char open[2] = {t.c, 0};
        return n && close_bracket(ps, t.c == '(' ? ')' : '}', open, t.line,
                                  t.col) ? n : NULL;
    }
    if (t.kind == T_PUNCT && t.c == '[') {
        next(ps);
        an *n = node(ps, AN_IVL, t.line, t.col);
        if (!(n->a = expr(ps)) ||
            !expect(ps, ',', "',' between the ends of an interval [lo, hi]") ||
            !(n->b = expr(ps)) || !close_bracket(ps, ']', "[", t.line, t.col))
            return NULL;
        return n;
    }
    if (t.kind == T_IDENT) {
        if (is_word(ps, "seq") || is_word(ps, "par")) {
            next(ps);
            return reduction(ps, t.text[0] == 's' ? AN_RSEQ : AN_RPAR,
                             t.text[0] == 's' ? "seq" : "par", t.line, t.col);
        }
        if (is_word(ps, "delay") || is_word(ps, "use") || is_word(ps, "time") ||
            is_word(ps, "perunit") || is_word(ps, "poly")) {
            next(ps);
            return builtin(ps, &t);
        }
        if (!is_keyword(t.text, t.len))
            return reference(ps);
    }
    expected(ps, "an expression (a number, [lo, hi], a name, delay(...), "
             "use(...), seq(...), par(...), time(...), perunit(...), "
             "poly(...) or brackets)");
    return NULL;
}

static an *unary(parser *ps)
{
    if (!is_punct(ps, '-'))
        return primary(ps);
    if (!enter(ps))
        return NULL;
    token t = ps->tok;
    next(ps);
    an *a = unary(ps);
    an *n = a ? node(ps, AN_NEG, t.line, t.col) : NULL;
    if (n)
        n->a = a;
    ps->nesting--;
    return n;
}

static an *term(parser *ps)
{
    an *n = unary(ps);
    while (n && (is_punct(ps, '*') || is_punct(ps, '/'))) {
        token op = ps->tok;
        next(ps);
        n = binary(ps, op.c == '*' ? AN_MUL : AN_DIV, &op, n, unary(ps));
    }
    return n;
}

static an *sum(parser *ps)
{
    an *n = term(ps);
    while (n && (is_punct(ps, '+') || is_punct(ps, '-'))) {
        token op = ps->tok;
        next(ps);
        n = binary(ps, op.c == '+' ? AN_ADD : AN_SUB, &op, n, term(ps));
    }
    return n;
}

static an *parallel(parser *ps)
{
    an *n = sum(ps);
    while (n && ps->tok.kind == T_OR) {
        token op = ps->tok;
        next(ps);
        n = binary(ps, AN_PAR, &op, n, sum(ps));
    }
    return n;
}

/* Where a sequence may end after a ';': the statement's end. */
static int ends_sequence(const parser *ps)
{
    return ps->tok.kind == T_EOF || is_punct(ps, '}') || is_punct(ps, ')') ||
           is_punct(ps, ']') || is_punct(ps, ',') ||
           (ps->tok.kind == T_IDENT && is_keyword(ps->tok.text, ps->tok.len) &&
            (is_word(ps, "param") || is_word(ps, "resource") ||
             is_word(ps, "def") || is_word(ps, "predict")));
}

static an *expr(parser *ps)
{
    if (!enter(ps))
        return NULL;
    an *n = parallel(ps);
    while (n && is_punct(ps, ';')) {
        token op = ps->tok;
        next(ps);
        if (ends_sequence(ps))
            break;
        n = binary(ps, AN_SEQ, &op, n, parallel(ps));
    }
    ps->nesting--;
    return n;
}

/* ---------------------------------------------------------- statements */

static int taken(parser *ps, const char *s, int line, int col)
{
    fit_app *app = ps->app;
    for (size_t i = 0; i < app->params.len; i++)
        if (strcmp(app->params.items[i].name, s) == 0) {
            error_at(ps, line, col, "'%s' is already a param (at %d:%d)", s,
                     app->params.items[i].line, app->params.items[i].col);
            return 1;
        }
    for (size_t i = 0; i < app->defs.len; i++)
        if (strcmp(app->defs.items[i].name, s) == 0) {
            error_at(ps, line, col, "'%s' is already defined (at %d:%d)", s,
                     app->defs.items[i].line, app->defs.items[i].col);
            return 1;
        }
    return 0;
}

static void statement(parser *ps)
{
    fit_app *app = ps->app;
    token t = ps->tok;
    if (!(t.kind == T_IDENT && is_keyword(t.text, t.len) &&
          (is_word(ps, "param") || is_word(ps, "resource") ||
           is_word(ps, "def") || is_word(ps, "predict")))) {
        expected(ps, "a statement: param, resource, def or predict");
        return;
    }
    next(ps);
    int nl = ps->tok.line, nc = ps->tok.col;
    if (t.text[0] == 'p' && t.text[1] == 'r') {   /* predict NAME, ... */
        for (;;) {
            int l = ps->tok.line, c = ps->tok.col;
            char *s = name(ps, "the name of a definition to predict");
            if (!s)
                return;
            size_t i = 0;
            while (i < app->defs.len && strcmp(app->defs.items[i].name, s))
                i++;
            if (i == app->defs.len) {
                error_at(ps, l, c, "predict '%s': no such definition before "
                         "it", s);
                return;
            }
            if (app->defs.items[i].nargs) {
                error_at(ps, l, c, "predict '%s': it takes arguments; define "
                         "one without, as 'def T = %s(...)'", s, s);
                return;
            }
            app_predict p = {i, l, c};
            VEC_PUSH(&app->predicts, p);
            if (!is_punct(ps, ','))
                break;
            next(ps);
        }
    } else if (t.text[0] == 'p') {               /* param NAME = E */
        char *s = name(ps, "the param's name");
        if (!s || taken(ps, s, nl, nc) ||
            !expect(ps, '=', "'=' after the param's name"))
            return;
        an *v = expr(ps);
        if (!v)
            return;
        app_param p = {.name = s, .line = nl, .col = nc, .value = v};
        VEC_PUSH(&app->params, p);
    } else if (t.text[0] == 'r') {               /* resource NAME [= E] */
        char *s = name(ps, "the resource's name");
        if (!s)
            return;
        for (size_t i = 0; i < app->resources.len; i++)
            if (strcmp(app->resources.items[i].name, s) == 0) {
                error_at(ps, nl, nc, "resource '%s' declared twice", s);
                return;
            }
        if (app->resources.len == FIT_APP_MAX_RESOURCES) {
            error_at(ps, nl, nc, "more than %d resources",
                     FIT_APP_MAX_RESOURCES);
            return;
        }
        app_resource r = {.name = s, .line = nl, .col = nc};
        if (is_punct(ps, '=')) {
            next(ps);
            if (!(r.mult = expr(ps)))
                return;
        }
        VEC_PUSH(&app->resources, r);
    } else {                                     /* def NAME[(ARGS)] = E */
        char *s = name(ps, "the definition's name");
        if (!s || taken(ps, s, nl, nc))
            return;
        app_def def = {.name = s, .line = nl, .col = nc};
        ps->scope.len = 0;
        if (is_punct(ps, '(')) {
            next(ps);
            for (;;) {
                const char *a = ps->tok.text;
                size_t alen = ps->tok.len;
                int al = ps->tok.line, ac = ps->tok.col;
                if (!name(ps, "an argument's name"))
                    return;
                for (size_t i = 0; i < ps->scope.len; i++)
                    if (ps->scope.items[i].len == alen &&
                        memcmp(ps->scope.items[i].name, a, alen) == 0) {
                        error_at(ps, al, ac, "argument '%.*s' given twice",
                                 (int)alen, a);
                        return;
                    }
                scope_name sn = {a, alen, NULL};
                VEC_PUSH(&ps->scope, sn);
                if (!is_punct(ps, ','))
                    break;
                next(ps);
            }
            if (!expect(ps, ')', "')' or ',' after an argument"))
                return;
        }
        def.nargs = ps->max_scope = ps->scope.len;
        if (!expect(ps, '=', "'=' after the definition's name"))
            return;
        if (!(def.body = expr(ps)))
            return;
        def.nslots = ps->max_scope;
        ps->scope.len = 0;
        VEC_PUSH(&app->defs, def);
    }
    if (is_punct(ps, ';'))
        next(ps);
}

fit_app *fit_app_parse(const char *text, size_t len, const char *file,
                       diag *d)
{
    fit_app *app = xcalloc(1, sizeof *app);
    app->file = xstrdup(file);
    parser ps = {.text = text, .end = text + len, .p = text, .line = 1,
                 .col = 1, .file = app->file, .d = d, .app = app,
                 .nesting = -1};   /* a statement's expression: level 0 */
    if (memchr(text, '\0', len)) {
        /* A NUL would end the scanner's strchr tests early: refuse it at
         * its place. */
        const char *z = memchr(text, '\0', len);
        int line = 1, col = 1;
        text_advance(&line, &col, text, (size_t)(z - text));
        error_at(&ps, line, col, "a NUL byte: the model is text");
    } else {
        next(&ps);
        while (!ps.failed && ps.tok.kind != T_EOF)
            statement(&ps);
        if (!ps.failed && app->predicts.len == 0)
            error_at(&ps, ps.tok.line, ps.tok.col, "nothing to predict: add "
                     "'predict NAME' after the definition of NAME");
    }
    free(ps.scope.items);
    if (ps.failed) {
        fit_app_free(app);
        return NULL;
    }
    return app;
}

void fit_app_free(fit_app *app)
{
    if (!app)
        return;
    arena_free(&app->nodes);
    free(app->params.items);
    free(app->resources.items);
    free(app->defs.items);
    free(app->predicts.items);
    free(app->file);
    free(app);
}

int fit_app_set(fit_app *app, const char *name, double lo, double hi)
{
    for (size_t i = 0; i < app->params.len; i++)
        if (strcmp(app->params.items[i].name, name) == 0) {
            app->params.items[i].overridden = 1;
            app->params.items[i].lo = lo;
            app->params.items[i].hi = hi;
            return 0;
        }
    return -1;
}

void fit_app_param_names(const fit_app *app, strbuf *out)
{
    for (size_t i = 0; i < app->params.len; i++)
        sb_printf(out, "%s%s", i ? ", " : "", app->params.items[i].name);
}

size_t fit_app_predicts(const fit_app *app) { return app->predicts.len; }
