/// `--color auto|always|never`, decided here and nowhere else.
enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    /// Whether to colour a stream that is (or is not) a terminal. In `auto`,
    /// `NO_COLOR` set and not empty turns colour off (no-color.org) and wins;
    /// otherwise `FORCE_COLOR` set and not empty turns it on (force-color.org);
    /// otherwise a terminal is coloured and anything else is not.
    func enabled(terminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let value = IO.environment("NO_COLOR"), !value.isEmpty { return false }
            if let value = IO.environment("FORCE_COLOR"), !value.isEmpty { return true }
            return terminal
        }
    }

    /// Whether to colour the stream on file descriptor `fd`.
    func enabled(fd: Int32) -> Bool { enabled(terminal: IO.isTerminal(fd: fd)) }
}
