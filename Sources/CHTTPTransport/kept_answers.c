#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "kept_answers.h"
#include "fresh_ids.h"

#define KEPT_BUCKETS 4096
/* More than this and the table starts again: the answers people are waiting for come back first.
   A few hundred pages of a few dozen people fit; a session asking for endless variants of a
   page (other cookies, queries) only makes the table start again sooner. */
#define KEPT_COUNT_LIMIT 4096
#define KEPT_BYTES_LIMIT ((size_t)16 * 1024 * 1024)

typedef struct kept_entry {
    struct kept_entry *next;
    uint64_t hash;
    char *key;
    size_t key_size;
    kept_answer *answer;
} kept_entry;

struct kept_answers {
    pthread_rwlock_t lock;
    kept_entry *buckets[KEPT_BUCKETS];
    size_t count;
    size_t bytes;
    aura_http_changes changes; /* may be NULL */
    void *context;
};

static uint64_t hash_of(const char *key, size_t size) {
    uint64_t hash = 14695981039346656037ULL; /* FNV-1a */
    for (size_t index = 0; index < size; index++) hash = (hash ^ (unsigned char)key[index]) * 1099511628211ULL;
    return hash;
}

kept_answers *kept_answers_create(aura_http_changes changes, void *context) {
    kept_answers *answers = calloc(1, sizeof *answers);
    if (answers == NULL) return NULL;
    pthread_rwlock_init(&answers->lock, NULL);
    answers->changes = changes;
    answers->context = context;
    return answers;
}

static void clear_locked(kept_answers *answers);

void kept_answers_destroy(kept_answers *answers) {
    if (answers == NULL) return;
    clear_locked(answers);
    pthread_rwlock_destroy(&answers->lock);
    free(answers);
}

static char *copy(const char *text, size_t size) {
    char *made = malloc(size + 1);
    if (made == NULL) return NULL;
    memcpy(made, text, size);
    made[size] = '\0';
    return made;
}

kept_answer *kept_answer_create(unsigned int status, const char *const *header_names,
                                const char *const *header_values, size_t header_count, const uint8_t *body,
                                size_t body_size, const aura_http_reuse *reuse) {
    kept_answer *answer = calloc(1, sizeof *answer);
    if (answer == NULL) return NULL;
    atomic_init(&answer->holds, 1);
    answer->status = status;
    answer->until = reuse->until;
    answer->follows_changes = reuse->follows_changes;
    answer->headers = calloc(header_count ? header_count : 1, sizeof *answer->headers);
    answer->body = malloc(body_size ? body_size : 1);
    if (!answer->headers || !answer->body) goto failed;
    for (size_t index = 0; index < header_count; index++) {
        kept_header *header = &answer->headers[index];
        header->name_size = strlen(header_names[index]);
        header->value_size = strlen(header_values[index]);
        header->name = copy(header_names[index], header->name_size);
        header->value = copy(header_values[index], header->value_size);
        answer->header_count++;
        if (!header->name || !header->value) goto failed;
        for (size_t at = 0; at < header->name_size; at++) header->name[at] = (char)tolower((unsigned char)header->name[at]);
    }
    memcpy(answer->body, body, body_size);
    answer->body_size = body_size;
    answer->fresh_ids = fresh_ids_present(body, body_size);
    return answer;
failed:
    kept_answer_release(answer);
    return NULL;
}

void kept_answer_release(kept_answer *answer) {
    if (answer == NULL || atomic_fetch_sub(&answer->holds, 1) != 1) return;
    for (size_t index = 0; index < answer->header_count; index++) {
        free(answer->headers[index].name);
        free(answer->headers[index].value);
    }
    free(answer->headers);
    free(answer->body);
    free(answer);
}

uint64_t kept_answers_changes(kept_answers *answers) {
    return answers->changes ? answers->changes(answers->context) : 0;
}

int kept_answer_is_current(kept_answers *answers, const kept_answer *answer, time_t now) {
    if (answer->until != 0 && (int64_t)now >= answer->until) return 0;
    return !answer->follows_changes || kept_answers_changes(answers) == answer->changes_seen;
}

kept_answer *kept_answers_find(kept_answers *answers, const char *key, size_t key_size) {
    uint64_t hash = hash_of(key, key_size);
    kept_answer *found = NULL;
    pthread_rwlock_rdlock(&answers->lock);
    for (kept_entry *entry = answers->buckets[hash % KEPT_BUCKETS]; entry; entry = entry->next) {
        if (entry->hash == hash && entry->key_size == key_size && memcmp(entry->key, key, key_size) == 0) {
            found = entry->answer;
            atomic_fetch_add(&found->holds, 1);
            break;
        }
    }
    pthread_rwlock_unlock(&answers->lock);
    return found;
}

static void remove_locked(kept_answers *answers, kept_entry **at) {
    kept_entry *gone = *at;
    *at = gone->next;
    answers->count--;
    answers->bytes -= gone->key_size + gone->answer->body_size;
    kept_answer_release(gone->answer);
    free(gone->key);
    free(gone);
}

void kept_answers_drop(kept_answers *answers, const char *key, size_t key_size, const kept_answer *answer) {
    uint64_t hash = hash_of(key, key_size);
    pthread_rwlock_wrlock(&answers->lock);
    for (kept_entry **at = &answers->buckets[hash % KEPT_BUCKETS]; *at; at = &(*at)->next) {
        if ((*at)->answer == answer) {
            remove_locked(answers, at);
            break;
        }
    }
    pthread_rwlock_unlock(&answers->lock);
}

static void clear_locked(kept_answers *answers) {
    for (size_t bucket = 0; bucket < KEPT_BUCKETS; bucket++) {
        kept_entry *entry = answers->buckets[bucket];
        while (entry) {
            kept_entry *next = entry->next;
            kept_answer_release(entry->answer);
            free(entry->key);
            free(entry);
            entry = next;
        }
        answers->buckets[bucket] = NULL;
    }
    answers->count = 0;
    answers->bytes = 0;
}

void kept_answers_put(kept_answers *answers, const char *key, size_t key_size, kept_answer *answer,
                      uint64_t changes_before) {
    if (answer->follows_changes) {
        if (answers->changes == NULL || kept_answers_changes(answers) != changes_before) {
            kept_answer_release(answer);
            return;
        }
        answer->changes_seen = changes_before;
    }
    kept_entry *made = malloc(sizeof *made);
    char *key_copy = made ? copy(key, key_size) : NULL;
    if (key_copy == NULL) {
        free(made);
        kept_answer_release(answer);
        return;
    }
    made->hash = hash_of(key, key_size);
    made->key = key_copy;
    made->key_size = key_size;
    made->answer = answer;
    size_t bytes = key_size + answer->body_size;
    pthread_rwlock_wrlock(&answers->lock);
    kept_entry **slot = &answers->buckets[made->hash % KEPT_BUCKETS];
    for (kept_entry **at = slot; *at; at = &(*at)->next) {
        kept_entry *old = *at;
        if (old->hash == made->hash && old->key_size == key_size && memcmp(old->key, key, key_size) == 0) {
            remove_locked(answers, at);
            break;
        }
    }
    if (answers->count >= KEPT_COUNT_LIMIT || answers->bytes + bytes > KEPT_BYTES_LIMIT) clear_locked(answers);
    made->next = *slot;
    *slot = made;
    answers->count++;
    answers->bytes += bytes;
    pthread_rwlock_unlock(&answers->lock);
}
