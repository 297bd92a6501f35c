#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A few names, each with a value, looked up by a mapping key's UTF-8 bytes
/// (`YAMLEntriesRef.withKeyText`) without making a `String` of the key: the
/// readers of a large spec meet every key of every panel and step. Compared
/// by length, then bytes, so code point by code point, as YAML and JSON
/// compare keys. For a handful of names: the search is linear.
///
/// Inlinable, so each reader's copy is specialised for its value type (the
/// generic one cost more than the `String` it saves).
public struct KeySpellings<Value: Sendable>: Sendable {
    @usableFromInline
    struct Name: Sendable {
        @usableFromInline let offset: Int
        @usableFromInline let count: Int
        @usableFromInline let value: Value
    }

    /// The names' bytes back to back.
    @usableFromInline let bytes: [UInt8]
    @usableFromInline let names: [Name]

    /// The table of `names` (the first of two equal spellings wins).
    ///
    /// - Parameter names: Each spelling and its value.
    public init(_ names: [(String, Value)]) {
        var bytes: [UInt8] = []
        var table: [Name] = []
        for (name, value) in names {
            table.append(Name(offset: bytes.count, count: name.utf8.count, value: value))
            bytes.append(contentsOf: name.utf8)
        }
        self.bytes = bytes
        self.names = table
    }

    /// The value of the name spelled exactly `key`, or nil.
    ///
    /// - Parameter key: The key's UTF-8 bytes.
    /// - Returns: The value of that spelling, or nil.
    @inlinable
    public func value(forUTF8 key: UnsafeBufferPointer<UInt8>) -> Value? {
        position(forUTF8: key).map { names[$0].value }
    }

    /// Where the name spelled exactly `key` stands among the names given,
    /// or nil: a number that a non-generic reader of keys can hand back
    /// (`self[position]` is its value).
    ///
    /// - Parameter key: The key's UTF-8 bytes.
    /// - Returns: The position of that spelling, or nil.
    @inlinable
    public func position(forUTF8 key: UnsafeBufferPointer<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { all -> Int? in
            for (position, name) in names.enumerated() where name.count == key.count {
                if name.count == 0 || memcmp(all.baseAddress! + name.offset, key.baseAddress!, name.count) == 0 {
                    return position
                }
            }
            return nil
        }
    }

    /// The value of the name at `position`.
    ///
    /// - Parameter position: From `position(forUTF8:)`.
    /// - Returns: That name's value.
    @inlinable
    public subscript(position: Int) -> Value { names[position].value }
}
