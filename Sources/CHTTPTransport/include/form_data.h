#ifndef AURA_FORM_DATA_H
#define AURA_FORM_DATA_H

#include <stddef.h>
#include <stdint.h>

/// Called for each field of a multipart/form-data body, in order: its name and its content with
/// any transfer encoding undone.
typedef void (*aura_form_field)(void *context, const char *name, const uint8_t *value, size_t size);

/// Reads a multipart/form-data body (RFC 7578) with GMime, which is loaded the first time a
/// body needs it so that commands which never see one do not pay for it. Returns the number of
/// fields, or -1 when the body is not multipart or GMime cannot be loaded (`error` then says why).
int aura_form_data_parse(const char *content_type, const uint8_t *body, size_t size, aura_form_field field,
                         void *context, const char **error);

#endif
