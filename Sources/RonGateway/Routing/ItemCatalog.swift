import Foundation
import RonGenerated

/// The deterministic list behind `GET /app/items` and its paging.
struct ItemCatalog: Sendable {
    /// How many items the list holds: enough for three pages at the default size.
    static let itemCount = 23

    /// The items as JSON objects, in list order.
    let items: [JSONValue]

    /// The list: the fixture items first (verbatim), then generated ones up to ``itemCount``.
    init(leadingItems: [JSONValue]) {
        var items = Array(leadingItems.prefix(Self.itemCount))
        var ids = Set(items.compactMap { $0["id"]?.stringValue })
        var number = items.count + 1
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        while items.count < Self.itemCount {
            let item = Self.generated(number: number)
            number += 1
            guard ids.insert(item.id).inserted,
                let data = try? encoder.encode(item),
                let raw = try? decoder.decode(JSONValue.self, from: data)
            else { continue }
            items.append(raw)
        }
        self.items = items
    }

    /// The page of `size` items starting at `offset`. `next_page_token` is the token of the next
    /// page, or JSON `null` on the last page (written out, as the Rust side writes a `None`).
    func page(offset: Int, size: Int) -> JSONValue {
        let end = min(offset + size, items.count)
        let slice = offset < end ? Array(items[offset..<end]) : []
        let token: JSONValue = end < items.count ? .string(Self.token(forOffset: end)) : .null
        return ["items": .array(slice), "next_page_token": token]
    }

    /// The opaque token that resumes the list at `offset`.
    static func token(forOffset offset: Int) -> String {
        Data("ron-items:\(offset)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The offset a token stands for, or `nil` when the gateway never issued it.
    func offset(forToken token: String) -> Int? {
        for offset in 1..<items.count where Self.token(forOffset: offset) == token {
            return offset
        }
        return nil
    }

    /// Item number `number` (1-based): values chosen to exercise the wire formats (a `u64` and an
    /// `i64` above 2^53, optional fields present on some items and absent on others).
    static func generated(number: Int) -> Item {
        let states: [ItemState] = [.draft, .published, .archived]
        let checksum: Data? =
            number.isMultiple(of: 2) ? Data((0..<32).map { UInt8(truncatingIfNeeded: number * 31 + $0 * 67) }) : nil
        let tags: [String]? = number.isMultiple(of: 3) ? nil : ["sample", "batch-\((number - 1) / 10 + 1)"]
        return Item(
            id: String(format: "item-%04d", number),
            name: "Item \(number)",
            state: states[number % states.count],
            sizeBytes: number == itemCount ? 9_007_199_254_740_993 : UInt64(number) * 1_024,
            version: 9_007_199_254_740_992 + Int64(number),
            createdAt: Date(timeIntervalSince1970: 1_704_067_200 + Double(number) * 3_600),
            checksum: checksum,
            tags: tags)
    }
}
