/// Strict reader of the four TOML 1.0 date-time forms (RFC 3339 with TOML's relaxations).
enum DateTimeGrammar {
    /// The parts of a valid date-time.
    struct Fields {
        var kind: TOMLDateTime.Kind = .localDate
        var year: Int?
        var month: Int?
        var day: Int?
        var hour: Int?
        var minute: Int?
        var second: Int?
        var nanosecond: Int?
        var offsetMinutes: Int?
    }

    /// Why some text is not a date-time, and where (byte offset into the text).
    struct Problem: Error {
        let offset: Int
        let message: String
    }

    /// Parses `bytes` completely as a date-time.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Result<Fields, Problem> {
        var reader = Reader(bytes: Array(bytes))
        do {
            return .success(try reader.read())
        } catch {
            return .failure(error)
        }
    }

    /// Days from 1970-01-01 to the given civil date (proleptic Gregorian calendar).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func read() throws(Problem) -> Fields {
            var fields = Fields()
            let isDate = bytes.count >= 5 && bytes[4] == UInt8(ascii: "-")
            if isDate {
                try readDate(into: &fields)
                if position == bytes.count {
                    fields.kind = .localDate
                    return fields
                }
                let separator = bytes[position]
                guard separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == 0x20 else {
                    throw Problem(offset: position, message: "expected 'T' or space between date and time")
                }
                position += 1
                try readTime(into: &fields)
                if position == bytes.count {
                    fields.kind = .localDateTime
                    return fields
                }
                try readOffset(into: &fields)
                fields.kind = .offsetDateTime
            } else {
                try readTime(into: &fields)
                fields.kind = .localTime
            }
            guard position == bytes.count else {
                throw Problem(offset: position, message: "unexpected character after date-time")
            }
            return fields
        }

        mutating func digits(_ count: Int, _ what: String) throws(Problem) -> Int {
            var value = 0
            for _ in 0..<count {
                guard position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 else {
                    throw Problem(offset: position, message: "expected \(count) digits for the \(what)")
                }
                value = value * 10 + Int(bytes[position] - 0x30)
                position += 1
            }
            return value
        }

        mutating func expect(_ byte: UInt8, after what: String) throws(Problem) {
            guard position < bytes.count, bytes[position] == byte else {
                let shown = Character(Unicode.Scalar(byte))
                throw Problem(offset: position, message: "expected '\(shown)' after the \(what)")
            }
            position += 1
        }

        mutating func readDate(into fields: inout Fields) throws(Problem) {
            let year = try digits(4, "year")
            try expect(UInt8(ascii: "-"), after: "year")
            let monthStart = position
            let month = try digits(2, "month")
            guard (1...12).contains(month) else {
                throw Problem(offset: monthStart, message: "month \(month) out of range 01-12")
            }
            try expect(UInt8(ascii: "-"), after: "month")
            let dayStart = position
            let day = try digits(2, "day")
            guard day >= 1, day <= DateTimeGrammar.daysInMonth(year: year, month: month) else {
                throw Problem(offset: dayStart, message: "day \(day) out of range for \(year)-\(month)")
            }
            fields.year = year
            fields.month = month
            fields.day = day
        }

        mutating func readTime(into fields: inout Fields) throws(Problem) {
            let hourStart = position
            let hour = try digits(2, "hour")
            guard hour <= 23 else { throw Problem(offset: hourStart, message: "hour \(hour) out of range 00-23") }
            try expect(UInt8(ascii: ":"), after: "hour")
            let minuteStart = position
            let minute = try digits(2, "minute")
            guard minute <= 59 else {
                throw Problem(offset: minuteStart, message: "minute \(minute) out of range 00-59")
            }
            try expect(UInt8(ascii: ":"), after: "minute")
            let secondStart = position
            let second = try digits(2, "second")
            guard second <= 60 else {
                throw Problem(offset: secondStart, message: "second \(second) out of range 00-60")
            }
            var nanosecond = 0
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                var count = 0
                while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39 {
                    if count < 9 { nanosecond = nanosecond * 10 + Int(bytes[position] - 0x30) }
                    count += 1
                    position += 1
                }
                guard count > 0 else {
                    throw Problem(offset: position, message: "expected digits after '.' in the seconds")
                }
                for _ in count..<max(count, 9) { nanosecond *= 10 }
            }
            fields.hour = hour
            fields.minute = minute
            fields.second = second
            fields.nanosecond = nanosecond
        }

        mutating func readOffset(into fields: inout Fields) throws(Problem) {
            let byte = bytes[position]
            if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
                position += 1
                fields.offsetMinutes = 0
                return
            }
            guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else {
                throw Problem(offset: position, message: "expected 'Z' or a '+hh:mm' offset after the time")
            }
            position += 1
            let hourStart = position
            let hours = try digits(2, "offset hour")
            guard hours <= 23 else {
                throw Problem(offset: hourStart, message: "offset hour \(hours) out of range 00-23")
            }
            try expect(UInt8(ascii: ":"), after: "offset hour")
            let minuteStart = position
            let minutes = try digits(2, "offset minute")
            guard minutes <= 59 else {
                throw Problem(offset: minuteStart, message: "offset minute \(minutes) out of range 00-59")
            }
            let total = hours * 60 + minutes
            fields.offsetMinutes = byte == UInt8(ascii: "-") ? -total : total
        }
    }
}
