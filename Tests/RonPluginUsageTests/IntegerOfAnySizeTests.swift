import Foundation
import RonGenerated
import Testing

/// An `integer` the schema does not bound to 64 bits is a `JSONInteger`: any whole number of up to
/// 38 digits decodes exactly and goes back with the same digits; `format: decimal` keeps a
/// number's digits. (`published.schema.json`: `count`, `retries`, `size` and `price`.)
@Suite("Integers of any size")
struct IntegerOfAnySizeTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    private func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test(arguments: [
        "0", "-1", "42", "9223372036854775807", "-9223372036854775808", "12345678901234567890",
        "18446744073709551615", "18446744073709551616", "-9223372036854775809",
        "123456789012345678901234567890", "99999999999999999999999999999999999999",
        "-99999999999999999999999999999999999999",
    ])
    func aWholeNumberOfUpTo38DigitsComesBackWithItsDigits(_ digits: String) throws {
        let value = try decode(Published.self, #"{"count": \#(digits), "name": "n"}"#)
        #expect(value.count?.description == digits)
        #expect(try encoded(value) == #"{"count":\#(digits),"name":"n"}"#)
    }

    @Test func checkedAccessSaysWhetherTheValueFits() throws {
        let small = try #require(try decode(Published.self, #"{"count": -7, "name": "n"}"#).count)
        #expect(small.int64 == -7)
        #expect(small.int == -7)
        #expect(small.uint64 == nil)
        let unsigned = try #require(try decode(Published.self, #"{"count": 12345678901234567890, "name": "n"}"#).count)
        #expect(unsigned.int64 == nil)
        #expect(unsigned.uint64 == 12_345_678_901_234_567_890)
        let big = try #require(
            try decode(Published.self, #"{"count": 123456789012345678901234567890, "name": "n"}"#).count)
        #expect(big.int64 == nil && big.uint64 == nil && big.int == nil)
    }

    @Test func moreDigitsThanJSONDecoderKeepsIsAnErrorNotARoundedValue() throws {
        let json = #"{"count": 1234567890123456789012345678901234567890123, "name": "n"}"#
        do {
            let value = try decode(Published.self, json)
            Issue.record("decoded as \(String(describing: value.count))")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["count"])
            #expect(context.debugDescription.contains("more than 38 digits"))
        }
    }

    @Test func aFractionIsNotAnInteger() throws {
        #expect(throws: DecodingError.self) { try decode(Published.self, #"{"count": 1.5, "name": "n"}"#) }
        #expect(try decode(Published.self, #"{"count": 2.0, "name": "n"}"#).count == 2)
        #expect(throws: DecodingError.self) { try decode(Published.self, #"{"count": "3", "name": "n"}"#) }
    }

    @Test func valuesCompareAndHashByValue() throws {
        let values = try [
            "-123456789012345678901234567890", "-9223372036854775809", "-1", "0", "9223372036854775807",
            "9223372036854775808", "123456789012345678901234567890", "123456789012345678901234567891",
        ].map { try #require(JSONInteger($0)) }
        #expect(values.shuffled().sorted() == values)
        #expect(JSONInteger("0042") == 42)
        #expect(JSONInteger("-0") == 0)
        #expect(Set([JSONInteger(7), JSONInteger(UInt64(7)), 7]).count == 1)
        #expect(JSONInteger("1.5") == nil && JSONInteger("+1") == nil && JSONInteger("") == nil)
        #expect(JSONInteger(String(repeating: "9", count: 39)) == nil)
    }

    @Test func aUnionVariantAndAFreeFormMemberKeepABigIntegerToo() throws {
        let digits = "123456789012345678901234567890"
        #expect(try decode(PublishedSize.self, digits) == .integer(try #require(JSONInteger(digits))))
        #expect(try encoded(decode(PublishedSize.self, digits)) == digits)
        let settings = try decode(Published.self, #"{"name": "n", "settings": {"n": \#(digits)}}"#)
        #expect(settings.settings?["n"] == .bigInteger(try #require(JSONInteger(digits))))
        #expect(try encoded(settings) == #"{"name":"n","settings":{"n":\#(digits)}}"#)
    }

    @Test func aDefaultStaysALiteral() throws {
        let value = try decode(Published.self, #"{"name": "n"}"#)
        #expect(value.retries == 3)
        #expect(try encoded(value) == #"{"name":"n"}"#)
    }

    @Test func aDecimalKeepsItsDigits() throws {
        let value = try decode(Published.self, #"{"price": 0.1, "name": "n"}"#)
        #expect(value.price == Decimal(string: "0.1"))
        #expect(try encoded(value) == #"{"name":"n","price":0.1}"#)
        let long = try decode(Published.self, #"{"price": 1234567890.123456789, "name": "n"}"#)
        #expect(try encoded(long) == #"{"name":"n","price":1234567890.123456789}"#)
    }
}
