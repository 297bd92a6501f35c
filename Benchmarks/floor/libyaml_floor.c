/*
 * The libyaml floor: the least work any YAML tool built on libyaml can do
 * to a file. By default it runs libyaml's event parser over the file and
 * discards every event; with --tree it builds libyaml's own document tree
 * (yaml_parser_load), the reference the issue compares memory against.
 * It prints nothing on success, so the benchmark measures parsing alone.
 * Built against the same system libyaml the accordion package links.
 */
#include <stdio.h>
#include <string.h>
#include <yaml.h>

static int fail(yaml_parser_t *parser, const char *path) {
    fprintf(stderr, "%s:%lu:%lu: error: %s\n", path,
            (unsigned long)parser->problem_mark.line + 1,
            (unsigned long)parser->problem_mark.column + 1,
            parser->problem ? parser->problem : "libyaml failed");
    yaml_parser_delete(parser);
    return 1;
}

int main(int argc, char **argv) {
    int tree = 0;
    const char *path = NULL;
    if (argc == 3 && strcmp(argv[1], "--tree") == 0) {
        tree = 1;
        path = argv[2];
    } else if (argc == 2) {
        path = argv[1];
    } else {
        fprintf(stderr, "usage: libyaml_floor [--tree] FILE\n");
        return 2;
    }
    FILE *file = fopen(path, "rb");
    if (!file) {
        perror(path);
        return 2;
    }
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        fprintf(stderr, "libyaml: cannot initialise the parser\n");
        return 2;
    }
    yaml_parser_set_input_file(&parser, file);
    if (tree) {
        for (;;) {
            yaml_document_t document;
            if (!yaml_parser_load(&parser, &document)) return fail(&parser, path);
            int empty = yaml_document_get_root_node(&document) == NULL;
            yaml_document_delete(&document);
            if (empty) break;
        }
    } else {
        for (;;) {
            yaml_event_t event;
            if (!yaml_parser_parse(&parser, &event)) return fail(&parser, path);
            int done = event.type == YAML_STREAM_END_EVENT;
            yaml_event_delete(&event);
            if (done) break;
        }
    }
    yaml_parser_delete(&parser);
    fclose(file);
    return 0;
}
