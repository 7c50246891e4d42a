import Foundation
import RonAppSdkSwift

/// The realistic payloads of the codec and POST figures, built from the generated types.
enum Payloads {
    static let epoch = Date(timeIntervalSince1970: 1_748_779_845)  // 2025-06-01T12:10:45Z

    static func digest(_ seed: Int, count: Int) -> Data {
        var state = UInt64(truncatingIfNeeded: seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for _ in 0..<count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            bytes.append(UInt8(truncatingIfNeeded: state))
        }
        return Data(bytes)
    }

    static func item(_ index: Int) -> Item {
        let states: [ItemState] = [.draft, .published, .archived]
        return Item(
            id: String(format: "item-%05d", index),
            name: "Item number \(index)",
            state: states[index % 3],
            sizeBytes: UInt64(index) &* 7_919 % 5_000_000_000,
            version: Int64(index) * 13 + 1,
            createdAt: epoch.addingTimeInterval(Double(index)),
            checksum: digest(index, count: 32),
            tags: index % 2 == 0 ? ["alpha", "beta"] : ["gamma"])
    }

    /// A page of `count` ordinary items.
    static func itemPage(count: Int) -> ItemPage {
        ItemPage(items: (0..<count).map(item), nextPageToken: "page-2")
    }

    /// A page of `count` items as a newer server sends them: each with `extra` members this
    /// schema does not list (strings, numbers, a nested object), which the generated `Item` keeps.
    static func newerServerPage(count: Int, extra: Int = 10) -> ItemPage {
        var page = itemPage(count: count)
        for index in page.items.indices {
            for member in 0..<extra {
                let value: JSONValue =
                    switch member % 3 {
                    case 0: .string("value \(member) of item \(index)")
                    case 1: .integer(Int64(index * 31 + member))
                    default: ["region": .string("eu-\(member)"), "weight": .double(Double(member) / 4)]
                    }
                page.items[index].additionalMembers["x_newer_\(member)"] = value
            }
        }
        return page
    }

    /// A page whose items are mostly 64-bit integers: sizes near `Int64.max` (so every decoder can
    /// hold them) and versions near `Int64.min`, sent as strings; no checksum or tags.
    static func integerPage(count: Int) -> ItemPage {
        let items = (0..<count).map { index in
            Item(
                id: String(index), name: "n", state: .published,
                sizeBytes: UInt64(Int64.max) - UInt64(index) * 1_000_003,
                version: Int64.min + Int64(index) * 999_983,
                createdAt: epoch)
        }
        return ItemPage(items: items, nextPageToken: nil)
    }

    static func contentId(_ seed: Int) -> ContentId? {
        let hex = digest(seed, count: 32).map { String(format: "%02x", $0) }.joined()
        return ContentId(rawValue: "b3:" + hex)
    }

    /// A manifest with `count` entries.
    static func manifest(count: Int) -> ManifestV1? {
        var entries: [String: EntryRef] = [:]
        for index in 0..<count {
            guard let id = contentId(index + 1) else { return nil }
            entries[String(format: "assets/file-%04d.bin", index)] = EntryRef(
                id: id, size: UInt64(index) * 4_099 + 17, kind: index % 10 == 0 ? .manifest : .blob)
        }
        guard let root = contentId(0) else { return nil }
        return ManifestV1(
            version: 1, root: root, entries: entries, meta: ["content_type": "application/x-site", "title": "bench"])
    }

    /// The POST body: a page of items about `bytes` long once encoded.
    static func postBody(bytes: Int) -> ItemPage {
        var count = 1
        while true {
            let page = itemPage(count: count)
            if let data = try? JSONEncoder().encode(page), data.count >= bytes || count > 10_000 { return page }
            count += 1
        }
    }
}
