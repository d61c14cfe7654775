// Text forms of bytes and numbers that every document, picture and page writes: base64 for a
// snapshot's bytes in a trace and the replay page's typed arrays, the one JSON string writer
// and the one number formatter (NumberText.swift). In the implementation module so that the
// layers that write text (FlingTraces' documents, FlingView's pictures and page, the command
// line) share one copy without one of them reaching into another's internals.

/// Base64 (RFC 4648, with padding): a snapshot's bytes in a JSON string, and the replay page's
/// data (what the browser's `atob` reads).
package enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [alphabet[Int(n >> 18)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not base64 with padding.
    package static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt8] = Array(repeating: 255, count: 256)
        for (k, c) in alphabet.enumerated() { values[Int(c)] = UInt8(k) }
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var i = 0
        while i < chars.count {
            let pad = (chars[i + 3] == UInt8(ascii: "=") ? 1 : 0) + (chars[i + 2] == UInt8(ascii: "=") ? 1 : 0)
            guard pad == 0 || i + 4 == chars.count, !(pad == 1 && chars[i + 2] == UInt8(ascii: "=")) else { return nil }
            var n: UInt32 = 0
            for k in 0..<4 {
                let c = chars[i + k]
                let v: UInt8 = k >= 4 - pad ? 0 : values[Int(c)]
                guard v != 255 else { return nil }
                n = n << 6 | UInt32(v)
            }
            out.append(UInt8(n >> 16 & 255))
            if pad < 2 { out.append(UInt8(n >> 8 & 255)) }
            if pad < 1 { out.append(UInt8(n & 255)) }
            i += 4
        }
        // Canonical: the bits padding leaves unused are zero (one byte string, one text).
        guard encode(out) == text else { return nil }
        return out
    }
}

/// JSON string literals.
package enum JSONText {
    /// A JSON string literal: the one JSON string writer of the package. In a document, quotes,
    /// backslashes and control characters are escaped and everything else is kept. With
    /// `markupSafe` (the replay page's data block, inside an HTML `<script>` element), nothing in
    /// it can end the element or be read as markup: `<`, `>`, `&` and the JavaScript line
    /// separators U+2028 and U+2029 are `\u` escapes too, and what `refused` says XML refuses
    /// (FlingView's `XMLText.isRefused`; control characters included) is U+FFFD (or its own
    /// escape within the first plane).
    package static func string(_ s: String, markupSafe refused: ((Unicode.Scalar) -> Bool)? = nil) -> String {
        let markupSafe = refused != nil
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<", ">", "&", "\u{2028}", "\u{2029}":
                if markupSafe { out += unicode(u.value) } else { out.unicodeScalars.append(u) }
            default:
                if let refused, u.value < 0x20 || refused(u) {
                    out += unicode(u.value < 0x20 || u.value > 0xFFFF ? 0xFFFD : u.value)
                } else if !markupSafe, u.value < 0x20 || u.value == 0x7F {
                    out += unicode(u.value)
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// `\u` and four lowercase hexadecimal digits.
    static func unicode(_ v: UInt32) -> String {
        let h = String(v, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}
