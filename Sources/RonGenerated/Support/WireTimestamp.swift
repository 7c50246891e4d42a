import Foundation

/// A `Date` carried as RFC 3339 text (`2025-01-02T03:04:05Z`, `2025-01-02T03:04:05.25+01:00`),
/// written back as the text it came as.
///
/// Decoding accepts fractional seconds (up to nine digits) or none, `Z`/`z` or a numeric offset,
/// and `T`, `t` or a space between date and time. A decoded value keeps its text when that is not
/// what ``RFC3339/format(_:)`` writes, and encodes it unchanged (`+00:10` stays `+00:10`); a value
/// made from a `Date`, or whose ``value`` is set, writes UTC with `Z` and as few fractional digits
/// as keep the value (at most six: microseconds).
///
/// This is the type of a date-time in a generated enum's case (`case at(WireTimestamp)`,
/// `case each([WireTimestamp])`), which has no other place to keep the text; ``value`` is the
/// `Date`. A struct's members stay `Date`, `[Date]` or `[String: Date]`: the struct keeps the
/// texts beside them (``SchemaPresence``). Like the struct, it is compared and hashed by the
/// instant alone: the same instant written with two offsets gives equal values.
public struct WireTimestamp: Codable, Hashable, Sendable {
    /// The instant. Setting it drops the text the value was decoded from.
    public var value: Date {
        get { instant }
        set {
            instant = newValue
            keptText = nil
        }
    }

    private var instant: Date
    /// The text the value was decoded from, when it is not the canonical form; else `nil`.
    private(set) var keptText: String?

    /// Wraps a date for encoding.
    public init(_ value: Date) {
        instant = value
    }

    /// The date `text` names, written back as `text`; `nil` when `text` is not RFC 3339.
    public init?(text: String) {
        guard let date = RFC3339.parse(text) else { return nil }
        instant = date
        keptText = RFC3339.isCanonical(text) ? nil : text
    }

    /// The RFC 3339 text encoding writes: the text it was decoded from, or the canonical form.
    public var text: String {
        keptText ?? RFC3339.format(instant)
    }

    /// Decodes RFC 3339 text, keeping it when it is not the canonical form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(text: text) else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(shown)\" is not an RFC 3339 timestamp")
        }
        self = value
    }

    /// Encodes the text it was decoded from, or RFC 3339 text in UTC.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Whether both name the same instant, whatever their texts.
    public static func == (lhs: WireTimestamp, rhs: WireTimestamp) -> Bool {
        lhs.instant == rhs.instant
    }

    /// Hashes the instant alone, as ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(instant)
    }
}

/// RFC 3339 text without a formatter object, so it is cheap and `Sendable`.
public enum RFC3339 {
    /// The date `text` names, or `nil` if it is not RFC 3339.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
        func expect(_ allowed: [UInt8]) -> Bool {
            guard index < bytes.count, allowed.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect([0x2D]), let month = number(2), expect([0x2D]), let day = number(2),
            expect([0x54, 0x74, 0x20]), let hour = number(2), expect([0x3A]), let minute = number(2), expect([0x3A]),
            let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60,
            second <= 60
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            var digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                digits += 1
                index += 1
            }
            guard (1...9).contains(digits) else { return nil }
        }
        var offset = 0
        guard index < bytes.count else { return nil }
        if bytes[index] == 0x5A || bytes[index] == 0x7A {
            index += 1
        } else if bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let offsetHours = number(2), expect([0x3A]), let offsetMinutes = number(2), offsetHours < 24,
                offsetMinutes < 60
            else { return nil }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// A date-time without an offset (`2018-12-14T10:00:00`, which JSON Schema's `date-time` does
    /// not allow but documents carry), read as UTC; `nil` for anything else.
    public static func parseWithoutOffset(_ text: String) -> Date? {
        guard text.utf8.count >= 19, text.utf8.last.map({ (0x30...0x39).contains($0) }) == true else { return nil }
        return parse(text + "Z")
    }

    /// Whether `text` is exactly what ``format(_:)`` writes for the date it names: UTC with `Z`, a
    /// `T`, and a fraction of one to six digits without a trailing zero, if any.
    public static func isCanonical(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(isCanonical) ?? isCanonical(Array(text.utf8))
    }

    private static func isCanonical<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool
    where Bytes.Index == Int {
        guard bytes.count >= 20, bytes[10] == 0x54, bytes.last == 0x5A, !(bytes[17] == 0x36 && bytes[18] == 0x30) else {
            return false
        }
        if bytes.count == 20 { return true }
        let digits = bytes.count - 21
        return bytes[19] == 0x2E && (1...6).contains(digits) && bytes[bytes.count - 2] != 0x30
    }

    /// RFC 3339 text in UTC for `date`, with up to six fractional digits.
    public static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        var whole = interval.rounded(.down)
        var micros = Int(((interval - whole) * 1_000_000).rounded())
        if micros == 1_000_000 {
            whole += 1
            micros = 0
        }
        let total = Int(whole)
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
        text += "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay / 60 % 60, 2)):\(pad(secondsOfDay % 60, 2))"
        if micros > 0 {
            var digits = pad(micros, 6)
            while digits.last == "0" { digits.removeLast() }
            text += "." + digits
        }
        return text + "Z"
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
