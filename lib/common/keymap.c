/* keymap.c — byte-string keys to size_t values, open addressing with
 * linear probing, FNV-1a hashing, load factor at most 1/2. The keys live
 * in the map's arena: a malloc and a free per key were a quarter of the
 * SAN front end's time on many transitions. (A final avalanche on the
 * hash was tried for the crowding of keys that differ in their high
 * bytes: no gain, the probes are cache misses, not long chains.) */
#include <stdlib.h>
#include <string.h>

#include "common/common.h"

struct keymap_slot {
    char *key;        /* NULL = empty slot */
    size_t keylen;
    uint64_t hash;
    size_t value;
};

static uint64_t fnv1a(const void *key, size_t len)
{
    const unsigned char *p = key;
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < len; i++) {
        h ^= p[i];
        h *= 0x100000001b3u;
    }
    return h;
}

static struct keymap_slot *find_slot(struct keymap_slot *slots, size_t cap,
                                     const void *key, size_t keylen,
                                     uint64_t hash)
{
    size_t i = (size_t)hash & (cap - 1);
    for (;;) {
        struct keymap_slot *s = &slots[i];
        if (!s->key || (s->hash == hash && s->keylen == keylen &&
                        memcmp(s->key, key, keylen) == 0))
            return s;
        i = (i + 1) & (cap - 1);
    }
}

static void rehash(keymap *m, size_t new_cap)
{
    struct keymap_slot *slots = xcalloc(new_cap, sizeof *slots);
    for (size_t i = 0; i < m->cap; i++) {
        struct keymap_slot *old = &m->slots[i];
        if (old->key)
            *find_slot(slots, new_cap, old->key, old->keylen, old->hash) = *old;
    }
    free(m->slots);
    m->slots = slots;
    m->cap = new_cap;
}

int keymap_get(const keymap *m, const void *key, size_t keylen, size_t *value)
{
    if (m->cap == 0)
        return 0;
    struct keymap_slot *s =
        find_slot(m->slots, m->cap, key, keylen, fnv1a(key, keylen));
    if (!s->key)
        return 0;
    *value = s->value;
    return 1;
}

void keymap_put(keymap *m, const void *key, size_t keylen, size_t value)
{
    if (2 * (m->len + 1) > m->cap)
        rehash(m, m->cap ? 2 * m->cap : 16);
    uint64_t hash = fnv1a(key, keylen);
    struct keymap_slot *s = find_slot(m->slots, m->cap, key, keylen, hash);
    if (!s->key) {
        s->key = arena_alloc(&m->keys, keylen ? keylen : 1);
        memcpy(s->key, key, keylen);
        s->keylen = keylen;
        s->hash = hash;
        m->len++;
    }
    s->value = value;
}

int keymap_get_u64(const keymap *m, uint64_t key, size_t *value)
{
    return keymap_get(m, &key, sizeof key, value);
}

void keymap_put_u64(keymap *m, uint64_t key, size_t value)
{
    keymap_put(m, &key, sizeof key, value);
}

void keymap_free(keymap *m)
{
    arena_free(&m->keys);
    free(m->slots);
    m->slots = NULL;
    m->cap = m->len = 0;
}
