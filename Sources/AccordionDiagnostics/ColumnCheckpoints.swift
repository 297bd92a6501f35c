/// Counts of characters (UTF-8 lead bytes, as columns count them) before
/// every `stride`-th byte of a text, so the column of any offset on a very
/// long line is found by counting at most `stride` bytes. Built only for
/// texts with a line longer than `longLine`: a minified spec is one line,
/// and counting from its start for each of thousands of problems made
/// reports quadratic in the file's size.
public enum ColumnCheckpoints {
    /// Bytes between checkpoints.
    public static let stride = 256
    /// Lines at least this long make a text worth the table.
    public static let longLine = 4096

    /// The table for `bytes`, or `[]` when every line is short.
    ///
    /// - Parameters:
    ///   - bytes: The UTF-8 text.
    ///   - lineStarts: The byte offset where each line starts.
    /// - Returns: The checkpoints `characters(before:_:_:)` and `offset(ofCharacter:_:_:)` read.
    public static func make<S: Sequence>(_ bytes: [UInt8], lineStarts: S) -> [UInt32] where S.Element == Int {
        var previous = 0
        var long = false
        for start in lineStarts {
            if start - previous >= longLine { long = true; break }
            previous = start
        }
        if bytes.count - previous >= longLine { long = true }
        guard long else { return [] }
        var table: [UInt32] = []
        table.reserveCapacity(bytes.count / stride + 1)
        var count: UInt32 = 0
        bytes.withUnsafeBufferPointer { b in
            for i in 0..<b.count {
                if i % stride == 0 { table.append(count) }
                if b[i] & 0xC0 != 0x80 { count += 1 }
            }
        }
        table.append(count)
        return table
    }

    /// Characters in `bytes[0..<offset]`, using `table` from `make`.
    ///
    /// - Parameters:
    ///   - offset: A byte offset into `bytes`.
    ///   - bytes: The UTF-8 text.
    ///   - table: The checkpoints `make(_:lineStarts:)` built for `bytes`.
    /// - Returns: The number of Unicode scalars before `offset`.
    public static func characters(before offset: Int, _ bytes: [UInt8], _ table: [UInt32]) -> Int {
        let chunk = min(offset / stride, table.count - 1)
        var count = Int(table[chunk])
        var i = chunk * stride
        while i < offset, i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 { count += 1 }
            i += 1
        }
        return count
    }

    /// The byte offset of the `character`-th character (0-based) of the
    /// text, or `bytes.count` past the end.
    ///
    /// - Parameters:
    ///   - character: A 0-based character (Unicode scalar) index.
    ///   - bytes: The UTF-8 text.
    ///   - table: The checkpoints `make(_:lineStarts:)` built for `bytes`.
    /// - Returns: The byte offset where that character starts.
    public static func offset(ofCharacter character: Int, _ bytes: [UInt8], _ table: [UInt32]) -> Int {
        // The last checkpoint at or before the character, by bisection.
        var low = 0
        var high = table.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(table[mid]) <= character { low = mid } else { high = mid - 1 }
        }
        var count = Int(table[low])
        var i = low * stride
        while i < bytes.count {
            if bytes[i] & 0xC0 != 0x80 {
                if count == character { return i }
                count += 1
            }
            i += 1
        }
        return bytes.count
    }
}
