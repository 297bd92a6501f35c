// The floor of the font measure: what a C program that only needs the
// lines does to shape and break texts with HarfBuzz and ICU directly. For
// every paragraph of a file (one a line, UTF-8): shape it with HarfBuzz in
// one font (its own OpenType functions, as the font measure uses), sum the
// advances of each cluster, take ICU's line break opportunities (root
// locale), and fill lines greedily within WIDTH points at SIZE points.
// No fallback, no grapheme segmentation: a lower bound.
// usage: harfbuzz_floor FONTFILE SIZE WIDTH FILE (prints the line count).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <harfbuzz/hb.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s FONTFILE SIZE WIDTH FILE\n", argv[0]);
        return 2;
    }
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(argv[1]);
    if (!blob) { fprintf(stderr, "cannot read %s\n", argv[1]); return 2; }
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font_t *font = hb_font_create(face);
    double scale = atof(argv[2]) / hb_face_get_upem(face), room = atof(argv[3]);
    FILE *file = fopen(argv[4], "rb");
    if (!file) { perror(argv[4]); return 2; }
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "ubrk_open: %s\n", u_errorName(status)); return 1; }
    char *line = NULL;
    size_t capacity = 0, advances_capacity = 0;
    double *advances = NULL;
    ssize_t length;
    long long lines = 0;
    UText text = UTEXT_INITIALIZER;
    hb_buffer_t *buffer = hb_buffer_create();
    while ((length = getline(&line, &capacity, file)) > 0) {
        if (line[length - 1] == '\n') length--;
        if ((size_t)length + 1 > advances_capacity) {
            advances_capacity = (size_t)length + 1;
            advances = realloc(advances, advances_capacity * sizeof *advances);
        }
        memset(advances, 0, ((size_t)length + 1) * sizeof *advances);
        hb_buffer_reset(buffer);
        hb_buffer_add_utf8(buffer, line, (int)length, 0, (int)length);
        hb_buffer_guess_segment_properties(buffer);
        hb_shape(font, buffer, NULL, 0);
        unsigned int count;
        hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
        hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
        for (unsigned int i = 0; i < count; i++) advances[infos[i].cluster] += positions[i].x_advance * scale;
        utext_openUTF8(&text, line, length, &status);
        ubrk_setUText(iterator, &text, &status);
        if (U_FAILURE(status)) { fprintf(stderr, "ubrk_setUText: %s\n", u_errorName(status)); return 1; }
        // Greedy fill over the opportunities; trailing spaces do not count.
        double width = 0;
        int start = 0, empty = 1;
        for (int32_t end = ubrk_next(iterator); end != UBRK_DONE; end = ubrk_next(iterator)) {
            double segment = 0, spaces = 0;
            for (int i = start; i < end; i++) {
                if (line[i] == ' ') spaces += advances[i];
                else { segment += spaces + advances[i]; spaces = 0; }
            }
            if (!empty && width + segment > room) { lines++; width = 0; empty = 1; }
            width += segment + spaces;
            empty = 0;
            start = end;
        }
        if (!empty) lines++;
    }
    printf("%lld\n", lines);
    hb_buffer_destroy(buffer);
    free(advances);
    free(line);
    return 0;
}
