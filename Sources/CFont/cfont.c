// HarfBuzz and fontconfig through function pointers looked up once at first
// use. Their headers give each function's type; this file dlopens the
// shared libraries of the same ABI (libharfbuzz.so.0,
// libharfbuzz-subset.so.0, libfontconfig.so.1) and fills a table with
// dlsym. Sound because: every pointer is checked before `loaded` is set
// (pthread_once orders the writes before any reader), fonts are opened once
// under a mutex and never freed (handles stay valid for the process), and
// each hb_font_t is made immutable before it is shared, which is what
// HarfBuzz documents as safe to shape with from several threads; a
// shaping buffer belongs to one thread (reset before each use, destroyed
// when the thread ends) and fontconfig patterns are per call.
#include "cfont.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-subset.h>

#define CFONT_STR2(x) #x
#define CFONT_STR(x) CFONT_STR2(x)

#define CFONT_HB_FUNCTIONS(F)                                                                       \
    F(hb_blob_create_from_file_or_fail) F(hb_blob_destroy) F(hb_face_create) F(hb_face_destroy)    \
    F(hb_face_get_upem) F(hb_font_create) F(hb_font_make_immutable) F(hb_font_get_nominal_glyph)   \
    F(hb_buffer_create) F(hb_buffer_destroy) F(hb_buffer_add_utf8) F(hb_buffer_guess_segment_properties) \
    F(hb_buffer_set_language) F(hb_language_from_string) F(hb_shape) F(hb_buffer_get_glyph_infos)  \
    F(hb_buffer_get_glyph_positions) F(hb_buffer_set_cluster_level) F(hb_face_reference_blob)      \
    F(hb_blob_get_data) F(hb_set_add) F(hb_buffer_reset) F(hb_unicode_funcs_get_default) F(hb_unicode_decompose)
#define CFONT_SUBSET_FUNCTIONS(F)                                                                   \
    F(hb_subset_input_create_or_fail) F(hb_subset_input_destroy) F(hb_subset_input_unicode_set)    \
    F(hb_subset_or_fail) F(hb_subset_input_set_flags)
#define CFONT_FC_FUNCTIONS(F)                                                                       \
    F(FcInitLoadConfigAndFonts) F(FcPatternCreate) F(FcPatternDestroy) F(FcPatternAddString)       \
    F(FcPatternAddInteger) F(FcPatternAddCharSet) F(FcCharSetCreate) F(FcCharSetDestroy)          \
    F(FcCharSetAddChar) F(FcConfigSubstitute) F(FcDefaultSubstitute) F(FcFontMatch)                \
    F(FcPatternGetString) F(FcPatternGetInteger) F(FcWeightFromOpenType) F(FcLangSetCreate)        \
    F(FcLangSetAdd) F(FcLangSetDestroy) F(FcPatternAddLangSet)

static struct {
#define CFONT_FIELD(name) __typeof__(name) *name;
    CFONT_HB_FUNCTIONS(CFONT_FIELD)
    CFONT_SUBSET_FUNCTIONS(CFONT_FIELD)
    CFONT_FC_FUNCTIONS(CFONT_FIELD)
#undef CFONT_FIELD
} lib;

static int loaded = 0;
static FcConfig *config = NULL;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t fonts_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t config_lock = PTHREAD_MUTEX_INITIALIZER;

#define CFONT_LOOKUP(name)                                              \
    lib.name = (__typeof__(name) *)dlsym(library, CFONT_STR(name));     \
    if (!lib.name) return;

static void load(void) {
    void *library = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    CFONT_HB_FUNCTIONS(CFONT_LOOKUP)
    library = dlopen("libharfbuzz-subset.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    CFONT_SUBSET_FUNCTIONS(CFONT_LOOKUP)
    library = dlopen("libfontconfig.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    CFONT_FC_FUNCTIONS(CFONT_LOOKUP)
    config = lib.FcInitLoadConfigAndFonts();
    if (!config) return;
    loaded = 1;
}
#undef CFONT_LOOKUP

int cfont_load(void) {
    pthread_once(&load_once, load);
    return loaded;
}

int32_t cfont_match(const char *family, int32_t weight, const char *lang, const uint32_t *scalars, int32_t count,
                    char *path, int32_t path_capacity, int32_t *index, char *families, int32_t families_capacity) {
    if (!cfont_load() || path_capacity < 1 || families_capacity < 1) return 0;
    FcPattern *pattern = lib.FcPatternCreate();
    if (!pattern) return 0;
    if (family) lib.FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
    lib.FcPatternAddInteger(pattern, FC_WEIGHT, lib.FcWeightFromOpenType(weight));
    if (lang && *lang) {
        FcLangSet *langs = lib.FcLangSetCreate();
        if (langs) {
            lib.FcLangSetAdd(langs, (const FcChar8 *)lang);
            lib.FcPatternAddLangSet(pattern, FC_LANG, langs);
            lib.FcLangSetDestroy(langs);
        }
    }
    if (count > 0) {
        FcCharSet *set = lib.FcCharSetCreate();
        if (set) {
            for (int32_t i = 0; i < count; i++) lib.FcCharSetAddChar(set, scalars[i]);
            lib.FcPatternAddCharSet(pattern, FC_CHARSET, set);
            lib.FcCharSetDestroy(set);
        }
    }
    int32_t found = 0;
    // fontconfig's configuration is not documented as safe to use from two threads at once.
    pthread_mutex_lock(&config_lock);
    lib.FcConfigSubstitute(config, pattern, FcMatchPattern);
    lib.FcDefaultSubstitute(pattern);
    FcResult result;
    FcPattern *match = lib.FcFontMatch(config, pattern, &result);
    pthread_mutex_unlock(&config_lock);
    lib.FcPatternDestroy(pattern);
    if (!match) return 0;
    FcChar8 *file = NULL;
    int face = 0;
    if (lib.FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && file) {
        size_t length = strlen((const char *)file);
        if ((int32_t)length < path_capacity) {
            memcpy(path, file, length + 1);
            if (lib.FcPatternGetInteger(match, FC_INDEX, 0, &face) != FcResultMatch) face = 0;
            *index = face;
            found = 1;
            int32_t used = 0;
            FcChar8 *name = NULL;
            for (int n = 0; lib.FcPatternGetString(match, FC_FAMILY, n, &name) == FcResultMatch && name; n++) {
                size_t size = strlen((const char *)name) + 1;
                if (used + (int32_t)size + 1 > families_capacity) break;
                memcpy(families + used, name, size);
                used += (int32_t)size;
            }
            families[used] = 0;
        }
    }
    lib.FcPatternDestroy(match);
    return found;
}

enum { MAX_FONTS = 64, PATH_SIZE = 1024 };
static struct {
    char path[PATH_SIZE];
    int32_t index;
    hb_face_t *face;
    hb_font_t *font;
} fonts[MAX_FONTS];
static int32_t font_count = 0;

int32_t cfont_open(const char *path, int32_t index) {
    if (!cfont_load() || strlen(path) >= PATH_SIZE) return -1;
    int32_t handle = -1;
    pthread_mutex_lock(&fonts_lock);
    for (int32_t i = 0; i < font_count; i++)
        if (fonts[i].index == index && strcmp(fonts[i].path, path) == 0) handle = i;
    if (handle < 0 && font_count < MAX_FONTS) {
        hb_blob_t *blob = lib.hb_blob_create_from_file_or_fail(path);
        if (blob) {
            hb_face_t *face = lib.hb_face_create(blob, (unsigned)index);
            lib.hb_blob_destroy(blob);
            if (face && lib.hb_face_get_upem(face) > 0) {
                hb_font_t *font = lib.hb_font_create(face);
                lib.hb_font_make_immutable(font);
                handle = font_count++;
                strcpy(fonts[handle].path, path);
                fonts[handle].index = index;
                fonts[handle].face = face;
                fonts[handle].font = font;
            } else if (face) {
                lib.hb_face_destroy(face);
            }
        }
    }
    pthread_mutex_unlock(&fonts_lock);
    return handle;
}

// A handle below font_count was fully written before font_count grew (under the lock).
static hb_font_t *font_of(int32_t handle, hb_face_t **face) {
    pthread_mutex_lock(&fonts_lock);
    hb_font_t *font = NULL;
    if (handle >= 0 && handle < font_count) {
        font = fonts[handle].font;
        if (face) *face = fonts[handle].face;
    }
    pthread_mutex_unlock(&fonts_lock);
    return font;
}

int32_t cfont_upem(int32_t handle) {
    hb_face_t *face = NULL;
    if (!font_of(handle, &face)) return 0;
    return (int32_t)lib.hb_face_get_upem(face);
}

int32_t cfont_covers(int32_t handle, uint32_t c) {
    hb_font_t *font = font_of(handle, NULL);
    hb_codepoint_t glyph = 0;
    return font && lib.hb_font_get_nominal_glyph(font, c, &glyph) ? 1 : 0;
}

// Each thread's shaping buffer, as HarfBuzz's own examples reuse one:
// created once and reset, not created and grown again for every run.
static pthread_key_t buffer_key;
static pthread_once_t buffer_once = PTHREAD_ONCE_INIT;
static void destroy_buffer(void *buffer) { lib.hb_buffer_destroy(buffer); }
static void make_buffer_key(void) { pthread_key_create(&buffer_key, destroy_buffer); }

static hb_buffer_t *thread_buffer(void) {
    pthread_once(&buffer_once, make_buffer_key);
    hb_buffer_t *buffer = pthread_getspecific(buffer_key);
    if (!buffer) {
        buffer = lib.hb_buffer_create();
        if (pthread_setspecific(buffer_key, buffer) != 0) {
            lib.hb_buffer_destroy(buffer);
            return NULL;
        }
    }
    lib.hb_buffer_reset(buffer);
    return buffer;
}

int32_t cfont_shape(int32_t handle, const uint8_t *text, int32_t length, const char *lang, int32_t *advances) {
    hb_font_t *font = font_of(handle, NULL);
    if (!font || length < 0) return -1;
    hb_buffer_t *buffer = thread_buffer();
    if (!buffer) return -1;
    lib.hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES);
    lib.hb_buffer_add_utf8(buffer, (const char *)text, length, 0, length);
    if (lang && *lang) lib.hb_buffer_set_language(buffer, lib.hb_language_from_string(lang, -1));
    lib.hb_buffer_guess_segment_properties(buffer);
    lib.hb_shape(font, buffer, NULL, 0);
    unsigned int glyphs = 0;
    hb_glyph_info_t *infos = lib.hb_buffer_get_glyph_infos(buffer, &glyphs);
    hb_glyph_position_t *positions = lib.hb_buffer_get_glyph_positions(buffer, NULL);
    for (unsigned int i = 0; i < glyphs; i++) {
        uint32_t cluster = infos[i].cluster;
        if (cluster < (uint32_t)length) advances[cluster] += positions[i].x_advance;
    }
    return (int32_t)glyphs;
}

// Adds `u` and every character the viewer's shaper may look `u` up as:
// its canonical decomposition, recursively (HarfBuzz's normalizer
// decomposes a character the font has no glyph for, and the Indic shapers
// split two-part vowels), and for Thai and Lao SARA AM the NIKHAHIT (or
// NIGGAHITA) and SARA AA the Thai shaper always decomposes it into. A
// subset without them draws those clusters in some other font.
static void add_with_decompositions(hb_set_t *set, hb_unicode_funcs_t *funcs, hb_codepoint_t u, int depth) {
    lib.hb_set_add(set, u);
    if (u == 0x0E33) { lib.hb_set_add(set, 0x0E4D); lib.hb_set_add(set, 0x0E32); }
    if (u == 0x0EB3) { lib.hb_set_add(set, 0x0ECD); lib.hb_set_add(set, 0x0EB2); }
    hb_codepoint_t a = 0, b = 0;
    if (depth < 8 && lib.hb_unicode_decompose(funcs, u, &a, &b)) {
        add_with_decompositions(set, funcs, a, depth + 1);
        if (b) add_with_decompositions(set, funcs, b, depth + 1);
    }
}

int32_t cfont_subset(int32_t handle, const uint32_t *scalars, int32_t count, uint8_t **out) {
    *out = NULL;
    hb_face_t *face = NULL;
    if (!font_of(handle, &face)) return -1;
    hb_subset_input_t *input = lib.hb_subset_input_create_or_fail();
    if (!input) return -1;
    hb_set_t *unicodes = lib.hb_subset_input_unicode_set(input);
    // Hinting instructions only snap outlines to a screen's pixels: the
    // advances (what the model measured) do not depend on them, and they
    // are often most of a small subset's bytes.
    lib.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING);
    hb_unicode_funcs_t *funcs = lib.hb_unicode_funcs_get_default();
    for (int32_t i = 0; i < count; i++) add_with_decompositions(unicodes, funcs, scalars[i], 0);
    hb_face_t *subset = lib.hb_subset_or_fail(face, input);
    lib.hb_subset_input_destroy(input);
    if (!subset) return -1;
    hb_blob_t *blob = lib.hb_face_reference_blob(subset);
    unsigned int size = 0;
    const char *data = lib.hb_blob_get_data(blob, &size);
    int32_t written = -1;
    if (data && size > 0 && size < INT32_MAX) {
        *out = malloc(size);
        if (*out) {
            memcpy(*out, data, size);
            written = (int32_t)size;
        }
    }
    lib.hb_blob_destroy(blob);
    lib.hb_face_destroy(subset);
    return written;
}

void cfont_free(void *buffer) { free(buffer); }
