/* san.h — the SAN model language (formats/san.md): parse a model of
 * stochastic automata with local and synchronising events, constant or
 * functional rates and routing probabilities, check it, and translate it
 * into a Markovian descriptor (lib/desc, formats/san-desc.md) with the
 * standard construction of notes §1.3-1.4 (the rate in the master
 * automaton only).
 *
 *   san_syntax *s = san_parse(text, len, "model.san", &dg);   syntax
 *   desc d;
 *   if (s && san_build(s, &d, &dg) == 0) desc_write(stdout, &d);
 *
 * Every mistake in the input is a located diagnostic on `dg`. */
#ifndef PERFPIPE_SAN_H
#define PERFPIPE_SAN_H

#include <stddef.h>

#include "common/common.h"
#include "desc/desc.h"

/* Limits on what the model expands to (formats/san.md, "Limits"). */
#define SAN_MAX_RANGE 1000000u        /* values of one range or loop */
#define SAN_MAX_SUBSCRIPT 1e15        /* magnitude of a subscript or bound */
#define SAN_MAX_EXPANDED 10000000u    /* declarations after expansion */
#define SAN_MAX_NODES 5000000u        /* nodes of resolved expressions */
#define SAN_MAX_INPUT ((size_t)16 << 20)
/* Routing probabilities of one event from one state sum to 1 within: */
#define SAN_PROB_TOLERANCE 1e-12

/* The parsed model, before any name is resolved (opaque). */
typedef struct san_syntax san_syntax;

/* NULL after at least one diagnostic. */
san_syntax *san_parse(const char *text, size_t len, const char *file,
                      diag *dg);
void san_syntax_free(san_syntax *s);

/* Expands loops and ranges, resolves names, checks the model and builds
 * its descriptor (desc_finish done, entries merged). 0, or -1 after
 * diagnostics (d is then freed). */
int san_build(const san_syntax *s, desc *d, diag *dg);

/* Both steps on a text. 0, or -1 after diagnostics. */
int san_to_desc(const char *text, size_t len, const char *file, desc *d,
                diag *dg);

/* A SAN model written as an equivalent PRISM CTMC (formats/
 * prism-subset.md, "Writing") into *out (freed on failure). 0, or -1
 * after diagnostics. */
int san_to_prism(const char *text, size_t len, const char *file,
                 strbuf *out, diag *dg);

/* What a PRISM model is read with: constants' values, from -D (NULL:
 * none; those the model declares without one must be given, and a name
 * the model has no constant for is an error), and a properties file whose
 * steady-state queries become results (props NULL: none). */
typedef struct {
    define_list *defs;
    const char *props, *props_file;
    size_t props_len;
} san_prism_opts;

/* A PRISM CTMC model (formats/prism-subset.md) read as a SAN: one
 * automaton per variable, its descriptor built as from the SAN language.
 * o may be NULL. 0, or -1 after located diagnostics. */
int san_prism_to_desc(const char *text, size_t len, const char *file,
                      const san_prism_opts *o, desc *d, diag *dg);

#endif
