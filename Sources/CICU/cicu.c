// ICU through function pointers looked up once at first use. ICU's headers
// give each function's type and its versioned name (ubrk_open is a macro
// for ubrk_open_72); this file dlopens the libicuuc of that same version and
// fills a table with dlsym, so nothing of ICU is mapped until a text needs
// it, and a machine without the library gets "not available" instead of a
// process that does not start.
#include "cicu.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/utext.h>
#include <unicode/uvernum.h>

#define CICU_STR2(x) #x
#define CICU_STR(x) CICU_STR2(x)

// Every ICU function used, as (name); the table has a pointer of each one's type.
#define CICU_FUNCTIONS(F)                                                                          \
    F(ubrk_open) F(ubrk_setUText) F(ubrk_first) F(ubrk_next) F(ubrk_close) F(utext_openUTF8)      \
    F(utext_close) F(uloc_forLanguageTag) F(uloc_setKeywordValue) F(u_getIntPropertyValue)         \
    F(u_hasBinaryProperty) F(u_charType) F(ubidi_getBaseDirection) F(ubidi_open) F(ubidi_setPara)  \
    F(ubidi_writeReordered) F(ubidi_getParaLevel) F(ubidi_close) F(unorm2_getNFCInstance)          \
    F(unorm2_normalize) F(unorm2_quickCheck)

static struct {
#define CICU_FIELD(name) __typeof__(name) *name;
    CICU_FUNCTIONS(CICU_FIELD)
#undef CICU_FIELD
} icu;

static int loaded = 0;
// Set (release) once `load` has filled `icu`, so the calls after the first
// skip pthread_once with one acquire load: the measure asks for a scalar's
// properties once a character.
static _Atomic int ready = 0;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static pthread_key_t cache_key;

static void close_cache(void *cache);

static void load(void) {
    void *library = dlopen("libicuuc.so." CICU_STR(U_ICU_VERSION_MAJOR_NUM), RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define CICU_LOOKUP(name)                                                 \
    icu.name = (__typeof__(name) *)dlsym(library, CICU_STR(name));        \
    if (!icu.name) return;
    CICU_FUNCTIONS(CICU_LOOKUP)
#undef CICU_LOOKUP
    if (pthread_key_create(&cache_key, close_cache) != 0) return;
    loaded = 1;
    atomic_store_explicit(&ready, 1, memory_order_release);
}

int cicu_load(void) {
    if (atomic_load_explicit(&ready, memory_order_acquire)) return 1;
    pthread_once(&load_once, load);
    return loaded;
}

// Opening a break iterator reads its rules and dictionaries; each thread
// keeps the last few it opened (an iterator is not safe to share), closed
// when the thread ends.
enum { CACHE_SIZE = 4, LOCALE_SIZE = 96 };
struct cache_entry {
    UBreakIterator *iterator;
    int32_t kind, strict;
    char tag[LOCALE_SIZE];
};
struct cache {
    struct cache_entry entries[CACHE_SIZE];
    int32_t next;
};

static void close_cache(void *pointer) {
    struct cache *cache = pointer;
    for (int i = 0; i < CACHE_SIZE; i++)
        if (cache->entries[i].iterator) icu.ubrk_close(cache->entries[i].iterator);
    free(cache);
}

// The ICU locale id of BCP 47 `tag` with `@lb=strict` if `strict`, into `out`.
static int line_locale(const char *tag, int32_t strict, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    out[0] = 0;
    if (tag[0]) {
        int32_t parsed = 0;
        icu.uloc_forLanguageTag(tag, out, capacity, &parsed, &status);
        if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return 0;
    }
    if (strict) {
        icu.uloc_setKeywordValue("lb", "strict", out, capacity, &status);
        if (U_FAILURE(status)) return 0;
    }
    return 1;
}

static UBreakIterator *iterator_for(int32_t kind, const char *tag, int32_t strict) {
    struct cache *cache = pthread_getspecific(cache_key);
    if (!cache) {
        cache = calloc(1, sizeof *cache);
        if (!cache || pthread_setspecific(cache_key, cache) != 0) {
            free(cache);
            return NULL;
        }
    }
    if (!tag) tag = "";
    strict = strict != 0;
    if (strlen(tag) >= LOCALE_SIZE) return NULL;
    for (int i = 0; i < CACHE_SIZE; i++) {
        struct cache_entry *entry = &cache->entries[i];
        if (entry->iterator && entry->kind == kind && entry->strict == strict && strcmp(entry->tag, tag) == 0)
            return entry->iterator;
    }
    char locale[2 * LOCALE_SIZE];
    if (!line_locale(tag, strict, locale, sizeof locale)) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator =
        icu.ubrk_open(kind == CICU_BREAK_LINE ? UBRK_LINE : UBRK_CHARACTER, locale, NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    struct cache_entry *entry = &cache->entries[cache->next];
    cache->next = (cache->next + 1) % CACHE_SIZE;
    if (entry->iterator) icu.ubrk_close(entry->iterator);
    entry->iterator = iterator;
    entry->kind = kind;
    entry->strict = strict;
    strcpy(entry->tag, tag);
    return iterator;
}

int32_t cicu_breaks(int32_t kind, const char *tag, int32_t strict, const uint8_t *text, int32_t length,
                    int32_t *boundaries, int32_t capacity) {
    if (length <= 0) return 0;
    if (!cicu_load() || capacity < length) return -1;
    UBreakIterator *iterator = iterator_for(kind, tag, strict);
    if (!iterator) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UText source = UTEXT_INITIALIZER;
    icu.utext_openUTF8(&source, (const char *)text, length, &status);
    // The iterator keeps a shallow clone of `source`, which reads `text`
    // only during the calls below; the next use sets a new text first.
    icu.ubrk_setUText(iterator, &source, &status);
    if (U_FAILURE(status)) {
        icu.utext_close(&source);
        return -1;
    }
    int32_t count = 0;
    icu.ubrk_first(iterator);
    for (int32_t at = icu.ubrk_next(iterator); at != UBRK_DONE && count < capacity; at = icu.ubrk_next(iterator))
        if (at > 0) boundaries[count++] = at;
    icu.utext_close(&source);
    return count;
}

// One scalar's bits, computed from ICU's properties.
static uint32_t compute_flags(UChar32 c) {
    uint32_t flags = 0;
    int8_t category = icu.u_charType(c);
    int32_t width = icu.u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK || category == U_FORMAT_CHAR ||
        icu.u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT))
        flags |= CICU_ADVANCE_ZERO;
    else if (width == U_EA_WIDE || width == U_EA_FULLWIDTH)
        flags |= CICU_ADVANCE_WIDE;
    if (width == U_EA_AMBIGUOUS) flags |= CICU_AMBIGUOUS_WIDTH;
    if (icu.u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) flags |= CICU_EMOJI_PRESENTATION;
    int pictographic = icu.u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC);
    if (pictographic) flags |= CICU_EXTENDED_PICTOGRAPHIC;
    if (icu.u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER)) flags |= CICU_EMOJI_MODIFIER;
    if (icu.u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) flags |= CICU_REGIONAL_INDICATOR;
    if (icu.u_hasBinaryProperty(c, UCHAR_EMOJI)) flags |= CICU_EMOJI;
    if (icu.u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER_BASE)) flags |= CICU_EMOJI_MODIFIER_BASE;
    if (icu.u_hasBinaryProperty(c, UCHAR_XID_START)) flags |= CICU_XID_START;
    if (icu.u_hasBinaryProperty(c, UCHAR_XID_CONTINUE)) flags |= CICU_XID_CONTINUE;
    int32_t cluster = icu.u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    if (!pictographic && (cluster == U_GCB_OTHER || cluster == U_GCB_CONTROL || cluster == U_GCB_CR || cluster == U_GCB_LF))
        flags |= CICU_ALONE_IN_CLUSTER;
    return flags;
}

// The BMP's answers, filled on first use (bit 31: known). Two threads may
// compute the same entry; both store the same value.
static _Atomic uint32_t bmp[0x10000];

uint32_t cicu_scalar_flags(uint32_t c) {
    if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF) || !cicu_load()) return 0;
    if (c < 0x10000) {
        uint32_t known = atomic_load_explicit(&bmp[c], memory_order_relaxed);
        if (known) return known & 0x7FFFFFFF;
        uint32_t flags = compute_flags((UChar32)c);
        atomic_store_explicit(&bmp[c], flags | 0x80000000u, memory_order_relaxed);
        return flags;
    }
    return compute_flags((UChar32)c);
}

int32_t cicu_base_direction(const uint16_t *text, int32_t length) {
    if (length <= 0 || !cicu_load()) return 2;
    UBiDiDirection direction = icu.ubidi_getBaseDirection(text, length);
    return direction == UBIDI_LTR ? 0 : direction == UBIDI_RTL ? 1 : 2;
}

int32_t cicu_visual_order(const uint16_t *text, int32_t length, int32_t level,
                          uint16_t *out, int32_t capacity, int32_t *resolved) {
    if (!cicu_load()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = icu.ubidi_open();
    if (!bidi) return -1;
    UBiDiLevel paragraph = level == 0 ? 0 : level == 1 ? 1 : UBIDI_DEFAULT_LTR;
    icu.ubidi_setPara(bidi, text, length, paragraph, NULL, &status);
    if (U_FAILURE(status)) {
        icu.ubidi_close(bidi);
        return -1;
    }
    if (resolved) *resolved = icu.ubidi_getParaLevel(bidi) & 1;
    int32_t needed = icu.ubidi_writeReordered(bidi, out, capacity, UBIDI_DO_MIRRORING | UBIDI_KEEP_BASE_COMBINING, &status);
    icu.ubidi_close(bidi);
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    return needed;
}

int32_t cicu_nfc(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    if (!cicu_load()) return -1;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = icu.unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return -1;
    int32_t needed = icu.unorm2_normalize(nfc, text, length, out, capacity, &status);
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) return -1;
    return needed;
}

int32_t cicu_is_nfc(const uint16_t *text, int32_t length) {
    if (!cicu_load()) return 0;
    UErrorCode status = U_ZERO_ERROR;
    const UNormalizer2 *nfc = icu.unorm2_getNFCInstance(&status);
    if (U_FAILURE(status)) return 0;
    UNormalizationCheckResult result = icu.unorm2_quickCheck(nfc, text, length, &status);
    return U_SUCCESS(status) && result == UNORM_YES;
}
