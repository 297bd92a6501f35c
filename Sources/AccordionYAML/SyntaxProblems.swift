/// libyaml's problem strings, rephrased as sentences a spec author
/// understands. libyaml reports a `context` ("while scanning a quoted
/// scalar", with the place that construct started) and a `problem` (with
/// the place it went wrong); the table says what to tell the author and
/// which of the two places to point at.
enum SyntaxProblems {
    /// How one libyaml problem is told.
    struct Entry: Sendable {
        /// The sentence; `{context}` is replaced by the context's line number.
        let message: String
        /// Point at the start of the construct (the context mark) rather than
        /// where libyaml gave up: right when libyaml only notices the mistake
        /// a line or more later (an unclosed quote found at the end of file).
        let pointAtContext: Bool
    }

    /// Keyed by libyaml's problem text; a `context|problem` key wins over the
    /// problem alone when the same problem means different things.
    static let table: [String: Entry] = [
        "found character that cannot start any token": Entry(
            message: "this character cannot start a YAML value here; if it is meant as text, put the value in quotes",
            pointAtContext: false),
        "while scanning a simple key|could not find expected ':'": Entry(
            message: "this line looks like a key, but no ':' follows it on the same line (a key needs ': ' after it; a multi-line text value must be indented under its key)",
            pointAtContext: true),
        "while scanning a quoted scalar|found unexpected end of stream": Entry(
            message: "this quoted string is never closed: the file ends before its closing quote",
            pointAtContext: true),
        "while scanning a quoted scalar|found unexpected document indicator": Entry(
            message: "this quoted string is not closed before a '---' or '...' line",
            pointAtContext: true),
        "found unexpected end of stream": Entry(
            message: "the file ends in the middle of this construct",
            pointAtContext: true),
        "while parsing a flow sequence|did not find expected ',' or ']'": Entry(
            message: "this '[' list is not closed properly: after an item, YAML expects ',' and another item, or ']'",
            pointAtContext: false),
        "while parsing a flow mapping|did not find expected ',' or '}'": Entry(
            message: "this '{' mapping is not closed properly: after an entry, YAML expects ',' and another entry, or '}'",
            pointAtContext: false),
        "while parsing a block mapping|did not find expected key": Entry(
            message: "this line is not indented like the keys of the mapping that starts on line {context}: check its indentation (or quote a value that starts with a special character)",
            pointAtContext: false),
        "while parsing a block collection|did not find expected '-' indicator": Entry(
            message: "this line is not indented like the items of the list that starts on line {context}: every item starts with '- ' at the same column",
            pointAtContext: false),
        "mapping values are not allowed in this context": Entry(
            message: "a ': ' is not allowed here: either a key is indented wrongly, or a plain value contains ': ' and must be put in quotes",
            pointAtContext: false),
        "block sequence entries are not allowed in this context": Entry(
            message: "a '- ' list item is not allowed here: start the list on its own line, indented under its key",
            pointAtContext: false),
        "did not find expected node content": Entry(
            message: "a value was expected here, but what follows cannot start one",
            pointAtContext: false),
        "did not find expected <document start>": Entry(
            message: "unexpected content after the end of the document",
            pointAtContext: false),
        "found undefined tag handle": Entry(
            message: "this tag uses a handle that no %TAG directive defines",
            pointAtContext: false),
        "found unknown escape character": Entry(
            message: "this is not a valid escape in a double-quoted string (write a backslash itself as '\\\\', or use single quotes)",
            pointAtContext: false),
        "did not find expected hexdecimal number": Entry(
            message: "a \\x, \\u or \\U escape needs 2, 4 or 8 hexadecimal digits",
            pointAtContext: false),
        "found invalid Unicode character escape code": Entry(
            message: "this \\u or \\U escape does not name a Unicode character",
            pointAtContext: false),
        "found a tab character that violates indentation": Entry(
            message: "a tab character is used for indentation here; YAML allows only spaces for indentation",
            pointAtContext: false),
        "found a tab character where an indentation space is expected": Entry(
            message: "a tab character is used for indentation here; YAML allows only spaces for indentation",
            pointAtContext: false),
        "found an indentation indicator equal to 0": Entry(
            message: "a block scalar's indentation indicator must be a digit from 1 to 9, not 0",
            pointAtContext: false),
        "did not find expected comment or line break": Entry(
            message: "only a comment may follow a block scalar's '|' or '>' indicator on its line",
            pointAtContext: false),
        "did not find expected alphabetic or numeric character": Entry(
            message: "an anchor ('&') or alias ('*') needs a name right after it",
            pointAtContext: false),
        "did not find expected whitespace or line break": Entry(
            message: "a tag must be followed by a space or the end of the line",
            pointAtContext: false),
        "did not find expected tag URI": Entry(
            message: "this tag is malformed", pointAtContext: false),
        "did not find the expected '>'": Entry(
            message: "this verbatim tag '!<...>' is not closed with '>'", pointAtContext: false),
        "found incompatible YAML document": Entry(
            message: "this document declares a YAML version other than 1.x", pointAtContext: false),
        "found duplicate %YAML directive": Entry(
            message: "the %YAML directive appears twice", pointAtContext: false),
        "found duplicate %TAG directive": Entry(
            message: "this %TAG directive defines a handle a second time", pointAtContext: false),
        "found unknown directive name": Entry(
            message: "unknown directive: only %YAML and %TAG exist", pointAtContext: false),
        "found unexpected ':'": Entry(
            message: "a ':' is not allowed here in a flow collection; put the value in quotes", pointAtContext: false),
        "control characters are not allowed": Entry(
            message: "the file contains a control character, which YAML text may not contain", pointAtContext: false),
        "invalid leading UTF-8 octet": Entry(
            message: "the file is not valid UTF-8 here; save it as UTF-8", pointAtContext: false),
        "invalid trailing UTF-8 octet": Entry(
            message: "the file is not valid UTF-8 here; save it as UTF-8", pointAtContext: false),
        "incomplete UTF-8 octet sequence": Entry(
            message: "the file ends in the middle of a UTF-8 character; save it as UTF-8", pointAtContext: false),
        "invalid length of a UTF-8 sequence": Entry(
            message: "the file is not valid UTF-8 here (an overlong encoding); save it as UTF-8", pointAtContext: false),
        "invalid Unicode character": Entry(
            message: "the file contains a byte sequence that is not a Unicode character (a surrogate or a value above U+10FFFF); save it as UTF-8",
            pointAtContext: false),
        "input is too long": Entry(message: "the input is too long", pointAtContext: false),
        "could not find expected directive name": Entry(
            message: "a '%' at the start of a line begins a directive, but no directive name follows", pointAtContext: false),
        "found unexpected non-alphabetical character": Entry(
            message: "a directive name may contain only letters, digits, '-' and '_'", pointAtContext: false),
        "did not find expected digit or '.' character": Entry(
            message: "the %YAML directive needs a version such as 1.2", pointAtContext: false),
        "did not find expected version number": Entry(
            message: "the %YAML directive needs a version such as 1.2", pointAtContext: false),
        "found extremely long version number": Entry(
            message: "the %YAML directive's version number is far too long", pointAtContext: false),
        "did not find expected whitespace": Entry(
            message: "the handle and prefix of a %TAG directive must be separated by spaces", pointAtContext: false),
        "did not find expected '!'": Entry(
            message: "a tag handle must end with '!'", pointAtContext: false),
        "did not find URI escaped octet": Entry(
            message: "a '%' in a tag must be followed by two hexadecimal digits", pointAtContext: false),
    ]

    /// What each libyaml context is called in a "... starts here" note;
    /// no entry means the context adds nothing worth pointing at.
    static let contextNouns: [String: String] = [
        "while scanning a simple key": "the key",
        "while scanning a quoted scalar": "the quoted string",
        "while parsing a quoted scalar": "the quoted string",
        "while scanning a plain scalar": "the value",
        "while scanning a block scalar": "the block text ('|' or '>')",
        "while parsing a block mapping": "the mapping",
        "while parsing a block collection": "the list",
        "while parsing a flow sequence": "the '[' list",
        "while parsing a flow mapping": "the '{' mapping",
        "while parsing a node": "the value",
        "while parsing a block node": "the value",
        "while parsing a flow node": "the value",
        "while scanning an anchor": "the anchor",
        "while scanning an alias": "the alias",
        "while scanning a tag": "the tag",
        "while parsing a tag": "the tag",
        "while scanning a directive": "the directive",
        "while scanning a %YAML directive": "the %YAML directive",
        "while scanning a %TAG directive": "the %TAG directive",
        "while parsing a %TAG directive": "the %TAG directive",
        "while scanning a tag directive": "the %TAG directive",
        "while parsing a tag directive": "the %TAG directive",
    ]

    /// The entry for a libyaml report, if the table has one.
    static func entry(context: String?, problem: String) -> Entry? {
        if let context, let e = table[context + "|" + problem] { return e }
        return table[problem]
    }
}
