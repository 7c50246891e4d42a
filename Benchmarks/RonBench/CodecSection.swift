import Foundation
import RonAppSdkSwift
import RonBenchOpenAPI

/// Section 4: decode and encode throughput of the generated DTOs against hand-written Codable
/// structs and swift-openapi-generator's types for the same shapes, on the same bytes.
struct CodecSection {
    let options: BenchOptions
    let table: ResultTable

    /// One way of decoding and encoding one payload.
    struct Codec {
        let name: String
        let decode: (Data) -> Bool
        /// Decodes once, then returns a closure that encodes that value.
        let encoder: (Data) -> (() -> Data?)?
    }

    static func codec<T: Codable>(_ name: String, _ type: T.Type, _ decoder: JSONDecoder, _ encoder: JSONEncoder)
        -> Codec
    {
        Codec(
            name: name,
            decode: { data in (try? decoder.decode(T.self, from: data)) != nil },
            encoder: { data in
                guard let value = try? decoder.decode(T.self, from: data) else { return nil }
                return { try? encoder.encode(value) }
            })
    }

    /// The three contestants on an `ItemPage`.
    static func itemPageCodecs() -> [Codec] {
        [
            codec("generated", ItemPage.self, JSONDecoder(), JSONEncoder()),
            codec("hand-written", HandItemPage.self, HandCoders.decoder(), HandCoders.encoder()),
            codec(
                "openapi-generator", Components.Schemas.ItemPage.self, OpenAPICoders.decoder(),
                OpenAPICoders.encoder()),
        ]
    }

    func run() throws {
        guard let manifest = Payloads.manifest(count: 1_000) else { throw BenchError("could not build the manifest") }
        let payloads: [(String, Data, [Codec])] = [
            (
                "ItemPage, 1,000 items", try JSONEncoder().encode(Payloads.itemPage(count: 1_000)),
                Self.itemPageCodecs()
            ),
            (
                "ManifestV1, 1,000 entries", try JSONEncoder().encode(manifest),
                [
                    Self.codec("generated", ManifestV1.self, JSONDecoder(), JSONEncoder()),
                    Self.codec("hand-written", HandManifest.self, HandCoders.decoder(), HandCoders.encoder()),
                    Self.codec(
                        "openapi-generator", Components.Schemas.ManifestV1.self, OpenAPICoders.decoder(),
                        OpenAPICoders.encoder()),
                ]
            ),
            (
                "integer-heavy ItemPage (i64 strings, u64), 1,000 items",
                try JSONEncoder().encode(Payloads.integerPage(count: 1_000)),
                Self.itemPageCodecs()
            ),
            (
                "ItemPage from a newer server (10 members an item the schema does not list), 1,000 items",
                try JSONEncoder().encode(Payloads.newerServerPage(count: 1_000)),
                Self.itemPageCodecs()
            ),
        ]
        for (label, data, codecs) in payloads {
            // The generated types keep the members the others drop: a cost to know, not a target.
            let gated = !label.contains("newer server")
            for codec in codecs where !codec.decode(data) {
                throw BenchError("\(codec.name) cannot decode the \(label) payload")
            }
            try measure(
                "\(label) (\(data.count / 1024) KiB): decode",
                codecs.map { codec in (codec.name, { codec.decode(data) }) }, bytes: data.count, gated: gated)
            var encoders: [(String, () -> Bool)] = []
            for codec in codecs {
                guard let encode = codec.encoder(data) else { throw BenchError("\(codec.name) cannot encode \(label)") }
                encoders.append((codec.name, { encode() != nil }))
            }
            try measure("\(label): encode", encoders, bytes: data.count, gated: gated)
        }
    }

    func measure(
        _ label: String, _ contestants: [(String, () -> Bool)], bytes: Int, section: String = "4", gated: Bool = true
    ) throws {
        // Size the batch so one batch takes about 40 ms for the first contestant.
        let probeStart = Clock.now()
        _ = contestants[0].1()
        let once = max(Double(Clock.now() - probeStart), 1)
        let iterations = max(Int(40e6 / once), 2)
        for (_, work) in contestants { _ = work() }
        var rates: [String: Samples] = [:]
        var ratios: [String: Samples] = [:]
        for round in 0..<options.codecRounds {
            var current: [String: Double] = [:]
            for offset in 0..<contestants.count {
                let (name, work) = contestants[(round + offset) % contestants.count]
                let start = Clock.now()
                for _ in 0..<iterations where !work() {
                    throw BenchError("\(name) failed during \(label)")
                }
                let seconds = Double(Clock.now() - start) / 1e9
                let rate = Double(bytes * iterations) / seconds / 1_048_576
                current[name] = rate
                rates[name, default: Samples()].add(rate)
            }
            for (name, _) in contestants.dropFirst() {
                if let ours = current[contestants[0].0], let other = current[name] {
                    ratios[name, default: Samples()].add(ours / other)
                }
            }
        }
        let summary = contestants.map { name, _ in
            "\(name) \(Format.fixed(rates[name]?.median ?? .nan, 1))"
        }.joined(separator: ", ")
        table.note("\(section) \(label): MB/s \(summary)")
        for (name, _) in contestants.dropFirst() {
            guard let samples = ratios[name] else { continue }
            table.add(
                ResultRow(
                    section: section, measure: "\(label): generated / \(name) (MB/s)",
                    value: Format.fixed(samples.median, 2), spread: samples.spread(2), target: gated ? "≥ 1.0" : "—",
                    pass: gated ? samples.median >= 1.0 : nil))
        }
    }
}
