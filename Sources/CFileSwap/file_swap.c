// Swift's Glibc module hides renameat2 behind _GNU_SOURCE; this is the one call it needs.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include "file_swap.h"

int aura_exchange_paths(const char *a, const char *b) {
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE);
}
