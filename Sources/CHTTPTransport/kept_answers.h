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

   Whether an answer's files changed is watched with inotify rather than stat'ed for each
   request: every change in a watched folder counts. An answer is kept only when nothing was
   counted from before its handler began (so before the handler read anything) until it is
   kept, in folders watched already then, and it stands while nothing more is counted. The
   kernel queues a change's event before the writing call returns, and each look drains the
   queue first, so a page asked for after a write has finished never comes from before it. */

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
    int64_t until; /* Unix seconds; 0: no limit */
    char **file_paths;
    size_t file_count;
    uint64_t changes_seen; /* the count of changes when its handler began (with files) */
} kept_answer;

typedef struct kept_answers kept_answers;

kept_answers *kept_answers_create(void);
/* Frees a table no thread uses any more (NULL: nothing). */
void kept_answers_destroy(kept_answers *answers);
/* A new answer, held once by the caller; NULL when memory runs out. */
kept_answer *kept_answer_create(unsigned int status, const char *const *header_names,
                                const char *const *header_values, size_t header_count, const uint8_t *body,
                                size_t body_size, const aura_http_reuse *reuse);
void kept_answer_release(kept_answer *answer);
/* The count of changes seen in the watched folders, after taking in every event queued (take
   it before a handler runs). */
uint64_t kept_answers_changes(kept_answers *answers);
/* Whether the answer still stands: before its time limit, and no file of it changed. */
int kept_answer_is_current(kept_answers *answers, const kept_answer *answer, time_t now);
/* The answer kept under key, held for the caller; NULL when there is none. */
kept_answer *kept_answers_find(kept_answers *answers, const char *key, size_t key_size);
/* Keeps answer under key in place of any before it, unless a change was counted since
   `changes_before` (taken before its handler began) or a folder of its files was not watched
   yet then; takes over the caller's hold. */
void kept_answers_put(kept_answers *answers, const char *key, size_t key_size, kept_answer *answer,
                      uint64_t changes_before);
/* Removes the answer kept under key if it is still `answer` (found no longer current). */
void kept_answers_drop(kept_answers *answers, const char *key, size_t key_size, const kept_answer *answer);

#endif
