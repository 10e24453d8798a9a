/*
 * The NSS module: see nss_refocus.h. It brings no runtime, starts no
 * thread and allocates nothing: its only state is one mapping of the index
 * (the last one this process saw), checked against the file's identity
 * (device, inode, size, times) at every lookup and mapped again when the
 * helper has renamed a new index into place. A lookup that finds the
 * mapping in use by another thread (or, after a fork, held by a thread
 * that is gone) maps the file for itself and unmaps it at once, so no
 * lookup ever waits. No file, a file not owned by root or writable by
 * others, a file it does not understand: nothing is blocked. Root's file
 * counts in every user namespace, where it may show as the overflow uid
 * (index_owner.c says why that is safe). An entry for chosen users only
 * blocks a name for a process whose real uid it lists: getuid(), mapped
 * into the initial user namespace when the process is in another
 * (index_owner.c), asked only when the lookup meets such an entry.
 */
#include "nss_refocus.h"
#include "nss_refocus_owner.h"
#include "refocus_names_index.h"

#include <errno.h>
#include <fcntl.h>
#include <stdalign.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

/* The sinkhole (RefocusCore's Sinkhole): documentation and discard-only addresses that reach nothing. */
static const uint8_t sinkhole_ipv4[4] = {192, 0, 2, 1};
static const uint8_t sinkhole_ipv6[16] = {0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01};

/* A mapped index and the identity of the file it came from. */
struct mapping {
    const uint8_t *map;
    size_t length;
    dev_t device;
    ino_t inode;
    struct timespec modified, changed;
};

/* The process's one cached mapping, and the flag that lends it to one lookup at a time. */
static atomic_flag cache_busy = ATOMIC_FLAG_INIT;
static struct mapping cache;
/* getuid() when a lookup last found this process in the initial user namespace; none yet: above any uid. */
static _Atomic uint64_t initial_uid = UINT64_MAX;

static bool same_file(const struct mapping *mapping, const struct stat *status) {
    return mapping->map != NULL && mapping->device == status->st_dev && mapping->inode == status->st_ino
        && mapping->length == (size_t)status->st_size
        && mapping->modified.tv_sec == status->st_mtim.tv_sec && mapping->modified.tv_nsec == status->st_mtim.tv_nsec
        && mapping->changed.tv_sec == status->st_ctim.tv_sec && mapping->changed.tv_nsec == status->st_ctim.tv_nsec;
}

/*
 * Only root's own file counts: a regular file, writable by nobody else, owned by root as this
 * process's user namespace shows it (the owner last: for any owner but 0 it reads /proc).
 */
static bool trusted(const struct stat *status) {
    return S_ISREG(status->st_mode) && (status->st_mode & (S_IWGRP | S_IWOTH)) == 0
        && status->st_size >= (off_t)RF_NAMES_HEADER_SIZE && (uint64_t)status->st_size <= RF_NAMES_MAX_BYTES
        && rf_nss_owner_trusted_at(status->st_uid, RF_NSS_UID_MAP_PATH, RF_NSS_OVERFLOW_UID_PATH);
}

/* Maps the index at `path` if it is one this module understands; else an empty mapping. */
static struct mapping map_index(const char *path) {
    struct mapping mapping = {0};
    /* O_NONBLOCK: a FIFO put in its place must not hold the lookup; fstat then refuses it. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) return mapping;
    struct stat status;
    if (fstat(fd, &status) == 0 && trusted(&status)) {
        void *map = mmap(NULL, (size_t)status.st_size, PROT_READ, MAP_SHARED, fd, 0);
        if (map != MAP_FAILED) {
            if (rf_names_valid(map, (size_t)status.st_size)) {
                mapping = (struct mapping){map, (size_t)status.st_size, status.st_dev, status.st_ino,
                                           status.st_mtim, status.st_ctim};
            } else {
                munmap(map, (size_t)status.st_size);
            }
        }
    }
    close(fd);
    return mapping;
}

static void unmap(struct mapping *mapping) {
    if (mapping->map != NULL) munmap((void *)mapping->map, mapping->length);
    *mapping = (struct mapping){0};
}

/*
 * Who asks, for the index's per-user entries, called only when the lookup
 * meets one: the process's real uid, as the initial user namespace sees
 * it (mapped one level up through uid_map inside a user namespace).
 */
static int caller_uid(void *context, uint32_t *uid) {
    (void)context;
    uint32_t own = (uint32_t)getuid();
    /* getuid() as last seen in the initial namespace: why that is enough, in index_owner.c. */
    if (atomic_load_explicit(&initial_uid, memory_order_relaxed) == own) {
        *uid = own;
        return 1;
    }
    bool initial = false;
    bool told = rf_nss_real_uid_at(own, RF_NSS_USER_NS_PATH, RF_NSS_UID_MAP_PATH, uid, &initial);
    if (initial) atomic_store_explicit(&initial_uid, own, memory_order_relaxed);
    return told;
}

static const struct rf_names_caller caller = {caller_uid, NULL};

/* Whether the index at `path` blocks `name` for this process's user. Keeps errno as it was. */
static bool blocked(const char *path, const char *name) {
    int saved = errno;
    bool result = false;
    size_t length = strnlen(name, RF_NAMES_MAX_NAME + 2);
    struct stat status;
    if (length > RF_NAMES_MAX_NAME + 1) {
        /* Longer than any DNS name: never in the index. */
    } else if (stat(path, &status) != 0 || !trusted(&status)) {
        if (!atomic_flag_test_and_set_explicit(&cache_busy, memory_order_acquire)) {
            unmap(&cache);
            atomic_flag_clear_explicit(&cache_busy, memory_order_release);
        }
    } else if (!atomic_flag_test_and_set_explicit(&cache_busy, memory_order_acquire)) {
        if (!same_file(&cache, &status)) {
            unmap(&cache);
            cache = map_index(path);
        }
        result = cache.map != NULL
            && rf_names_lookup(cache.map, cache.length, name, length, &caller) == RF_NAMES_BLOCKED;
        atomic_flag_clear_explicit(&cache_busy, memory_order_release);
    } else {
        struct mapping own = map_index(path);
        result = own.map != NULL && rf_names_lookup(own.map, own.length, name, length, &caller) == RF_NAMES_BLOCKED;
        unmap(&own);
    }
    errno = saved;
    return result;
}

static enum nss_status not_found(int *errnop, int *h_errnop) {
    *errnop = ENOENT;
    *h_errnop = HOST_NOT_FOUND;
    return NSS_STATUS_NOTFOUND;
}

static enum nss_status too_small(int *errnop, int *h_errnop) {
    *errnop = ERANGE;
    *h_errnop = NETDB_INTERNAL;
    return NSS_STATUS_TRYAGAIN;
}

/* `size` rounded up to pointer alignment, for laying records out in the caller's buffer. */
static size_t aligned(size_t size) {
    return (size + alignof(void *) - 1) & ~(alignof(void *) - 1);
}

enum nss_status rf_nss_gethostbyname4_at(const char *index, const char *name, struct gaih_addrtuple **pat,
                                                char *buffer, size_t buflen, int *errnop, int *h_errnop,
                                                int32_t *ttlp) {
    if (!blocked(index, name)) return not_found(errnop, h_errnop);
    size_t name_size = strlen(name) + 1;
    uintptr_t pad = -(uintptr_t)buffer % alignof(struct gaih_addrtuple);
    size_t needed = pad + 2 * sizeof(struct gaih_addrtuple) + name_size;
    if (buflen < needed) return too_small(errnop, h_errnop);

    struct gaih_addrtuple *tuples = (struct gaih_addrtuple *)(buffer + pad);
    char *canonical = (char *)(tuples + 2);
    memcpy(canonical, name, name_size);
    memset(tuples, 0, 2 * sizeof *tuples);
    tuples[0] = (struct gaih_addrtuple){.next = &tuples[1], .name = canonical, .family = AF_INET6};
    memcpy(tuples[0].addr, sinkhole_ipv6, sizeof sinkhole_ipv6);
    tuples[1] = (struct gaih_addrtuple){.next = NULL, .name = NULL, .family = AF_INET};
    memcpy(tuples[1].addr, sinkhole_ipv4, sizeof sinkhole_ipv4);
    /* A caller that passes a tuple of its own (nscd) gets the first one in it. */
    if (*pat != NULL) **pat = tuples[0];
    else *pat = tuples;
    if (ttlp != NULL) *ttlp = 0;
    *errnop = 0;
    *h_errnop = NETDB_SUCCESS;
    return NSS_STATUS_SUCCESS;
}

enum nss_status rf_nss_gethostbyname3_at(const char *index, const char *name, int af, struct hostent *host,
                                                char *buffer, size_t buflen, int *errnop, int *h_errnop,
                                                int32_t *ttlp, char **canonp) {
    if (af != AF_INET && af != AF_INET6) {
        *errnop = EAFNOSUPPORT;
        *h_errnop = NO_DATA;
        return NSS_STATUS_UNAVAIL;
    }
    if (!blocked(index, name)) return not_found(errnop, h_errnop);
    size_t address_size = af == AF_INET ? sizeof sinkhole_ipv4 : sizeof sinkhole_ipv6;
    size_t name_size = strlen(name) + 1;
    uintptr_t pad = -(uintptr_t)buffer % alignof(char *);
    /* The address list (address, NULL), the alias list (NULL), the address, the name. */
    size_t needed = pad + 3 * sizeof(char *) + aligned(address_size) + name_size;
    if (buflen < needed) return too_small(errnop, h_errnop);

    char **addresses = (char **)(buffer + pad);
    char **aliases = addresses + 2;
    char *address = (char *)(aliases + 1);
    char *canonical = address + aligned(address_size);
    memcpy(address, af == AF_INET ? sinkhole_ipv4 : sinkhole_ipv6, address_size);
    memcpy(canonical, name, name_size);
    addresses[0] = address;
    addresses[1] = NULL;
    aliases[0] = NULL;
    *host = (struct hostent){.h_name = canonical, .h_aliases = aliases, .h_addrtype = af,
                             .h_length = (int)address_size, .h_addr_list = addresses};
    if (ttlp != NULL) *ttlp = 0;
    if (canonp != NULL) *canonp = canonical;
    *errnop = 0;
    *h_errnop = NETDB_SUCCESS;
    return NSS_STATUS_SUCCESS;
}

EXPORT enum nss_status _nss_refocus_gethostbyname4_r(const char *name, struct gaih_addrtuple **pat, char *buffer,
                                                     size_t buflen, int *errnop, int *h_errnop, int32_t *ttlp) {
    return rf_nss_gethostbyname4_at(RF_NSS_INDEX_PATH, name, pat, buffer, buflen, errnop, h_errnop, ttlp);
}

EXPORT enum nss_status _nss_refocus_gethostbyname3_r(const char *name, int af, struct hostent *host, char *buffer,
                                                     size_t buflen, int *errnop, int *h_errnop, int32_t *ttlp,
                                                     char **canonp) {
    return rf_nss_gethostbyname3_at(RF_NSS_INDEX_PATH, name, af, host, buffer, buflen, errnop, h_errnop, ttlp,
                                    canonp);
}

EXPORT enum nss_status _nss_refocus_gethostbyname2_r(const char *name, int af, struct hostent *host, char *buffer,
                                                     size_t buflen, int *errnop, int *h_errnop) {
    return _nss_refocus_gethostbyname3_r(name, af, host, buffer, buflen, errnop, h_errnop, NULL, NULL);
}

EXPORT enum nss_status _nss_refocus_gethostbyname_r(const char *name, struct hostent *host, char *buffer,
                                                    size_t buflen, int *errnop, int *h_errnop) {
    return _nss_refocus_gethostbyname3_r(name, AF_INET, host, buffer, buflen, errnop, h_errnop, NULL, NULL);
}
