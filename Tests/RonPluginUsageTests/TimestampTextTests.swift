import Foundation
import RonGenerated
import Testing

/// A date-time comes back as the text it came as wherever it stands (`timestamps.schema.json`):
/// a struct member, an array element, a map value, a union's case, a tuple's element, and any
/// nesting of these, with any offset, fractional seconds and `Z` or `z`.
@Suite("Date-times keep their text everywhere")
struct TimestampTextTests {
    /// Texts that are not what `RFC3339.format` writes, and two that are.
    static let texts = [
        "2018-08-13T21:31:01+00:10", "2024-02-09T16:37:40.123456-05:00", "2025-01-02T03:04:05.5+01:00",
        "2025-01-02T03:04:05z", "2025-01-02t03:04:05.120Z", "1985-04-12T23:20:50.52+23:59", "2025-01-02T03:04:05Z",
        "2025-01-02T03:04:05.123456Z",
    ]

    /// `json` decoded as `T` and encoded again, and `json` itself, both in canonical form (members
    /// sorted, strings as they are).
    private func roundTrip<T: Codable>(_ type: T.Type, _ json: String) throws -> (value: T, again: String, sent: String)
    {
        let value = try JSONDecoder().decode(T.self, from: Data(json.utf8))
        return (
            value, try CanonicalJSON.render(json: JSONEncoder().encode(value)),
            try CanonicalJSON.render(json: Data(json.utf8))
        )
    }

    /// Each place a date-time can stand in `timestamps.schema.json`, as a document of `TimedLog`
    /// holding `text` there (`list` is required).
    static func places(_ text: String) -> [String] {
        let t = "\"\(text)\""
        return [
            #"{"list": [\#(t)], "closed_at": null}"#,
            #"{"list": ["2025-01-02T03:04:05Z", \#(t), \#(t)], "closed_at": \#(t)}"#,
            #"{"list": [], "closed_at": null, "by_name": {"a": \#(t), "b": "2025-01-02T03:04:05Z"}}"#,
            #"{"list": [], "closed_at": null, "nested": [{"k": [\#(t)]}, {}, {"m": [], "n": [\#(t), \#(t)]}]}"#,
            #"{"list": [], "closed_at": null, "maybe": \#(t)}"#,
            #"{"list": [], "closed_at": null, "defaulted": [\#(t)]}"#,
            #"{"list": [], "closed_at": null, "history": [\#(t)]}"#,
            #"{"list": [], "closed_at": null, "moments": [\#(t), 12, [\#(t), "2025-01-02T03:04:05Z"]]}"#,
            #"{"list": [], "closed_at": null, "events": ["Never", {"At": \#(t)}, {"Each": [\#(t)]}]}"#,
            #"{"list": [], "closed_at": null, "events": [{"Named": {"x": \#(t)}}, {"Later": [\#(t)]}]}"#,
            #"{"list": [], "closed_at": null, "steps": [{"t": "Start", "c": \#(t)}, {"t": "Stop"}]}"#,
            #"{"list": [], "closed_at": null, "window": [\#(t), \#(t), [\#(t)]]}"#,
            #"{"list": [], "closed_at": null, "window": [\#(t), null, []]}"#,
        ]
    }

    @Test("a TimedLog document comes back byte for byte", arguments: texts)
    func everyPlaceKeepsItsText(_ text: String) throws {
        for json in Self.places(text) {
            let (_, again, sent) = try roundTrip(TimedLog.self, json)
            #expect(again == sent, "\(json)")
        }
    }

    @Test("the types that hold date-times, each alone", arguments: texts)
    func eachTypeAloneKeepsItsText(_ text: String) throws {
        let t = "\"\(text)\""
        #expect(try roundTrip(TimedMoment.self, t).again == t)
        #expect(try roundTrip([TimedMoment].self, "[\(t), [\(t)]]").again == "[\(t),[\(t)]]")
        #expect(try roundTrip(TimedEvent.self, #"{"At": \#(t)}"#).again == #"{"At":\#(t)}"#)
        #expect(try roundTrip(TimedStep.self, #"{"c": \#(t), "t": "Start"}"#).again == #"{"c":\#(t),"t":"Start"}"#)
        #expect(try roundTrip(TimedWindow.self, "[\(t), null, [\(t)]]").again == "[\(t),null,[\(t)]]")
        let bag = #"{"late": \#(t), "name": "n", "zone": \#(t)}"#
        #expect(try roundTrip(TimedBag.self, bag).again == #"{"late":\#(t),"name":"n","zone":\#(t)}"#)
        // The tuple of schemars-tuple.schema.json, and the untagged union of an alias of a date-time.
        #expect(try roundTrip(Span.self, "[\(t), \(t)]").again == "[\(t),\(t)]")
        #expect(try roundTrip([Moment].self, "[\(t), 12]").again == "[\(t),12]")
        #expect(try roundTrip(Scalar.self, t).again == t)
    }

    @Test("a struct's members stay Date; a changed one is written in UTC, the others as they came")
    func structMembersAreDatesAndAChangeIsWrittenInUTC() throws {
        let json = #"""
            {"list": ["2018-08-13T21:31:01+00:10", "2025-01-02T03:04:05z"], "closed_at": "2018-08-13T21:31:01+00:10",
             "by_name": {"a": "2018-08-13T21:31:01+00:10", "b": "2024-02-09T16:37:40.123456-05:00"}}
            """#
        var log = try JSONDecoder().decode(TimedLog.self, from: Data(json.utf8))
        let stamp = Date(timeIntervalSince1970: 1_534_195_261)
        #expect(log.list == [stamp, Date(timeIntervalSince1970: 1_735_787_045)])
        #expect(log.closedAt == stamp && log.byName?["a"] == stamp)
        #expect(log.byName?["b"] == Date(timeIntervalSince1970: 1_707_514_660.123456))
        log.list[1] = Date(timeIntervalSince1970: 0)
        log.list.append(stamp)
        log.byName?["a"] = Date(timeIntervalSince1970: 0)
        let again = try CanonicalJSON.render(json: JSONEncoder().encode(log))
        #expect(
            again
                == #"{"by_name":{"a":"1970-01-01T00:00:00Z","b":"2024-02-09T16:37:40.123456-05:00"},"#
                + #""closed_at":"2018-08-13T21:31:01+00:10","#
                + #""list":["2018-08-13T21:31:01+00:10","1970-01-01T00:00:00Z","2018-08-13T21:21:01Z"]}"#)
        // Compared by instant, as before: the texts are not part of the value.
        let utc = #"{"list": ["2018-08-13T21:21:01Z", "2025-01-02T03:04:05Z"], "closed_at": null}"#
        let other = #"{"list": ["2018-08-13T21:31:01+00:10", "2025-01-02T03:04:05z"], "closed_at": null}"#
        #expect(
            try JSONDecoder().decode(TimedLog.self, from: Data(utc.utf8))
                == JSONDecoder().decode(TimedLog.self, from: Data(other.utf8)))
        let bag = try JSONDecoder().decode(TimedBag.self, from: Data(#"{"late": "2018-08-13T21:31:01+00:10"}"#.utf8))
        #expect(bag.additionalMembers == ["late": stamp])
        let window = try JSONDecoder().decode(
            TimedWindow.self, from: Data(#"["2018-08-13T21:31:01+00:10", null, []]"#.utf8))
        #expect(window._0 == stamp && window._1 == nil && window._2.isEmpty)
    }

    @Test("a union's case holds a WireTimestamp: its value is the Date, its text the text it came as")
    func unionCasesHoldWireTimestamps() throws {
        let json = #"[{"At": "2018-08-13T21:31:01+00:10"}, {"Each": ["2025-01-02T03:04:05Z"]}]"#
        let events = try JSONDecoder().decode([TimedEvent].self, from: Data(json.utf8))
        let stamp = Date(timeIntervalSince1970: 1_534_195_261)
        guard case .at(let at) = events.first, case .each(let each) = events.last else {
            Issue.record("\(events)")
            return
        }
        #expect(at.value == stamp && at.text == "2018-08-13T21:31:01+00:10")
        #expect(each.map(\.value) == [Date(timeIntervalSince1970: 1_735_787_045)])
        // Made in Swift: from a Date (UTC), or from a text with its offset.
        #expect(events.first == .at(WireTimestamp(stamp)), "equal by instant")
        let made: [TimedEvent] = [.at(WireTimestamp(stamp)), .at(try #require(WireTimestamp(text: at.text)))]
        #expect(
            try CanonicalJSON.render(json: JSONEncoder().encode(made))
                == #"[{"At":"2018-08-13T21:21:01Z"},{"At":"2018-08-13T21:31:01+00:10"}]"#)
        #expect(WireTimestamp(text: "13 August 2018") == nil)
        // Setting the value drops the text.
        var changed = at
        changed.value = stamp
        #expect(changed.text == "2018-08-13T21:21:01Z")
        guard
            case .start(let start) = try JSONDecoder().decode(
                TimedStep.self, from: Data(#"{"t": "Start", "c": "2025-01-02T03:04:05.5+01:00"}"#.utf8))
        else {
            Issue.record("not .start")
            return
        }
        #expect(start.value == Date(timeIntervalSince1970: 1_735_783_445.5))
        #expect(try JSONDecoder().decode(TimedMoment.self, from: Data("12".utf8)) == .int64(12))
    }

    @Test("a required member that may be null stays null, and an absent optional stays absent")
    func nullAndAbsentStayAsTheyCame() throws {
        for json in [#"{"list": [], "closed_at": null}"#, #"{"list": [], "closed_at": null, "by_name": null}"#] {
            let (value, again, sent) = try roundTrip(TimedLog.self, json)
            #expect(again == sent)
            #expect(value.closedAt == nil && value.byName == nil)
        }
    }
}
