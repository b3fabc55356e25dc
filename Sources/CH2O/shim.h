#define H2O_USE_LIBUV 0
#include <h2o.h>
