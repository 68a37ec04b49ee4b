/* platform.c — SimGrid's platform XML, the part of it that is a cluster
 * (issue 29): `netsim --platform FILE.xml` reads a <platform> holding one
 * <cluster> (a flat one, private links plus a backbone, or a two-level
 * FAT_TREE) into the net-model it stands for: `regime any 0 0` and the
 * topology's links (formats/net-model.md, "Topology"), so that a message
 * takes its route's latencies plus its bytes over the bandwidth it gets,
 * SimGrid's CM02 model. Everything else (hosts, links and routes of their
 * own, zones, other topologies) is refused with a located message. The
 * XML is read by hand: declarations, comments, a DOCTYPE, elements and
 * their attributes; no entities but the five of XML. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

#define PLATFORM_MAX_INPUT ((size_t)16 << 20)
#define MAX_ATTRS 32

typedef struct {
    const char *text, *file;
    size_t len, pos;
    int line, col;
    diag *d;
} xml;

typedef struct {
    char *name, *value;
    int line, col;
} attr;

typedef struct {
    char *name;
    int line, col;
    int closing;         /* </name> */
    int empty;           /* <name ... /> */
    attr attrs[MAX_ATTRS];
    int nattrs;
} tag;

static void tag_free(tag *t)
{
    free(t->name);
    for (int i = 0; i < t->nattrs; i++) {
        free(t->attrs[i].name);
        free(t->attrs[i].value);
    }
    memset(t, 0, sizeof *t);
}

static int error_at(xml *x, int line, int col, const char *fmt, const char *a,
                    const char *b)
{
    diag_error(x->d, (srcloc){x->file, line, col}, fmt, a, b);
    return -1;
}

static int peek(const xml *x, size_t k)
{
    return x->pos + k < x->len ? (unsigned char)x->text[x->pos + k] : -1;
}

static void advance(xml *x, size_t n)
{
    while (n-- && x->pos < x->len) {
        if (x->text[x->pos++] == '\n') {
            x->line++;
            x->col = 1;
        } else {
            x->col++;
        }
    }
}

static int starts(const xml *x, const char *s)
{
    size_t n = strlen(s);
    return x->pos + n <= x->len && memcmp(x->text + x->pos, s, n) == 0;
}

static void skip_space(xml *x)
{
    while (peek(x, 0) >= 0 && isspace(peek(x, 0)))
        advance(x, 1);
}

/* Past the next `end`, or -1 after saying what was not closed. */
static int skip_past(xml *x, const char *end, const char *what)
{
    int line = x->line, col = x->col;
    while (x->pos < x->len && !starts(x, end))
        advance(x, 1);
    if (x->pos >= x->len)
        return error_at(x, line, col, "%s never closed (expected '%s')",
                        what, end);
    advance(x, strlen(end));
    return 0;
}

static int name_char(int c)
{
    return c >= 0 && (isalnum(c) || c == '_' || c == '-' || c == '.' ||
                      c == ':');
}

static char *read_name(xml *x)
{
    size_t start = x->pos;
    while (name_char(peek(x, 0)))
        advance(x, 1);
    if (x->pos == start)
        return NULL;
    char *s = xmalloc(x->pos - start + 1);
    memcpy(s, x->text + start, x->pos - start);
    s[x->pos - start] = 0;
    return s;
}

/* A quoted attribute value, its five entities replaced. */
static char *read_value(xml *x)
{
    int q = peek(x, 0);
    if (q != '"' && q != '\'')
        return NULL;
    int line = x->line, col = x->col;
    advance(x, 1);
    strbuf sb = {0};
    sb_puts(&sb, "");
    static const char *const ents[][2] = {{"&lt;", "<"}, {"&gt;", ">"},
        {"&amp;", "&"}, {"&quot;", "\""}, {"&apos;", "'"}};
    while (peek(x, 0) >= 0 && peek(x, 0) != q) {
        if (peek(x, 0) == '&') {
            size_t k = 0;
            while (k < 5 && !starts(x, ents[k][0]))
                k++;
            if (k == 5) {
                sb_free(&sb);
                error_at(x, x->line, x->col, "unknown entity (expected %s%s)",
                         "&lt; &gt; &amp; &quot; or &apos;", "");
                return NULL;
            }
            sb_puts(&sb, ents[k][1]);
            advance(x, strlen(ents[k][0]));
            continue;
        }
        if (peek(x, 0) == '<') {
            sb_free(&sb);
            error_at(x, x->line, x->col, "'<' inside an attribute value%s%s",
                     "", "");
            return NULL;
        }
        sb_putc(&sb, (char)peek(x, 0));
        advance(x, 1);
    }
    if (peek(x, 0) < 0) {
        sb_free(&sb);
        error_at(x, line, col, "attribute value never closed%s%s", "", "");
        return NULL;
    }
    advance(x, 1);
    return sb.text;
}

/* The next tag, past declarations, comments and the DOCTYPE: 1, 0 at the
 * end of the input, -1 after an error. */
static int next_tag(xml *x, tag *t)
{
    memset(t, 0, sizeof *t);
    for (;;) {
        skip_space(x);
        if (x->pos >= x->len)
            return 0;
        if (peek(x, 0) != '<')
            return error_at(x, x->line, x->col, "unexpected text (expected "
                            "a tag%s%s)", "", "");
        if (starts(x, "<?")) {
            if (skip_past(x, "?>", "declaration") < 0)
                return -1;
        } else if (starts(x, "<!--")) {
            if (skip_past(x, "-->", "comment") < 0)
                return -1;
        } else if (starts(x, "<!")) {
            if (skip_past(x, ">", "declaration") < 0)
                return -1;
        } else {
            break;
        }
    }
    t->line = x->line;
    t->col = x->col;
    advance(x, 1);
    if (peek(x, 0) == '/') {
        t->closing = 1;
        advance(x, 1);
    }
    if (!(t->name = read_name(x)))
        return error_at(x, x->line, x->col, "expected an element name%s%s",
                        "", "");
    for (;;) {
        skip_space(x);
        if (starts(x, "/>") && !t->closing) {
            t->empty = 1;
            advance(x, 2);
            return 1;
        }
        if (peek(x, 0) == '>') {
            advance(x, 1);
            return 1;
        }
        int line = x->line, col = x->col;
        char *name = t->closing ? NULL : read_name(x);
        if (!name)
            return error_at(x, line, col, "expected an attribute, '>' or "
                            "'/>' in <%s>%s", t->name, "");
        skip_space(x);
        if (peek(x, 0) != '=') {
            error_at(x, x->line, x->col, "expected '=' after attribute "
                     "'%s'%s", name, "");
            free(name);
            return -1;
        }
        advance(x, 1);
        skip_space(x);
        int vline = x->line, vcol = x->col;
        char *value = read_value(x);
        if (!value) {
            free(name);
            if (x->d->errors)
                return -1;
            return error_at(x, vline, vcol, "expected a quoted value%s%s",
                            "", "");
        }
        for (int i = 0; i < t->nattrs; i++)
            if (strcmp(t->attrs[i].name, name) == 0) {
                error_at(x, line, col, "attribute '%s' given twice in "
                         "<%s>", name, t->name);
                free(name);
                free(value);
                return -1;
            }
        if (t->nattrs == MAX_ATTRS) {
            free(name);
            free(value);
            return error_at(x, line, col, "more than 32 attributes in "
                            "<%s>%s", t->name, "");
        }
        t->attrs[t->nattrs++] = (attr){name, value, vline, vcol};
    }
}

/* ----------------------------------------------------------- the cluster */

/* A number and its unit, as SimGrid writes them: *out in `base` units
 * (bytes per second, seconds), or -1 after a located error. */
typedef struct {
    const char *unit;
    double scale;
} unit;

static const unit bandwidth_units[] = {
    {"Bps", 1}, {"kBps", 1e3}, {"KBps", 1e3}, {"MBps", 1e6}, {"GBps", 1e9},
    {"TBps", 1e12}, {"KiBps", 1024.0}, {"MiBps", 1048576.0},
    {"GiBps", 1073741824.0}, {"TiBps", 1099511627776.0}, {"bps", 0.125},
    {"kbps", 125}, {"Kbps", 125}, {"Mbps", 125e3}, {"Gbps", 125e6},
    {"Tbps", 125e9}, {"", 1}, {NULL, 0}};
static const unit time_units[] = {
    {"s", 1}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}, {"ps", 1e-12},
    {"m", 60}, {"h", 3600}, {"", 1}, {NULL, 0}};

static int quantity(xml *x, const attr *a, const unit *units,
                    const char *what, int positive, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(a->value, &end);
    int k = 0;
    if (end != a->value && errno == 0)
        while (units[k].unit && strcmp(end, units[k].unit) != 0)
            k++;
    if (end == a->value || errno || !units[k].unit || !isfinite(v) ||
        !(positive ? v * units[k].scale > 0 : v >= 0))
        return error_at(x, a->line, a->col, "expected %s in '%s'", what,
                        a->name);
    *out = v * units[k].scale;
    return 0;
}

/* Counts the hosts of a radical "0-63" or "0-3,8,10-11". */
static int radical_count(xml *x, const attr *a, long *count)
{
    const char *p = a->value;
    long n = 0;
    for (;;) {
        char *end;
        long lo = strtol(p, &end, 10), hi = lo;
        if (end == p || lo < 0)
            break;
        p = end;
        if (*p == '-') {
            hi = strtol(p + 1, &end, 10);
            if (end == p + 1 || hi < lo)
                break;
            p = end;
        }
        n += hi - lo + 1;
        if (n > 1000000)
            return error_at(x, a->line, a->col, "more than 1000000 hosts in "
                            "'%s'%s", a->name, "");
        if (*p == 0) {
            *count = n;
            return 0;
        }
        if (*p++ != ',')
            break;
    }
    return error_at(x, a->line, a->col, "expected ranges such as '0-63' or "
                    "'0-3,8' in '%s'%s", a->name, "");
}

static int policy(xml *x, const attr *a, int backbone, net_sharing *out)
{
    static const char *const names[] = {"SPLITDUPLEX", "SHARED", "FATPIPE"};
    for (int k = backbone ? 1 : 0; k < 3; k++)
        if (strcmp(a->value, names[k]) == 0) {
            *out = (net_sharing)k;
            return 0;
        }
    return error_at(x, a->line, a->col, "unknown sharing policy '%s' (expected "
                    "%s)", a->value, backbone ? "SHARED or FATPIPE"
                                              : "SPLITDUPLEX, SHARED or FATPIPE");
}

/* "2;H,L;1,S;1,1": the two-level fat tree netsim's fat-tree record is. */
static int fat_tree(xml *x, const attr *a, long hosts, net_model *m)
{
    int h, l, s;
    char tail;
    if (sscanf(a->value, "2;%d,%d;1,%d;1,1%c", &h, &l, &s, &tail) != 3 ||
        h < 1 || l < 1 || s < 1 || s > 1000000)
        return error_at(x, a->line, a->col, "only two-level fat trees "
                        "'2;HOSTS,LEAVES;1,SPINES;1,1' are read, not '%s'%s",
                        a->value, "");
    if ((long)h * l != hosts)
        return error_at(x, a->line, a->col, "'%s' makes %s hosts, not the "
                        "radical's", a->value, "HOSTS x LEAVES");
    m->fat_tree_hosts = h;
    m->fat_tree_spines = s;
    return 0;
}

/* <cluster ...>: its attributes into m. */
static int read_cluster(xml *x, const tag *t, net_model *m, long *hosts)
{
    static const char *const ignored[] = {"prefix", "suffix", "speed",
        "core", "router_id", "loopback_bw", "loopback_lat", NULL};
    const attr *bw = NULL, *lat = NULL, *bb_bw = NULL, *bb_lat = NULL,
               *share = NULL, *bb_share = NULL, *topo = NULL, *params = NULL,
               *radical = NULL, *id = NULL;
    for (int i = 0; i < t->nattrs; i++) {
        const attr *a = &t->attrs[i];
        const attr **slot = !strcmp(a->name, "bw") ? &bw
            : !strcmp(a->name, "lat") ? &lat
            : !strcmp(a->name, "bb_bw") ? &bb_bw
            : !strcmp(a->name, "bb_lat") ? &bb_lat
            : !strcmp(a->name, "sharing_policy") ? &share
            : !strcmp(a->name, "bb_sharing_policy") ? &bb_share
            : !strcmp(a->name, "topology") ? &topo
            : !strcmp(a->name, "topo_parameters") ? &params
            : !strcmp(a->name, "radical") ? &radical
            : !strcmp(a->name, "id") ? &id : NULL;
        int k = 0;
        while (!slot && ignored[k] && strcmp(a->name, ignored[k]) != 0)
            k++;
        if (!slot && !ignored[k])
            return error_at(x, a->line, a->col, "attribute '%s' of <cluster> "
                            "is not read by netsim%s", a->name, "");
        if (slot)
            *slot = a;
    }
    if (!id || !radical || !bw || !lat)
        return error_at(x, t->line, t->col, "<cluster> needs %s%s",
                        "id, radical, bw and lat", "");
    double v;
    if (radical_count(x, radical, hosts) < 0 ||
        quantity(x, bw, bandwidth_units, "a bandwidth > 0", 1, &v) < 0)
        return -1;
    m->host_link.bandwidth = v / 1e6;
    if (quantity(x, lat, time_units, "a time >= 0", 0, &v) < 0)
        return -1;
    m->host_link.latency = v * 1e6;
    m->host_link.sharing = NET_SPLITDUPLEX;
    if (share && policy(x, share, 0, &m->host_link.sharing) < 0)
        return -1;
    int tree = topo && strcmp(topo->value, "FAT_TREE") == 0;
    if (topo && !tree && strcmp(topo->value, "FLAT") != 0)
        return error_at(x, topo->line, topo->col, "topology '%s' is not "
                        "read by netsim (expected %s)", topo->value,
                        "FLAT or FAT_TREE");
    if (tree) {
        if (!params)
            return error_at(x, topo->line, topo->col, "FAT_TREE needs "
                            "%s%s", "topo_parameters", "");
        if (bb_bw || bb_lat)
            return error_at(x, (bb_bw ? bb_bw : bb_lat)->line,
                            (bb_bw ? bb_bw : bb_lat)->col, "a fat tree has "
                            "no backbone: %s%s", "no bb_bw or bb_lat", "");
        if (fat_tree(x, params, *hosts, m) < 0)
            return -1;
        /* SimGrid's fat tree: every link the cluster's bw and lat. */
        m->fat_tree_link = m->host_link;
        return 0;
    }
    if (bb_bw) {
        if (quantity(x, bb_bw, bandwidth_units, "a bandwidth > 0", 1, &v) < 0)
            return -1;
        m->backbone_link.bandwidth = v / 1e6;
        m->backbone_link.sharing = NET_SHARED;
        if (bb_lat) {
            if (quantity(x, bb_lat, time_units, "a time >= 0", 0, &v) < 0)
                return -1;
            m->backbone_link.latency = v * 1e6;
        }
        if (bb_share && policy(x, bb_share, 1, &m->backbone_link.sharing) < 0)
            return -1;
    }
    return 0;
}

int net_platform_read(net_model *m, FILE *fp, const char *file, diag *d,
                      long *hosts)
{
    memset(m, 0, sizeof *m);
    m->eager_limit = -1;
    size_t len;
    char *text = read_stream(d->prog, fp, file, PLATFORM_MAX_INPUT, &len);
    xml x = {text, file, len, 0, 1, 1, d};
    tag t;
    int got, errors = d->errors, depth = 0, clusters = 0;
    char *cluster_id = NULL;
    while ((got = next_tag(&x, &t)) > 0) {
        if (t.closing) {
            if (strcmp(t.name, depth == 1 ? "platform" : "") != 0) {
                error_at(&x, t.line, t.col, "unexpected </%s>%s", t.name, "");
                tag_free(&t);
                break;
            }
            depth--;
        } else if (depth == 0) {
            if (strcmp(t.name, "platform") != 0 || t.empty) {
                error_at(&x, t.line, t.col, "expected <platform>, got "
                         "<%s>%s", t.name, "");
                tag_free(&t);
                break;
            }
            depth = 1;
        } else if (strcmp(t.name, "cluster") == 0 && t.empty) {
            if (clusters++) {
                error_at(&x, t.line, t.col, "a second <cluster>: netsim "
                         "reads one%s%s", "", "");
            } else if (read_cluster(&x, &t, m, hosts) == 0) {
                for (int i = 0; i < t.nattrs; i++)
                    if (!strcmp(t.attrs[i].name, "id"))
                        cluster_id = xstrdup(t.attrs[i].value);
            }
        } else {
            error_at(&x, t.line, t.col, "<%s%s> is not read by netsim "
                     "(expected one <cluster .../> in <platform>: SimGrid's "
                     "cluster or FAT_TREE)", t.name, t.empty ? "/" : "");
        }
        tag_free(&t);
        if (d->errors != errors)
            break;
    }
    tag_free(&t);
    if (d->errors == errors && got == 0 && depth != 0)
        error_at(&x, x.line, x.col, "<platform> never closed%s%s", "", "");
    if (d->errors == errors && got == 0 && !clusters)
        error_at(&x, x.line, 0, "no <cluster> in the platform%s%s", "", "");
    free(text);
    if (d->errors != errors) {
        free(cluster_id);
        net_model_free(m);
        return -1;
    }
    /* The links carry the times: a message alone takes its route's
     * latencies plus its bytes over the smallest bandwidth. */
    net_regime any = {NET_ANY, 0, 0, 0};
    VEC_PUSH(&m->regimes, any);
    m->name = cluster_id;
    return 0;
}
