import Foundation

/// The network formats of ``DescriptionFormat``: addresses as Python's `ipaddress` reads them, host
/// names as the `fqdn` package does, URIs and IRIs by RFC 3986's (and 3987's) grammar, and URI
/// templates by RFC 6570's.
enum DescriptionAddress {
    /// Four decimal octets up to 255, without leading zeros.
    static func isIPv4(_ text: String) -> Bool {
        let octets = text.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4
            && octets.allSatisfy { octet in
                guard (1...3).contains(octet.count), octet.allSatisfy({ ("0"..."9").contains($0) }),
                    octet.count == 1 || octet.first != "0"
                else { return false }
                return octet.reduce(0) { $0 * 10 + Int($1.value - 48) } <= 255
            }
    }

    /// Eight groups of up to four hex digits, one `::` standing for one or more, an IPv4 address
    /// for the last two; no zone (`%eth0`).
    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, !text.contains("%") else { return false }
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else { return false }
        if parts[parts.count - 1].contains(".") {
            guard isIPv4(parts.removeLast()) else { return false }
            parts += ["0", "0"]
        }
        guard parts.count <= 9 else { return false }
        let gaps = (1..<(parts.count - 1)).filter { parts[$0].isEmpty }
        guard gaps.count <= 1 else { return false }
        var high = parts.count
        var low = 0
        if let gap = gaps.first {
            high = gap
            low = parts.count - gap - 1
            if parts[0].isEmpty {
                high -= 1
                guard high == 0 else { return false }
            }
            if parts[parts.count - 1].isEmpty {
                low -= 1
                guard low == 0 else { return false }
            }
            guard 8 - (high + low) >= 1 else { return false }
        } else {
            guard parts.count == 8, !parts[0].isEmpty, !parts[7].isEmpty else { return false }
        }
        let groups = parts[0..<high] + parts[(parts.count - low)...]
        return groups.allSatisfy { (1...4).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }

    /// A host name of labels of 1 to 63 letters, digits and hyphens (no hyphen first or last),
    /// 253 characters at most besides a final dot.
    static func isHostname(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let length = text.unicodeScalars.count - (text.hasSuffix(".") ? 1 : 0)
        guard length <= 253 else { return false }
        var name = Substring(text)
        if name.hasSuffix("\n") { name.removeLast() }
        if name.hasSuffix(".") { name.removeLast() }
        let labels = name.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
                }
        }
    }

    // MARK: URIs (RFC 3986; IRIs, RFC 3987, take characters beyond ASCII where URIs take unreserved ones)

    /// `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`.
    static func isURI(_ text: String, international: Bool) -> Bool {
        let s = Array(text.unicodeScalars)
        guard let colon = s.firstIndex(of: ":"), colon > 0, s[0].isASCII, s[0].properties.isAlphabetic,
            s[1..<colon].allSatisfy({ isASCIIAlphanumeric($0) || "+-.".unicodeScalars.contains($0) })
        else { return false }
        return isRest(s[(colon + 1)...], relative: false, international: international)
    }

    /// A URI, or a relative reference (whose first segment, without a scheme, has no colon).
    static func isURIReference(_ text: String, international: Bool) -> Bool {
        isURI(text, international: international)
            || isRest(Array(text.unicodeScalars)[...], relative: true, international: international)
    }

    /// A hier-part (or relative-part) with its query and fragment.
    private static func isRest(_ s: ArraySlice<Unicode.Scalar>, relative: Bool, international: Bool) -> Bool {
        var part = s
        if let hash = part.firstIndex(of: "#") {
            guard isRun(part[(hash + 1)...], extra: ":@/?", international) else { return false }
            part = part[..<hash]
        }
        if let question = part.firstIndex(of: "?") {
            guard isRun(part[(question + 1)...], extra: ":@/?", international) else { return false }
            part = part[..<question]
        }
        if part.starts(with: ["/", "/"]) {
            let afterSlashes = part.dropFirst(2)
            let end = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            return isAuthority(afterSlashes[..<end], international)
                && isRun(afterSlashes[end...], extra: ":@/", international)
        }
        if relative, part.first != "/" {
            let end = part.firstIndex(of: "/") ?? part.endIndex
            if part[..<end].contains(":") { return false }
        }
        return isRun(part, extra: ":@/", international)
    }

    /// `[ userinfo "@" ] host [ ":" port ]`.
    private static func isAuthority(_ s: ArraySlice<Unicode.Scalar>, _ international: Bool) -> Bool {
        var hostPort = s
        if let at = s.firstIndex(of: "@") {
            guard isRun(s[..<at], extra: ":", international) else { return false }
            hostPort = s[(at + 1)...]
        }
        var port: ArraySlice<Unicode.Scalar> = []
        if hostPort.first == "[" {
            guard let close = hostPort.firstIndex(of: "]") else { return false }
            let literal = String(String.UnicodeScalarView(hostPort[(hostPort.startIndex + 1)..<close]))
            guard isIPv6(literal) || isFutureAddress(literal) else { return false }
            port = hostPort[(close + 1)...]
            guard port.isEmpty || port.first == ":" else { return false }
        } else {
            let colon = hostPort.firstIndex(of: ":") ?? hostPort.endIndex
            guard isRun(hostPort[..<colon], extra: "", international) else { return false }
            port = hostPort[colon...]
        }
        return port.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
    private static func isFutureAddress(_ text: String) -> Bool {
        let s = Array(text.unicodeScalars)
        guard s.first == "v" || s.first == "V", let dot = s.firstIndex(of: "."), dot > 1, dot + 1 < s.count,
            s[1..<dot].allSatisfy({ $0.isASCII && Character($0).isHexDigit })
        else { return false }
        return s[(dot + 1)...].allSatisfy { isUnreserved($0, false) || isSubDelimiter($0) || $0 == ":" }
    }

    /// Unreserved characters, sub-delimiters, percent escapes and the characters of `extra`.
    private static func isRun(_ s: ArraySlice<Unicode.Scalar>, extra: String, _ international: Bool) -> Bool {
        var index = s.startIndex
        while index < s.endIndex {
            let scalar = s[index]
            if scalar == "%" {
                guard index + 2 < s.endIndex, isHex(s[index + 1]), isHex(s[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isUnreserved(scalar, international) || isSubDelimiter(scalar) || extra.unicodeScalars.contains(scalar)
            else { return false }
            index += 1
        }
        return true
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
    }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && Character(scalar).isHexDigit }

    private static func isUnreserved(_ scalar: Unicode.Scalar, _ international: Bool) -> Bool {
        isASCIIAlphanumeric(scalar) || "-._~".unicodeScalars.contains(scalar) || (international && scalar.value >= 0xA0)
    }

    private static func isSubDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        "!$&'()*+,;=".unicodeScalars.contains(scalar)
    }

    // MARK: URI templates (RFC 6570, as the `uri-template` package reads them)

    /// Literals without braces, and `{…}` expressions: a variable first (a letter, digit, `_` or a
    /// percent escape) or an operator (`+ # . / ; ? &`, or `,`; `= ! @ |` are reserved), then
    /// varspecs separated by commas, each a name of letters, digits, `_`, `.`, `/` and percent
    /// escapes, with `:1`–`:999`, `*` or `[]`, and perhaps `=default`.
    static func isURITemplate(_ text: String) -> Bool {
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else { return false }
            var expression = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            guard let first = expression.first else { return false }
            if !(first.isASCII && (first.isLetter || first.isNumber || first == "_" || first == "%")) {
                guard "+#./;?&,".contains(first) else { return false }
                expression.removeFirst()
                if first == ",", expression.first == "+" { expression.removeFirst() }
            }
            if let last = expression.last, ",./;&".contains(last) { expression.removeLast() }
            guard expression.split(separator: ",", omittingEmptySubsequences: false).allSatisfy(isVarspec) else {
                return false
            }
        }
        return true
    }

    private static func isVarspec(_ spec: Substring) -> Bool {
        guard let first = spec.first, first.isASCII, first.isLetter || first.isNumber || first == "_" else {
            return false
        }
        var name = spec.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
        if let colon = name.firstIndex(of: ":") {
            let length = name[name.index(after: colon)...]
            guard (1...3).contains(length.count), length.allSatisfy({ $0.isASCII && $0.isNumber }),
                length.contains(where: { $0 != "0" })
            else { return false }
            name = name[..<colon]
        } else if name.hasSuffix("*") {
            name.removeLast()
        } else if name.hasSuffix("[]") {
            name.removeLast(2)
        }
        let s = Array(name.unicodeScalars)
        var index = 0
        while index < s.count {
            if s[index] == "%", index + 2 < s.count, isHex(s[index + 1]), isHex(s[index + 2]) {
                index += 3
                continue
            }
            guard isASCIIAlphanumeric(s[index]) || "_./".unicodeScalars.contains(s[index]) else { return false }
            index += 1
        }
        return true
    }

    // MARK: Internationalized host names (IDNA 2008, approximately as the `idna` package reads them)

    /// Labels of lowercase letters, digits, combining marks (not first) and hyphens (not first,
    /// last, nor third and fourth), unchanged by Unicode normal form KC, not led by an Arabic digit,
    /// each 63 characters at most once written in Punycode, 253 in all; ASCII labels in any case.
    static func isIDNHostname(_ text: String) -> Bool {
        var labels = text.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false).map(Array.init)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        var length = labels.count - 1
        for label in labels {
            guard !label.isEmpty, label.first != "-", label.last != "-" else { return false }
            if label.count >= 4, label[2] == "-", label[3] == "-" {
                guard label.allSatisfy(\.isASCII),
                    String(String.UnicodeScalarView(label)).lowercased().hasPrefix("xn--")
                else { return false }
            }
            if label.allSatisfy(\.isASCII) {
                guard label.count <= 63, label.allSatisfy({ isASCIIAlphanumeric($0) || $0 == "-" }) else {
                    return false
                }
                length += label.count
                continue
            }
            guard label.count <= 63 else { return false }
            let string = String(String.UnicodeScalarView(label))
            guard Array(string.precomposedStringWithCompatibilityMapping.unicodeScalars) == label,
                !label[0].properties.isGraphemeExtend, !(0x660...0x669).contains(label[0].value),
                !(0x6F0...0x6F9).contains(label[0].value),
                label.allSatisfy(isIDNScalar), let encoded = punycodeLength(label.map(\.value)), encoded + 4 <= 63
            else { return false }
            length += encoded + 4
        }
        return length <= 253
    }

    /// A code point an internationalized label may hold: a lowercase or caseless letter, a
    /// combining mark, a decimal digit, a hyphen.
    private static func isIDNScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .decimalNumber: return true
        default: return false
        }
    }

    /// How many characters RFC 3492's Punycode writes for a label, or `nil` past any sensible size.
    private static func punycodeLength(_ scalars: [UInt32]) -> Int? {
        let base = 36
        let (tMin, tMax, skew, damp) = (1, 26, 38, 700)
        func adapt(_ delta: Int, _ points: Int, _ first: Bool) -> Int {
            var delta = first ? delta / damp : delta / 2
            delta += delta / points
            var k = 0
            while delta > ((base - tMin) * tMax) / 2 {
                delta /= base - tMin
                k += base
            }
            return k + (base - tMin + 1) * delta / (delta + skew)
        }
        let basic = scalars.filter { $0 < 128 }.count
        var (n, delta, bias, handled) = (128, 0, 72, basic)
        var output = basic + (basic > 0 ? 1 : 0)
        while handled < scalars.count {
            guard let next = scalars.map(Int.init).filter({ $0 >= n }).min(), output < 1000 else { return nil }
            delta += (next - n) * (handled + 1)
            n = next
            for scalar in scalars.map(Int.init) {
                if scalar < n { delta += 1 }
                guard scalar == n else { continue }
                var (q, k) = (delta, base)
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output += 1
                    q = (q - t) / (base - t)
                    k += base
                }
                output += 1
                bias = adapt(delta, handled + 1, handled == basic)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }
}
