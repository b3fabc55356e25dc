#define _GNU_SOURCE
#include "fresh_ids.h"
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>
#include "http_transport.h"

static const char mark[] = AURA_HTTP_FRESH_ID;
#define MARK_SIZE (sizeof mark - 1)
_Static_assert(MARK_SIZE == 32, "a fresh id is 16 bytes in hex");

/* An id is this process's random half and a count: unique without a system call per page. */
static uint64_t process_half;
static atomic_uint_fast64_t counted;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void choose_process_half(void) {
    if (getrandom(&process_half, sizeof process_half, 0) != sizeof process_half) process_half = (uint64_t)getpid() << 32;
}

static void write_hex(char *into, uint64_t value) {
    static const char digits[] = "0123456789abcdef";
    for (int at = 15; at >= 0; at--, value >>= 4) into[at] = digits[value & 15];
}

int fresh_ids_present(const uint8_t *body, size_t size) {
    return body != NULL && memmem(body, size, mark, MARK_SIZE) != NULL;
}

h2o_iovec_t *fresh_ids_fill(h2o_mem_pool_t *pool, uint8_t *body, size_t size, size_t *count) {
    pthread_once(&once, choose_process_half);
    size_t marks = 0;
    for (const uint8_t *at = body; (at = memmem(at, size - (size_t)(at - body), mark, MARK_SIZE)) != NULL; at += MARK_SIZE)
        marks++;
    h2o_iovec_t *pieces = h2o_mem_alloc_pool(pool, sizeof *pieces * (2 * marks + 1));
    char *ids = h2o_mem_alloc_pool(pool, marks * MARK_SIZE + 1);
    *count = 0;
    uint8_t *from = body;
    for (size_t index = 0; index < marks; index++) {
        uint8_t *found = memmem(from, size - (size_t)(from - body), mark, MARK_SIZE);
        char *id = ids + index * MARK_SIZE;
        write_hex(id, process_half);
        write_hex(id + 16, atomic_fetch_add(&counted, 1));
        pieces[(*count)++] = h2o_iovec_init(from, (size_t)(found - from));
        pieces[(*count)++] = h2o_iovec_init(id, MARK_SIZE);
        from = found + MARK_SIZE;
    }
    pieces[(*count)++] = h2o_iovec_init(from, size - (size_t)(from - body));
    return pieces;
}
