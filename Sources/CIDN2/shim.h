// libidn2: internationalised domain names to their ASCII form (UTS #46).
//
// Loaded at the first conversion, not at every start: libidn2 brings
// libunistring, whose relocation resolved about 500 symbols at each start
// of every refocus command, the status line's among them, that never
// converts a name. The library is the system's shared one (libidn2-0), so
// its security updates apply; when it cannot be loaded, the conversion
// fails with REFOCUS_IDN2_UNAVAILABLE and refocus_idn2_strerror says so.
#ifndef REFOCUS_CIDN2_SHIM_H
#define REFOCUS_CIDN2_SHIM_H
#include <dlfcn.h>
#include <idn2.h>
#include <pthread.h>
#include <stddef.h>

/// The answer of a conversion when libidn2 could not be loaded (no IDN2_ code uses it).
#define REFOCUS_IDN2_UNAVAILABLE (-10000)

struct refocus_idn2_functions {
    int (*to_ascii_8z)(const char *input, char **output, int flags);
    void (*free)(void *pointer);
    const char *(*strerror)(int code);
};

/// libidn2's functions, loaded at the first call (all NULL when it cannot be).
/// State local to the function: Swift emits an inline function's own statics, not a header's.
static inline const struct refocus_idn2_functions *refocus_idn2(void) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int tried;
    static struct refocus_idn2_functions loaded;
    pthread_mutex_lock(&lock);
    if (!tried) {
        tried = 1;
        void *library = dlopen("libidn2.so.0", RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) {
            struct refocus_idn2_functions functions = {
                (int (*)(const char *, char **, int))dlsym(library, "idn2_to_ascii_8z"),
                (void (*)(void *))dlsym(library, "idn2_free"),
                (const char *(*)(int))dlsym(library, "idn2_strerror"),
            };
            if (functions.to_ascii_8z != NULL && functions.free != NULL && functions.strerror != NULL) {
                loaded = functions;
            }
        }
    }
    pthread_mutex_unlock(&lock);
    return &loaded;
}

/// idn2_to_ascii_8z, or REFOCUS_IDN2_UNAVAILABLE (and *output NULL) when libidn2 cannot be loaded.
static inline int refocus_idn2_to_ascii_8z(const char *input, char **output, int flags) {
    const struct refocus_idn2_functions *idn2 = refocus_idn2();
    if (idn2->to_ascii_8z == NULL) {
        *output = NULL;
        return REFOCUS_IDN2_UNAVAILABLE;
    }
    return idn2->to_ascii_8z(input, output, flags);
}

/// idn2_free (nothing to free when libidn2 was never loaded).
static inline void refocus_idn2_free(void *pointer) {
    if (pointer != NULL) refocus_idn2()->free(pointer);
}

/// idn2_strerror, or the reason libidn2 is missing.
static inline const char *refocus_idn2_strerror(int code) {
    const struct refocus_idn2_functions *idn2 = refocus_idn2();
    if (code == REFOCUS_IDN2_UNAVAILABLE || idn2->strerror == NULL) {
        return "libidn2 (libidn2.so.0) cannot be loaded; install it with 'apt-get install libidn2-0'";
    }
    return idn2->strerror(code);
}
#endif
