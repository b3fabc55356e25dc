#define _GNU_SOURCE
#define H2O_USE_LIBUV 0
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <malloc.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <h2o.h>
#include "http_transport.h"
#include "kept_answers.h"
#include "fresh_ids.h"

/* picohttpparser, which libh2o carries and exports but whose header Debian does not install:
   the request head is parsed once more to see the fields libh2o folds away (each
   Content-Length, Transfer-Encoding and Host as sent). */
struct phr_header {
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
};
int phr_parse_request(const char *buf, size_t len, const char **method, size_t *method_len, const char **path,
                      size_t *path_len, int *minor_version, struct phr_header *headers, size_t *num_headers,
                      size_t last_len);

enum message_kind { MESSAGE_ANSWER, MESSAGE_STREAM_WAKE, MESSAGE_STOP };

typedef struct {
    h2o_multithread_message_t link;
    enum message_kind kind;
} message;

typedef struct loop loop;

typedef struct {
    h2o_linklist_t link; /* in the loop's connections */
    loop *owner;
    int fd;
    h2o_socket_t *sock;
    char address[INET6_ADDRSTRLEN];
} connection;

/* Open connections per client address, for the per-address limit (shared by the loops). */
typedef struct address_count {
    struct address_count *next;
    unsigned int count;
    char address[INET6_ADDRSTRLEN];
} address_count;

#define ADDRESS_BUCKETS 1024

struct loop {
    aura_http_transport *transport;
    pthread_t thread;
    h2o_context_t context;
    h2o_accept_ctx_t accept;
    int listen_fd;
    int spare_fd; /* given up to accept one connection when descriptors run out, to tell it 503 */
    h2o_socket_t *listener;
    h2o_timeout_t sweep_every;
    h2o_timeout_entry_t sweep;
    size_t closed_since_trim; /* connections closed since memory was last given back */
    unsigned int sweeps_since_trim;
    h2o_multithread_receiver_t inbox; /* answers, stream wakes and the stop */
    h2o_linklist_t connections;
    h2o_linklist_t streams;
    size_t in_flight;
    int stopping;
};

struct aura_http_transport {
    aura_http_settings settings;
    aura_http_handler handler;
    void *context;
    h2o_globalconf_t config;
    h2o_headers_command_t *default_headers;
    kept_answers *kept;
    uint16_t port;
    loop *loops;
    size_t loop_count;
    pthread_t *workers;
    size_t worker_count;
    /* requests waiting for a worker */
    pthread_mutex_t jobs_lock;
    pthread_cond_t jobs_ready;
    aura_http_request *jobs_head, *jobs_tail;
    int workers_stop;
    /* loops that have set themselves up */
    pthread_mutex_t ready_lock;
    pthread_cond_t ready;
    size_t loops_ready;
    /* connection accounting */
    pthread_mutex_t counts_lock;
    unsigned int open_connections;
    address_count *counts[ADDRESS_BUCKETS];
};

typedef struct {
    char *name;
    char *value;
} header_copy;

struct aura_http_request {
    message message; /* first: posted back to the loop with the answer */
    loop *owner;
    h2o_req_t *req;
    aura_http_request *next_job;
    const char *method;
    const char *target;
    struct phr_header *headers;
    size_t header_count;
    char client[INET6_ADDRSTRLEN];
    /* the answer, filled on the worker */
    unsigned int status;
    uint8_t *body;
    size_t body_size;
    int fresh_ids; /* the body holds AURA_HTTP_FRESH_ID */
    header_copy *answer_headers;
    size_t answer_header_count;
    aura_http_stream *stream;
    uint64_t changes_before; /* the kept answers' count of changes when the handler began */
};

struct aura_http_stream {
    message wake; /* first */
    h2o_generator_t generator;
    h2o_linklist_t link; /* in the loop's streams, while the loop holds it */
    pthread_mutex_t lock;
    loop *owner;
    h2o_req_t *req; /* loop only; NULL until started and once gone */
    uint8_t *pending;
    size_t pending_size;
    uint8_t *inflight; /* loop only */
    int wake_posted;
    int sending;      /* loop only: an h2o_send awaits proceed */
    int headers_sent; /* loop only */
    int ended;
    int gone;
    int holds;
};

/* A client that reads nothing while events keep coming is let go past this much. */
#define STREAM_PENDING_LIMIT (256 * 1024)

static __thread aura_http_request *unanswered;

/* ---- connection accounting ---- */

static size_t bucket_of(const char *address) {
    size_t hash = 5381;
    for (const char *c = address; *c; c++) hash = hash * 33 + (unsigned char)*c;
    return hash % ADDRESS_BUCKETS;
}

static int admit(aura_http_transport *transport, const char *address) {
    pthread_mutex_lock(&transport->counts_lock);
    int admitted = 0;
    if (transport->open_connections < transport->settings.connection_limit) {
        address_count **slot = &transport->counts[bucket_of(address)];
        address_count *entry = *slot;
        while (entry && strcmp(entry->address, address) != 0) entry = entry->next;
        unsigned int open = entry ? entry->count : 0;
        if (open < transport->settings.per_address_limit ||
            (transport->settings.unlimited && transport->settings.unlimited(transport->context, address))) {
            if (entry == NULL && (entry = calloc(1, sizeof *entry)) != NULL) {
                strcpy(entry->address, address);
                entry->next = *slot;
                *slot = entry;
            }
            if (entry != NULL) {
                entry->count++;
                transport->open_connections++;
                admitted = 1;
            }
        }
    }
    pthread_mutex_unlock(&transport->counts_lock);
    return admitted;
}

static void release(aura_http_transport *transport, const char *address) {
    pthread_mutex_lock(&transport->counts_lock);
    transport->open_connections--;
    address_count **slot = &transport->counts[bucket_of(address)];
    while (*slot && strcmp((*slot)->address, address) != 0) slot = &(*slot)->next;
    if (*slot && --(*slot)->count == 0) {
        address_count *gone = *slot;
        *slot = gone->next;
        free(gone);
    }
    pthread_mutex_unlock(&transport->counts_lock);
}

static void format_address(const struct sockaddr_storage *address, char *text) {
    text[0] = '\0';
    if (address->ss_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, text, INET6_ADDRSTRLEN);
    else if (address->ss_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, text, INET6_ADDRSTRLEN);
}

static void on_connection_closed(void *data) {
    connection *open = data;
    open->owner->closed_since_trim++;
    h2o_linklist_unlink(&open->link);
    release(open->owner->transport, open->address);
    free(open);
}

/* Answers a connection there is no room for with 503 and closes it. */
static void turn_away(int fd) {
    static const char busy[] = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                               "Retry-After: 5\r\nConnection: close\r\nContent-Length: 21\r\n\r\n"
                               "Too many connections\n";
    (void)!send(fd, busy, sizeof busy - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
    close(fd);
}

static void on_accept(h2o_socket_t *listener, const char *err) {
    loop *self = listener->data;
    if (err != NULL || self->stopping) return;
    for (int round = 0; round < 64; round++) {
        struct sockaddr_storage peer;
        socklen_t size = sizeof peer;
        int fd = accept4(self->listen_fd, (struct sockaddr *)&peer, &size, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd == -1) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            /* Out of descriptors, the client would wait in the queue unanswered: the spare one
               makes room to accept it and say so. */
            if ((errno == EMFILE || errno == ENFILE) && self->spare_fd >= 0) {
                close(self->spare_fd);
                fd = accept4(self->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
                if (fd >= 0) turn_away(fd);
                self->spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
                if (fd >= 0) continue;
            }
            return;
        }
        char address[INET6_ADDRSTRLEN];
        format_address(&peer, address);
        if (!admit(self->transport, address)) {
            turn_away(fd);
            continue;
        }
        int on = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        connection *open = calloc(1, sizeof *open);
        if (open == NULL) {
            release(self->transport, address);
            close(fd);
            continue;
        }
        open->owner = self;
        open->fd = fd;
        strcpy(open->address, address);
        h2o_linklist_insert(&self->connections, &open->link);
        h2o_socket_t *sock = h2o_evloop_socket_create(self->context.loop, fd, 0);
        open->sock = sock;
        sock->on_close.cb = on_connection_closed;
        sock->on_close.data = open;
        h2o_accept(&self->accept, sock);
    }
}

/* ---- requests ---- */

static const char *reason_of(unsigned int status) {
    switch (status) {
    case 101: return "Switching Protocols";
    case 200: return "OK";
    case 201: return "Created";
    case 202: return "Accepted";
    case 204: return "No Content";
    case 206: return "Partial Content";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 303: return "See Other";
    case 304: return "Not Modified";
    case 307: return "Temporary Redirect";
    case 308: return "Permanent Redirect";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 411: return "Length Required";
    case 412: return "Precondition Failed";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 416: return "Range Not Satisfiable";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    default: return status < 300 ? "OK" : status < 400 ? "Redirect" : status < 500 ? "Client Error" : "Server Error";
    }
}

static int is_head(h2o_req_t *req) { return h2o_memis(req->input.method.base, req->input.method.len, H2O_STRLIT("HEAD")); }

/* libh2o frames the body and the connection itself */
static int frames_message(const char *name, size_t size) {
    return h2o_memis(name, size, H2O_STRLIT("content-length")) || h2o_memis(name, size, H2O_STRLIT("connection")) ||
           h2o_memis(name, size, H2O_STRLIT("transfer-encoding"));
}

static void add_answer_headers(h2o_req_t *req, const header_copy *headers, size_t count) {
    for (size_t index = 0; index < count; index++) {
        size_t name_size = strlen(headers[index].name);
        char *name = h2o_mem_alloc_pool(&req->pool, name_size + 1);
        for (size_t at = 0; at <= name_size; at++) name[at] = (char)tolower((unsigned char)headers[index].name[at]);
        if (frames_message(name, name_size)) continue;
        h2o_iovec_t value = h2o_strdup(&req->pool, headers[index].value, SIZE_MAX);
        h2o_add_header_by_str(&req->pool, &req->res.headers, name, name_size, 1, NULL, value.base, value.len);
    }
}

/* A refusal decided on the loop, before any worker: a short text body, the connection closed after. */
static void refuse(h2o_req_t *req, unsigned int status, const char *text) {
    req->http1_is_persistent = 0;
    h2o_send_error_generic(req, (int)status, reason_of(status), text, H2O_SEND_ERROR_HTTP1_CLOSE_CONNECTION);
}

static void free_body(void *shared) { free(*(uint8_t **)shared); }

static void free_answer_headers(aura_http_request *request) {
    for (size_t index = 0; index < request->answer_header_count; index++) {
        free(request->answer_headers[index].name);
        free(request->answer_headers[index].value);
    }
    free(request->answer_headers);
    request->answer_headers = NULL;
    request->answer_header_count = 0;
}

/* Starts the response and sends its body in one piece: none when `bodiless` (its length not
   even said), to a HEAD or when empty; with `fresh_ids`, its ids made for this sending. The
   body must live until the request is done. */
static void send_whole(h2o_req_t *req, uint8_t *bytes, size_t size, int bodiless, int fresh_ids) {
    static h2o_generator_t generator = {NULL, NULL};
    if (!bodiless) req->res.content_length = size;
    h2o_start_response(req, &generator);
    if (bodiless || is_head(req) || size == 0) {
        h2o_send(req, NULL, 0, H2O_SEND_STATE_FINAL);
    } else if (fresh_ids) {
        size_t count;
        h2o_iovec_t *pieces = fresh_ids_fill(&req->pool, bytes, size, &count);
        h2o_send(req, pieces, count, H2O_SEND_STATE_FINAL);
    } else {
        h2o_iovec_t body = h2o_iovec_init(bytes, size);
        h2o_send(req, &body, 1, H2O_SEND_STATE_FINAL);
    }
}

static void stream_flush(aura_http_stream *stream);
static void stream_drop_hold(aura_http_stream *stream);

static void send_answer(aura_http_request *request) {
    loop *self = request->owner;
    h2o_req_t *req = request->req;
    self->in_flight--;
    req->res.status = (int)request->status;
    req->res.reason = reason_of(request->status);
    add_answer_headers(req, request->answer_headers, request->answer_header_count);
    free_answer_headers(request);
    if (self->stopping) req->http1_is_persistent = 0;
    if (request->stream != NULL) {
        aura_http_stream *stream = request->stream;
        stream->req = req;
        h2o_linklist_insert(&self->streams, &stream->link);
        h2o_start_response(req, &stream->generator);
        stream_flush(stream);
        return;
    }
    if (request->body != NULL) {
        uint8_t **owned = h2o_mem_alloc_shared(&req->pool, sizeof *owned, free_body);
        *owned = request->body;
    }
    send_whole(req, request->body, request->body_size,
               request->status < 200 || request->status == 204 || request->status == 304, request->fresh_ids);
}

/* The fields of the request head as sent, parsed from the connection's input, where the head
   still lies while the request is handled; the count of Content-Length and Transfer-Encoding
   fields and whether Host was sent are counted on the way. */
static int parse_head(h2o_req_t *req, aura_http_request *request, size_t *head_size, int *lengths, int *chunked,
                      int *has_host) {
    h2o_socket_t *sock = req->conn->callbacks->get_socket ? req->conn->callbacks->get_socket(req->conn) : NULL;
    if (sock == NULL || sock->input == NULL) return -1;
    const char *method, *path;
    size_t method_size, path_size, count = H2O_MAX_HEADERS;
    int minor;
    struct phr_header *fields = h2o_mem_alloc_pool(&req->pool, sizeof *fields * H2O_MAX_HEADERS);
    int parsed = phr_parse_request(sock->input->bytes, sock->input->size, &method, &method_size, &path, &path_size,
                                   &minor, fields, &count, 0);
    if (parsed <= 0 || !h2o_memis(path, path_size, req->input.path.base, req->input.path.len)) return -1;
    *head_size = (size_t)parsed;
    *lengths = *chunked = *has_host = 0;
    for (size_t index = 0; index < count; index++) {
        /* libh2o lower-cased the names in place; copies keep them still if the buffer moves */
        fields[index].name = h2o_strdup(&req->pool, fields[index].name, fields[index].name_len).base;
        fields[index].value = h2o_strdup(&req->pool, fields[index].value, fields[index].value_len).base;
        h2o_iovec_t name = h2o_iovec_init(fields[index].name, fields[index].name_len);
        if (h2o_lcstris(name.base, name.len, H2O_STRLIT("content-length"))) (*lengths)++;
        else if (h2o_lcstris(name.base, name.len, H2O_STRLIT("transfer-encoding"))) (*chunked)++;
        else if (h2o_lcstris(name.base, name.len, H2O_STRLIT("host"))) (*has_host)++;
    }
    request->headers = fields;
    request->header_count = count;
    return 0;
}

static void enqueue(aura_http_transport *transport, aura_http_request *request) {
    pthread_mutex_lock(&transport->jobs_lock);
    request->next_job = NULL;
    if (transport->jobs_tail) transport->jobs_tail->next_job = request;
    else transport->jobs_head = request;
    transport->jobs_tail = request;
    pthread_cond_signal(&transport->jobs_ready);
    pthread_mutex_unlock(&transport->jobs_lock);
}

/* ---- answers kept to be given again ---- */

static int field_is(const struct phr_header *field, const char *name, size_t size) {
    return h2o_memis(field->name, field->name_len, name, size);
}

/* The key an answer is kept under: whom it is for, the target and, unless it is for everyone,
   the Cookie fields as sent (several joined as the handler sees them). Freed by the caller. */
static char *key_of(const aura_http_request *request, int for_everyone, size_t *size) {
    size_t target_size = strlen(request->target), cookies_size = 0;
    if (!for_everyone)
        for (size_t index = 0; index < request->header_count; index++)
            if (field_is(&request->headers[index], H2O_STRLIT("cookie")))
                cookies_size += request->headers[index].value_len + 2;
    char *key = malloc(2 + target_size + cookies_size);
    if (key == NULL) return NULL;
    size_t at = 0;
    key[at++] = for_everyone ? 'E' : 'C';
    memcpy(key + at, request->target, target_size);
    at += target_size;
    key[at++] = '\0';
    int first = 1;
    for (size_t index = 0; !for_everyone && index < request->header_count; index++) {
        const struct phr_header *field = &request->headers[index];
        if (!field_is(field, H2O_STRLIT("cookie"))) continue;
        if (!first) {
            memcpy(key + at, "; ", 2);
            at += 2;
        }
        memcpy(key + at, field->value, field->value_len);
        at += field->value_len;
        first = 0;
    }
    *size = at;
    return key;
}

static void release_kept(void *hold) { kept_answer_release(*(kept_answer **)hold); }

/* Answers the request on the loop from a kept answer that still stands; 0 leaves it to a worker. */
static int answer_kept(aura_http_transport *transport, aura_http_request *request) {
    h2o_req_t *req = request->req;
    if (!h2o_memis(req->input.method.base, req->input.method.len, H2O_STRLIT("GET")) && !is_head(req)) return 0;
    /* a range, or a tag to compare, is the handler's to answer (one reading of If-None-Match) */
    for (size_t index = 0; index < request->header_count; index++) {
        const struct phr_header *field = &request->headers[index];
        if (field_is(field, H2O_STRLIT("range")) || field_is(field, H2O_STRLIT("if-range")) ||
            field_is(field, H2O_STRLIT("if-none-match")))
            return 0;
    }
    kept_answer *answer = NULL;
    for (int for_everyone = 0; for_everyone < 2 && answer == NULL; for_everyone++) {
        size_t key_size;
        char *key = key_of(request, for_everyone, &key_size);
        if (key == NULL) return 0;
        answer = kept_answers_find(transport->kept, key, key_size);
        /* one gone stale makes room: the handler keeps the new one */
        if (answer != NULL && !kept_answer_is_current(transport->kept, answer, time(NULL))) {
            kept_answers_drop(transport->kept, key, key_size, answer);
            kept_answer_release(answer);
            free(key);
            return 0;
        }
        free(key);
    }
    if (answer == NULL) return 0;
    /* the pool holds the answer until the response is written */
    kept_answer **hold = h2o_mem_alloc_shared(&req->pool, sizeof *hold, release_kept);
    *hold = answer;
    req->res.status = (int)answer->status;
    req->res.reason = reason_of(answer->status);
    for (size_t index = 0; index < answer->header_count; index++) {
        const kept_header *header = &answer->headers[index];
        if (frames_message(header->name, header->name_size)) continue;
        h2o_add_header_by_str(&req->pool, &req->res.headers, header->name, header->name_size, 1, NULL,
                              header->value, header->value_size);
    }
    send_whole(req, answer->body, answer->body_size, 0, answer->fresh_ids);
    return 1;
}

static int on_request(h2o_handler_t *handler, h2o_req_t *req) {
    (void)handler;
    loop *self = H2O_STRUCT_FROM_MEMBER(loop, context, req->conn->ctx);
    aura_http_transport *transport = self->transport;
    aura_http_request *request = h2o_mem_alloc_pool(&req->pool, sizeof *request);
    memset(request, 0, sizeof *request);
    request->owner = self;
    request->req = req;
    request->message.kind = MESSAGE_ANSWER;
    size_t head_size = 0;
    int lengths = 0, chunked = 0, has_host = 0;
    if (parse_head(req, request, &head_size, &lengths, &chunked, &has_host) != 0) {
        refuse(req, 400, "Malformed request");
        return 0;
    }
    if (head_size > transport->settings.header_limit) {
        refuse(req, 431, "Request header fields too large");
        return 0;
    }
    /* RFC 9112 §6.3: a message with both, or with several lengths, may be read differently by a
       proxy in front; refusing it (and closing) is the only reading nobody can disagree with. */
    if (lengths > 1 || (lengths && chunked) || chunked > 1) {
        refuse(req, 400, "Ambiguous message length");
        return 0;
    }
    if (req->version >= 0x101 && has_host != 1) {
        refuse(req, 400, "An HTTP/1.1 request needs exactly one Host");
        return 0;
    }
    request->method = h2o_strdup(&req->pool, req->input.method.base, req->input.method.len).base;
    request->target = h2o_strdup(&req->pool, req->input.path.base, req->input.path.len).base;
    struct sockaddr_storage peer;
    memset(&peer, 0, sizeof peer);
    if (req->conn->callbacks->get_peername(req->conn, (struct sockaddr *)&peer) != 0)
        format_address(&peer, request->client);
    if (answer_kept(transport, request)) return 0;
    self->in_flight++;
    enqueue(transport, request);
    return 0;
}

static void *work(void *argument) {
    aura_http_transport *transport = argument;
    for (;;) {
        pthread_mutex_lock(&transport->jobs_lock);
        while (transport->jobs_head == NULL && !transport->workers_stop)
            pthread_cond_wait(&transport->jobs_ready, &transport->jobs_lock);
        aura_http_request *request = transport->jobs_head;
        if (request == NULL) {
            pthread_mutex_unlock(&transport->jobs_lock);
            return NULL;
        }
        transport->jobs_head = request->next_job;
        if (transport->jobs_head == NULL) transport->jobs_tail = NULL;
        pthread_mutex_unlock(&transport->jobs_lock);
        unanswered = request;
        request->changes_before = kept_answers_changes(transport->kept);
        transport->handler(transport->context, request);
        if (unanswered == request) {
            static const char text[] = "internal error\n";
            aura_http_respond(request, 500, (const uint8_t *)text, sizeof text - 1, NULL, NULL, 0, NULL);
        }
    }
}

static int copy_headers(aura_http_request *request, const char *const *names, const char *const *values, size_t count) {
    request->answer_headers = calloc(count ? count : 1, sizeof *request->answer_headers);
    if (request->answer_headers == NULL) return -1;
    for (size_t index = 0; index < count; index++) {
        request->answer_headers[index].name = strdup(names[index]);
        request->answer_headers[index].value = strdup(values[index]);
        request->answer_header_count++;
        if (!request->answer_headers[index].name || !request->answer_headers[index].value) return -1;
    }
    return 0;
}

static void post_answer(aura_http_request *request) {
    unanswered = NULL;
    h2o_multithread_send_message(&request->owner->inbox, &request->message.link);
}

void aura_http_respond(aura_http_request *request, unsigned int status, const uint8_t *body, size_t size,
                       const char *const *header_names, const char *const *header_values, size_t header_count,
                       const aura_http_reuse *reuse) {
    if (unanswered != request) return;
    if (reuse != NULL && status == 200 && strcmp(request->method, "GET") == 0) {
        kept_answer *answer =
            kept_answer_create(status, header_names, header_values, header_count, body, size, reuse);
        size_t key_size;
        char *key = answer ? key_of(request, reuse->for_everyone, &key_size) : NULL;
        if (key != NULL) kept_answers_put(request->owner->transport->kept, key, key_size, answer, request->changes_before);
        else kept_answer_release(answer);
        free(key);
    }
    request->status = status;
    if (size > 0 && (request->body = malloc(size)) != NULL) {
        memcpy(request->body, body, size);
        request->body_size = size;
        request->fresh_ids = fresh_ids_present(body, size);
    }
    if (copy_headers(request, header_names, header_values, header_count) != 0 || (size > 0 && !request->body)) {
        free_answer_headers(request);
        free(request->body);
        request->body = NULL;
        request->body_size = 0;
        request->status = 500;
    }
    post_answer(request);
}

/* ---- streams ---- */

static void stream_drop_hold(aura_http_stream *stream) {
    int last = --stream->holds == 0;
    pthread_mutex_unlock(&stream->lock);
    if (last) {
        pthread_mutex_destroy(&stream->lock);
        free(stream->pending);
        free(stream->inflight);
        free(stream);
    }
}

/* On the loop: hands libh2o what is queued, the end once ended, or nothing while a send is out. */
static void stream_flush(aura_http_stream *stream) {
    h2o_req_t *req = stream->req;
    if (req == NULL || stream->sending) return;
    pthread_mutex_lock(&stream->lock);
    free(stream->inflight);
    stream->inflight = stream->pending;
    size_t size = stream->pending_size;
    stream->pending = NULL;
    stream->pending_size = 0;
    int final = stream->ended;
    pthread_mutex_unlock(&stream->lock);
    if (size == 0 && !final && stream->headers_sent) return;
    stream->headers_sent = 1;
    stream->sending = 1;
    h2o_iovec_t bytes = h2o_iovec_init(stream->inflight, size);
    if (final) {
        /* the connection lets go of the stream: libh2o calls neither proceed nor stop after this */
        stream->req = NULL;
        h2o_linklist_unlink(&stream->link);
        h2o_send(req, size ? &bytes : NULL, size ? 1 : 0, H2O_SEND_STATE_FINAL);
        pthread_mutex_lock(&stream->lock);
        stream->gone = 1;
        stream_drop_hold(stream);
    } else {
        h2o_send(req, size ? &bytes : NULL, size ? 1 : 0, H2O_SEND_STATE_IN_PROGRESS);
    }
}

static void stream_proceed(h2o_generator_t *generator, h2o_req_t *req) {
    (void)req;
    aura_http_stream *stream = H2O_STRUCT_FROM_MEMBER(aura_http_stream, generator, generator);
    stream->sending = 0;
    free(stream->inflight);
    stream->inflight = NULL;
    stream_flush(stream);
}

static void stream_stop(h2o_generator_t *generator, h2o_req_t *req) {
    (void)req;
    aura_http_stream *stream = H2O_STRUCT_FROM_MEMBER(aura_http_stream, generator, generator);
    stream->req = NULL;
    h2o_linklist_unlink(&stream->link);
    pthread_mutex_lock(&stream->lock);
    stream->gone = 1;
    stream_drop_hold(stream);
}

/* Called with the stream locked. */
static void stream_wake(aura_http_stream *stream) {
    if (stream->wake_posted || stream->gone) return;
    stream->wake_posted = 1;
    stream->holds++;
    h2o_multithread_send_message(&stream->owner->inbox, &stream->wake.link);
}

aura_http_stream *aura_http_respond_stream(aura_http_request *request, unsigned int status,
                                           const char *const *header_names, const char *const *header_values,
                                           size_t header_count) {
    if (unanswered != request) return NULL;
    aura_http_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL || copy_headers(request, header_names, header_values, header_count) != 0) {
        free(stream);
        free_answer_headers(request);
        return NULL; /* the worker answers 500 */
    }
    pthread_mutex_init(&stream->lock, NULL);
    stream->wake.kind = MESSAGE_STREAM_WAKE;
    stream->generator.proceed = stream_proceed;
    stream->generator.stop = stream_stop;
    stream->owner = request->owner;
    stream->holds = 2;
    request->status = status;
    request->stream = stream;
    post_answer(request);
    return stream;
}

int aura_http_stream_send(aura_http_stream *stream, const uint8_t *bytes, size_t size) {
    pthread_mutex_lock(&stream->lock);
    int open = !stream->gone && !stream->ended;
    if (open && stream->pending_size + size > STREAM_PENDING_LIMIT) {
        stream->ended = 1; /* a client that does not read is let go */
        open = 0;
    } else if (open) {
        uint8_t *grown = realloc(stream->pending, stream->pending_size + size);
        if (grown == NULL) {
            open = 0;
        } else {
            memcpy(grown + stream->pending_size, bytes, size);
            stream->pending = grown;
            stream->pending_size += size;
        }
    }
    stream_wake(stream);
    pthread_mutex_unlock(&stream->lock);
    return open;
}

void aura_http_stream_release(aura_http_stream *stream) {
    pthread_mutex_lock(&stream->lock);
    stream->ended = 1;
    stream_wake(stream);
    stream_drop_hold(stream);
}

/* ---- loops ---- */

static void on_inbox(h2o_multithread_receiver_t *receiver, h2o_linklist_t *messages) {
    loop *self = H2O_STRUCT_FROM_MEMBER(loop, inbox, receiver);
    while (!h2o_linklist_is_empty(messages)) {
        message *next = H2O_STRUCT_FROM_MEMBER(message, link.link, messages->next);
        h2o_linklist_unlink(&next->link.link);
        switch (next->kind) {
        case MESSAGE_ANSWER:
            send_answer((aura_http_request *)next);
            break;
        case MESSAGE_STREAM_WAKE: {
            aura_http_stream *stream = (aura_http_stream *)next;
            pthread_mutex_lock(&stream->lock);
            stream->wake_posted = 0;
            pthread_mutex_unlock(&stream->lock);
            stream_flush(stream);
            pthread_mutex_lock(&stream->lock);
            stream_drop_hold(stream);
            break;
        }
        case MESSAGE_STOP:
            free(next);
            self->stopping = 1;
            break;
        }
    }
}

static void begin_stop(loop *self) {
    if (self->listener) {
        h2o_socket_read_stop(self->listener);
        h2o_socket_close(self->listener);
        self->listener = NULL;
        if (self->spare_fd >= 0) close(self->spare_fd);
        self->spare_fd = -1;
        if (h2o_timeout_is_linked(&self->sweep)) h2o_timeout_unlink(&self->sweep);
    }
    h2o_context_request_shutdown(&self->context);
    /* streams end after what is queued */
    for (h2o_linklist_t *node = self->streams.next; node != &self->streams;) {
        aura_http_stream *stream = H2O_STRUCT_FROM_MEMBER(aura_http_stream, link, node);
        node = node->next;
        pthread_mutex_lock(&stream->lock);
        stream->ended = 1;
        pthread_mutex_unlock(&stream->lock);
        stream_flush(stream);
    }
    /* idle connections see the end of their input and close; answers still go out */
    for (h2o_linklist_t *node = self->connections.next; node != &self->connections; node = node->next)
        shutdown(H2O_STRUCT_FROM_MEMBER(connection, link, node)->fd, SHUT_RD);
}

/* libh2o 2.2 reads a request head until it is complete or H2O_MAX_REQLEN (about 400 KiB)
   long, and only then is header_limit looked at: a crowd of clients each sending most of a huge
   head and waiting would hold all that memory. libh2o keeps the current request's head at the
   start of the connection's input until the request is done, so input longer than the limit
   with no blank line within it is a head past the limit, complete or not: such connections are
   shut, and libh2o, reading the end, closes them. Memory closed connections held goes back to
   the system, once a second at most. */
#define SWEEP_MILLIS 200
#define SWEEPS_BETWEEN_TRIMS 5

static void sweep_connections(h2o_timeout_entry_t *entry) {
    loop *self = H2O_STRUCT_FROM_MEMBER(loop, sweep, entry);
    size_t limit = self->transport->settings.header_limit;
    for (h2o_linklist_t *node = self->connections.next; node != &self->connections; node = node->next) {
        connection *open = H2O_STRUCT_FROM_MEMBER(connection, link, node);
        h2o_buffer_t *input = open->sock->input;
        size_t head_end = input->size < limit + 4 ? input->size : limit + 4; /* where a head in the limit ends */
        if (input->size > limit && memmem(input->bytes, head_end, "\r\n\r\n", 4) == NULL)
            shutdown(open->fd, SHUT_RDWR);
    }
    if (self->closed_since_trim > 0 && ++self->sweeps_since_trim >= SWEEPS_BETWEEN_TRIMS) {
        self->closed_since_trim = 0;
        self->sweeps_since_trim = 0;
        malloc_trim(0);
    }
    if (!self->stopping) h2o_timeout_link(self->context.loop, &self->sweep_every, &self->sweep);
}

/* On the loop's own thread: libh2o keeps its buffer recyclers per thread, and a socket's
   buffers return to the recycler of the thread that created the socket, so everything a loop
   reads with (its context's queue, its listener) must be created here, not by the starter. */
static void set_up_loop(loop *self) {
    aura_http_transport *transport = self->transport;
    h2o_linklist_init_anchor(&self->connections);
    h2o_linklist_init_anchor(&self->streams);
    h2o_context_init(&self->context, h2o_evloop_create(), &transport->config);
    self->accept.ctx = &self->context;
    self->accept.hosts = transport->config.hosts;
    h2o_multithread_register_receiver(self->context.queue, &self->inbox, on_inbox);
    self->spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    h2o_timeout_init(self->context.loop, &self->sweep_every, SWEEP_MILLIS);
    self->sweep.cb = sweep_connections;
    h2o_timeout_link(self->context.loop, &self->sweep_every, &self->sweep);
    self->listener = h2o_evloop_socket_create(self->context.loop, self->listen_fd, H2O_SOCKET_FLAG_DONT_READ);
    self->listener->data = self;
    h2o_socket_read_start(self->listener, on_accept);
    pthread_mutex_lock(&transport->ready_lock);
    transport->loops_ready++;
    pthread_cond_broadcast(&transport->ready);
    pthread_mutex_unlock(&transport->ready_lock);
}

static void *run_loop(void *argument) {
    loop *self = argument;
    set_up_loop(self);
    /* libh2o writes with writev: a client gone mid-answer must be an EPIPE, not the process's end */
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, NULL);
    while (!self->stopping) h2o_evloop_run(self->context.loop, INT32_MAX);
    begin_stop(self);
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do {
        if (h2o_linklist_is_empty(&self->connections) && self->in_flight == 0) break;
        h2o_evloop_run(self->context.loop, 100);
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while (now.tv_sec - start.tv_sec < 5);
    return NULL;
}

static int open_listener(const aura_http_settings *settings, uint16_t port, uint16_t *bound) {
    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    struct sockaddr_in *v4 = (struct sockaddr_in *)&address;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&address;
    socklen_t size;
    if (inet_pton(AF_INET, settings->address, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        size = sizeof *v4;
    } else if (inet_pton(AF_INET6, settings->address, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        size = sizeof *v6;
    } else {
        errno = EINVAL;
        return -1;
    }
    int fd = socket(address.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd == -1) return -1;
    int on = 1;
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0 ||
        bind(fd, (struct sockaddr *)&address, size) != 0 || listen(fd, SOMAXCONN) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    size = sizeof address;
    getsockname(fd, (struct sockaddr *)&address, &size);
    *bound = ntohs(address.ss_family == AF_INET ? v4->sin_port : v6->sin6_port);
    return fd;
}

static void configure(aura_http_transport *transport) {
    const aura_http_settings *settings = &transport->settings;
    h2o_config_init(&transport->config);
    transport->config.server_name = h2o_iovec_init(H2O_STRLIT("aura"));
    transport->config.max_request_entity_size = settings->body_limit;
    transport->config.http1.req_timeout = (uint64_t)settings->timeout_seconds * 1000;
    transport->config.http1.upgrade_to_http2 = 0;
    h2o_hostconf_t *host = h2o_config_register_host(&transport->config, h2o_iovec_init(H2O_STRLIT("default")), 65535);
    h2o_pathconf_t *root = h2o_config_register_path(host, "/", 0);
    h2o_handler_t *handler = h2o_create_handler(root, sizeof *handler);
    handler->on_req = on_request;
    transport->default_headers = calloc(settings->default_header_count + 1, sizeof *transport->default_headers);
    for (size_t index = 0; index < settings->default_header_count; index++) {
        size_t size = strlen(settings->default_header_names[index]);
        h2o_iovec_t *name = malloc(sizeof *name);
        name->base = malloc(size + 1);
        name->len = size;
        for (size_t at = 0; at <= size; at++)
            name->base[at] = (char)tolower((unsigned char)settings->default_header_names[index][at]);
        transport->default_headers[index].cmd = H2O_HEADERS_CMD_SETIFEMPTY;
        transport->default_headers[index].name = name;
        transport->default_headers[index].value = h2o_strdup(NULL, settings->default_header_values[index], SIZE_MAX);
    }
    transport->default_headers[settings->default_header_count].cmd = H2O_HEADERS_CMD_NULL;
    /* on the handler's path and on the fallback path of libh2o's own error answers */
    h2o_headers_register(root, transport->default_headers);
    h2o_headers_register(&host->fallback_path, transport->default_headers);
}

aura_http_transport *aura_http_start(const aura_http_settings *settings, aura_http_handler handler, void *context) {
    /* A connection's input grows to hundreds of KiB at most; glibc would raise its mmap
       threshold past that after the first one freed and keep the rest in its heaps. Fixed at
       16 KiB, every input buffer past libh2o's first 8 KiB is mapped and unmapped, and what
       connections held leaves with them instead of scattering the heaps (a soak of half-sent
       heads peaks at 69 MiB, not 85, and ends nearer its start). */
    mallopt(M_MMAP_THRESHOLD, 16 * 1024);
    aura_http_transport *transport = calloc(1, sizeof *transport);
    if (transport == NULL) return NULL;
    transport->settings = *settings;
    transport->handler = handler;
    transport->context = context;
    pthread_mutex_init(&transport->jobs_lock, NULL);
    pthread_cond_init(&transport->jobs_ready, NULL);
    pthread_mutex_init(&transport->counts_lock, NULL);
    pthread_mutex_init(&transport->ready_lock, NULL);
    pthread_cond_init(&transport->ready, NULL);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    transport->loop_count = settings->loops ? settings->loops : (cores > 0 ? (size_t)cores : 1);
    transport->loops = calloc(transport->loop_count, sizeof *transport->loops);
    transport->worker_count = settings->workers ? settings->workers : 1;
    transport->workers = calloc(transport->worker_count, sizeof *transport->workers);
    transport->kept = kept_answers_create(settings->changes, context);
    if (transport->loops == NULL || transport->workers == NULL || transport->kept == NULL) {
        kept_answers_destroy(transport->kept);
        free(transport->loops);
        free(transport->workers);
        free(transport);
        errno = ENOMEM;
        return NULL;
    }
    /* every loop listens on its own socket bound to the same port; the kernel spreads connections */
    uint16_t port = settings->port;
    for (size_t index = 0; index < transport->loop_count; index++) {
        int fd = open_listener(settings, port, &port);
        if (fd == -1) {
            int saved = errno;
            for (size_t opened = 0; opened < index; opened++) close(transport->loops[opened].listen_fd);
            kept_answers_destroy(transport->kept);
            free(transport->loops);
            free(transport->workers);
            free(transport);
            errno = saved;
            return NULL;
        }
        transport->loops[index].listen_fd = fd;
    }
    transport->port = port;
    configure(transport);
    for (size_t index = 0; index < transport->worker_count; index++)
        pthread_create(&transport->workers[index], NULL, work, transport);
    for (size_t index = 0; index < transport->loop_count; index++) {
        transport->loops[index].transport = transport;
        pthread_create(&transport->loops[index].thread, NULL, run_loop, &transport->loops[index]);
    }
    /* answer no one before every loop can be told to stop */
    pthread_mutex_lock(&transport->ready_lock);
    while (transport->loops_ready < transport->loop_count) pthread_cond_wait(&transport->ready, &transport->ready_lock);
    pthread_mutex_unlock(&transport->ready_lock);
    return transport;
}

uint16_t aura_http_port(aura_http_transport *transport) { return transport->port; }

void aura_http_stop(aura_http_transport *transport) {
    for (size_t index = 0; index < transport->loop_count; index++) {
        message *stop = calloc(1, sizeof *stop);
        stop->kind = MESSAGE_STOP;
        h2o_multithread_send_message(&transport->loops[index].inbox, &stop->link);
    }
    for (size_t index = 0; index < transport->loop_count; index++) pthread_join(transport->loops[index].thread, NULL);
    pthread_mutex_lock(&transport->jobs_lock);
    transport->workers_stop = 1;
    pthread_cond_broadcast(&transport->jobs_ready);
    pthread_mutex_unlock(&transport->jobs_lock);
    for (size_t index = 0; index < transport->worker_count; index++) pthread_join(transport->workers[index], NULL);
    /* The loops, their contexts and any connection that outlived the wait are left to the
       process's end: a connection still open may yet reach them. */
}

/* ---- the request, for the handler ---- */

const char *aura_http_method(const aura_http_request *request) { return request->method; }
const char *aura_http_target(const aura_http_request *request) { return request->target; }
const char *aura_http_client_address(const aura_http_request *request) { return request->client; }
size_t aura_http_header_count(const aura_http_request *request) { return request->header_count; }

void aura_http_header_at(const aura_http_request *request, size_t index, const char **name, size_t *name_size,
                         const char **value, size_t *value_size) {
    *name = request->headers[index].name;
    *name_size = request->headers[index].name_len;
    *value = request->headers[index].value;
    *value_size = request->headers[index].value_len;
}

const uint8_t *aura_http_body(const aura_http_request *request, size_t *size) {
    *size = request->req->entity.len;
    return (const uint8_t *)request->req->entity.base;
}
