/// libyaml's problem strings, rephrased as sentences a spec author
/// understands: what is wrong at that spot, and how to fix it. libyaml
/// reports a `context` ("while scanning a quoted scalar", with the place that
/// construct started) and a `problem` (with the place it went wrong); the
/// table says what to tell the author and which of the two places to point
/// at. libyaml's own words go only to machine-readable output.
enum SyntaxProblems {
    /// How one libyaml problem is told.
    struct Entry: Sendable {
        /// What is wrong; `{context}` is replaced by the context's line number.
        let message: String
        /// How to fix it.
        let help: String?
        /// Point at the start of the construct (the context mark) rather than
        /// where libyaml gave up: right when libyaml only notices the mistake
        /// a line or more later (an unclosed quote found at the end of file).
        let pointAtContext: Bool

        init(message: String, help: String?, pointAtContext: Bool = false) {
            self.message = message
            self.help = help
            self.pointAtContext = pointAtContext
        }
    }

    /// A tab where indentation goes, however libyaml noticed it.
    static let tabIndentation = Entry(
        message: "a tab character is used for indentation here; YAML allows only spaces for indentation",
        help: "indent with spaces: replace the tab with spaces so the line starts in the same column as the lines it belongs with")

    /// The fix for every byte that is not UTF-8 text.
    static let saveAsUTF8 = "save the file as UTF-8 (most editors set the encoding when saving)"

    /// A NUL byte: usually a binary file or UTF-16/UTF-32 without a byte-order mark.
    static let nulByte = Entry(
        message: "the file contains a NUL byte, which YAML text may not contain",
        help: "is it a binary file, or UTF-16/UTF-32 without a byte-order mark? save the spec as UTF-8 text")

    /// Keyed by libyaml's problem text; a `context|problem` key wins over the
    /// problem alone when the same problem means different things.
    static let table: [String: Entry] = [
        "found character that cannot start any token": Entry(
            message: "this character cannot start a YAML value here",
            help: "if the value is text, put all of it in quotes, as in `title: '%d items'`"),
        "while scanning a simple key|could not find expected ':'": Entry(
            message: "this line looks like a key, but no ':' follows it on the same line",
            help: "write ': ' after the key, as in `title: Mail`; if the line continues the text above it, indent it under that key or put the whole text in quotes",
            pointAtContext: true),
        "while scanning a quoted scalar|found unexpected end of stream": Entry(
            message: "this quoted string is never closed: the file ends before its closing quote",
            help: "add the closing quote (the same character the string starts with) where the text ends",
            pointAtContext: true),
        "while scanning a quoted scalar|found unexpected document indicator": Entry(
            message: "this quoted string is not closed before a '---' or '...' line",
            help: "add the closing quote (the same character the string starts with) where the text ends",
            pointAtContext: true),
        "found unexpected end of stream": Entry(
            message: "the file ends in the middle of this construct",
            help: "finish it or remove it: look for a missing closing quote, ']' or '}'",
            pointAtContext: true),
        "while parsing a flow sequence|did not find expected ',' or ']'": Entry(
            message: "this '[' list is not closed properly: after an item, YAML expects ',' and another item, or ']'",
            help: "close the list with ']' and separate its items with ', '; put an item that contains ',', ':' or brackets in quotes"),
        "while parsing a flow mapping|did not find expected ',' or '}'": Entry(
            message: "this '{' mapping is not closed properly: after an entry, YAML expects ',' and another entry, or '}'",
            help: "close the mapping with '}' and separate its entries with ', '; put a value that contains ',', ':' or brackets in quotes"),
        "while parsing a block mapping|did not find expected key": Entry(
            message: "this line is not indented like the keys of the mapping that starts on line {context}",
            help: "line it up with spaces: with the other keys of that mapping, or with the '- ' above if it is one more item of a list; if it continues the value above, put that value in quotes"),
        "while parsing a block collection|did not find expected '-' indicator": Entry(
            message: "this line is not indented like the items of the list that starts on line {context}",
            help: "line it up with spaces: each item of that list starts with '- ' in the same column, and each key of an item sits in the column of the item's first key"),
        "mapping values are not allowed in this context": Entry(
            message: "a ': ' is not allowed here",
            help: "if this is a key, indent it like the keys around it; if ': ' is part of a text value, put the whole value in quotes, as in `title: 'Inbox: 3 new'`"),
        "block sequence entries are not allowed in this context": Entry(
            message: "a '- ' list item is not allowed here",
            help: "start the list on a line of its own, indented under its key (`panels:`, then `  - id: ...`)"),
        "did not find expected node content": Entry(
            message: "a value was expected here, but what follows cannot start one",
            help: "write a value here; if it starts with a character YAML treats specially (such as ',', ']', '}', '|' or '>'), put it in quotes"),
        "did not find expected <document start>": Entry(
            message: "unexpected content after the end of the document",
            help: "a spec is one YAML document: remove what follows it, or indent it to belong to the spec"),
        "found undefined tag handle": Entry(
            message: "this tag uses a handle that no %TAG directive defines",
            help: "remove the tag, or use a standard one such as `!!str`"),
        "found unknown escape character": Entry(
            message: "this is not a valid escape in a double-quoted string",
            help: "write a backslash itself as '\\\\', or use single quotes, where a backslash is plain text"),
        "did not find expected hexdecimal number": Entry(
            message: "a \\x, \\u or \\U escape needs 2, 4 or 8 hexadecimal digits",
            help: "write the hexadecimal digits right after the escape, or use single quotes, where a backslash is plain text"),
        "found invalid Unicode character escape code": Entry(
            message: "this \\u or \\U escape does not name a Unicode character",
            help: "use a code point up to 10FFFF outside the surrogates D800 to DFFF"),
        "found a tab character that violates indentation": tabIndentation,
        "found a tab character where an indentation space is expected": tabIndentation,
        "found an indentation indicator equal to 0": Entry(
            message: "a block scalar's indentation indicator must be a digit from 1 to 9, not 0",
            help: "write '|' or '>' alone and let YAML find the indentation, or give a digit from 1 to 9"),
        "did not find expected comment or line break": Entry(
            message: "only a comment may follow a block scalar's '|' or '>' indicator on its line",
            help: "start the text on the next line, indented under its key"),
        "did not find expected alphabetic or numeric character": Entry(
            message: "an anchor ('&') or alias ('*') needs a name right after it",
            help: "write the name with no space, as in `&brand` and `*brand`; put a text value that starts with '&' or '*' in quotes"),
        "did not find expected whitespace or line break": Entry(
            message: "a tag must be followed by a space or the end of the line",
            help: "put a space between the tag and the value, as in `!!str 12`"),
        "did not find expected tag URI": Entry(
            message: "this tag is malformed", help: "remove the tag, or use a standard one such as `!!str`"),
        "did not find the expected '>'": Entry(
            message: "this verbatim tag '!<...>' is not closed with '>'", help: "close it with '>', as in `!<tag:yaml.org,2002:str>`"),
        "found incompatible YAML document": Entry(
            message: "this document declares a YAML version other than 1.x", help: "write `%YAML 1.2`, or remove the directive"),
        "found duplicate %YAML directive": Entry(
            message: "the %YAML directive appears twice", help: "keep one %YAML line"),
        "found duplicate %TAG directive": Entry(
            message: "this %TAG directive defines a handle a second time", help: "keep one %TAG line for each handle"),
        "found unknown directive name": Entry(
            message: "unknown directive: only %YAML and %TAG exist", help: "remove the line"),
        "found unexpected ':'": Entry(
            message: "a ':' is not allowed here in a flow collection", help: "put the value that contains ':' in quotes"),
        "control characters are not allowed": Entry(
            message: "the file contains a control character, which YAML text may not contain",
            help: "remove it; a spec is plain UTF-8 text"),
        "invalid leading UTF-8 octet": Entry(
            message: "the file is not valid UTF-8 here", help: saveAsUTF8),
        "invalid trailing UTF-8 octet": Entry(
            message: "the file is not valid UTF-8 here", help: saveAsUTF8),
        "incomplete UTF-8 octet sequence": Entry(
            message: "the file ends in the middle of a UTF-8 character", help: saveAsUTF8),
        "invalid length of a UTF-8 sequence": Entry(
            message: "the file is not valid UTF-8 here (an overlong encoding)", help: saveAsUTF8),
        "invalid Unicode character": Entry(
            message: "the file contains a byte sequence that is not a Unicode character (a surrogate or a value above U+10FFFF)",
            help: saveAsUTF8),
        "input is too long": Entry(message: "the file is longer than the YAML parser can read", help: "split it into smaller files"),
        "could not find expected directive name": Entry(
            message: "a '%' at the start of a line begins a directive, but no directive name follows",
            help: "remove the line, or put a value that starts with '%' in quotes"),
        "found unexpected non-alphabetical character": Entry(
            message: "a directive name may contain only letters, digits, '-' and '_'", help: "remove the line, or correct the name"),
        "did not find expected digit or '.' character": Entry(
            message: "the %YAML directive needs a version such as 1.2", help: "write `%YAML 1.2`"),
        "did not find expected version number": Entry(
            message: "the %YAML directive needs a version such as 1.2", help: "write `%YAML 1.2`"),
        "found extremely long version number": Entry(
            message: "the %YAML directive's version number is far too long", help: "write `%YAML 1.2`"),
        "did not find expected whitespace": Entry(
            message: "the handle and prefix of a %TAG directive must be separated by spaces",
            help: "write it as `%TAG !e! tag:example.com,2000:`"),
        "did not find expected '!'": Entry(
            message: "a tag handle must end with '!'", help: "end the handle with '!', as in `!e!`"),
        "did not find URI escaped octet": Entry(
            message: "a '%' in a tag must be followed by two hexadecimal digits", help: "write a '%' itself as '%25'"),
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

    /// `@` or a backquote starting a plain value (`title: @home`): the help
    /// quotes the rest of the line, up to a comment, when it is short and
    /// holds no quote of its own.
    static func reservedCharacter(in text: [UInt8], at start: Int) -> Entry {
        let message = "'\(Character(Unicode.Scalar(text[start])))' is reserved in YAML and cannot start a plain value"
        func endsValue(_ i: Int) -> Bool {
            i == text.count || text[i] == 0x0A || text[i] == 0x0D || text[i] == UInt8(ascii: "#") && text[i - 1] == 0x20
        }
        var end = start
        while !endsValue(end), end - start < 60, text[end] != UInt8(ascii: "'") { end += 1 }
        guard endsValue(end) else { return Entry(message: message, help: "put the value in quotes") }
        while end > start, text[end - 1] == 0x20 { end -= 1 }
        return Entry(message: message, help: "put the value in quotes: '\(String(decoding: text[start..<end], as: UTF8.self))'")
    }

    /// The entry for a libyaml report, if the table has one.
    static func entry(context: String?, problem: String) -> Entry? {
        if let context, let e = table[context + "|" + problem] { return e }
        return table[problem]
    }
}
