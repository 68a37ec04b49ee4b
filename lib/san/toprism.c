/* toprism.c — a SAN model (the resolved model of model.h) written as an
 * equivalent PRISM CTMC (san2desc --to prism; formats/prism-subset.md,
 * "Writing"), so that a user can check mvd-solve against PRISM on their
 * own model.
 *
 * Each automaton is a module with one variable, its state index. An arc
 * of a local event is a command [] A=from -> rate * prob : (A'=to); an
 * arc of a synchronising event is a command on the event's action, the
 * rate times the probability in the master automaton's (the first that
 * uses it) and the probability alone in the others', so that PRISM's
 * product of the rates is the SAN's rate times the routing
 * probabilities. Identifiers become constants and formulas, results
 * reward structures. Names that PRISM does not take (P[1], keywords) are
 * respelt (P_1, rate_). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "san/model.h"
#include "san/parser.h"

/* Expressions written in full past this many nodes are refused (a
 * function identifier used twice is a formula, written once). */
#define PRISM_MAX_TEXT_NODES 5000000u

typedef struct {
    const model *m;
    strbuf out;
    keymap used;          /* the PRISM names taken */
    keymap given;         /* rx node -> identifier k written as a name */
    char **ident, **aut, **event, **result;
    uint64_t nodes;
} writer;

static int is_keyword(const char *s)
{
    static const char *const words[] = {
        "A", "bool", "clock", "const", "ctmc", "C", "double", "dtmc", "E",
        "endinit", "endinvariant", "endmodule", "endrewards", "endsystem",
        "false", "formula", "filter", "func", "F", "global", "G", "init",
        "invariant", "I", "int", "label", "max", "mdp", "min", "module",
        "X", "nondeterministic", "P", "Pmin", "Pmax", "prob",
        "probabilistic", "pta", "rate", "rewards", "Rmin", "Rmax", "R",
        "S", "stochastic", "system", "true", "U", "W", "floor", "ceil",
        "mod", "pow", "log", "round", "player", "endplayer", NULL};
    for (int i = 0; words[i]; i++)
        if (strcmp(s, words[i]) == 0)
            return 1;
    return 0;
}

/* A PRISM identifier for name, not taken before: P[1] is P_1, a keyword
 * gets a trailing _, a name taken gets _2, _3, ... */
static char *fresh(writer *w, const char *name)
{
    strbuf sb = {0};
    for (const char *p = name; *p; p++) {
        char c = *p;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
            (c >= '0' && c <= '9') || c == '_')
            sb_putc(&sb, c);
        else if (c == '[' || c == ',' || c == '.' || c == '-')
            sb_putc(&sb, '_');
    }
    if (sb.len == 0 || (sb_str(&sb)[0] >= '0' && sb_str(&sb)[0] <= '9')) {
        strbuf pre = {0};
        sb_printf(&pre, "n%s", sb_str(&sb));
        sb_free(&sb);
        sb = pre;
    }
    if (is_keyword(sb_str(&sb)))
        sb_putc(&sb, '_');
    char *base = xstrdup(sb_str(&sb)), *s = xstrdup(base);
    size_t seen;
    for (int k = 2; keymap_get(&w->used, s, strlen(s), &seen); k++) {
        sb_clear(&sb);
        sb_printf(&sb, "%s_%d", base, k);
        free(s);
        s = xstrdup(sb_str(&sb));
    }
    keymap_put(&w->used, s, strlen(s), 1);
    free(base);
    sb_free(&sb);
    return s;
}

/* ------------------------------------------------------ expressions */

static int expr(writer *w, const rx *x, int want_test);

static const char *op_text(desc_op op)
{
    switch (op) {
    case DOP_ADD: return "+";
    case DOP_SUB: return "-";
    case DOP_MUL: return "*";
    case DOP_DIV: return "/";
    case DOP_LT: return "<";
    case DOP_LE: return "<=";
    case DOP_GT: return ">";
    case DOP_GE: return ">=";
    case DOP_EQ: return "=";
    case DOP_NE: return "!=";
    case DOP_AND: return "&";
    case DOP_OR: return "|";
    default: return "?";
    }
}

/* x as a number, or (want_test) as a boolean: PRISM types its
 * expressions, where the descriptor's are all doubles, so a test used as
 * a number is (t ? 1 : 0) and a number used as a test (x != 0). 0, or -1
 * when the text grows past PRISM_MAX_TEXT_NODES. */
static int expr(writer *w, const rx *x, int want_test)
{
    if (++w->nodes > PRISM_MAX_TEXT_NODES)
        return -1;
    size_t k;
    int test = rx_is_test(x);
    if (keymap_get(&w->given, &x, sizeof x, &k))
        test = 0;   /* identifiers are written as numbers */
    if (want_test != test) {
        sb_puts(&w->out, "(");
        if (expr(w, x, test) < 0)
            return -1;
        sb_puts(&w->out, want_test ? " != 0)" : " ? 1 : 0)");
        return 0;
    }
    if (keymap_get(&w->given, &x, sizeof x, &k)) {
        sb_puts(&w->out, w->ident[k]);
        return 0;
    }
    char buf[32];
    int status = 0;
    switch (x->op) {
    case DOP_NUM:
        if (x->num < 0)
            sb_printf(&w->out, "(%s)", fmt_double(buf, x->num));
        else
            sb_puts(&w->out, fmt_double(buf, x->num));
        return 0;
    case DOP_ST:
        sb_puts(&w->out, w->aut[x->aut]);
        return 0;
    case DOP_NEG: case DOP_FLOOR:
        sb_puts(&w->out, x->op == DOP_NEG ? "(-" : "floor(");
        status = expr(w, x->kid[0], 0);
        sb_puts(&w->out, ")");
        return status;
    case DOP_NOT:
        sb_puts(&w->out, "(!");
        status = expr(w, x->kid[0], 1);
        sb_puts(&w->out, ")");
        return status;
    case DOP_MIN: case DOP_MAX:
        sb_puts(&w->out, x->op == DOP_MIN ? "min(" : "max(");
        status = expr(w, x->kid[0], 0);
        sb_puts(&w->out, ", ");
        if (status == 0)
            status = expr(w, x->kid[1], 0);
        sb_puts(&w->out, ")");
        return status;
    case DOP_ITE:
        sb_puts(&w->out, "(");
        status = expr(w, x->kid[0], 1);
        sb_puts(&w->out, " ? ");
        if (status == 0)
            status = expr(w, x->kid[1], 0);
        sb_puts(&w->out, " : ");
        if (status == 0)
            status = expr(w, x->kid[2], 0);
        sb_puts(&w->out, ")");
        return status;
    default: {   /* binary */
        int logic = x->op == DOP_AND || x->op == DOP_OR;
        sb_puts(&w->out, "(");
        status = expr(w, x->kid[0], logic);
        sb_printf(&w->out, " %s ", op_text(x->op));
        if (status == 0)
            status = expr(w, x->kid[1], logic);
        sb_puts(&w->out, ")");
        return status;
    }
    }
}

/* --------------------------------------------------------- commands */

/* The first product state in the reachable set (the reachability
 * function's first non-zero, or state 0 when there is none): the initial
 * state of a model that gives none. -1 after a diagnostic. */
static int first_reachable(const model *m, int *state, diag *dg)
{
    memset(state, 0, sizeof *state * m->auts.len);
    if (!m->reach ||
        model_states_where(m, m->reach, SAN_MAX_EXPANDED, 1, state) == 1)
        return 0;
    diag_error(dg, (srcloc){m->file, m->reach_line, m->reach_col},
               "no state among the first %u of the product space is "
               "reachable: PRISM needs an initial state; give the automata "
               "'initial' states", SAN_MAX_EXPANDED);
    return -1;
}

/* The master of event e: the first automaton that uses it. */
static int master(const m_event *e)
{
    return e->users.len ? e->users.items[0] : -1;
}

/* Automaton a's commands: one per arc. */
static int commands(writer *w, int a)
{
    const model *m = w->m;
    for (size_t i = 0; i < m->arcs.len; i++) {
        const m_arc *arc = &m->arcs.items[i];
        if (arc->aut != a)
            continue;
        const m_event *e = &m->events.items[arc->ev];
        int carries_rate = !e->sync || master(e) == a;
        sb_printf(&w->out, "    [%s] %s=%d -> ", e->sync ? w->event[arc->ev]
                  : "", w->aut[a], arc->from);
        int status = 0;
        if (carries_rate) {
            status = expr(w, e->rate, 0);
            if (arc->prob && status == 0) {
                sb_puts(&w->out, " * ");
                status = expr(w, arc->prob, 0);
            }
        } else if (arc->prob) {
            status = expr(w, arc->prob, 0);
        } else {
            sb_puts(&w->out, "1");
        }
        sb_printf(&w->out, " : (%s'=%d);\n", w->aut[a], arc->to);
        if (status < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------ driver */

static int write_model(writer *w, const char *file, diag *dg)
{
    const model *m = w->m;
    srcloc at = {m->file, 0, 0};
    int *init = xmalloc(sizeof *init * (m->auts.len + 1));
    int status = 0;
    if (m->auts.len && m->auts.items[0].initial >= 0)
        for (size_t a = 0; a < m->auts.len; a++)
            init[a] = m->auts.items[a].initial;
    else
        status = first_reachable(m, init, dg);
    sb_printf(&w->out, "// %s as a PRISM CTMC, written by san2desc --to "
              "prism: one module per automaton,\n// its variable the "
              "state's index; a synchronising event's rate in the first "
              "module\n// that has it, routing probabilities in the "
              "others; results as reward structures.\nctmc\n\n", file);
    /* Identifiers: constants, and functions as formulas. */
    for (size_t k = 0; k < m->idents.len && status == 0; k++) {
        const m_ident *id = &m->idents.items[k];
        if (!id->value)
            continue;
        char buf[32];
        if (id->value->op == DOP_NUM) {
            sb_printf(&w->out, "const double %s = %s;\n", w->ident[k],
                      fmt_double(buf, id->value->num));
        } else {
            sb_printf(&w->out, "formula %s = ", w->ident[k]);
            status = expr(w, id->value, 0);
            sb_puts(&w->out, ";\n");
        }
        keymap_put(&w->given, &id->value, sizeof id->value, k);
    }
    for (size_t a = 0; a < m->auts.len && status == 0; a++) {
        const m_aut *au = &m->auts.items[a];
        sb_printf(&w->out, "\n// %s: states", au->name);
        for (size_t s = 0; s < au->states.len; s++)
            sb_printf(&w->out, " %zu=%s", s, au->states.items[s]);
        strbuf mod = {0};
        sb_printf(&mod, "M_%s", w->aut[a]);
        char *name = fresh(w, sb_str(&mod));
        sb_free(&mod);
        sb_printf(&w->out, "\nmodule %s\n    %s : [0..%zu] init %d;\n",
                  name, w->aut[a], au->states.len - 1, init[a]);
        free(name);
        status = commands(w, (int)a);
        sb_puts(&w->out, "endmodule\n");
    }
    for (size_t r = 0; r < m->results.len && status == 0; r++) {
        sb_printf(&w->out, "\nrewards \"%s\"\n    true : ", w->result[r]);
        status = expr(w, m->results.items[r].value, 0);
        sb_puts(&w->out, ";\nendrewards\n");
    }
    if (status < 0 && w->nodes > PRISM_MAX_TEXT_NODES)
        diag_error(dg, at, "the PRISM text of the model's expressions "
                   "passes %u nodes", PRISM_MAX_TEXT_NODES);
    free(init);
    return status;
}

int model_to_prism(const model *m, const char *file, strbuf *out, diag *dg)
{
    writer w = {.m = m};
    w.aut = xcalloc(m->auts.len + 1, sizeof *w.aut);
    w.ident = xcalloc(m->idents.len + 1, sizeof *w.ident);
    w.event = xcalloc(m->events.len + 1, sizeof *w.event);
    w.result = xcalloc(m->results.len + 1, sizeof *w.result);
    for (size_t a = 0; a < m->auts.len; a++)
        w.aut[a] = fresh(&w, m->auts.items[a].name);
    for (size_t k = 0; k < m->idents.len; k++)
        w.ident[k] = fresh(&w, m->idents.items[k].name);
    for (size_t e = 0; e < m->events.len; e++)
        w.event[e] = fresh(&w, m->events.items[e].name);
    for (size_t r = 0; r < m->results.len; r++)
        w.result[r] = fresh(&w, m->results.items[r].name);
    int status = write_model(&w, file, dg);
    for (size_t a = 0; a < m->auts.len; a++)
        free(w.aut[a]);
    for (size_t k = 0; k < m->idents.len; k++)
        free(w.ident[k]);
    for (size_t e = 0; e < m->events.len; e++)
        free(w.event[e]);
    for (size_t r = 0; r < m->results.len; r++)
        free(w.result[r]);
    free(w.aut);
    free(w.ident);
    free(w.event);
    free(w.result);
    keymap_free(&w.used);
    keymap_free(&w.given);
    *out = w.out;
    return status;
}

int san_to_prism(const char *text, size_t len, const char *file,
                 strbuf *out, diag *dg)
{
    *out = (strbuf){0};
    san_syntax *s = san_parse(text, len, file, dg);
    if (!s)
        return -1;
    model m;
    int status = model_build(&m, s, dg);
    if (status == 0)
        status = model_to_prism(&m, file, out, dg);
    model_free(&m);
    san_syntax_free(s);
    if (status < 0)
        sb_free(out);
    return status;
}
