// libpsl: the public suffix list (com, co.uk, github.io, ...).
//
// Loaded at the first lookup, not at every start: libpsl brings libidn2 and
// libunistring, whose relocation resolved about 500 symbols at each start of
// every refocus command, the status line's among them, that never checks a
// name. The library is the system's shared one (libpsl5), so its security
// updates apply; when it cannot be loaded, refocus_psl_latest and
// refocus_psl_builtin answer NULL, as libpsl does when it has no list.
#ifndef REFOCUS_CPSL_SHIM_H
#define REFOCUS_CPSL_SHIM_H
#include <dlfcn.h>
#include <libpsl.h>
#include <pthread.h>
#include <stddef.h>

struct refocus_psl_functions {
    psl_ctx_t *(*latest)(const char *fname);
    const psl_ctx_t *(*builtin)(void);
    int (*is_public_suffix2)(const psl_ctx_t *context, const char *domain, int type);
};

/// libpsl's functions, loaded at the first call (all NULL when it cannot be).
/// State local to the function: Swift emits an inline function's own statics, not a header's.
static inline const struct refocus_psl_functions *refocus_psl(void) {
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    static int tried;
    static struct refocus_psl_functions loaded;
    pthread_mutex_lock(&lock);
    if (!tried) {
        tried = 1;
        void *library = dlopen("libpsl.so.5", RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) {
            struct refocus_psl_functions functions = {
                (psl_ctx_t * (*)(const char *)) dlsym(library, "psl_latest"),
                (const psl_ctx_t *(*)(void))dlsym(library, "psl_builtin"),
                (int (*)(const psl_ctx_t *, const char *, int))dlsym(library, "psl_is_public_suffix2"),
            };
            if (functions.latest != NULL && functions.builtin != NULL && functions.is_public_suffix2 != NULL) {
                loaded = functions;
            }
        }
    }
    pthread_mutex_unlock(&lock);
    return &loaded;
}

/// psl_latest, or NULL when libpsl cannot be loaded.
static inline psl_ctx_t *refocus_psl_latest(const char *fname) {
    const struct refocus_psl_functions *psl = refocus_psl();
    return psl->latest == NULL ? NULL : psl->latest(fname);
}

/// psl_builtin, or NULL when libpsl cannot be loaded.
static inline const psl_ctx_t *refocus_psl_builtin(void) {
    const struct refocus_psl_functions *psl = refocus_psl();
    return psl->builtin == NULL ? NULL : psl->builtin();
}

/// psl_is_public_suffix2 on a context that refocus_psl_latest or refocus_psl_builtin gave.
static inline int refocus_psl_is_public_suffix2(const psl_ctx_t *context, const char *domain, int type) {
    return refocus_psl()->is_public_suffix2(context, domain, type);
}
#endif
