#include <dlfcn.h>
#include <postgresql/libpq-fe.h>
#include <pthread.h>
#include <stddef.h>
#include <string.h>

/* libpq is loaded the first time a database is opened (`aura serve --database postgres://…`,
   `aura db …`), not when aura starts: with what it brings (TLS, Kerberos, LDAP) it would cost
   every aura command, a build or a capture, milliseconds of its start, and a household on
   SQLite never uses it. The module links nothing; the functions come from the library Debian
   installs with the headers (libpq.so.5). */
typedef struct {
    PGconn *(*_Nonnull connectdb)(const char *conninfo);
    ConnStatusType (*_Nonnull status)(const PGconn *conn);
    char *(*_Nonnull error_message)(const PGconn *conn);
    void (*_Nonnull finish)(PGconn *conn);
    void (*_Nonnull reset)(PGconn *conn);
    PGresult *(*_Nonnull exec_params)(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                                      const char *const *paramValues, const int *paramLengths,
                                      const int *paramFormats, int resultFormat);
    ExecStatusType (*_Nonnull result_status)(const PGresult *res);
    char *(*_Nonnull result_error_message)(const PGresult *res);
    char *(*_Nonnull result_error_field)(const PGresult *res, int fieldcode);
    int (*_Nonnull ntuples)(const PGresult *res);
    int (*_Nonnull nfields)(const PGresult *res);
    Oid (*_Nonnull ftype)(const PGresult *res, int field_num);
    char *(*_Nonnull getvalue)(const PGresult *res, int tup_num, int field_num);
    int (*_Nonnull getlength)(const PGresult *res, int tup_num, int field_num);
    int (*_Nonnull getisnull)(const PGresult *res, int tup_num, int field_num);
    void (*_Nonnull clear)(PGresult *res);
    int (*_Nonnull consume_input)(PGconn *conn);
    PGnotify *_Nullable (*_Nonnull notifies)(PGconn *conn);
    void (*_Nonnull freemem)(void *ptr);
    int (*_Nonnull socket)(const PGconn *conn);
} aura_pq_library;

/* Loads the functions into `library`; NULL when that worked, or why not. */
static inline const char *aura_pq_load(aura_pq_library *library) {
    void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        char *kept = reason ? strdup(reason) : NULL;
        return kept ? kept : "libpq.so.5 could not be loaded";
    }
    *(void **)&library->connectdb = dlsym(handle, "PQconnectdb");
    *(void **)&library->status = dlsym(handle, "PQstatus");
    *(void **)&library->error_message = dlsym(handle, "PQerrorMessage");
    *(void **)&library->finish = dlsym(handle, "PQfinish");
    *(void **)&library->reset = dlsym(handle, "PQreset");
    *(void **)&library->exec_params = dlsym(handle, "PQexecParams");
    *(void **)&library->result_status = dlsym(handle, "PQresultStatus");
    *(void **)&library->result_error_message = dlsym(handle, "PQresultErrorMessage");
    *(void **)&library->result_error_field = dlsym(handle, "PQresultErrorField");
    *(void **)&library->ntuples = dlsym(handle, "PQntuples");
    *(void **)&library->nfields = dlsym(handle, "PQnfields");
    *(void **)&library->ftype = dlsym(handle, "PQftype");
    *(void **)&library->getvalue = dlsym(handle, "PQgetvalue");
    *(void **)&library->getlength = dlsym(handle, "PQgetlength");
    *(void **)&library->getisnull = dlsym(handle, "PQgetisnull");
    *(void **)&library->clear = dlsym(handle, "PQclear");
    *(void **)&library->consume_input = dlsym(handle, "PQconsumeInput");
    *(void **)&library->notifies = dlsym(handle, "PQnotifies");
    *(void **)&library->freemem = dlsym(handle, "PQfreemem");
    *(void **)&library->socket = dlsym(handle, "PQsocket");
    if (!library->connectdb || !library->status || !library->error_message || !library->finish || !library->reset
        || !library->exec_params || !library->result_status || !library->result_error_message
        || !library->result_error_field || !library->ntuples || !library->nfields || !library->ftype || !library->getvalue || !library->getlength
        || !library->getisnull || !library->clear || !library->consume_input || !library->notifies
        || !library->freemem || !library->socket) {
        return "libpq.so.5 lacks a function aura uses";
    }
    return NULL;
}

/* libpq's functions, loaded on the first call; NULL when that failed, with the reason in
   `error`. (The state lives in the function: a header's own static variables are not emitted
   for Swift.) */
static inline const aura_pq_library *aura_pq(const char *_Nullable *_Nonnull error) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int tried;
    static aura_pq_library library;
    static const char *failure;
    pthread_mutex_lock(&lock);
    if (!tried) {
        tried = 1;
        failure = aura_pq_load(&library);
    }
    pthread_mutex_unlock(&lock);
    *error = failure;
    return failure == NULL ? &library : NULL;
}
