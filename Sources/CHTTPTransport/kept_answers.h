#ifndef AURA_KEPT_ANSWERS_H
#define AURA_KEPT_ANSWERS_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include "http_transport.h"

/* Answers the handler allowed the transport to give again by itself (aura_http_reuse), kept
   by request key and shared between the loops, which read them, and the workers, which put
   and clear them. An answer is immutable once made and freed when its last holder lets go.

   Whether what an answer was made from changed is the application's to know: it counts the
   changes it has seen (aura_http_changes), taking in every change finished before it is asked.
   An answer that follows changes is kept only when the count did not move from before its
   handler began until it is kept, and it stands while the count stays there, so a page asked
   for after a write has finished never comes from before it. */

typedef struct {
    char *name; /* lower-case */
    size_t name_size;
    char *value;
    size_t value_size;
} kept_header;

typedef struct kept_answer {
    atomic_size_t holds;
    unsigned int status;
    kept_header *headers;
    size_t header_count;
    uint8_t *body;
    size_t body_size;
    int fresh_ids; /* the body holds AURA_HTTP_FRESH_ID */
    int64_t until; /* Unix seconds; 0: no limit */
    int follows_changes;
    uint64_t changes_seen; /* the count of changes when its handler began (following changes) */
} kept_answer;

typedef struct kept_answers kept_answers;

/* A table whose answers that follow changes stand while `changes` (may be NULL: none is kept)
   counts the same. */
kept_answers *kept_answers_create(aura_http_changes changes, void *context);
/* Frees a table no thread uses any more (NULL: nothing). */
void kept_answers_destroy(kept_answers *answers);
/* A new answer, held once by the caller; NULL when memory runs out. */
kept_answer *kept_answer_create(unsigned int status, const char *const *header_names,
                                const char *const *header_values, size_t header_count, const uint8_t *body,
                                size_t body_size, const aura_http_reuse *reuse);
void kept_answer_release(kept_answer *answer);
/* The application's count of changes (take it before a handler runs). */
uint64_t kept_answers_changes(kept_answers *answers);
/* Whether the answer still stands: before its time limit, and no change counted since. */
int kept_answer_is_current(kept_answers *answers, const kept_answer *answer, time_t now);
/* The answer kept under key, held for the caller; NULL when there is none. */
kept_answer *kept_answers_find(kept_answers *answers, const char *key, size_t key_size);
/* Keeps answer under key in place of any before it, unless it follows changes and one was
   counted since `changes_before` (taken before its handler began); takes over the caller's hold. */
void kept_answers_put(kept_answers *answers, const char *key, size_t key_size, kept_answer *answer,
                      uint64_t changes_before);
/* Removes the answer kept under key if it is still `answer` (found no longer current). */
void kept_answers_drop(kept_answers *answers, const char *key, size_t key_size, const kept_answer *answer);

#endif
