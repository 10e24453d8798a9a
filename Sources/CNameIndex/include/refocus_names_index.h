/*
 * The names index: the file /run/refocus/names.idx that the helper writes
 * and the NSS module (libnss_refocus.so.2) maps. One definition of its
 * layout and its hash, for both sides.
 *
 * Layout, in the machine's byte order (the file never leaves the machine):
 *
 *   header   64 bytes (struct rf_names_header)
 *   slots    slot_count × 8 bytes: an open-addressing hash table with
 *            linear probing; a slot is {tag, record}, record 0 = empty
 *   records  records_size bytes: a zero byte, then one record per name:
 *            kind (1 byte), length (1 byte), the name's bytes; a record of
 *            kind RF_NAMES_BLOCK_USERS then has a count (32 bits) and that
 *            many uids (32 bits each), sorted, without repeats
 *
 * A name is stored in its canonical ASCII form (lowercase, A-labels, no
 * trailing dot). Its hash is FNV-1a over its bytes from the last to the
 * first, mixed (rf_names_mix): computed from the right, the hashes of all
 * of a name's parent suffixes come out of one pass. The slot is the mixed
 * hash modulo slot_count (a power of two); the tag is its high 32 bits.
 *
 * The header holds a checksum of itself and one of everything after it.
 * A reader checks the header's at every mapping (constant cost) and checks
 * every record it reads against the slot's tag and its bounds, so a
 * damaged body can only leave names unblocked, never crash a reader; the
 * body checksum lets the writer tell an intact file from an edited one.
 * A uid list that runs past the records or is empty binds no one, and
 * one out of order can only miss uids it lists (fail open, as any other
 * damage).
 *
 * A name is stored once: kept (KEEP) if it is kept at all; else blocked
 * for everyone (BLOCK) if it is blocked for everyone at all; else blocked
 * for the users its record lists (BLOCK_USERS). Version 2 added
 * BLOCK_USERS; a reader of version 1 refuses a version 2 file, and so
 * blocks nothing (fails open).
 */
#ifndef REFOCUS_NAMES_INDEX_H
#define REFOCUS_NAMES_INDEX_H

#include <stddef.h>
#include <stdint.h>

#define RF_NAMES_MAGIC "RFNAMES"          /* 8 bytes with its NUL */
#define RF_NAMES_VERSION 2u
#define RF_NAMES_HEADER_SIZE 64u
#define RF_NAMES_SLOT_SIZE 8u
#define RF_NAMES_MAX_NAME 253u
/* The size of a BLOCK_USERS record's count and of each of its uids. */
#define RF_NAMES_UID_SIZE 4u
/* Far above any index ReFocus writes (10M names); a larger header is refused. */
#define RF_NAMES_MAX_SLOTS (1u << 25)
/* 4 GiB, as a plain literal: Swift imports `((uint64_t)1 << 32)` as 0. */
#define RF_NAMES_MAX_BYTES 0x100000000ull

/* What a record says of its name and every name under it. */
enum rf_names_kind {
    RF_NAMES_BLOCK = 1,  /* blocked */
    RF_NAMES_KEEP = 2,   /* never blocked (the policy's never_block), even under a blocked name */
    RF_NAMES_BLOCK_USERS = 3,  /* blocked for the uids the record lists only */
};

struct rf_names_header {
    char magic[8];
    uint32_t version;
    uint32_t header_size;
    uint64_t file_size;
    uint32_t slot_count;
    uint32_t name_count;
    uint64_t records_offset;
    uint64_t records_size;
    uint64_t body_checksum;    /* rf_names_checksum of bytes [header_size, file_size) */
    uint64_t header_checksum;  /* rf_names_checksum of the 56 bytes before it */
};

struct rf_names_slot {
    uint32_t tag;
    uint32_t record;           /* offset in the records; 0: empty */
};

#define RF_NAMES_FNV_OFFSET 0xcbf29ce484222325ull
#define RF_NAMES_FNV_PRIME 0x100000001b3ull

/* One step of the name hash: the byte `c`, read from the right. */
static inline uint64_t rf_names_step(uint64_t hash, uint8_t c) {
    return (hash ^ c) * RF_NAMES_FNV_PRIME;
}

/* The final mix (MurmurHash3's fmix64): every bit of `hash` reaches the slot. */
static inline uint64_t rf_names_mix(uint64_t hash) {
    hash ^= hash >> 33;
    hash *= 0xff51afd7ed558ccdull;
    hash ^= hash >> 33;
    hash *= 0xc4ceb9fe1a85ec53ull;
    hash ^= hash >> 33;
    return hash;
}

/* The mixed hash of a whole name. */
uint64_t rf_names_hash(const uint8_t *name, size_t length);

/* The checksum of the header and of the body: 64-bit FNV-1a over 8-byte words. */
uint64_t rf_names_checksum(const uint8_t *bytes, size_t length);

/*
 * Whether `map` (`length` bytes, the whole file) is an index this reader
 * understands: magic, version, sizes against `length`, the header's
 * checksum. The body is not read.
 */
int rf_names_valid(const uint8_t *map, size_t length);

/* What rf_names_lookup found. */
enum rf_names_match {
    RF_NAMES_NONE = 0,     /* neither the name nor a parent is in the index: not blocked */
    RF_NAMES_BLOCKED = 1,  /* the most specific entry that applies blocks it */
    RF_NAMES_KEPT = 2,     /* the most specific entry that applies keeps it (never_block) */
};

/*
 * Who is asking, for the per-user entries (BLOCK_USERS): `uid` is called
 * only when such an entry is met, at most once a lookup, with `context`.
 * It writes the caller's uid and returns 1, or returns 0 when the caller
 * cannot be told, and then every per-user entry applies to them.
 */
struct rf_names_caller {
    int (*uid)(void *context, uint32_t *uid);
    void *context;
};

/*
 * Looks `name` (`length` bytes, any case, one trailing dot allowed) and
 * each of its parent suffixes up in a valid index (`rf_names_valid`). The
 * most specific entry that applies to `caller` decides: a kept one keeps,
 * a blocked one for everyone or for the caller's uid blocks; one for other
 * users only does not apply, and its parents decide. `caller` NULL: no
 * per-user entry applies. A name that is not ASCII, is empty or longer
 * than a DNS name matches nothing. Reads only `map`; reentrant.
 */
enum rf_names_match rf_names_lookup(const uint8_t *map, size_t length, const char *name, size_t name_length,
                                    const struct rf_names_caller *caller);

/* The caller whose uid is `*(const uint32_t *)context`: for tests and the writer's own checks. */
int rf_names_fixed_uid(void *context, uint32_t *uid);

#endif
