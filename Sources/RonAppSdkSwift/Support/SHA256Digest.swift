import Foundation

/// SHA-256 (FIPS 180-4) over bytes, for cache keys, the caller-identity hash and the digest check
/// of downloads: Foundation has no portable digest, and a key must never collide between two users'
/// credentials.
package enum SHA256Digest {
    static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// The digest of `text`'s UTF-8 bytes as 64 lowercase hex digits.
    package static func hex(_ text: String) -> String {
        var text = text
        return text.withUTF8 { hex($0) }
    }

    /// The digest of `bytes` as 64 lowercase hex digits.
    package static func hex(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        hex(words: digest(bytes))
    }

    /// The digest whose eight words are `words`, as 64 lowercase hex digits.
    package static func hex(words: [UInt32]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for word in words {
            for shift in stride(from: 28, through: 0, by: -4) {
                out.append(digits[Int((word >> UInt32(shift)) & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The eight 32-bit words of the digest of `bytes`.
    static func digest(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.finalizeWords()
    }

    static func compress(_ state: inout [UInt32], _ schedule: [UInt32]) {
        var (a, b, c, d, e, f, g, h) = (state[0], state[1], state[2], state[3], state[4], state[5], state[6], state[7])
        for index in 0..<64 {
            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ roundConstants[index] &+ schedule[index]
            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        state[0] = state[0] &+ a
        state[1] = state[1] &+ b
        state[2] = state[2] &+ c
        state[3] = state[3] &+ d
        state[4] = state[4] &+ e
        state[5] = state[5] &+ f
        state[6] = state[6] &+ g
        state[7] = state[7] &+ h
    }

    private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}

/// SHA-256 over bytes that arrive in pieces (a download's chunks): memory stays at one block.
package struct SHA256Hasher: Sendable {
    private var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var block = [UInt8]()
    private var schedule = [UInt32](repeating: 0, count: 64)
    private var length: UInt64 = 0

    /// A hasher that has seen no bytes.
    package init() { block.reserveCapacity(64) }

    /// Adds `bytes`.
    package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(bytes.count)
        var index = 0
        while index < bytes.count {
            if block.isEmpty, bytes.count - index >= 64 {
                compressBlock(UnsafeBufferPointer(rebasing: bytes[index..<index + 64]))
                index += 64
                continue
            }
            let take = min(64 - block.count, bytes.count - index)
            block.append(contentsOf: bytes[index..<index + take])
            index += take
            if block.count == 64 {
                let full = block
                full.withUnsafeBufferPointer { compressBlock($0) }
                block.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Adds `data`.
    package mutating func update(_ data: Data) {
        data.withUnsafeBytes { raw in update(raw.bindMemory(to: UInt8.self)) }
    }

    /// The digest's 32 bytes; the hasher is spent.
    package mutating func finalize() -> [UInt8] {
        finalizeWords().flatMap { word in
            stride(from: 24, through: 0, by: -8).map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
        }
    }

    /// The digest's eight words; the hasher is spent.
    package mutating func finalizeWords() -> [UInt32] {
        let bitLength = length &* 8
        var tail = block
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBufferPointer { all in
            for start in stride(from: 0, to: all.count, by: 64) {
                compressBlock(UnsafeBufferPointer(rebasing: all[start..<start + 64]))
            }
        }
        return state
    }

    private mutating func compressBlock(_ bytes: UnsafeBufferPointer<UInt8>) {
        for index in 0..<16 {
            let base = index * 4
            schedule[index] =
                UInt32(bytes[base]) << 24 | UInt32(bytes[base + 1]) << 16 | UInt32(bytes[base + 2]) << 8
                | UInt32(bytes[base + 3])
        }
        for index in 16..<64 {
            let s0 = rotate(schedule[index - 15], 7) ^ rotate(schedule[index - 15], 18) ^ (schedule[index - 15] >> 3)
            let s1 = rotate(schedule[index - 2], 17) ^ rotate(schedule[index - 2], 19) ^ (schedule[index - 2] >> 10)
            schedule[index] = schedule[index - 16] &+ s0 &+ schedule[index - 7] &+ s1
        }
        SHA256Digest.compress(&state, schedule)
    }

    private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }
}
