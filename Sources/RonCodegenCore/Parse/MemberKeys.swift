/// How the readers find a key given twice in an object or a mapping: compared with the keys before
/// it while they are few (most objects of a description), looked up in a set of them after. A set
/// per object, each key hashed into it, was a seventh of reading a JSON description in the build
/// plugin's debug build.
enum MemberKeys {
    /// How many keys an object has before a set of them is searched instead.
    static let compared = 16

    /// Whether no member of `members` has `key`: compared with each while there are fewer than
    /// ``compared``; from then on looked up in `seen`, made of them then and given every key after.
    /// `seen` starts `nil` for each object.
    static func isNew(
        _ key: String, among members: [(key: String, value: DocumentValue)], seen: inout Set<String>?
    ) -> Bool {
        if seen != nil { return seen!.insert(key).inserted }
        for offset in 0..<members.count where members[offset].key == key { return false }
        if members.count + 1 == compared { seen = Set(members.map(\.key) + [key]) }
        return true
    }
}
