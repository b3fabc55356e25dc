#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/kdf.h>
