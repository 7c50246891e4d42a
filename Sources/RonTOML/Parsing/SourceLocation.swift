/// The 1-based line and column (in Unicode scalars) of a byte offset in UTF-8 text.
struct SourceLocation {
    let line: Int
    let column: Int

    init(bytes: [UInt8], offset: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        self.line = line
        self.column = column
    }
}
