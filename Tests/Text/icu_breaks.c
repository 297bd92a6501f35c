// The independent reading of Tests/Text/breaks_test.py: ICU's own line
// break and character (grapheme cluster) iterators, called directly (not
// through the package's CICU), over records `LANG<TAB>STRICT<TAB>TEXT` on
// stdin, one a line, UTF-8. For each record it prints two lines: `L` and
// the UTF-8 offsets of every line break opportunity (UAX #14, for LANG's
// locale, with `@lb=strict` when STRICT is 1), then `C` and the offsets of
// every cluster boundary (UAX #29); 0 and the text's length included.
// usage: icu_breaks < RECORDS
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/utext.h>

static int print_breaks(char tag, UBreakIteratorType type, const char *locale, const char *text, int64_t length) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    UText source = UTEXT_INITIALIZER;
    utext_openUTF8(&source, text, length, &status);
    ubrk_setUText(iterator, &source, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "icu_breaks: %s for locale %s\n", u_errorName(status), locale);
        return 1;
    }
    printf("%c", tag);
    for (int32_t at = ubrk_first(iterator); at != UBRK_DONE; at = ubrk_next(iterator)) printf(" %d", at);
    printf("\n");
    utext_close(&source);
    ubrk_close(iterator);
    return 0;
}

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        if (line[length - 1] == '\n') line[--length] = 0;
        char *strict = strchr(line, '\t');
        char *text = strict ? strchr(strict + 1, '\t') : NULL;
        if (!text) {
            fprintf(stderr, "icu_breaks: a record is LANG<TAB>STRICT<TAB>TEXT\n");
            return 2;
        }
        *strict++ = 0;
        *text++ = 0;
        char locale[ULOC_FULLNAME_CAPACITY] = "";
        UErrorCode status = U_ZERO_ERROR;
        int32_t parsed = 0;
        if (line[0]) uloc_forLanguageTag(line, locale, sizeof locale, &parsed, &status);
        if (strict[0] == '1') uloc_setKeywordValue("lb", "strict", locale, sizeof locale, &status);
        if (U_FAILURE(status)) {
            fprintf(stderr, "icu_breaks: %s for %s\n", u_errorName(status), line);
            return 1;
        }
        int64_t size = (int64_t)strlen(text);
        if (print_breaks('L', UBRK_LINE, locale, text, size) || print_breaks('C', UBRK_CHARACTER, "", text, size)) return 1;
    }
    free(line);
    return 0;
}
