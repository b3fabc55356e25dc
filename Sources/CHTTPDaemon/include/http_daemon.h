#ifndef AURA_HTTP_DAEMON_H
#define AURA_HTTP_DAEMON_H

#include <stddef.h>
#include <stdint.h>

/// A thin, non-variadic face of GNU libmicrohttpd for Swift (which cannot call C's variadic
/// MHD_start_daemon and MHD_get_connection_info). libmicrohttpd parses HTTP and runs the
/// thread pool; this file only starts the daemon with explicit limits, gathers each request's
/// body (and form fields, through libmicrohttpd's post processor) up to a size limit, hands one
/// complete request to a single handler, and queues the handler's one response.

typedef struct aura_http_daemon aura_http_daemon;
typedef struct aura_http_request aura_http_request;

typedef struct {
    const char *address;          /* IPv4 or IPv6 literal to bind */
    uint16_t port;                /* 0 picks a free port (see aura_http_port) */
    unsigned int threads;         /* thread pool size (epoll) */
    unsigned int connection_limit;
    unsigned int per_address_limit;
    unsigned int timeout_seconds; /* idle connection timeout */
    size_t header_memory_limit;   /* per connection, for the request line and headers */
    size_t body_limit;            /* larger bodies get 413 */
} aura_http_settings;

/// Called once per complete request, on a pool thread; must call aura_http_respond once.
typedef void (*aura_http_handler)(void *context, aura_http_request *request);

/// Starts listening; NULL with errno set when the address cannot be bound.
aura_http_daemon *aura_http_start(const aura_http_settings *settings, aura_http_handler handler, void *context);
uint16_t aura_http_port(aura_http_daemon *daemon);
void aura_http_stop(aura_http_daemon *daemon);

const char *aura_http_method(const aura_http_request *request);
/// The request target's path exactly as sent (not percent-decoded).
const char *aura_http_path(const aura_http_request *request);
const char *aura_http_header(const aura_http_request *request, const char *name);
/* Every value of the header `name`, in the order the request sent them: up to `capacity` into
   `values` (valid while the request is); returns how many there are. */
size_t aura_http_header_values(const aura_http_request *request, const char *name, const char **values,
                               size_t capacity);
const char *aura_http_cookie(const aura_http_request *request, const char *name);
const char *aura_http_query(const aura_http_request *request, const char *name);
const char *aura_http_client_address(const aura_http_request *request);
const uint8_t *aura_http_body(const aura_http_request *request, size_t *size);
/// 1 when the body passed the limit (it was not kept), 0 otherwise.
int aura_http_body_too_large(const aura_http_request *request);
/// Form fields of a url-encoded or multipart body, in order.
size_t aura_http_form_count(const aura_http_request *request);
const char *aura_http_form_name(const aura_http_request *request, size_t index);
const char *aura_http_form_value(const aura_http_request *request, size_t index);

/// Queues the response (bytes are copied); the request is answered once.
void aura_http_respond(aura_http_request *request, unsigned int status, const uint8_t *body, size_t size,
                       const char *const *header_names, const char *const *header_values, size_t header_count);

/// A response whose body is written later, a piece at a time (Server-Sent Events). The
/// connection is suspended while there is nothing to send, so an open stream holds no pool
/// thread; aura_http_stream_send resumes it. Both the connection and the caller hold the
/// stream: it is freed once the client is gone and the caller has called aura_http_stream_release.
typedef struct aura_http_stream aura_http_stream;

/// Answers with headers now and a body of unknown length sent through the returned stream
/// (NULL when the response cannot be made; the request is then answered with 500).
aura_http_stream *aura_http_respond_stream(aura_http_request *request, unsigned int status,
                                           const char *const *header_names, const char *const *header_values,
                                           size_t header_count);
/// Queues bytes (copied) and wakes the connection; 0 once the client is gone or the stream ended.
int aura_http_stream_send(aura_http_stream *stream, const uint8_t *bytes, size_t size);
/// Ends the body after what is queued, and drops the caller's hold on the stream.
void aura_http_stream_release(aura_http_stream *stream);

#endif
