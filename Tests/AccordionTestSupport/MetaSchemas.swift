#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the tests find the official draft 2020-12 meta-schemas: the cache
/// `scripts/fetch-meta-schemas.py` fills from PyPI (`make test` runs it
/// first), inside the package's own `.build/`, or the folder named by
/// `ACCORDION_META_SCHEMAS`. Tests that need them fail, never skip, when
/// the folder is missing, and say how to fill it.
public enum MetaSchemas {
    /// The folder holding `schema.json` and `meta/<vocabulary>.json`.
    public static var directory: String {
        if let given = getenv("ACCORDION_META_SCHEMAS") { return String(cString: given) }
        // #filePath is <package>/Tests/AccordionTestSupport/MetaSchemas.swift.
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return (parts + [".build", "meta-schemas", "draft2020-12"]).joined(separator: "/")
    }

    /// The command that fills the folder, for failure messages.
    public static let fetchCommand = "python3 scripts/fetch-meta-schemas.py"

    /// Why the folder cannot be used, or nil when `schema.json` is there.
    public static var missing: String? {
        access(directory + "/schema.json", R_OK) == 0 ? nil
            : "the official meta-schemas are not in \(directory): run `\(fetchCommand)` (make test runs it)"
    }
}
