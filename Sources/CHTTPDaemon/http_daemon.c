#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <microhttpd.h>
#include "http_daemon.h"

struct aura_http_daemon {
    struct MHD_Daemon *mhd;
    aura_http_handler handler;
    void *context;
    size_t body_limit;
    /* Open streams, so that stopping can end them first: libmicrohttpd must not be stopped
       while a connection is suspended. */
    pthread_mutex_t streams_lock;
    pthread_cond_t streams_gone;
    aura_http_stream *streams;
};

struct aura_http_stream {
    pthread_mutex_t lock;
    aura_http_daemon *daemon;
    struct MHD_Connection *connection;
    uint8_t *pending;
    size_t pending_size;
    size_t pending_sent;
    int suspended; /* parked by the reader, waiting for aura_http_stream_send */
    int ended;     /* the caller let go (or the server stops): end the body once drained */
    int gone;      /* the connection is finished with the response */
    int holds;     /* the connection's and the caller's */
    aura_http_stream *next;
    aura_http_stream *previous;
};

/* A client that reads nothing while events keep coming is let go past this much. */
#define STREAM_PENDING_LIMIT (256 * 1024)

typedef struct {
    char *name;
    char *value;
    size_t size;
} form_field;

struct aura_http_request {
    aura_http_daemon *daemon;
    struct MHD_Connection *connection;
    const char *method;
    char *path;
    uint8_t *body;
    size_t body_size;
    int too_large;
    int answered;
    form_field *fields;
    size_t field_count;
    char client[INET6_ADDRSTRLEN];
};

/* Paths and query values stay exactly as sent: Swift decodes what it uses, and can tell an
   encoded slash or dot from a real one. */
static size_t keep_escaped(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

static enum MHD_Result collect_field(void *cls, enum MHD_ValueKind kind, const char *key, const char *filename,
                                     const char *content_type, const char *transfer_encoding, const char *data,
                                     uint64_t offset, size_t size) {
    (void)kind;
    (void)filename;
    (void)content_type;
    (void)transfer_encoding;
    aura_http_request *request = cls;
    form_field *last = request->field_count ? &request->fields[request->field_count - 1] : NULL;
    if (offset == 0 || last == NULL || strcmp(last->name, key) != 0) {
        form_field *grown = realloc(request->fields, (request->field_count + 1) * sizeof *grown);
        if (grown == NULL) return MHD_NO;
        request->fields = grown;
        last = &request->fields[request->field_count++];
        last->name = strdup(key);
        last->value = calloc(1, 1);
        last->size = 0;
        if (last->name == NULL || last->value == NULL) return MHD_NO;
    }
    char *value = realloc(last->value, last->size + size + 1);
    if (value == NULL) return MHD_NO;
    memcpy(value + last->size, data, size);
    last->size += size;
    value[last->size] = '\0';
    last->value = value;
    return MHD_YES;
}

static void parse_form(aura_http_request *request) {
    struct MHD_PostProcessor *processor = MHD_create_post_processor(request->connection, 16 * 1024, collect_field, request);
    if (processor == NULL) return; /* not a form body */
    MHD_post_process(processor, (const char *)request->body, request->body_size);
    MHD_destroy_post_processor(processor);
}

static void answer(aura_http_request *request) {
    request->daemon->handler(request->daemon->context, request);
    if (!request->answered) {
        static const char message[] = "internal error\n";
        aura_http_respond(request, 500, (const uint8_t *)message, sizeof message - 1, NULL, NULL, 0);
    }
}

static enum MHD_Result access_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                      const char *method, const char *version, const char *upload_data,
                                      size_t *upload_data_size, void **state) {
    (void)version;
    aura_http_daemon *daemon = cls;
    aura_http_request *request = *state;
    if (request == NULL) {
        request = calloc(1, sizeof *request);
        if (request == NULL) return MHD_NO;
        request->daemon = daemon;
        request->connection = connection;
        request->method = method;
        request->path = strdup(url);
        if (request->path == NULL) {
            free(request);
            return MHD_NO;
        }
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
        if (info != NULL && info->client_addr != NULL) {
            const struct sockaddr *address = info->client_addr;
            if (address->sa_family == AF_INET6)
                inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, request->client, sizeof request->client);
            else if (address->sa_family == AF_INET)
                inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, request->client, sizeof request->client);
        }
        *state = request;
        const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
        if (length != NULL) {
            char *end = NULL;
            errno = 0;
            unsigned long long declared = strtoull(length, &end, 10);
            if (errno != 0 || end == length || *end != '\0' || declared > daemon->body_limit) {
                request->too_large = 1;
                answer(request); /* 413 before a byte of the body is read */
            }
        }
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        if (!request->answered && !request->too_large) {
            if (*upload_data_size > daemon->body_limit - request->body_size) {
                request->too_large = 1;
                free(request->body);
                request->body = NULL;
                request->body_size = 0;
            } else {
                uint8_t *grown = realloc(request->body, request->body_size + *upload_data_size);
                if (grown == NULL) return MHD_NO;
                memcpy(grown + request->body_size, upload_data, *upload_data_size);
                request->body = grown;
                request->body_size += *upload_data_size;
            }
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (!request->answered) {
        if (!request->too_large) parse_form(request);
        answer(request);
    }
    return MHD_YES;
}

static void stream_drop_hold(aura_http_stream *stream) {
    int last = --stream->holds == 0;
    pthread_mutex_unlock(&stream->lock);
    if (last) {
        pthread_mutex_destroy(&stream->lock);
        free(stream->pending);
        free(stream);
    }
}

/* Called with the stream locked: wakes a parked connection so that it reads again. */
static void stream_wake(aura_http_stream *stream) {
    if (stream->suspended && !stream->gone) {
        stream->suspended = 0;
        MHD_resume_connection(stream->connection);
    }
}

/* libmicrohttpd asks for more body when the socket can take it; with nothing queued the
   connection is suspended (the documented way to wait without busy-looping or holding the
   pool thread) until aura_http_stream_send resumes it. */
static ssize_t stream_read(void *cls, uint64_t position, char *buffer, size_t max) {
    (void)position;
    aura_http_stream *stream = cls;
    pthread_mutex_lock(&stream->lock);
    ssize_t result = 0;
    if (stream->pending_sent < stream->pending_size) {
        size_t size = stream->pending_size - stream->pending_sent;
        if (size > max) size = max;
        memcpy(buffer, stream->pending + stream->pending_sent, size);
        stream->pending_sent += size;
        if (stream->pending_sent == stream->pending_size) stream->pending_size = stream->pending_sent = 0;
        result = (ssize_t)size;
    } else if (stream->ended) {
        result = MHD_CONTENT_READER_END_OF_STREAM;
    } else {
        stream->suspended = 1;
        MHD_suspend_connection(stream->connection);
    }
    pthread_mutex_unlock(&stream->lock);
    return result;
}

static void stream_finished(void *cls) {
    aura_http_stream *stream = cls;
    aura_http_daemon *daemon = stream->daemon;
    pthread_mutex_lock(&daemon->streams_lock);
    if (stream->previous) stream->previous->next = stream->next;
    else daemon->streams = stream->next;
    if (stream->next) stream->next->previous = stream->previous;
    pthread_cond_broadcast(&daemon->streams_gone);
    pthread_mutex_unlock(&daemon->streams_lock);
    pthread_mutex_lock(&stream->lock);
    stream->gone = 1;
    stream_drop_hold(stream);
}

static void add_headers(struct MHD_Response *response, const char *const *names, const char *const *values, size_t count) {
    for (size_t index = 0; index < count; index++) MHD_add_response_header(response, names[index], values[index]);
}

aura_http_stream *aura_http_respond_stream(aura_http_request *request, unsigned int status,
                                           const char *const *header_names, const char *const *header_values,
                                           size_t header_count) {
    if (request->answered) return NULL;
    aura_http_stream *stream = calloc(1, sizeof *stream);
    if (stream == NULL) return NULL;
    pthread_mutex_init(&stream->lock, NULL);
    stream->daemon = request->daemon;
    stream->connection = request->connection;
    stream->holds = 2;
    struct MHD_Response *response = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, stream_read, stream, stream_finished);
    if (response == NULL) {
        pthread_mutex_destroy(&stream->lock);
        free(stream);
        return NULL;
    }
    add_headers(response, header_names, header_values, header_count);
    aura_http_daemon *daemon = request->daemon;
    pthread_mutex_lock(&daemon->streams_lock);
    stream->next = daemon->streams;
    if (daemon->streams) daemon->streams->previous = stream;
    daemon->streams = stream;
    pthread_mutex_unlock(&daemon->streams_lock);
    MHD_queue_response(request->connection, status, response);
    MHD_destroy_response(response); /* the connection keeps it until it is done: then stream_finished */
    request->answered = 1;
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

static void request_completed(void *cls, struct MHD_Connection *connection, void **state,
                              enum MHD_RequestTerminationCode code) {
    (void)cls;
    (void)connection;
    (void)code;
    aura_http_request *request = *state;
    if (request == NULL) return;
    for (size_t index = 0; index < request->field_count; index++) {
        free(request->fields[index].name);
        free(request->fields[index].value);
    }
    free(request->fields);
    free(request->body);
    free(request->path);
    free(request);
    *state = NULL;
}

aura_http_daemon *aura_http_start(const aura_http_settings *settings, aura_http_handler handler, void *context) {
    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    struct sockaddr_in *v4 = (struct sockaddr_in *)&address;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&address;
    if (inet_pton(AF_INET, settings->address, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(settings->port);
    } else if (inet_pton(AF_INET6, settings->address, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(settings->port);
        flags |= MHD_USE_IPv6;
    } else {
        errno = EINVAL;
        return NULL;
    }
    aura_http_daemon *daemon = calloc(1, sizeof *daemon);
    if (daemon == NULL) return NULL;
    daemon->handler = handler;
    daemon->context = context;
    daemon->body_limit = settings->body_limit;
    pthread_mutex_init(&daemon->streams_lock, NULL);
    pthread_cond_init(&daemon->streams_gone, NULL);
    daemon->mhd = MHD_start_daemon(flags, settings->port, NULL, NULL, access_handler, daemon,
                                   MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
                                   MHD_OPTION_THREAD_POOL_SIZE, settings->threads,
                                   MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit,
                                   MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_address_limit,
                                   MHD_OPTION_CONNECTION_TIMEOUT, settings->timeout_seconds,
                                   MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->header_memory_limit,
                                   MHD_OPTION_NOTIFY_COMPLETED, request_completed, NULL,
                                   MHD_OPTION_UNESCAPE_CALLBACK, keep_escaped, NULL,
                                   MHD_OPTION_STRICT_FOR_CLIENT, (int)1, /* HTTP/1.1 without Host: 400 */
                                   MHD_OPTION_END);
    if (daemon->mhd == NULL) {
        int saved = errno;
        free(daemon);
        errno = saved ? saved : EADDRINUSE;
        return NULL;
    }
    return daemon;
}

uint16_t aura_http_port(aura_http_daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon->mhd, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

void aura_http_stop(aura_http_daemon *daemon) {
    /* End every stream and wait (a few seconds at most) for its connection to finish. */
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += 5;
    pthread_mutex_lock(&daemon->streams_lock);
    for (aura_http_stream *stream = daemon->streams; stream; stream = stream->next) {
        pthread_mutex_lock(&stream->lock);
        stream->ended = 1;
        stream_wake(stream);
        pthread_mutex_unlock(&stream->lock);
    }
    while (daemon->streams != NULL && pthread_cond_timedwait(&daemon->streams_gone, &daemon->streams_lock, &deadline) == 0) {}
    int drained = daemon->streams == NULL;
    pthread_mutex_unlock(&daemon->streams_lock);
    MHD_stop_daemon(daemon->mhd);
    if (drained) free(daemon); /* else a stream may still reach it: leave it */
}

const char *aura_http_method(const aura_http_request *request) { return request->method; }
const char *aura_http_path(const aura_http_request *request) { return request->path; }
const char *aura_http_client_address(const aura_http_request *request) { return request->client; }
int aura_http_body_too_large(const aura_http_request *request) { return request->too_large; }

const char *aura_http_header(const aura_http_request *request, const char *name) {
    return MHD_lookup_connection_value(request->connection, MHD_HEADER_KIND, name);
}

struct header_values {
    const char *name;
    const char **values;
    size_t capacity;
    size_t count;
};

static enum MHD_Result collect_header(void *context, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    struct header_values *wanted = context;
    if (value != NULL && strcasecmp(key, wanted->name) == 0) {
        if (wanted->count < wanted->capacity) wanted->values[wanted->count] = value;
        wanted->count++;
    }
    return MHD_YES;
}

size_t aura_http_header_values(const aura_http_request *request, const char *name, const char **values,
                               size_t capacity) {
    struct header_values wanted = {name, values, capacity, 0};
    MHD_get_connection_values(request->connection, MHD_HEADER_KIND, collect_header, &wanted);
    return wanted.count;
}

const char *aura_http_cookie(const aura_http_request *request, const char *name) {
    return MHD_lookup_connection_value(request->connection, MHD_COOKIE_KIND, name);
}

const char *aura_http_query(const aura_http_request *request, const char *name) {
    return MHD_lookup_connection_value(request->connection, MHD_GET_ARGUMENT_KIND, name);
}

const uint8_t *aura_http_body(const aura_http_request *request, size_t *size) {
    *size = request->body_size;
    return request->body;
}

size_t aura_http_form_count(const aura_http_request *request) { return request->field_count; }
const char *aura_http_form_name(const aura_http_request *request, size_t index) { return request->fields[index].name; }
const char *aura_http_form_value(const aura_http_request *request, size_t index) { return request->fields[index].value; }

void aura_http_respond(aura_http_request *request, unsigned int status, const uint8_t *body, size_t size,
                       const char *const *header_names, const char *const *header_values, size_t header_count) {
    if (request->answered) return;
    struct MHD_Response *response = MHD_create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (response == NULL) return;
    add_headers(response, header_names, header_values, header_count);
    MHD_queue_response(request->connection, status, response);
    MHD_destroy_response(response);
    request->answered = 1;
}
