/* pasl.h — PASL, the Parallel Application Specification Language of
 * Lucchese (2002, seed 003 §4): parse a specification, check it, unroll it
 * into an application graph, and write that graph (app-graph format, DOT,
 * statistics).
 *
 *   pasl_spec *spec = pasl_parse(text, len, "app.pasl", &d);      syntax
 *   pasl_graph *g = pasl_build(spec, &limits, &d);                 semantics
 *   pasl_write_graph(stdout, g, 0);
 *
 * Every mistake in the input is a located diagnostic on `d`; a NULL result
 * means at least one error was reported. */
#ifndef PERFPIPE_PASL_H
#define PERFPIPE_PASL_H

#include <stdint.h>
#include <stdio.h>

#include "common/common.h"

/* ------------------------------------------------------------------ AST */

typedef enum {
    PASL_SEPARATOR,    /* %% */
    PASL_NAME,         /* name = "..."; */
    PASL_DESCRIPTION,  /* description = "..."; */
    PASL_PATH,         /* path = "..."; */
    PASL_TASK_CODE,    /* L<n> = "code block"; */
    PASL_TASK_COST,    /* L<n> = delay(t1); A*delay(t2); */
    PASL_BATCH,        /* B<n> = L<t>(c) << source [>> "storage"]...; */
    PASL_BLOCK         /* beginblock(n); ... endblock;  (also the root) */
} pasl_stmt_kind;

typedef enum { PASL_FROM_NULL, PASL_FROM_BATCHES, PASL_FROM_STORAGE } pasl_source;

typedef struct {
    uint64_t id;       /* batch number of an input, unused for storage */
    char *storage;     /* storage name, NULL for a batch reference */
    int line, col;
} pasl_ref;

typedef struct pasl_stmt pasl_stmt;
struct pasl_stmt {
    pasl_stmt_kind kind;
    int line, col;
    char *text;                 /* NAME/DESCRIPTION/PATH/TASK_CODE string,
                                   TASK_COST normalised cost expression */
    uint64_t id;                /* L<n> of TASK_*, B<n> of BATCH */
    uint64_t task_type;         /* BATCH: L<t> */
    uint64_t count;             /* BATCH: cardinality; BLOCK: repetitions */
    int count_line, count_col;  /* where the count was written */
    pasl_source source;         /* BATCH */
    VEC(pasl_ref) inputs;       /* BATCH: batches, or the one storage read */
    VEC(pasl_ref) outputs;      /* BATCH: storages written (>>) */
    VEC(pasl_stmt *) body;      /* BLOCK */
};

/* A parsed specification: the root is a PASL_BLOCK of count 1. */
typedef struct {
    char *file;
    pasl_stmt *root;
} pasl_spec;

/* Inputs above this are refused before parsing, as by every front end. */
#define PASL_MAX_INPUT ((size_t)16 << 20)

/* Parses `len` bytes of PASL (at most PASL_MAX_INPUT). Returns NULL after
 * reporting on d. */
pasl_spec *pasl_parse(const char *text, size_t len, const char *file, diag *d);
void pasl_spec_free(pasl_spec *spec);

/* ---------------------------------------------------------------- graph */

typedef struct {
    uint64_t id;
    char *code;        /* code block name, NULL when not assigned */
    char *path;        /* resolved location (path + "/" + code), NULL if none */
    char *cost;        /* PAMELA cost expression, NULL if none */
} pasl_task_type;

typedef enum { PASL_EDGE_DATA, PASL_EDGE_STORAGE } pasl_edge_kind;

typedef struct {
    size_t from, to;           /* batch instance indices, from < to */
    pasl_edge_kind kind;
    const char *storage;       /* PASL_EDGE_STORAGE: the storage name */
} pasl_edge;

typedef struct {
    char *name;                /* "B2", "B2#3", "B3#2.5" */
    const char *iteration;     /* "-" outside blocks, else "3" or "2.5" */
    const pasl_stmt *stmt;     /* the statement it unrolls */
    uint64_t task_type, cardinality;
    size_t first_edge, n_edges;   /* its incoming edges, in graph.edges */
} pasl_batch;

typedef enum { PASL_IO_INPUT, PASL_IO_WRITE, PASL_IO_OUTPUT } pasl_io_kind;

typedef struct {
    pasl_io_kind kind;   /* INPUT: read of a storage nobody wrote before;
                            WRITE: every write; OUTPUT: the last write */
    size_t batch;
    const char *storage;
} pasl_io;

typedef struct {
    char *name, *description;          /* NULL when absent */
    int implicit_task_types;           /* no L<n> assignment in the spec */
    VEC(pasl_task_type) task_types;    /* sorted by id */
    VEC(pasl_batch) batches;           /* topological (unrolled) order */
    VEC(pasl_edge) edges;              /* grouped by destination, in order */
    VEC(pasl_io) io;                   /* INPUT/WRITE in order, OUTPUT last */
    VEC(char *) strings;               /* owns iteration texts, storage names */
    uint64_t tasks;                    /* sum of cardinalities */
} pasl_graph;

typedef struct {
    uint64_t max_batches;       /* batch instances after unrolling */
    uint64_t max_cardinality;   /* one batch */
} pasl_limits;

#define PASL_DEFAULT_MAX_BATCHES 1000000u
#define PASL_DEFAULT_MAX_CARDINALITY 1000000000u

/* Checks the specification and unrolls it. NULL after reporting errors. */
pasl_graph *pasl_build(const pasl_spec *spec, const pasl_limits *limits,
                       diag *d);
void pasl_graph_free(pasl_graph *g);

/* --------------------------------------------------------------- output */

typedef struct {
    uint64_t batches, edges, data_edges, storage_edges, tasks;
    uint64_t task_links;        /* task-level links, contiguous mapping */
    uint64_t depth;             /* batches on the longest path */
    uint64_t width;             /* most batches on one level */
    uint64_t task_width;        /* most tasks on one level */
} pasl_stats;

void pasl_graph_stats(const pasl_graph *g, pasl_stats *s);

/* The app-graph format (formats/app-graph.md). With `tasks`, every batch
 * is followed by its tasks and every edge by its task-level links. */
void pasl_write_graph(FILE *fp, const pasl_graph *g, int tasks);
void pasl_write_dot(FILE *fp, const pasl_graph *g);
void pasl_write_stats(FILE *fp, const pasl_stats *s);

/* Task-level wiring of one edge between batches of cardinalities cx, cy
 * (the contiguous block mapping, seed 003 §1.1): calls link(i, j) for every
 * task i of the source feeding task j of the destination, in order. */
void pasl_task_links(uint64_t cx, uint64_t cy,
                     void (*link)(uint64_t i, uint64_t j, void *arg), void *arg);

#endif
