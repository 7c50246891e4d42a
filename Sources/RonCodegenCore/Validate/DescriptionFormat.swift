import Foundation

/// The `format` values a validator asserts, each as openapi-core's default format checker
/// (openapi-schema-validator's OpenAPI 3.0 checker over jsonschema's, used for 3.0 and 3.1 alike)
/// decides it: `int32`, `int64` (integers written as such), `byte` (base64), `date-time` (RFC 3339),
/// `date`, `time` (`HH:MM:SS`), `email`/`idn-email` (an `@`), `uuid`, `ipv4`, `ipv6`, `hostname`,
/// `uri`, `uri-reference`, `iri`, `iri-reference`, `json-pointer`, `relative-json-pointer`, `regex`,
/// `duration`, `uri-template`, `idn-hostname`, `color` (CSS). `float`, `double`, `binary` and
/// `password` take anything; unknown names are not asserted.
enum DescriptionFormat {
    /// Whether `value` is of the format `name`; `nil` for a format not asserted. A value of another
    /// JSON type than the format reads fits it.
    static func conforms(_ value: DocumentValue, to name: String) -> Bool? {
        switch name {
        case "int32", "int64":
            guard case .number(let text) = value else { return true }
            let number = DescriptionNumber(text)
            guard number.isIntegerLiteral else { return true }
            guard let integer = number.integer else { return false }
            return name == "int64" || (Int64(Int32.min)...Int64(Int32.max)).contains(integer)
        case "float", "double", "binary", "password": return true
        default: break
        }
        guard let check = checks[name] else { return nil }
        guard case .string(let text) = value else { return true }
        return check(text)
    }

    /// The checks of string formats by name.
    private static let checks: [String: @Sendable (String) -> Bool] = [
        "byte": isBase64, "date-time": isDateTime, "date": isDate, "time": isTime,
        "email": { $0.contains("@") }, "idn-email": { $0.contains("@") }, "uuid": isUUID,
        "ipv4": DescriptionAddress.isIPv4, "ipv6": DescriptionAddress.isIPv6,
        "hostname": DescriptionAddress.isHostname,
        "uri": { DescriptionAddress.isURI($0, international: false) },
        "uri-reference": { DescriptionAddress.isURIReference($0, international: false) },
        "iri": { DescriptionAddress.isURI($0, international: true) },
        "iri-reference": { DescriptionAddress.isURIReference($0, international: true) },
        "uri-template": DescriptionAddress.isURITemplate, "idn-hostname": DescriptionAddress.isIDNHostname,
        "color": isColor,
        "json-pointer": isJSONPointer, "relative-json-pointer": isRelativeJSONPointer,
        "regex": { DescriptionSchemaValidator.compile($0, strictly: true) != nil }, "duration": isDuration,
    ]

    /// What a value of the format `name` is, for messages: `a date-time (RFC 3339)`.
    static func words(_ name: String) -> String {
        switch name {
        case "int32", "int64": return "an integer within \(name)"
        case "byte": return "base64 text (byte)"
        case "date-time": return "a date-time (RFC 3339)"
        case "date": return "a date (YYYY-MM-DD)"
        case "time": return "a time (HH:MM:SS)"
        case "email", "idn-email": return "an email address"
        case "uuid": return "a UUID"
        case "ipv4": return "an IPv4 address"
        case "ipv6": return "an IPv6 address"
        case "hostname": return "a host name"
        case "json-pointer": return "a JSON pointer"
        case "relative-json-pointer": return "a relative JSON pointer"
        case "regex": return "a regular expression"
        case "duration": return "an ISO 8601 duration"
        case "idn-hostname": return "an internationalized host name"
        case "color": return "a CSS color (a name or #rgb)"
        case "uri", "uri-reference", "iri", "iri-reference", "uri-template":
            return (name.hasPrefix("i") ? "an " : "a ")
                + name.uppercased().replacingOccurrences(of: "-", with: " ").lowercased()
        default: return "a value of format '\(name)'"
        }
    }

    /// The ASCII digits of `text` as a number, or `nil` when any is not one.
    private static func digits<S: Collection>(_ text: S) -> Int? where S.Element == Unicode.Scalar {
        guard !text.isEmpty, text.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return text.reduce(0) { $0 * 10 + Int($1.value - 48) }
    }

    /// The days of `month` of `year` in the Gregorian calendar.
    private static func days(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DD` with a real day, year 1 to 9999.
    static func isDate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 10 else { return false }
        return isDate(scalars[...], yearZeroAllowed: false)
    }

    private static func isDate(_ s: ArraySlice<Unicode.Scalar>, yearZeroAllowed: Bool) -> Bool {
        let base = s.startIndex
        guard s.count >= 10, s[base + 4] == "-", s[base + 7] == "-", let year = digits(s[base..<base + 4]),
            let month = digits(s[base + 5..<base + 7]), let day = digits(s[base + 8..<base + 10])
        else { return false }
        return (yearZeroAllowed || year > 0) && (1...12).contains(month)
            && (1...days(max(year, 1), month)).contains(day)
    }

    /// RFC 3339 `date-time`, letters in either case, seconds up to 59, as rfc3339-validator
    /// reads it (Python's `$` also lets one final line feed through).
    static func isDateTime(_ text: String) -> Bool {
        var s = Array(text.uppercased().unicodeScalars)
        if s.last == "\n" { s.removeLast() }
        guard s.count >= 20, isDate(s[0..<10], yearZeroAllowed: false), s[10] == "T",
            isClock(s[11..<19], secondsUpTo: 59)
        else { return false }
        var rest = s[19...]
        if rest.first == "." {
            rest = rest.dropFirst()
            let fraction = rest.prefix { ("0"..."9").contains($0) }
            guard !fraction.isEmpty else { return false }
            rest = rest.dropFirst(fraction.count)
        }
        if rest.count == 1 { return rest.first == "Z" }
        guard rest.count == 6, rest.first == "+" || rest.first == "-", let hours = digits(rest.dropFirst().prefix(2)),
            rest[rest.startIndex + 3] == ":", let minutes = digits(rest.suffix(2))
        else { return false }
        return hours < 24 && minutes < 60
    }

    /// `HH:MM:SS`, two digits each.
    private static func isClock(_ s: ArraySlice<Unicode.Scalar>, secondsUpTo limit: Int) -> Bool {
        let base = s.startIndex
        guard s.count == 8, s[base + 2] == ":", s[base + 5] == ":", let hours = digits(s[base..<base + 2]),
            let minutes = digits(s[base + 3..<base + 5]), let seconds = digits(s[base + 6..<base + 8])
        else { return false }
        return hours < 24 && minutes < 60 && seconds <= limit
    }

    /// `time` as jsonschema's checker reads it (`strptime("%H:%M:%S")`): hours, minutes and
    /// seconds of one or two digits, seconds up to 59.
    static func isTime(_ text: String) -> Bool {
        let parts = text.unicodeScalars.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ (1...2).contains($0.count) }),
            let hours = digits(parts[0]), let minutes = digits(parts[1]), let seconds = digits(parts[2])
        else { return false }
        return hours < 24 && minutes < 60 && seconds < 60
    }

    /// Base64 as Python's `b64decode(validate=True)` takes it (binascii's strict mode): the
    /// alphabet, then only `=`, as many as the last group needs (any after a full group).
    static func isBase64(_ text: String) -> Bool {
        var data = 0
        var pads = 0
        for scalar in text.unicodeScalars {
            if scalar == "=" {
                pads += 1
            } else if pads > 0 {
                return false
            } else if scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "+"
                    || scalar == "/"
            {
                data += 1
            } else {
                return false
            }
        }
        switch data % 4 {
        case 0: return data > 0 || pads == 0
        case 2: return pads == 2
        case 3: return pads == 1
        default: return false
        }
    }

    /// A UUID as Python's `UUID` reads it, with hyphens at 8, 13, 18 and 23.
    static func isUUID(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count > 23, [8, 13, 18, 23].allSatisfy({ characters[$0] == "-" }) else { return false }
        var hex = text.replacingOccurrences(of: "urn:", with: "").replacingOccurrences(of: "uuid:", with: "")
        while hex.first == "{" || hex.first == "}" { hex.removeFirst() }
        while hex.last == "{" || hex.last == "}" { hex.removeLast() }
        hex = hex.replacingOccurrences(of: "-", with: "")
        return hex.count == 32 && hex.allSatisfy(\.isHexDigit) && hex.allSatisfy(\.isASCII)
    }

    /// An RFC 6901 JSON pointer: empty, or `/` tokens with `~` only as `~0` or `~1`.
    static func isJSONPointer(_ text: String) -> Bool {
        guard text.isEmpty || text.hasPrefix("/") else { return false }
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "~" {
            guard index + 1 < scalars.count, scalars[index + 1] == "0" || scalars[index + 1] == "1" else {
                return false
            }
        }
        return true
    }

    /// A relative JSON pointer as jsonschema's checker reads it: digits (no digit after a `0`),
    /// then `#` or a JSON pointer.
    static func isRelativeJSONPointer(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let count = scalars.prefix { ("0"..."9").contains($0) }.count
        guard count > 0 else { return false }
        if count > 1, scalars[0..<count - 1].contains("0") { return false }
        let rest = String(String.UnicodeScalarView(scalars[count...]))
        return rest == "#" || isJSONPointer(rest)
    }

    /// An ISO 8601 duration as isoduration reads it: `P`, date parts `Y`, `M`, `D` (or `W` alone)
    /// in order, `T` and time parts `H`, `M`, `S` in order, each after a decimal number, ending
    /// with a designator.
    static func isDuration(_ text: String) -> Bool {
        var s = Substring(text)
        if s.first == "+" || s.first == "-" { s.removeFirst() }
        guard text.count >= 2, s.first == "P", let last = text.last, "DMYWHMS".contains(last) else { return false }
        s.removeFirst()
        var designators: [Character] = ["Y", "M", "D", "W"]
        var number = ""
        var inTime = false
        var seenDate = false
        var dateIsZero = true
        for character in s {
            if character == "T", !inTime {
                guard number.isEmpty || seenDate else { return false }
                inTime = true
                designators = ["H", "M", "S"]
                number = ""
                continue
            }
            if "+-0123456789.,eE".contains(character) {
                number.append(character == "," ? "." : character)
                continue
            }
            guard character.isLetter, let at = designators.firstIndex(of: character), isDecimal(number) else {
                return false
            }
            if character == "W", !inTime, !dateIsZero { return false }
            designators.removeFirst(at + 1)
            if !inTime {
                seenDate = true
                dateIsZero = dateIsZero && (Double(number) ?? 0) == 0
            }
            number = ""
        }
        return !(inTime && s.hasSuffix("T"))
    }

    /// A CSS color as webcolors reads it: a CSS 3 color name in any case, or `#` and three or six
    /// hex digits.
    static func isColor(_ text: String) -> Bool {
        let lowered = text.lowercased()
        if colorNames.contains(lowered) { return true }
        var hex = Substring(lowered)
        if hex.hasSuffix("\n") { hex.removeLast() }
        guard hex.hasPrefix("#") else { return false }
        hex.removeFirst()
        return (hex.count == 3 || hex.count == 6) && hex.allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// The color keywords of CSS Color Module Level 3.
    private static let colorNames: Set<String> = Set(
        """
        aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
        cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
        darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
        darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
        firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray grey green greenyellow honeydew
        hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
        lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
        lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
        mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
        midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
        palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple red
        rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray
        slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow
        yellowgreen
        """.split(whereSeparator: \.isWhitespace).map(String.init))

    /// Text Python's `Decimal` reads as a finite number.
    private static func isDecimal(_ text: String) -> Bool {
        text.range(of: #"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$"#, options: .regularExpression) != nil
    }
}
