#define _GNU_SOURCE
#include <ctype.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>
#include "kept_answers.h"

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

typedef struct {
    char *path;
    int descriptor;
} watched_folder;

struct kept_answers {
    pthread_rwlock_t lock;
    kept_entry *buckets[KEPT_BUCKETS];
    size_t count;
    size_t bytes;
    /* the folders of kept answers' files, and the changes seen in them */
    int watch_fd;
    pthread_mutex_t watch_lock;
    watched_folder *folders;
    size_t folder_count;
    uint64_t changes; /* under watch_lock */
};

static uint64_t hash_of(const char *key, size_t size) {
    uint64_t hash = 14695981039346656037ULL; /* FNV-1a */
    for (size_t index = 0; index < size; index++) hash = (hash ^ (unsigned char)key[index]) * 1099511628211ULL;
    return hash;
}

kept_answers *kept_answers_create(void) {
    kept_answers *answers = calloc(1, sizeof *answers);
    if (answers == NULL) return NULL;
    pthread_rwlock_init(&answers->lock, NULL);
    pthread_mutex_init(&answers->watch_lock, NULL);
    answers->watch_fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC); /* -1: nothing with files is kept */
    return answers;
}

static void clear_locked(kept_answers *answers);

void kept_answers_destroy(kept_answers *answers) {
    if (answers == NULL) return;
    clear_locked(answers);
    for (size_t index = 0; index < answers->folder_count; index++) free(answers->folders[index].path);
    free(answers->folders);
    if (answers->watch_fd != -1) close(answers->watch_fd);
    pthread_rwlock_destroy(&answers->lock);
    pthread_mutex_destroy(&answers->watch_lock);
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
    answer->headers = calloc(header_count ? header_count : 1, sizeof *answer->headers);
    answer->file_paths = calloc(reuse->file_count ? reuse->file_count : 1, sizeof *answer->file_paths);
    answer->body = malloc(body_size ? body_size : 1);
    if (!answer->headers || !answer->file_paths || !answer->body) goto failed;
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
    for (size_t index = 0; index < reuse->file_count; index++) {
        answer->file_paths[index] = strdup(reuse->file_paths[index]);
        answer->file_count++;
        if (answer->file_paths[index] == NULL) goto failed;
    }
    memcpy(answer->body, body, body_size);
    answer->body_size = body_size;
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
    for (size_t index = 0; index < answer->file_count; index++) free(answer->file_paths[index]);
    free(answer->headers);
    free(answer->file_paths);
    free(answer->body);
    free(answer);
}

/* Called with watch_lock held. A folder that went away (IN_IGNORED) is watched again when next needed. */
static void forget_folder(kept_answers *answers, int descriptor) {
    for (size_t index = 0; index < answers->folder_count; index++) {
        if (answers->folders[index].descriptor != descriptor) continue;
        free(answers->folders[index].path);
        answers->folders[index] = answers->folders[--answers->folder_count];
        return;
    }
}

/* Under the lock throughout: whoever looks after another took events in sees them counted. */
uint64_t kept_answers_changes(kept_answers *answers) {
    pthread_mutex_lock(&answers->watch_lock);
    char events[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    ssize_t size;
    while ((size = read(answers->watch_fd, events, sizeof events)) > 0) {
        for (char *at = events; at < events + size;) {
            const struct inotify_event *event = (const struct inotify_event *)at;
            if (event->mask & IN_IGNORED) forget_folder(answers, event->wd);
            at += sizeof *event + event->len;
        }
        answers->changes++;
    }
    uint64_t changes = answers->changes;
    pthread_mutex_unlock(&answers->watch_lock);
    return changes;
}

/* Watches the folder of each of the answer's files; 0 when one cannot be. Starting to watch a
   folder counts as a change: an answer whose handler began before its folder was watched was
   made from files nobody watched, and is not kept. */
static int watch_folders(kept_answers *answers, const kept_answer *answer) {
    if (answers->watch_fd == -1) return 0;
    int watched = 1;
    pthread_mutex_lock(&answers->watch_lock);
    for (size_t index = 0; index < answer->file_count; index++) {
        char copy[PATH_MAX];
        if (strlen(answer->file_paths[index]) >= sizeof copy) {
            watched = 0;
            break;
        }
        strcpy(copy, answer->file_paths[index]);
        const char *folder = dirname(copy);
        int known = 0;
        for (size_t at = 0; at < answers->folder_count && !known; at++)
            known = strcmp(answers->folders[at].path, folder) == 0;
        if (known) continue;
        watched_folder *grown = realloc(answers->folders, (answers->folder_count + 1) * sizeof *grown);
        char *path = strdup(folder);
        int descriptor = inotify_add_watch(answers->watch_fd, folder,
                                           IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE |
                                               IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF);
        if (grown != NULL) answers->folders = grown;
        if (grown == NULL || path == NULL || descriptor == -1) {
            free(path);
            watched = 0;
            break;
        }
        answers->folders[answers->folder_count++] = (watched_folder){path, descriptor};
        answers->changes++;
    }
    pthread_mutex_unlock(&answers->watch_lock);
    return watched;
}

int kept_answer_is_current(kept_answers *answers, const kept_answer *answer, time_t now) {
    if (answer->until != 0 && (int64_t)now >= answer->until) return 0;
    return answer->file_count == 0 || kept_answers_changes(answers) == answer->changes_seen;
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
    if (answer->file_count > 0) {
        if (!watch_folders(answers, answer) || kept_answers_changes(answers) != changes_before) {
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
