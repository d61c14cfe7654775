// The one XML escaper of the package: SVG pictures (`PathSVG`, `fling render`, tile-bench's
// chart) and the replay page (`fling view`) all put text from documents (names, notes, labels)
// into XML or HTML through it. XML 1.0 forbids most C0 control characters even as character
// references (`&#1;` is not well-formed), so those cannot be escaped, only replaced.

/// Text made safe for XML 1.0 and HTML character data and attribute values (quoted with `"` or
/// `'`).
///
/// - `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`.
/// - Tab, line feed and carriage return become `&#9;`, `&#10;` and `&#13;`, so they survive
///   attribute-value normalization (which turns a raw one into a space) and line-end
///   normalization (which turns a raw CR into LF).
/// - Every other character XML 1.0 forbids (U+0000 to U+001F but those three, U+FFFE, U+FFFF)
///   and the ones it discourages and HTML reads as errors (U+007F to U+009F, the other
///   noncharacters U+FDD0 to U+FDEF and U+nFFFE, U+nFFFF) become U+FFFD, the replacement
///   character: no character reference would be well-formed for the first group.
/// - Everything else is kept as it is.
package enum XMLText {
    /// `text` escaped as above; the same string when nothing needs escaping.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsWork) else { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        for u in text.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(isRefused(u) ? "\u{FFFD}" : u)
            }
        }
        return out
    }

    /// Whether `u` is replaced by U+FFFD (see ``XMLText``).
    static func isRefused(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        if v < 0x20 { return v != 0x09 && v != 0x0A && v != 0x0D }
        if (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) { return true }
        return v & 0xFFFE == 0xFFFE
    }

    static func needsWork(_ u: Unicode.Scalar) -> Bool {
        switch u {
        case "&", "<", ">", "\"", "'": true
        default: u.value < 0x20 || isRefused(u)
        }
    }
}
