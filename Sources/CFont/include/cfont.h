// The few HarfBuzz and fontconfig calls the font measure needs. Both are
// loaded on the first call that needs them (dlopen of libharfbuzz.so.0,
// libharfbuzz-subset.so.0 and libfontconfig.so.1), so a process whose spec
// never asks for `measure: font` never maps them, and a machine without
// them gets "not available" (the metric measure) instead of a process that
// does not start.
#ifndef CFONT_H
#define CFONT_H

#include <stdint.h>

/// Loads HarfBuzz and fontconfig once; 1 if both are usable, 0 if not.
int cfont_load(void);

/// Asks fontconfig for the font it would use for `family` (NULL for any),
/// `weight` (CSS/OpenType, 100-900), `lang` (a fontconfig language such as
/// "zh-cn", or NULL) and, when `count` > 0, covering the scalars of
/// `scalars`. Writes the file's path (NUL-terminated) into `path`, its face
/// index into `index`, and its family names (each NUL-terminated, one after
/// another, an empty name last) into `families`. Returns 1 when a font was
/// found and everything fitted, 0 otherwise.
int32_t cfont_match(const char *family, int32_t weight, const char *lang, const uint32_t *scalars, int32_t count,
                    char *path, int32_t path_capacity, int32_t *index, char *families, int32_t families_capacity);

/// Opens (once per process: fonts are kept for the process's life) the face
/// `index` of the font file `path`. Returns a handle >= 0, or -1 when the
/// file is not a font or too many are open.
int32_t cfont_open(const char *path, int32_t index);

/// Units per em of the font `handle`, 0 for a bad handle.
int32_t cfont_upem(int32_t handle);

/// Whether font `handle` maps scalar `c` to a glyph.
int32_t cfont_covers(int32_t handle, uint32_t c);

/// Shapes `length` bytes of UTF-8 `text` with font `handle` in language
/// `lang` (a BCP 47 tag or NULL), direction and script guessed from the
/// text, and adds each glyph's advance, in font units, to `advances` at the
/// byte offset of its cluster's start (`advances` has `length` entries).
/// Returns the number of glyphs, or -1 on failure.
int32_t cfont_shape(int32_t handle, const uint8_t *text, int32_t length, const char *lang, int32_t *advances);

/// A subset of font `handle` with only the glyphs of the `count` scalars in
/// `scalars` (and what they need: ligatures, marks, the characters a shaper
/// decomposes them into), as the bytes of an
/// OpenType file in a buffer `*out` that the caller frees with
/// cfont_free. Returns its size, or -1 (and `*out` NULL) when subsetting
/// failed.
int32_t cfont_subset(int32_t handle, const uint32_t *scalars, int32_t count, uint8_t **out);

/// Frees a buffer cfont_subset returned.
void cfont_free(void *buffer);

#endif
