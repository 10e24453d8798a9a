/*
 * Whose names index the NSS module believes, in every user namespace a
 * user can make: root's file, which a process in a user namespace that
 * does not map root sees as owned by the overflow uid. The argument is in
 * index_owner.c. Nothing here is exported from libnss_refocus.so.2.
 */
#ifndef REFOCUS_NSS_OWNER_H
#define REFOCUS_NSS_OWNER_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* How this process's user namespace maps uids (user_namespaces(7)). */
#define RF_NSS_UID_MAP_PATH "/proc/self/uid_map"
/* The uid the kernel shows for an owner that the reader's namespace does not map (65534 unless changed). */
#define RF_NSS_OVERFLOW_UID_PATH "/proc/sys/kernel/overflowuid"

/*
 * Whether `text` (`length` bytes of a uid_map) maps every uid to itself:
 * one line, "0 0 4294967295", as in the initial user namespace. Owners
 * are then shown as they are, and the overflow uid is a real user's.
 */
bool rf_nss_maps_every_uid(const char *text, size_t length);

/*
 * Whether an index file shown as owned by `owner` may be believed: root's
 * (0) anywhere; the overflow uid `overflow` only where the namespace does
 * not map every uid (`maps_every_uid` false), for that is how root's own
 * file looks there.
 */
bool rf_nss_owner_believed(uid_t owner, bool maps_every_uid, uid_t overflow);

/*
 * rf_nss_owner_believed for this process: 0 is believed at once; for any
 * other owner, the uid map and the overflow uid are read from the files
 * `uid_map` and `overflow_uid` (RF_NSS_UID_MAP_PATH and
 * RF_NSS_OVERFLOW_UID_PATH; the tests give others). Either file missing
 * or unreadable: not believed. Never blocks; errno may change.
 */
bool rf_nss_owner_trusted_at(uid_t owner, const char *uid_map, const char *overflow_uid);

#endif
