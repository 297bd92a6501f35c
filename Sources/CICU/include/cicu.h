// The few ICU calls accordion needs, behind names that do not change with
// ICU's version. ICU's C API renames every symbol per release through
// macros (ubrk_open is ubrk_open_72), which Swift cannot import, so this
// small C target calls ICU and Swift calls it. ICU itself is loaded on the
// first call that needs it (dlopen of the libicuuc it was compiled
// against), so a process that never meets a text needing ICU never maps it.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

/// Loads ICU once; 1 if it is usable, 0 if not (then every function below
/// answers as for a text without anything ICU would find).
int cicu_load(void);

/// What a boundary search looks for.
enum {
    CICU_BREAK_CHARACTER = 0,  ///< extended grapheme clusters (UAX #29)
    CICU_BREAK_LINE = 1,       ///< line break opportunities (UAX #14)
};

/// The boundaries of `length` bytes of UTF-8 `text`, as byte offsets in
/// ascending order, each > 0, the last equal to `length` (no boundary is
/// written for an empty text). `tag` is a BCP 47 language tag (NULL or ""
/// for the root locale); `strict` non-zero asks for strict line breaking
/// (ICU's `@lb=strict`). `capacity` must be at least `length`. Returns how
/// many were written, or -1 when ICU failed.
int32_t cicu_breaks(int32_t kind, const char *tag, int32_t strict, const uint8_t *text, int32_t length,
                    int32_t *boundaries, int32_t capacity);

/// One scalar's properties, as bits of cicu_scalar_flags' answer.
enum {
    /// The advance class: 0 the rest, 1 East Asian Wide or Fullwidth,
    /// 2 zero (Mn, Me, Cf or Default_Ignorable_Code_Point).
    CICU_ADVANCE_MASK = 0x3,
    CICU_ADVANCE_WIDE = 0x1,
    CICU_ADVANCE_ZERO = 0x2,
    CICU_AMBIGUOUS_WIDTH = 0x4,        ///< East_Asian_Width=Ambiguous
    CICU_EMOJI_PRESENTATION = 0x8,     ///< Emoji_Presentation
    CICU_EXTENDED_PICTOGRAPHIC = 0x10, ///< Extended_Pictographic
    CICU_EMOJI_MODIFIER = 0x20,        ///< Emoji_Modifier
    CICU_REGIONAL_INDICATOR = 0x40,    ///< Regional_Indicator
    CICU_EMOJI = 0x80,                 ///< Emoji
    /// Grapheme_Cluster_Break is Other, Control, CR or LF and the scalar is
    /// not Extended_Pictographic: no rule of UAX #29 but GB3 (CR × LF)
    /// joins it to a neighbour, so it is a cluster by itself.
    CICU_ALONE_IN_CLUSTER = 0x100,
    CICU_XID_START = 0x200,            ///< XID_Start
    CICU_XID_CONTINUE = 0x400,         ///< XID_Continue
    CICU_EMOJI_MODIFIER_BASE = 0x800,  ///< Emoji_Modifier_Base
};

/// The property bits of scalar `c` (0 for a value that is not a scalar).
uint32_t cicu_scalar_flags(uint32_t c);

/// A paragraph's direction by its first strong character (UAX #9 P2-P3):
/// 0 left-to-right, 1 right-to-left, 2 none (no strong character).
int32_t cicu_base_direction(const uint16_t *text, int32_t length);

/// One line of UTF-16 `text` in visual order (UAX #9 through ubidi, the
/// paragraph level `level`: 0 left-to-right, 1 right-to-left, 2 from its
/// first strong character), mirrored characters mirrored and combining
/// marks kept after their base. Writes at most `capacity` units into `out`
/// and returns the length it needs, or -1 when ICU failed. `resolved`, when
/// not NULL, gets the level used (0 or 1).
int32_t cicu_visual_order(const uint16_t *text, int32_t length, int32_t level,
                          uint16_t *out, int32_t capacity, int32_t *resolved);

/// The NFC form of UTF-16 `text` into `out`: returns the length it needs
/// (write nothing useful when larger than `capacity`), or -1 on failure.
int32_t cicu_nfc(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);

/// Whether UTF-16 `text` is certainly in NFC already (quick check "yes").
int32_t cicu_is_nfc(const uint16_t *text, int32_t length);

#endif
