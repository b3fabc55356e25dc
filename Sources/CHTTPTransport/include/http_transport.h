#ifndef AURA_HTTP_TRANSPORT_H
#define AURA_HTTP_TRANSPORT_H

#include <stddef.h>
#include <stdint.h>

/// A thin face of libh2o for Swift. libh2o parses HTTP/1.1 and runs one event loop per core on
/// SO_REUSEPORT sockets; this file accepts connections within explicit limits, refuses
/// ambiguous requests, hands each complete request to a small pool of worker threads (so a
/// request that blocks never holds up a loop) and sends the worker's one answer back on the
/// request's own loop.

typedef struct aura_http_transport aura_http_transport;
typedef struct aura_http_request aura_http_request;

/// Whether a client address is exempt from the per-address connection limit (a trusted proxy).
typedef int (*aura_http_unlimited)(void *context, const char *address);

/// How many changes the application has seen so far to what its answers are made from (it
/// watches that itself); it must take in every change finished before the call.
typedef uint64_t (*aura_http_changes)(void *context);

typedef struct {
    const char *address;          /* IPv4 or IPv6 literal to bind */
    uint16_t port;                /* 0 picks a free port (see aura_http_port) */
    unsigned int loops;           /* event loops; 0 for one per online core */
    unsigned int workers;         /* threads that run the handler */
    unsigned int connection_limit;
    unsigned int per_address_limit;
    unsigned int timeout_seconds; /* to receive a whole request, and idle between requests */
    size_t header_limit;          /* request line and headers; larger ones get 431 */
    size_t body_limit;            /* larger bodies get 413 */
    /* Headers every answer carries unless it sets them itself, the transport's own errors too. */
    const char *const *default_header_names;
    const char *const *default_header_values;
    size_t default_header_count;
    aura_http_unlimited unlimited; /* may be NULL */
    aura_http_changes changes;     /* may be NULL: then no answer that follows changes is kept */
} aura_http_settings;

/// Called once per complete request, on a worker thread; must call aura_http_respond (or
/// aura_http_respond_stream) once, after which the request must not be touched.
typedef void (*aura_http_handler)(void *context, aura_http_request *request);

/// Starts listening; NULL with errno set when the address cannot be bound.
aura_http_transport *aura_http_start(const aura_http_settings *settings, aura_http_handler handler, void *context);
uint16_t aura_http_port(aura_http_transport *transport);
/// Stops accepting, lets the requests in flight be answered, ends streams and closes every
/// connection (waiting a few seconds at most), then stops the threads.
void aura_http_stop(aura_http_transport *transport);

const char *aura_http_method(const aura_http_request *request);
/// The request target exactly as sent, query included (not percent-decoded).
const char *aura_http_target(const aura_http_request *request);
/// The request's header fields in the order sent; names are lower-case.
size_t aura_http_header_count(const aura_http_request *request);
void aura_http_header_at(const aura_http_request *request, size_t index, const char **name, size_t *name_size,
                         const char **value, size_t *value_size);
const char *aura_http_client_address(const aura_http_request *request);
/// The body, de-chunked; NULL when the request had none.
const uint8_t *aura_http_body(const aura_http_request *request, size_t *size);

/// When the transport may give an answer again by itself, on the loop, without the handler: to
/// a GET or HEAD of the same target (with the same Cookie fields, unless it is for everyone) that
/// asks for no range and sends no If-None-Match (the handler compares tags), until a time and,
/// when it follows changes, while the application's count of changes (`aura_http_changes`)
/// stays what it was before the handler began.
typedef struct {
    int for_everyone;
    int64_t until; /* Unix seconds; 0: no limit of time */
    int follows_changes;
} aura_http_reuse;

/// In a response body, replaced on every sending by a new id of the same length (hex digits),
/// also when the transport gives a kept answer again: a form given twice is two forms.
#define AURA_HTTP_FRESH_ID "fresh-form-id-000000000000000000"

/// Sends the response (bytes are copied); the request is answered once. With `reuse` (may be
/// NULL), a 200 to a GET is also kept to be given again.
void aura_http_respond(aura_http_request *request, unsigned int status, const uint8_t *body, size_t size,
                       const char *const *header_names, const char *const *header_values, size_t header_count,
                       const aura_http_reuse *reuse);

/// A response whose body is written later, a piece at a time (Server-Sent Events). An open
/// stream holds no thread. Both the connection and the caller hold the stream: it is freed once
/// the client is gone and the caller has called aura_http_stream_release.
typedef struct aura_http_stream aura_http_stream;

/// Answers with headers now and a body of unknown length sent through the returned stream.
aura_http_stream *aura_http_respond_stream(aura_http_request *request, unsigned int status,
                                           const char *const *header_names, const char *const *header_values,
                                           size_t header_count);
/// Queues bytes (copied) and wakes the connection's loop; 0 once the client is gone or the stream ended.
int aura_http_stream_send(aura_http_stream *stream, const uint8_t *bytes, size_t size);
/// Ends the body after what is queued, and drops the caller's hold on the stream.
void aura_http_stream_release(aura_http_stream *stream);

#endif
