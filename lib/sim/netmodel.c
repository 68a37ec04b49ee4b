/* netmodel.c — the network models of netsim: piecewise (t_s, t_w) size
 * regimes (formats/net-model.md), with the opt-in eager threshold,
 * per-node link sharing and a shared backbone, and the topology of the
 * fluid model (host and backbone links). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/coll.h"
#include "sim/fluid.h"

/* The cap of a net-model file, the languages' (README.md, "Conventions"):
 * a few records, written by hand or by bench2model. */
#define NET_MODEL_MAX_INPUT ((size_t)16 << 20)

void net_model_default(net_model *m)
{
    /* Piola 2002, §5.1.1 and Table 5.1: the K6-III cluster, MPICH over
     * M-VIA; d = 1024 is in the first regime (ping-pong reproduction). */
    static const net_regime k6[] = {
        {NET_LE, 1024, 55, 0.22},
        {NET_LT, 5000, 190, 0.083},
        {NET_ANY, 0, 300, 0.089},
    };
    memset(m, 0, sizeof *m);
    m->name = xstrdup("K6-III cluster, MPICH over M-VIA (Piola 2002, Table 5.1)");
    m->eager_limit = -1;
    for (size_t i = 0; i < sizeof k6 / sizeof *k6; i++)
        VEC_PUSH(&m->regimes, k6[i]);
}

void net_model_free(net_model *m)
{
    free(m->name);
    free(m->regimes.items);
    net_routes_free(m);
    memset(m, 0, sizeof *m);
}

static int number_field(tf_reader *r, size_t i, double min, double *out)
{
    const tf_field *f = i < r->fields.len ? &r->fields.items[i] : NULL;
    if (!f || f->kind != TF_NUMBER || !(f->number >= min) || isinf(f->number)) {
        diag_error(r->d, tf_loc(r, f), "expected a number >= %g%s", min,
                   f ? "" : " at the end of the record");
        return -1;
    }
    *out = f->number;
    return 0;
}

static int read_regime(tf_reader *r, net_model *m)
{
    net_regime g = {0};
    const tf_field *bound = r->fields.len > 1 ? &r->fields.items[1] : NULL;
    size_t next = 2;
    if (bound && bound->kind == TF_WORD && strcmp(bound->text, "<=") == 0)
        g.bound = NET_LE;
    else if (bound && bound->kind == TF_WORD && strcmp(bound->text, "<") == 0)
        g.bound = NET_LT;
    else if (bound && bound->kind == TF_WORD && strcmp(bound->text, "any") == 0)
        g.bound = NET_ANY;
    else {
        diag_error(r->d, tf_loc(r, bound), "expected '<=', '<' or 'any' "
                   "after 'regime'");
        return -1;
    }
    if (g.bound != NET_ANY && number_field(r, next++, 0, &g.limit) < 0)
        return -1;
    if (number_field(r, next++, 0, &g.ts) < 0 ||
        number_field(r, next++, 0, &g.tw) < 0)
        return -1;
    if (r->fields.len > next) {
        diag_error(r->d, tf_loc(r, &r->fields.items[next]), "unexpected "
                   "field after the regime's t_w");
        return -1;
    }
    if (m->regimes.len) {
        const net_regime *prev = &m->regimes.items[m->regimes.len - 1];
        if (prev->bound == NET_ANY) {
            diag_error(r->d, tf_loc(r, NULL), "regime after 'regime any', "
                       "which already covers every size");
            return -1;
        }
        if (g.bound != NET_ANY && g.limit <= prev->limit) {
            diag_error(r->d, tf_loc(r, &r->fields.items[2]), "regime limits "
                       "must increase: %g after %g", g.limit, prev->limit);
            return -1;
        }
    }
    VEC_PUSH(&m->regimes, g);
    return 0;
}

/* "a, b or c": the words of a NULL-terminated table. */
static void word_list(strbuf *sb, const char *const *words)
{
    for (int k = 0; words[k]; k++)
        sb_printf(sb, "%s%s", k == 0 ? "" : words[k + 1] ? ", " : " or ",
                  words[k]);
}

/* collective NAME ALGORITHM (lib/sim/coll.h). */
static void read_collective(tf_reader *r, net_model *m)
{
    const tf_field *f = r->fields.items;
    if (r->fields.len != 3 || f[1].kind != TF_WORD || f[2].kind != TF_WORD) {
        diag_error(r->d, tf_loc(r, &f[0]), "expected: collective NAME "
                   "ALGORITHM");
        return;
    }
    strbuf sb = {0};
    int k = coll_kind_index(f[1].text), a;
    if (k < 0) {
        word_list(&sb, coll_kind_names);
        diag_error(r->d, tf_loc(r, &f[1]), "unknown collective '%s' "
                   "(expected %s)", f[1].text, sb_str(&sb));
    } else if ((a = coll_algo_of(k, f[2].text)) < 0) {
        word_list(&sb, coll_algos_of(k));
        diag_error(r->d, tf_loc(r, &f[2]), "%s has no algorithm '%s' "
                   "(expected %s)", coll_kind_names[k], f[2].text,
                   sb_str(&sb));
    } else {
        m->coll[k] = (unsigned char)a;
    }
    sb_free(&sb);
}

/* `eager BYTES [TS TW]`: TS and TW, the sender's own cost. */
static void read_eager(tf_reader *r, net_model *m)
{
    size_t n = r->fields.len;
    if ((n != 2 && n != 4) || number_field(r, 1, 0, &m->eager_limit) < 0 ||
        (n == 4 && (number_field(r, 2, 0, &m->eager_ts) < 0 ||
                    number_field(r, 3, 0, &m->eager_tw) < 0))) {
        diag_error(r->d, tf_loc(r, &r->fields.items[0]),
                   "expected: eager BYTES [TS TW]");
        return;
    }
    m->eager_own = n == 4;
}

static const char *const sharing_names[] = {"splitduplex", "shared",
                                            "fatpipe", NULL};

/* A link's BANDWIDTH LATENCY [SHARING] from field `at` of the record:
 * `host-link` and `backbone-link` (at 1), `link NAME` (at 2), `fat-tree
 * HOSTS SPINES` (at 3). SHARING is one of sharing_names, `dflt` without
 * it; a backbone's is not splitduplex (SimGrid's bb_sharing_policy has
 * SHARED and FATPIPE only). `usage` is the record's form. */
static void read_link(tf_reader *r, net_link *out, size_t at,
                      const char *usage, net_sharing dflt, int backbone)
{
    const tf_field *f = r->fields.items;
    size_t n = r->fields.len;
    const char *what = backbone ? "shared or fatpipe"
                                : "splitduplex, shared or fatpipe";
    if (n != at + 2 && n != at + 3) {
        diag_error(r->d, tf_loc(r, &f[0]), "expected: %s BANDWIDTH LATENCY "
                   "[SHARING], SHARING %s", usage, what);
        return;
    }
    if (f[at].kind != TF_NUMBER || !(f[at].number > 0) ||
        isinf(f[at].number)) {
        diag_error(r->d, tf_loc(r, &f[at]), "expected a bandwidth > 0, in "
                   "bytes per microsecond (MB/s)");
        return;
    }
    net_link l = {f[at].number, 0, dflt};
    if (number_field(r, at + 1, 0, &l.latency) < 0)
        return;
    if (n == at + 3) {
        const tf_field *w = &f[at + 2];
        int k = -1;
        for (int i = backbone ? 1 : 0; w->kind == TF_WORD && sharing_names[i];
             i++)
            if (strcmp(w->text, sharing_names[i]) == 0)
                k = i;
        if (k < 0 && w->kind == TF_WORD) {
            diag_error(r->d, tf_loc(r, w), "unknown sharing '%s' "
                       "(expected %s)", w->text, what);
            return;
        }
        if (k < 0) {
            diag_error(r->d, tf_loc(r, w), "expected a sharing policy, %s",
                       what);
            return;
        }
        l.sharing = (net_sharing)k;
    }
    *out = l;
}

/* `fat-tree HOSTS SPINES BANDWIDTH LATENCY [SHARING]`: the counts, then
 * the leaf-spine links' fields as a host link's. */
static void read_fat_tree(tf_reader *r, net_model *m)
{
    const tf_field *f = r->fields.items;
    int k[2];
    for (int i = 1; i <= 2; i++) {
        if (i >= (int)r->fields.len || f[i].kind != TF_NUMBER ||
            !(f[i].number >= 1 && f[i].number <= 1e6) ||
            f[i].number != floor(f[i].number)) {
            diag_error(r->d, tf_loc(r, i < (int)r->fields.len ? &f[i] : NULL),
                       "expected the number of %s, an integer from 1 to "
                       "1000000", i == 1 ? "nodes per leaf switch"
                                         : "spine switches");
            return;
        }
        k[i - 1] = (int)f[i].number;
    }
    net_link l = {0};
    read_link(r, &l, 3, "fat-tree HOSTS SPINES", NET_SPLITDUPLEX, 0);
    if (l.bandwidth > 0) {
        m->fat_tree_hosts = k[0];
        m->fat_tree_spines = k[1];
        m->fat_tree_link = l;
    }
}

/* `KEY N`, N an integer from 1 to 1000000 (procs-per-node, backbone). */
static void read_count(tf_reader *r, diag *d, int *out)
{
    const tf_field *key = &r->fields.items[0];
    double k;
    if (r->fields.len != 2 || number_field(r, 1, 1, &k) < 0 ||
        k != floor(k) || k > 1e6)
        diag_error(d, tf_loc(r, key), "expected: %s N, an integer from 1 "
                   "to 1000000", key->text);
    else
        *out = (int)k;
}

/* `link NAME BANDWIDTH LATENCY [SHARING]`: a link of the explicit
 * topology, shared by default as SimGrid's <link> is. */
static void read_named_link(tf_reader *r, net_model *m)
{
    const tf_field *f = r->fields.items;
    if (r->fields.len < 2) {
        diag_error(r->d, tf_loc(r, &f[0]), "expected: link NAME BANDWIDTH "
                   "LATENCY [SHARING], SHARING splitduplex, shared or "
                   "fatpipe");
        return;
    }
    net_link l = {0};
    read_link(r, &l, 2, "link NAME", NET_SHARED, 0);
    if (l.bandwidth <= 0 || net_link_add(m, f[1].text, l) >= 0)
        return;
    if (m->links.len >= NET_MAX_LINKS)
        diag_error(r->d, tf_loc(r, &f[0]), "more than %zu links",
                   NET_MAX_LINKS);
    else
        diag_error(r->d, tf_loc(r, &f[1]), "link '%s' given twice",
                   f[1].text);
}

static const char *const direction_suffix[] = {"", ":up", ":down"};

/* A hop of a route: a link's name, or a splitduplex link's NAME:up or
 * NAME:down (the whole text first: a link may be named "a:up"). */
static int read_hop(tf_reader *r, const net_model *m, const tf_field *f,
                    net_hop *out)
{
    long k = net_link_find(m, f->text);
    if (k >= 0) {
        if (m->links.items[k].sharing == NET_SPLITDUPLEX) {
            diag_error(r->d, tf_loc(r, f), "link '%s' is splitduplex: give "
                       "%s:up or %s:down", f->text, f->text, f->text);
            return -1;
        }
        *out = (net_hop){(uint32_t)k, NET_BOTH};
        return 0;
    }
    size_t len = strlen(f->text);
    for (int dir = NET_UP; dir <= NET_DOWN; dir++) {
        size_t sl = strlen(direction_suffix[dir]);
        if (len <= sl || strcmp(f->text + len - sl, direction_suffix[dir]))
            continue;
        char *name = xstrdup(f->text);
        name[len - sl] = 0;
        k = net_link_find(m, name);
        if (k >= 0 && m->links.items[k].sharing != NET_SPLITDUPLEX)
            diag_error(r->d, tf_loc(r, f), "link '%s' is %s: only a "
                       "splitduplex link has directions", name,
                       sharing_names[m->links.items[k].sharing]);
        free(name);
        if (k < 0)
            break;
        if (r->d->errors)
            return -1;
        *out = (net_hop){(uint32_t)k, (unsigned char)dir};
        return 0;
    }
    diag_error(r->d, tf_loc(r, f), "unknown link '%s' (a route names links "
               "given by 'link' records before it)", f->text);
    return -1;
}

static int read_node(tf_reader *r, size_t i, uint32_t *out)
{
    const tf_field *f = i < r->fields.len ? &r->fields.items[i] : NULL;
    if (!f || f->kind != TF_NUMBER || !(f->number >= 0) ||
        f->number >= NET_MAX_NODE || f->number != floor(f->number)) {
        diag_error(r->d, tf_loc(r, f), "expected a node, an integer from 0 "
                   "to %d", NET_MAX_NODE - 1);
        return -1;
    }
    *out = (uint32_t)f->number;
    return 0;
}

/* `route A <-> B LINK...` (both ways) or `route A -> B LINK...`. */
static void read_route(tf_reader *r, net_model *m)
{
    const tf_field *f = r->fields.items;
    size_t n = r->fields.len;
    uint32_t a, b;
    if (n < 4 || f[2].kind != TF_WORD ||
        (strcmp(f[2].text, "<->") && strcmp(f[2].text, "->"))) {
        diag_error(r->d, tf_loc(r, &f[0]), "expected: route A <-> B LINK... "
                   "or route A -> B LINK...");
        return;
    }
    if (read_node(r, 1, &a) < 0 || read_node(r, 3, &b) < 0)
        return;
    int symmetric = f[2].text[0] == '<';
    net_hop *hops = xcalloc(n, sizeof *hops);
    for (size_t i = 4; i < n; i++)
        if (read_hop(r, m, &f[i], &hops[i - 4]) < 0) {
            free(hops);
            return;
        }
    int back;
    long got = net_route_add(m, a, b, symmetric, hops, (uint32_t)(n - 4),
                             f[0].line, f[0].col, &back);
    free(hops);
    if (got < 0) {
        diag_error(r->d, tf_loc(r, &f[0]), "the route crosses more than %d "
                   "links that share bandwidth", FLUID_MAX_PATH);
    } else if (got > 0) {
        const net_route *o = &m->routes.items[got - 1];
        diag_error(r->d, tf_loc(r, &f[0]), "a route from node %u to node %u "
                   "is already given at line %d%s", back ? b : a,
                   back ? a : b, o->line, o->symmetric && (back ? b : a) !=
                   o->from ? " (its '<->' goes both ways)" : "");
    }
}

/* The explicit topology's records, links first (a route names them). */
static void write_routes(FILE *fp, const net_model *m)
{
    for (size_t i = 0; i < m->links.len; i++) {
        const net_link *l = &m->links.items[i];
        fputs("link ", fp);
        tf_put_word(fp, m->link_names.items[i]);
        fputc(' ', fp);
        tf_put_double(fp, l->bandwidth);
        fputc(' ', fp);
        tf_put_double(fp, l->latency);
        fprintf(fp, " %s\n", sharing_names[l->sharing]);
    }
    /* (Which host of a platform each node is: a comment, not a record.) */
    for (size_t i = 0; i < m->node_names.len; i++) {
        fprintf(fp, "# node %zu is host ", i);
        tf_put_word(fp, m->node_names.items[i]);
        fputc('\n', fp);
    }
    strbuf hop = {0};
    for (size_t i = 0; i < m->routes.len; i++) {
        const net_route *r = &m->routes.items[i];
        fprintf(fp, "route %u %s %u", r->from, r->symmetric ? "<->" : "->",
                r->to);
        for (uint32_t k = 0; k < r->n; k++) {
            net_hop h = m->hops.items[r->first + k];
            hop.len = 0;
            sb_puts(&hop, m->link_names.items[h.link]);
            sb_puts(&hop, direction_suffix[h.dir]);
            fputc(' ', fp);
            tf_put_word(fp, hop.text);
        }
        fputc('\n', fp);
    }
    sb_free(&hop);
}

int net_model_read(net_model *m, FILE *fp, const char *file, diag *d)
{
    memset(m, 0, sizeof *m);
    m->eager_limit = -1;
    /* Read whole under a cap (a net-model is a few records a person or
     * bench2model writes): an endless input stops at the cap instead of
     * growing one line without end. */
    size_t len;
    char *text = read_stream(d->prog, fp, file, NET_MODEL_MAX_INPUT, &len);
    FILE *mem = fmemopen(text, len, "r");
    if (!mem)
        die(d->prog, EXIT_RUNTIME, "cannot read '%s': %s", file,
            strerror(errno));
    tf_reader r;
    if (tf_open(&r, mem, file, d, "net-model", 1) < 0) {
        fclose(mem);
        free(text);
        return -1;
    }
    int errors = d->errors, got;
    /* Where each model was given (the latest record of each). */
    srcloc slots = {0}, topology = {0}, tree = {0}, cluster = {0},
           explicit = {0};
    while ((got = tf_next(&r)) != 0) {
        if (got < 0)
            continue;
        const tf_field *key = &r.fields.items[0];
        if (key->kind == TF_WORD && strcmp(key->text, "name") == 0) {
            if (r.fields.len != 2 || r.fields.items[1].kind != TF_STRING)
                diag_error(d, tf_loc(&r, key), "expected: name \"TEXT\"");
            else if (m->name)
                diag_error(d, tf_loc(&r, key), "name given twice");
            else
                m->name = xstrdup(r.fields.items[1].text);
        } else if (key->kind == TF_WORD && strcmp(key->text, "regime") == 0) {
            read_regime(&r, m);
        } else if (key->kind == TF_WORD && strcmp(key->text, "eager") == 0) {
            read_eager(&r, m);
        } else if (key->kind == TF_WORD &&
                   strcmp(key->text, "procs-per-node") == 0) {
            read_count(&r, d, &m->procs_per_node);
        } else if (key->kind == TF_WORD &&
                   strcmp(key->text, "backbone") == 0) {
            read_count(&r, d, &m->backbone);
            slots = tf_loc(&r, key);
        } else if (key->kind == TF_WORD &&
                   (strcmp(key->text, "host-link") == 0 ||
                    strcmp(key->text, "backbone-link") == 0)) {
            int bb = key->text[0] == 'b';
            read_link(&r, bb ? &m->backbone_link : &m->host_link, 1,
                      key->text, bb ? NET_SHARED : NET_SPLITDUPLEX, bb);
            topology = cluster = tf_loc(&r, key);
        } else if (key->kind == TF_WORD && strcmp(key->text, "link") == 0) {
            read_named_link(&r, m);
            topology = explicit = tf_loc(&r, key);
        } else if (key->kind == TF_WORD && strcmp(key->text, "route") == 0) {
            read_route(&r, m);
            topology = explicit = tf_loc(&r, key);
        } else if (key->kind == TF_WORD && strcmp(key->text, "fat-tree") == 0) {
            read_fat_tree(&r, m);
            topology = tree = cluster = tf_loc(&r, key);
        } else if (key->kind == TF_WORD &&
                   strcmp(key->text, "collective") == 0) {
            read_collective(&r, m);
        } else {
            diag_error(d, tf_loc(&r, key), "unknown record '%s' (expected "
                       "name, regime, eager, procs-per-node, backbone, "
                       "host-link, backbone-link, fat-tree, link, route or "
                       "collective)",
                       key->text);
        }
    }
    /* Two models of the backbone: slots first come, first served, or
     * bandwidth shared among flows; one run has one. */
    if (d->errors == errors && m->backbone > 0 && net_has_topology(m))
        diag_error(d, slots.line > topology.line ? slots : topology,
                   "'backbone N' (message slots) and the topology's links "
                   "(bandwidth shared among flows) are two models of the "
                   "network: give one");
    if (d->errors == errors && m->fat_tree_hosts > 0 &&
        m->backbone_link.bandwidth > 0)
        diag_error(d, tree, "a fat tree has no backbone: give 'fat-tree' or "
                   "'backbone-link'");
    if (d->errors == errors && cluster.line && explicit.line)
        diag_error(d, cluster.line > explicit.line ? cluster : explicit,
                   "a cluster (host-link, backbone-link, fat-tree) and links "
                   "with routes are two topologies: give one");
    if (d->errors == errors && (m->regimes.len == 0 ||
        m->regimes.items[m->regimes.len - 1].bound != NET_ANY))
        diag_error(d, (srcloc){file, r.line, 0}, "the model does not cover "
                   "every size: end it with 'regime any TS TW'");
    tf_close(&r);
    fclose(mem);
    free(text);
    if (d->errors != errors) {
        net_model_free(m);
        return -1;
    }
    if (!m->name)
        m->name = xstrdup(file);
    return 0;
}

void net_model_write(FILE *fp, const net_model *m)
{
    fputs("net-model 1\n", fp);
    if (m->name) {
        fputs("name ", fp);
        tf_put_string(fp, m->name);
        fputc('\n', fp);
    }
    for (size_t i = 0; i < m->regimes.len; i++) {
        const net_regime *g = &m->regimes.items[i];
        if (g->bound == NET_ANY) {
            fputs("regime any", fp);
        } else {
            fprintf(fp, "regime %s ", g->bound == NET_LE ? "<=" : "<");
            tf_put_double(fp, g->limit);
        }
        fputc(' ', fp);
        tf_put_double(fp, g->ts);
        fputc(' ', fp);
        tf_put_double(fp, g->tw);
        fputc('\n', fp);
    }
    if (m->eager_limit >= 0) {
        fputs("eager ", fp);
        tf_put_double(fp, m->eager_limit);
        if (m->eager_own) {
            fputc(' ', fp);
            tf_put_double(fp, m->eager_ts);
            fputc(' ', fp);
            tf_put_double(fp, m->eager_tw);
        }
        fputc('\n', fp);
    }
    if (m->procs_per_node > 0)
        fprintf(fp, "procs-per-node %d\n", m->procs_per_node);
    if (m->backbone > 0)
        fprintf(fp, "backbone %d\n", m->backbone);
    const net_link *links[] = {&m->host_link, &m->backbone_link};
    for (int i = 0; i < 2; i++)
        if (links[i]->bandwidth > 0) {
            fputs(i ? "backbone-link " : "host-link ", fp);
            tf_put_double(fp, links[i]->bandwidth);
            fputc(' ', fp);
            tf_put_double(fp, links[i]->latency);
            fprintf(fp, " %s\n", sharing_names[links[i]->sharing]);
        }
    if (m->fat_tree_hosts > 0) {
        fprintf(fp, "fat-tree %d %d ", m->fat_tree_hosts, m->fat_tree_spines);
        tf_put_double(fp, m->fat_tree_link.bandwidth);
        fputc(' ', fp);
        tf_put_double(fp, m->fat_tree_link.latency);
        fprintf(fp, " %s\n", sharing_names[m->fat_tree_link.sharing]);
    }
    write_routes(fp, m);
    for (int k = 0; k < SIM_COLL_KINDS; k++)
        if (m->coll[k] != COLL_LINEAR)
            fprintf(fp, "collective %s %s\n", coll_kind_names[k],
                    coll_algo_names[m->coll[k]]);
}
