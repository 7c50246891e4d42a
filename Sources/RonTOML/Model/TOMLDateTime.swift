import Foundation

/// A TOML date-time value of one of the four TOML kinds, keeping the exact source text.
///
/// Equality compares the kind and the exact text, so `1979-05-27T07:32:00Z` and `1979-05-27 07:32:00Z` are
/// different values even though they denote the same instant; use ``date`` to compare instants.
public struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
    /// Which of the four TOML date-time forms a value has.
    public enum Kind: String, Hashable, Sendable {
        /// A date and time with a `Z` or `±hh:mm` offset, e.g. `1979-05-27T07:32:00Z`.
        case offsetDateTime
        /// A date and time without offset, e.g. `1979-05-27T07:32:00`.
        case localDateTime
        /// A date alone, e.g. `1979-05-27`.
        case localDate
        /// A time alone, e.g. `07:32:00.5`.
        case localTime
    }

    /// The form of the value.
    public let kind: Kind
    /// The exact text, as written in the document (`T`, `t` or space separator, `Z` or `z`, all fraction digits).
    public let text: String
    /// The year, when the value has a date.
    public let year: Int?
    /// The month (1–12), when the value has a date.
    public let month: Int?
    /// The day of the month (1–31), when the value has a date.
    public let day: Int?
    /// The hour (0–23), when the value has a time.
    public let hour: Int?
    /// The minute (0–59), when the value has a time.
    public let minute: Int?
    /// The second (0–60; 60 is a leap second), when the value has a time.
    public let second: Int?
    /// The fraction of the second in nanoseconds (digits past the ninth are truncated), when the value has a time.
    public let nanosecond: Int?
    /// The offset from UTC in minutes (`Z` is 0), for ``Kind/offsetDateTime`` only.
    public let offsetMinutes: Int?

    /// Parses and validates date-time text in any of the four TOML forms.
    ///
    /// - Throws: ``TOMLParseError`` (line 1, column of the offending character) when the text is not a valid
    ///   TOML date-time.
    public init(_ text: String) throws(TOMLParseError) {
        let bytes = Array(text.utf8)
        switch DateTimeGrammar.parse(bytes[...]) {
        case .success(let fields):
            self.init(text: text, fields: fields)
        case .failure(let problem):
            let column = String(decoding: bytes.prefix(problem.offset), as: UTF8.self).unicodeScalars.count + 1
            throw TOMLParseError(line: 1, column: column, message: problem.message)
        }
    }

    init(text: String, fields: DateTimeGrammar.Fields) {
        self.text = text
        self.kind = fields.kind
        self.year = fields.year
        self.month = fields.month
        self.day = fields.day
        self.hour = fields.hour
        self.minute = fields.minute
        self.second = fields.second
        self.nanosecond = fields.nanosecond
        self.offsetMinutes = fields.offsetMinutes
    }

    /// The exact source text.
    public var description: String { text }

    /// The instant, for an offset date-time (a leap second `60` is read as the next second); `nil` for the local
    /// kinds, which denote no instant.
    public var date: Date? {
        guard kind == .offsetDateTime, let year, let month, let day, let hour, let minute, let second,
            let offsetMinutes
        else { return nil }
        let days = DateTimeGrammar.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetMinutes * 60
        let fraction = Double(nanosecond ?? 0) / 1_000_000_000
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
