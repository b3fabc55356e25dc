#ifndef AURA_FRESH_IDS_H
#define AURA_FRESH_IDS_H

#define H2O_USE_LIBUV 0
#include <stddef.h>
#include <stdint.h>
#include <h2o.h>

/* Whether a body holds AURA_HTTP_FRESH_ID at least once (looked at once, when it is made). */
int fresh_ids_present(const uint8_t *body, size_t size);

/* The body as pieces from the request's pool, each AURA_HTTP_FRESH_ID in it replaced by an id
   made for this one sending; *count pieces. */
h2o_iovec_t *fresh_ids_fill(h2o_mem_pool_t *pool, uint8_t *body, size_t size, size_t *count);

#endif
