/* heap.h — a binary heap over a growable array, for any element type and
 * order. HEAP_DEFINE(name, T, CTX, first) writes two static functions:
 *
 *   void name_push(T **items, size_t *len, size_t *cap, T e, CTX ctx);
 *   T    name_pop(T *items, size_t *len, CTX ctx);      (*len > 0)
 *
 * where `int first(CTX ctx, const T *a, const T *b)` says that a comes out
 * before b. The top is items[0]. Pass a VEC's fields:
 * `name_push(&v.items, &v.len, &v.cap, e, ctx)`.
 *
 * A macro rather than a heap of void * with a comparison callback: the
 * comparison inlines, and gstr-sched's event loop, which runs on this heap,
 * is measured in millions of events per second (make bench). */
#ifndef PERFPIPE_HEAP_H
#define PERFPIPE_HEAP_H

#include <stddef.h>

#include "common/common.h"

#define HEAP_DEFINE(name, T, CTX, first)                                      \
    static void name##_push(T **items, size_t *len, size_t *cap, T e,         \
                            CTX ctx)                                          \
    {                                                                         \
        grow_array((void **)items, cap, sizeof **items, *len + 1);            \
        T *h = *items;                                                        \
        size_t i = (*len)++;                                                  \
        while (i > 0 && first(ctx, &e, &h[(i - 1) / 2])) {                    \
            h[i] = h[(i - 1) / 2];                                            \
            i = (i - 1) / 2;                                                  \
        }                                                                     \
        h[i] = e;                                                             \
    }                                                                         \
                                                                              \
    static T name##_pop(T *h, size_t *len, CTX ctx)                           \
    {                                                                         \
        T top = h[0], last = h[--*len];                                       \
        size_t n = *len, i = 0;                                               \
        for (;;) {                                                            \
            size_t c = 2 * i + 1;                                             \
            if (c >= n)                                                       \
                break;                                                        \
            if (c + 1 < n && first(ctx, &h[c + 1], &h[c]))                    \
                c++;                                                          \
            if (!first(ctx, &h[c], &last))                                    \
                break;                                                        \
            h[i] = h[c];                                                      \
            i = c;                                                            \
        }                                                                     \
        if (n)                                                                \
            h[i] = last;                                                      \
        return top;                                                           \
    }

#endif
