/* Reading the names index: validation and lookup over a mapped file. See refocus_names_index.h. */
#include "refocus_names_index.h"

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

/* Whether the record at `offset` holds `kind` for exactly `name`; the kind, or 0. */
static int record_kind(const uint8_t *records, uint64_t size, uint32_t offset, const uint8_t *name, size_t length) {
    if (offset == 0 || (uint64_t)offset + 2 + length > size) return 0;
    const uint8_t *record = records + offset;
    if (record[1] != length || memcmp(record + 2, name, length) != 0) return 0;
    return record[0] == RF_NAMES_BLOCK || record[0] == RF_NAMES_KEEP ? record[0] : 0;
}

/* The kind of the entry for `name` (whose mixed hash is `hash`), or 0 when it has none. */
static int find(const uint8_t *map, const struct rf_names_header *header, uint64_t hash,
                const uint8_t *name, size_t length) {
    const uint8_t *slots = map + header->header_size;
    const uint8_t *records = map + header->records_offset;
    uint32_t mask = header->slot_count - 1;
    uint32_t tag = (uint32_t)(hash >> 32);
    uint32_t index = (uint32_t)hash & mask;
    /* Bounded even in a damaged file with no empty slot. */
    for (uint32_t probes = 0; probes < header->slot_count; probes++, index = (index + 1) & mask) {
        struct rf_names_slot slot;
        memcpy(&slot, slots + (size_t)index * RF_NAMES_SLOT_SIZE, sizeof slot);
        if (slot.record == 0) return 0;
        if (slot.tag != tag) continue;
        int kind = record_kind(records, header->records_size, slot.record, name, length);
        if (kind != 0) return kind;
    }
    return 0;
}

enum rf_names_match rf_names_lookup(const uint8_t *map, size_t length, const char *name, size_t name_length) {
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
    /* From the right: at each label's start, the hash so far is that suffix's. */
    enum rf_names_match found = RF_NAMES_NONE;
    uint64_t hash = RF_NAMES_FNV_OFFSET;
    for (size_t i = name_length; i-- > 0;) {
        hash = rf_names_step(hash, lower[i]);
        if (i > 0 && lower[i - 1] != '.') continue;
        int kind = find(map, &header, rf_names_mix(hash), lower + i, name_length - i);
        if (kind == RF_NAMES_BLOCK) found = RF_NAMES_BLOCKED;
        else if (kind == RF_NAMES_KEEP) found = RF_NAMES_KEPT;
    }
    return found;
}
