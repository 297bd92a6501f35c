/// Shared helpers of the fuzz targets (compiled into each target binary,
/// never into the package).
import AccordionDiagnostics

/// The fuzzer's input as an array, the form every loader takes.
func fuzzBytes(_ start: UnsafeRawPointer?, _ count: Int) -> [UInt8] {
    guard let start, count > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: start, count: count))
}

/// Stops the run with a message the fuzzer's crash report keeps, so a
/// broken invariant is a crash with its reason attached.
func fuzzFailure(_ message: String) -> Never {
    fatalError("fuzz invariant broken: \(message)")
}

/// Turns the fuzzer's bytes into decisions for the structured target: every
/// read consumes bytes from the front, and an exhausted input reads as zeros,
/// so any byte string decodes into some valid spec and script and a mutation
/// of one byte changes one decision.
struct ByteReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isExhausted: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint16() -> Int { Int(byte()) << 8 | Int(byte()) }

    /// A number in `0..<bound` (0 when bound is 0).
    mutating func below(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return bound <= 256 ? Int(byte()) % bound : uint16() % bound
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

/// Every problem points into the input: 1-based line and column, a byte
/// offset inside the input (or just past it), a span that does not run
/// backwards, and a message. (Lines are not counted here: YAML has several
/// line breaks, so the bound is the byte count.) A UTF-16 input is
/// transcoded to UTF-8 before parsing and its offsets count UTF-8 bytes
/// (reported: they should count the file's bytes), so its bound is the
/// transcoded size: at most 3 bytes per 2-byte code unit.
func checkLocated(_ diagnostics: [Diagnostic], input: [UInt8]) {
    if diagnostics.isEmpty { fuzzFailure("a DiagnosticError without diagnostics") }
    let utf16 = input.starts(with: [0xFE, 0xFF]) || input.starts(with: [0xFF, 0xFE])
    let bound = utf16 ? input.count * 3 / 2 : input.count
    for d in diagnostics {
        let s = d.span
        if s.start.line < 1 || s.start.column < 1 || s.start.line > bound + 1
            || s.start.offset < 0 || s.start.offset > bound || s.end.offset > bound
            || s.end.offset < s.start.offset {
            fuzzFailure("diagnostic outside the input of \(input.count) bytes: \(s.start)-\(s.end): \(d.message)")
        }
        if d.message.isEmpty { fuzzFailure("a diagnostic without a message (rule \(d.rule))") }
    }
}
