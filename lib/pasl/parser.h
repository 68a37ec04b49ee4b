/* parser.h — private to lib/pasl: the state shared by the generated
 * scanner (pasl.l) and parser (pasl.y), and the helpers they call
 * (parse.c). Not part of the module's interface: include pasl.h. */
#ifndef PERFPIPE_PASL_PARSER_H
#define PERFPIPE_PASL_PARSER_H

#include "pasl/pasl.h"

/* Integers of the language (ids, cardinalities, repetition counts) stop
 * here, far below where sizes computed from them could overflow. */
#define PASL_MAX_INTEGER 1000000000000000000ull

/* Blocks nest at most this deep: the parser refuses deeper nesting with a
 * located error, so every walk of the statement tree (build.c, freeing)
 * recurses at most this far, and an instance name ("B2#1.1.1...") stays
 * short. The thesis's listings nest two deep. */
#define PASL_MAX_NESTING 32

/* Room for a token shown in a message (pasl_show_text). */
#define PASL_SHOWN 48

struct pasl_parser {
    const char *file;
    diag *d;
    int line, col;               /* where the next token starts */
    int comment_line, comment_col;
    int nesting;                 /* blocks open at the current token */
    strbuf cost;                 /* the task-type cost being read */
    char shown[PASL_SHOWN];      /* pasl_show_char's and _text's buffer */
    pasl_stmt *root;             /* the result */
};

/* Moves the position over one token and records its location. */
struct PASL_YYLTYPE;
void pasl_advance(struct pasl_parser *ps, struct PASL_YYLTYPE *loc,
                  const char *text, size_t len);
void pasl_error_at(struct pasl_parser *ps, int line, int col,
                   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The contents of a "quoted" token with its escapes decoded, or NULL after
 * a located error. */
char *pasl_unquote(struct pasl_parser *ps, struct PASL_YYLTYPE *loc,
                   const char *text, size_t len);
/* A printable rendering of c: 'x' or '\xNN'. */
const char *pasl_show_char(struct pasl_parser *ps, char c);
/* The text of a token for a message: whole up to 40 bytes, else its first
 * 40 and "...", so a 1 MB token does not make a 1 MB message. */
const char *pasl_show_text(char buf[PASL_SHOWN], const char *text);

/* Appends v in decimal (without printf: names and costs are written
 * once per batch instance and per operand). */
void pasl_put_u64(strbuf *sb, uint64_t v);

pasl_stmt *pasl_stmt_new(pasl_stmt_kind kind, int line, int col);
void pasl_stmt_free(pasl_stmt *s);

#endif
