/*
 * Whose names index the NSS module believes, in every user namespace a
 * user can make: root's file, which a process in a user namespace that
 * does not map root sees as owned by the overflow uid. The argument is in
 * index_owner.c. Also who asks, for the index's per-user entries: the
 * caller's real uid as the initial user namespace sees it. Nothing here
 * is exported from libnss_refocus.so.2.
 */
#ifndef REFOCUS_NSS_OWNER_H
#define REFOCUS_NSS_OWNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* How this process's user namespace maps uids (user_namespaces(7)). */
#define RF_NSS_UID_MAP_PATH "/proc/self/uid_map"
/* The uid the kernel shows for an owner that the reader's namespace does not map (65534 unless changed). */
#define RF_NSS_OVERFLOW_UID_PATH "/proc/sys/kernel/overflowuid"
/* This process's user namespace, whose inode tells the initial one from the others. */
#define RF_NSS_USER_NS_PATH "/proc/self/ns/user"
/* The inode of the initial user namespace: PROC_USER_INIT_INO (include/linux/proc_ns.h, since Linux 3.8). */
#define RF_NSS_INITIAL_USER_NS_INODE 0xEFFFFFFDu

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

/*
 * The uid that `uid` of this namespace is in its parent's, from `text`
 * (`length` bytes of a uid_map: lines "inside outside count"); false when
 * no complete line of it maps `uid`.
 */
bool rf_nss_map_uid(const char *text, size_t length, uint32_t uid, uint32_t *outside);

/*
 * The caller's uid for the per-user entries, from `uid` (its getuid()):
 * `uid` itself in the initial user namespace (the inode of `user_ns`,
 * RF_NSS_USER_NS_PATH, is RF_NSS_INITIAL_USER_NS_INODE), or where /proc
 * cannot be read at all; elsewhere `uid` mapped through the file
 * `uid_map` (RF_NSS_UID_MAP_PATH), one level up. False when the map does
 * not map `uid` (`unshare -U`: nothing mapped yet) or cannot be read: the
 * caller cannot be told. Reads the map only outside the initial namespace.
 * `*initial` says whether the namespace was found to be the initial one.
 * Never blocks; errno may change.
 */
bool rf_nss_real_uid_at(uint32_t uid, const char *user_ns, const char *uid_map, uint32_t *real, bool *initial);

#endif
