/* arena.c — many small allocations, freed all at once: the syntax trees
 * of the front ends. A tree of a 16 MiB input is millions of nodes; one
 * malloc and one free each cost more than parsing them (bench_parse), and
 * freeing them one by one needs a walk of the whole tree. */
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"

struct arena_block {
    struct arena_block *next;
    size_t size;                  /* bytes of data[] */
    alignas(max_align_t) unsigned char data[];
};

enum { ARENA_FIRST_BLOCK = 16 * 1024, ARENA_MAX_BLOCK = 1024 * 1024 };

static size_t round_up(size_t n)
{
    size_t a = alignof(max_align_t);
    size_t r;
    if (__builtin_add_overflow(n, a - 1, &r))
        out_of_memory();
    return r & ~(a - 1);
}

/* A new block of at least n bytes, in front of the list. Blocks double up
 * to ARENA_MAX_BLOCK; a larger request gets a block of its own size. */
static void new_block(arena *a, size_t n)
{
    size_t size = a->blocks ? a->blocks->size * 2 : ARENA_FIRST_BLOCK;
    if (size > ARENA_MAX_BLOCK)
        size = ARENA_MAX_BLOCK;
    if (size < n)
        size = n;
    size_t bytes;
    if (__builtin_add_overflow(size, sizeof(struct arena_block), &bytes))
        out_of_memory();
    struct arena_block *b = xcalloc(1, bytes);
    b->size = size;
    b->next = a->blocks;
    a->blocks = b;
    a->used = 0;
}

void *arena_alloc(arena *a, size_t n)
{
    n = round_up(n ? n : 1);
    if (!a->blocks || a->blocks->size - a->used < n)
        new_block(a, n);
    void *p = a->blocks->data + a->used;
    a->used += n;
    return p;                      /* zero: blocks come from calloc */
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
    if (n == SIZE_MAX)
        out_of_memory();           /* no room for the NUL */
    char *copy = arena_alloc(a, n + 1);
    memcpy(copy, s, n);
    return copy;
}

void arena_grow(arena *a, void **items, size_t *cap, size_t elem_size,
                size_t need)
{
    if (need <= *cap)
        return;
    size_t new_cap = *cap ? *cap : 4;
    while (new_cap < need)
        new_cap = new_cap > SIZE_MAX / 2 ? need : new_cap * 2;
    size_t bytes;
    if (__builtin_mul_overflow(new_cap, elem_size, &bytes))
        out_of_memory();
    void *grown = arena_alloc(a, bytes);
    if (*cap)
        memcpy(grown, *items, *cap * elem_size);
    *items = grown;                /* the old array stays until arena_free */
    *cap = new_cap;
}

void arena_free(arena *a)
{
    struct arena_block *b = a->blocks;
    while (b) {
        struct arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->blocks = NULL;
    a->used = 0;
}
