// The floor of the CJK text bench (Benchmarks/cjk_bench.py): ICU's line
// break iterator, for strict Chinese (zh@lb=strict, what the text measure
// asks for lang zh-Hans), run over every paragraph of a file (one a line,
// UTF-8), counting the opportunities. One iterator, given each paragraph
// in turn through a UTF-8 UText, as a program that only needs the breaks
// would do. usage: icu_linebreak_floor FILE (prints the count).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) {
        perror(argv[1]);
        return 2;
    }
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "zh@lb=strict", NULL, 0, &status);
    if (U_FAILURE(status)) {
        fprintf(stderr, "ubrk_open: %s\n", u_errorName(status));
        return 1;
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long long count = 0;
    UText text = UTEXT_INITIALIZER;
    while ((length = getline(&line, &capacity, file)) > 0) {
        if (line[length - 1] == '\n') length--;
        utext_openUTF8(&text, line, length, &status);
        ubrk_setUText(iterator, &text, &status);
        if (U_FAILURE(status)) {
            fprintf(stderr, "ubrk_setUText: %s\n", u_errorName(status));
            return 1;
        }
        for (int32_t at = ubrk_first(iterator); at != UBRK_DONE; at = ubrk_next(iterator)) count++;
    }
    utext_close(&text);
    ubrk_close(iterator);
    free(line);
    fclose(file);
    printf("%lld\n", count);
    return 0;
}
