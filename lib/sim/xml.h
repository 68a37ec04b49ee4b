/* xml.h — the small reader of XML that netsim's --platform needs
 * (platform.c): declarations, comments and a DOCTYPE skipped, elements
 * and their attributes read as tags, located; no entities but the five of
 * XML, no text content. And SimGrid's numbers with units. */
#ifndef PERFPIPE_SIM_XML_H
#define PERFPIPE_SIM_XML_H

#include "common/common.h"

#define XML_MAX_ATTRS 32

/* The input being read, and where. */
typedef struct {
    const char *text, *file;
    size_t len, pos;
    int line, col;
    diag *d;
} xml;

/* name="value", located at its value. */
typedef struct {
    char *name, *value;
    int line, col;
} xml_attr;

/* <name attrs...>, </name> or <name attrs.../>. */
typedef struct {
    char *name;
    int line, col;
    int closing;         /* </name> */
    int empty;           /* <name ... /> */
    xml_attr attrs[XML_MAX_ATTRS];
    int nattrs;
} xml_tag;


void xml_tag_free(xml_tag *t);
/* A located error on x's diagnostics; returns -1. */
int xml_error(xml *x, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The next tag: 1, 0 at the end of the input, -1 after an error (t then
 * freed: nothing to free but after 1). */
int xml_next_tag(xml *x, xml_tag *t);
/* The attributes of t named in names[] into out[] (NULL when absent);
 * those in ignored[] are skipped, any other is refused: 0 or -1. */
int xml_attributes(xml *x, const xml_tag *t, const char *const *names,
                   const xml_attr **out, const char *const *ignored);

/* A number and its unit as SimGrid writes them. */
typedef struct {
    const char *unit;
    double scale;
} xml_unit;
/* Bytes per second (Bps ... TBps, bps ... Tbps, KiBps ... TiBps) and
 * seconds (s, ms, us, ns, ps, m, h); a bare number is the base unit. */
extern const xml_unit xml_bandwidth_units[], xml_time_units[];
/* a's value in the base unit of `units`, > 0 when `positive`, else >= 0:
 * 0, or -1 after "expected WHAT in 'NAME'". */
int xml_quantity(xml *x, const xml_attr *a, const xml_unit *units,
                 const char *what, int positive, double *out);

#endif
