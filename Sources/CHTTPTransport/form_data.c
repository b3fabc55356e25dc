#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "form_data.h"

/* GMime 3 and GObject, through the few entry points a form needs; the library is opened on first
   use (the `aura` binary would otherwise load GLib on every start, a build's included). */
typedef struct {
    uint8_t *data;
    unsigned int len;
} byte_array;

static struct {
    void (*init)(void);
    void *(*stream_mem_new_with_buffer)(const char *buffer, size_t size);
    void *(*stream_mem_new)(void);
    byte_array *(*stream_mem_get_byte_array)(void *stream);
    void *(*parser_new_with_stream)(void *stream);
    void *(*parser_construct_part)(void *parser, void *options);
    unsigned long (*multipart_get_type)(void);
    unsigned long (*part_get_type)(void);
    int (*instance_is_a)(void *instance, unsigned long type);
    int (*multipart_get_count)(void *multipart);
    void *(*multipart_get_part)(void *multipart, int index);
    const char *(*disposition_parameter)(void *object, const char *name);
    void *(*part_get_content)(void *part);
    ssize_t (*write_to_stream)(void *wrapper, void *stream);
    void (*unref)(void *object);
} gmime;

static pthread_once_t gmime_once = PTHREAD_ONCE_INIT;
static const char *gmime_error;

static void load_gmime(void) {
    void *library = dlopen("libgmime-3.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        gmime_error = "GMime (libgmime-3.0-0) is not installed";
        return;
    }
    struct {
        void **slot;
        const char *name;
    } symbols[] = {
        {(void **)&gmime.init, "g_mime_init"},
        {(void **)&gmime.stream_mem_new_with_buffer, "g_mime_stream_mem_new_with_buffer"},
        {(void **)&gmime.stream_mem_new, "g_mime_stream_mem_new"},
        {(void **)&gmime.stream_mem_get_byte_array, "g_mime_stream_mem_get_byte_array"},
        {(void **)&gmime.parser_new_with_stream, "g_mime_parser_new_with_stream"},
        {(void **)&gmime.parser_construct_part, "g_mime_parser_construct_part"},
        {(void **)&gmime.multipart_get_type, "g_mime_multipart_get_type"},
        {(void **)&gmime.part_get_type, "g_mime_part_get_type"},
        {(void **)&gmime.instance_is_a, "g_type_check_instance_is_a"},
        {(void **)&gmime.multipart_get_count, "g_mime_multipart_get_count"},
        {(void **)&gmime.multipart_get_part, "g_mime_multipart_get_part"},
        {(void **)&gmime.disposition_parameter, "g_mime_object_get_content_disposition_parameter"},
        {(void **)&gmime.part_get_content, "g_mime_part_get_content"},
        {(void **)&gmime.write_to_stream, "g_mime_data_wrapper_write_to_stream"},
        {(void **)&gmime.unref, "g_object_unref"},
    };
    for (size_t index = 0; index < sizeof symbols / sizeof *symbols; index++) {
        if ((*symbols[index].slot = dlsym(library, symbols[index].name)) == NULL) {
            gmime_error = "GMime lacks a function forms need (is it GMime 3?)";
            return;
        }
    }
    gmime.init();
}

int aura_form_data_parse(const char *content_type, const uint8_t *body, size_t size, aura_form_field field,
                         void *context, const char **error) {
    pthread_once(&gmime_once, load_gmime);
    if (gmime_error != NULL) {
        *error = gmime_error;
        return -1;
    }
    /* the body as a MIME entity: its Content-Type header, then itself */
    static const char prefix[] = "Content-Type: ";
    size_t type_size = strlen(content_type);
    if (strpbrk(content_type, "\r\n") != NULL) {
        *error = "the Content-Type spans lines";
        return -1;
    }
    size_t total = sizeof prefix - 1 + type_size + 4 + size;
    char *entity = malloc(total);
    if (entity == NULL) {
        *error = "out of memory";
        return -1;
    }
    memcpy(entity, prefix, sizeof prefix - 1);
    memcpy(entity + sizeof prefix - 1, content_type, type_size);
    memcpy(entity + sizeof prefix - 1 + type_size, "\r\n\r\n", 4);
    if (size) memcpy(entity + sizeof prefix - 1 + type_size + 4, body, size);
    void *stream = gmime.stream_mem_new_with_buffer(entity, total);
    free(entity);
    void *parser = gmime.parser_new_with_stream(stream);
    void *root = gmime.parser_construct_part(parser, NULL);
    int count = -1;
    *error = "the body is not multipart";
    if (root != NULL && gmime.instance_is_a(root, gmime.multipart_get_type())) {
        count = 0;
        int parts = gmime.multipart_get_count(root);
        for (int index = 0; index < parts; index++) {
            void *part = gmime.multipart_get_part(root, index);
            const char *name = gmime.disposition_parameter(part, "name");
            if (name == NULL || !gmime.instance_is_a(part, gmime.part_get_type())) continue;
            void *content = gmime.part_get_content(part);
            void *out = gmime.stream_mem_new();
            if (content != NULL) gmime.write_to_stream(content, out);
            byte_array *bytes = gmime.stream_mem_get_byte_array(out);
            field(context, name, bytes ? bytes->data : NULL, bytes ? bytes->len : 0);
            gmime.unref(out);
            count++;
        }
    }
    if (root != NULL) gmime.unref(root);
    gmime.unref(parser);
    gmime.unref(stream);
    return count;
}
