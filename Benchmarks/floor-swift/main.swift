// The Swift floor: the least a Swift command-line tool on libyaml can cost.
// It starts a Swift process, opens the file with the C library, runs
// libyaml's event parser over it and discards the events, exactly like the
// C floor; the difference between the two is the price of the Swift
// runtime's start-up. Built with `swiftc` directly (no SwiftPM target) so
// the package's own builds stay untouched. With `-D WITH_FOUNDATION` the
// same program imports Foundation, to show what that import alone costs.
#if WITH_FOUNDATION
import Foundation
#endif
import CYAML
import Glibc

func parseAll(_ path: String) -> Int32 {
    guard let file = fopen(path, "rb") else {
        perror(path)
        return 2
    }
    defer { fclose(file) }
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else { return 2 }
    defer { yaml_parser_delete(&parser) }
    yaml_parser_set_input_file(&parser, file)
    var event = yaml_event_t()
    while true {
        guard yaml_parser_parse(&parser, &event) != 0 else {
            let problem = parser.problem.map { String(cString: $0) } ?? "libyaml failed"
            fputs("\(path):\(parser.problem_mark.line + 1):\(parser.problem_mark.column + 1): error: \(problem)\n", stderr)
            return 1
        }
        let done = event.type == YAML_STREAM_END_EVENT
        yaml_event_delete(&event)
        if done { return 0 }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    fputs("usage: accordion-floor FILE\n", stderr)
    exit(2)
}
exit(parseAll(arguments[1]))
