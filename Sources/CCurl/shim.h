#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

/* libcurl is loaded the first time a mail is sent, a calendar fetched or a site deployed to an object store,
   not when aura starts: with the thirty
   libraries it brings (TLS, Kerberos, LDAP, SSH …) it cost every aura command, a build or a
   capture as much as the server, about 3 ms of its start. The module links nothing; the
   functions come from the library Debian installs with the headers (libcurl.so.4). */
typedef struct {
    CURL *(*_Nonnull easy_init)(void);
    CURLcode (*_Nonnull easy_setopt)(CURL *curl, CURLoption option, ...);
    CURLcode (*_Nonnull easy_perform)(CURL *curl);
    CURLcode (*_Nonnull easy_getinfo)(CURL *curl, CURLINFO info, ...);
    void (*_Nonnull easy_cleanup)(CURL *curl);
    void (*_Nonnull easy_reset)(CURL *curl);
    const char *(*_Nonnull easy_strerror)(CURLcode code);
    struct curl_slist *(*_Nonnull slist_append)(struct curl_slist *list, const char *text);
    void (*_Nonnull slist_free_all)(struct curl_slist *list);
} aura_curl_library;

/* Loads the functions into `library`; NULL when that worked, or why not. */
static inline const char *aura_curl_load(aura_curl_library *library) {
    void *handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        /* dlerror's text lives only until the next dl call; the reason is kept for every later mail. */
        const char *reason = dlerror();
        char *kept = reason ? strdup(reason) : NULL;
        return kept ? kept : "libcurl.so.4 could not be loaded";
    }
    CURLcode (*global_init)(long flags);
    *(void **)&global_init = dlsym(handle, "curl_global_init");
    *(void **)&library->easy_init = dlsym(handle, "curl_easy_init");
    *(void **)&library->easy_setopt = dlsym(handle, "curl_easy_setopt");
    *(void **)&library->easy_perform = dlsym(handle, "curl_easy_perform");
    *(void **)&library->easy_getinfo = dlsym(handle, "curl_easy_getinfo");
    *(void **)&library->easy_cleanup = dlsym(handle, "curl_easy_cleanup");
    *(void **)&library->easy_reset = dlsym(handle, "curl_easy_reset");
    *(void **)&library->easy_strerror = dlsym(handle, "curl_easy_strerror");
    *(void **)&library->slist_append = dlsym(handle, "curl_slist_append");
    *(void **)&library->slist_free_all = dlsym(handle, "curl_slist_free_all");
    if (!global_init || !library->easy_init || !library->easy_setopt || !library->easy_perform || !library->easy_getinfo
        || !library->easy_cleanup || !library->easy_reset
        || !library->easy_strerror || !library->slist_append || !library->slist_free_all) {
        return "libcurl.so.4 lacks a function aura uses";
    }
    /* libcurl's global set-up, once, before the first handle (it is not thread-safe itself). */
    return global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? NULL : "libcurl could not start";
}

/* libcurl's functions, loaded and set up on the first call; NULL when that failed, with the
   reason in `error`. (The state lives in the function: a header's own static variables are not
   emitted for Swift.) */
static inline const aura_curl_library *aura_curl(const char *_Nullable *_Nonnull error) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int tried;
    static aura_curl_library library;
    static const char *failure;
    pthread_mutex_lock(&lock);
    if (!tried) {
        tried = 1;
        failure = aura_curl_load(&library);
    }
    pthread_mutex_unlock(&lock);
    *error = failure;
    return failure == NULL ? &library : NULL;
}

/* curl_easy_setopt is variadic, which Swift cannot call: one typed door per kind of value. */
static inline CURLcode aura_curl_set_string(const aura_curl_library *library, CURL *curl, CURLoption option, const char *value) {
    return library->easy_setopt(curl, option, value);
}
static inline CURLcode aura_curl_set_long(const aura_curl_library *library, CURL *curl, CURLoption option, long value) {
    return library->easy_setopt(curl, option, value);
}
static inline CURLcode aura_curl_set_pointer(const aura_curl_library *library, CURL *curl, CURLoption option, void *value) {
    return library->easy_setopt(curl, option, value);
}
static inline CURLcode aura_curl_set_read_function(const aura_curl_library *library, CURL *curl,
                                                   size_t (*read)(char *, size_t, size_t, void *)) {
    return library->easy_setopt(curl, CURLOPT_READFUNCTION, read);
}
static inline CURLcode aura_curl_set_write_function(const aura_curl_library *library, CURL *curl,
                                                    size_t (*write)(char *, size_t, size_t, void *)) {
    return library->easy_setopt(curl, CURLOPT_WRITEFUNCTION, write);
}
/* The answer's HTTP status (0 before one arrived). */
static inline long aura_curl_response_code(const aura_curl_library *library, CURL *curl) {
    long code = 0;
    return library->easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code) == CURLE_OK ? code : 0;
}
static inline CURLcode aura_curl_set_header_function(const aura_curl_library *library, CURL *curl,
                                                     size_t (*header)(char *, size_t, size_t, void *)) {
    return library->easy_setopt(curl, CURLOPT_HEADERFUNCTION, header);
}
