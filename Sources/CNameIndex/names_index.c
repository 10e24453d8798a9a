/* Reading the names index: validation and lookup over a mapped file. See refocus_names_index.h. */
#include "refocus_names_index.h"

#include <stdbool.h>
#include <string.h>

_Static_assert(sizeof(struct rf_names_header) == RF_NAMES_HEADER_SIZE, "the header is 64 bytes");
_Static_assert(sizeof(struct rf_names_slot) == RF_NAMES_SLOT_SIZE, "a slot is 8 bytes");

uint64_t rf_names_hash(const uint8_t *name, size_t length) {
    uint64_t hash = RF_NAMES_FNV_OFFSET;
    while (length > 0) hash = rf_names_step(hash, name[--length]);
    return rf_names_mix(hash);
}

uint64_t rf_names_checksum(const uint8_t *bytes, size_t length) {
    uint64_t hash = RF_NAMES_FNV_OFFSET;
    size_t i = 0;
    for (; i + 8 <= length; i += 8) {
        uint64_t word;
        memcpy(&word, bytes + i, 8);
        hash = (hash ^ word) * RF_NAMES_FNV_PRIME;
    }
    for (; i < length; i++) hash = (hash ^ bytes[i]) * RF_NAMES_FNV_PRIME;
    return rf_names_mix(hash ^ (uint64_t)length);
}

int rf_names_valid(const uint8_t *map, size_t length) {
    struct rf_names_header header;
    if (map == NULL || length < sizeof header) return 0;
    memcpy(&header, map, sizeof header);
    if (memcmp(header.magic, RF_NAMES_MAGIC, sizeof header.magic) != 0) return 0;
    if (header.version != RF_NAMES_VERSION || header.header_size != RF_NAMES_HEADER_SIZE) return 0;
    if (header.header_checksum != rf_names_checksum(map, offsetof(struct rf_names_header, header_checksum))) return 0;
    if (header.file_size != length || header.file_size > RF_NAMES_MAX_BYTES) return 0;
    /* A power of two (or no slot at all: an empty index), at most half full. */
    if (header.slot_count > RF_NAMES_MAX_SLOTS || (header.slot_count & (header.slot_count - 1)) != 0) return 0;
    if ((uint64_t)header.name_count * 2 > header.slot_count) return 0;
    uint64_t slots_end = (uint64_t)header.header_size + (uint64_t)header.slot_count * RF_NAMES_SLOT_SIZE;
    if (header.records_offset != slots_end) return 0;
    if (header.records_size > UINT32_MAX || header.records_offset + header.records_size != header.file_size) return 0;
    return 1;
}

/*
 * The kind of the record at `offset` when it is for exactly `name`, or 0;
 * for BLOCK_USERS, `*uids` then points at its count and `*available` says
 * how many bytes of the records are left from there.
 */
static int record_kind(const uint8_t *records, uint64_t size, uint32_t offset, const uint8_t *name, size_t length,
                       const uint8_t **uids, uint64_t *available) {
    if (offset == 0 || (uint64_t)offset + 2 + length > size) return 0;
    const uint8_t *record = records + offset;
    if (record[1] != length || memcmp(record + 2, name, length) != 0) return 0;
    if (record[0] != RF_NAMES_BLOCK && record[0] != RF_NAMES_KEEP && record[0] != RF_NAMES_BLOCK_USERS) return 0;
    *uids = record + 2 + length;
    *available = size - ((uint64_t)offset + 2 + length);
    return record[0];
}

/*
 * Whether the uid list at `list` (a count, then the uids, sorted) holds
 * `uid`, by bisection. A list that runs past `available` bytes holds no
 * one; an unsorted one can only fail to find a uid it holds.
 */
static bool lists_uid(const uint8_t *list, uint64_t available, uint32_t uid) {
    uint32_t count;
    if (available < RF_NAMES_UID_SIZE) return false;
    memcpy(&count, list, sizeof count);
    if ((uint64_t)count * RF_NAMES_UID_SIZE > available - RF_NAMES_UID_SIZE) return false;
    const uint8_t *uids = list + RF_NAMES_UID_SIZE;
    uint32_t low = 0, high = count;
    while (low < high) {
        uint32_t middle = low + (high - low) / 2, listed;
        memcpy(&listed, uids + (size_t)middle * RF_NAMES_UID_SIZE, sizeof listed);
        if (listed == uid) return true;
        if (listed < uid) low = middle + 1;
        else high = middle;
    }
    return false;
}

/* What one entry says to the caller: none, or keeps or blocks them, or binds others only. */
enum verdict { NO_ENTRY = 0, KEEPS, BLOCKS, OTHERS_ONLY };

/* The caller of one lookup, and their uid once asked for (`known`: 0 not yet, 1 known, -1 untold). */
struct asker {
    const struct rf_names_caller *caller;
    int known;
    uint32_t uid;
};

/* Whether a per-user entry listing `list` applies to the asker; asks for the uid the first time. */
static bool applies(struct asker *asker, const uint8_t *list, uint64_t available) {
    if (asker->caller == NULL || asker->caller->uid == NULL) return false;
    /* A list that is damaged binds no one, even a caller who cannot be told. */
    uint32_t count;
    if (available < RF_NAMES_UID_SIZE) return false;
    memcpy(&count, list, sizeof count);
    if (count == 0 || (uint64_t)count * RF_NAMES_UID_SIZE > available - RF_NAMES_UID_SIZE) return false;
    if (asker->known == 0) asker->known = asker->caller->uid(asker->caller->context, &asker->uid) ? 1 : -1;
    return asker->known < 0 || lists_uid(list, available, asker->uid);
}

/* What the entry for `name` (whose mixed hash is `hash`) says to the asker. */
static enum verdict find(const uint8_t *map, const struct rf_names_header *header, uint64_t hash,
                         const uint8_t *name, size_t length, struct asker *asker) {
    const uint8_t *slots = map + header->header_size;
    const uint8_t *records = map + header->records_offset;
    uint32_t mask = header->slot_count - 1;
    uint32_t tag = (uint32_t)(hash >> 32);
    uint32_t index = (uint32_t)hash & mask;
    /* Bounded even in a damaged file with no empty slot. */
    for (uint32_t probes = 0; probes < header->slot_count; probes++, index = (index + 1) & mask) {
        struct rf_names_slot slot;
        memcpy(&slot, slots + (size_t)index * RF_NAMES_SLOT_SIZE, sizeof slot);
        if (slot.record == 0) return NO_ENTRY;
        if (slot.tag != tag) continue;
        const uint8_t *uids = NULL;
        uint64_t available = 0;
        int kind = record_kind(records, header->records_size, slot.record, name, length, &uids, &available);
        if (kind == RF_NAMES_KEEP) return KEEPS;
        if (kind == RF_NAMES_BLOCK) return BLOCKS;
        if (kind == RF_NAMES_BLOCK_USERS) return applies(asker, uids, available) ? BLOCKS : OTHERS_ONLY;
    }
    return NO_ENTRY;
}

int rf_names_fixed_uid(void *context, uint32_t *uid) {
    if (context == NULL) return 0;
    memcpy(uid, context, sizeof *uid);
    return 1;
}

enum rf_names_match rf_names_lookup(const uint8_t *map, size_t length, const char *name, size_t name_length,
                                    const struct rf_names_caller *caller) {
    struct rf_names_header header;
    if (!rf_names_valid(map, length)) return RF_NAMES_NONE;
    memcpy(&header, map, sizeof header);
    if (header.slot_count == 0) return RF_NAMES_NONE;
    if (name_length > 0 && name[name_length - 1] == '.') name_length--;
    if (name_length == 0 || name_length > RF_NAMES_MAX_NAME) return RF_NAMES_NONE;

    uint8_t lower[RF_NAMES_MAX_NAME];
    for (size_t i = 0; i < name_length; i++) {
        uint8_t c = (uint8_t)name[i];
        if (c == 0 || c >= 0x80) return RF_NAMES_NONE;
        lower[i] = c >= 'A' && c <= 'Z' ? (uint8_t)(c | 0x20) : c;
    }
    /*
     * From the right: at each label's start, the hash so far is that
     * suffix's. Each entry that applies overrides its parents'; one for
     * other users only leaves the parents' verdict standing.
     */
    struct asker asker = {caller, 0, 0};
    enum rf_names_match found = RF_NAMES_NONE;
    uint64_t hash = RF_NAMES_FNV_OFFSET;
    for (size_t i = name_length; i-- > 0;) {
        hash = rf_names_step(hash, lower[i]);
        if (i > 0 && lower[i - 1] != '.') continue;
        enum verdict verdict = find(map, &header, rf_names_mix(hash), lower + i, name_length - i, &asker);
        if (verdict == BLOCKS) found = RF_NAMES_BLOCKED;
        else if (verdict == KEEPS) found = RF_NAMES_KEPT;
    }
    return found;
}
