import Foundation
import RonCodegenCore

/// What a generation run was made from, kept beside its output (`.ron-codegen-stamp`), so a run
/// with the same generator, arguments and schema files writes nothing and returns at once.
///
/// SwiftPM plans a build again after a clean build and whenever a target's file set or
/// `Package.swift` changes; it then links the plugin's tool again and runs every generation,
/// though nothing they read changed. Generation of a large description takes seconds to tens of
/// seconds; the stamp makes such a run cost the time it takes to read the files.
struct GenerationStamp: Equatable {
    /// The name of the stamp file in the output folder (a dot file: no build reads it).
    static let fileName = ".ron-codegen-stamp"
    /// The name of the file in the output folder that keeps the generator's hash with what
    /// identifies its executable (path, size, modification time, file number), so a run reads the
    /// executable (megabytes) only after it was built again.
    static let toolFileName = ".ron-codegen-tool"

    /// A hash of the generator's executable, the arguments and every file below the inputs.
    var digest: String
    /// The files the run wrote (or found up to date), which must still be there.
    var files: [String]

    /// The stamp of a run of `executable` with `arguments` over the files `inputs` hashed
    /// (``inputsDigest(of:)``, taken once per run: the stamp and the prepared calls' key both use
    /// it). The executable's hash is the one kept in `output` while the executable is the same
    /// file. `nil` when one of them cannot be read: then the run generates as usual.
    static func digest(executable: URL?, arguments: [String], inputs: String?, output: URL) -> String? {
        var hash = Hasher64()
        guard let executable, let inputs, let tool = toolDigest(of: executable, keptIn: output) else { return nil }
        hash.add(Data(tool.utf8))
        for argument in arguments { hash.add(Data(argument.utf8)) }
        hash.add(Data(inputs.utf8))
        return hash.text
    }

    /// A hash of every file below `folders` (read recursively; a link to a file counts as the file,
    /// a link to a folder is not followed, as the generator reads them), each by its path relative
    /// to its folder and its bytes, in path order. `nil` when one cannot be read.
    ///
    /// A plain walk of the folders: Foundation's enumerator, with a resource lookup and a symbolic
    /// link resolution per file, took 0.3 s over DigitalOcean's 2,907 files, and every run of a
    /// package's calls (each part's, and the front's) took it twice.
    static func inputsDigest(of folders: [URL]) -> String? {
        var hash = Hasher64()
        for folder in folders {
            let base = folder.resolvingSymlinksInPath().path
            var files: [String] = []
            guard FileWalk.files(below: base, into: &files) else { return nil }
            for relative in files.sorted() {
                let file = URL(fileURLWithPath: base + "/" + relative)
                guard let data = try? Data(contentsOf: file, options: .mappedIfSafe) else { return nil }
                hash.add(Data(relative.utf8))
                hash.add(data)
            }
        }
        return hash.text
    }

    /// The hash of the generator's executable: the one kept in `output` when the executable is still
    /// the file it was taken from, else computed from its bytes and kept there.
    static func toolDigest(of executable: URL, keptIn output: URL) -> String? {
        let kept = output.appending(path: toolFileName)
        let identity = fileIdentity(executable)
        if let identity, let text = try? String(contentsOf: kept, encoding: .utf8) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count >= 2, lines[0] == identity, !lines[1].isEmpty { return String(lines[1]) }
        }
        guard let bytes = try? Data(contentsOf: executable, options: .mappedIfSafe) else { return nil }
        var hash = Hasher64()
        hash.add(bytes)
        let digest = hash.text
        if let identity {
            try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try? Data("\(identity)\n\(digest)\n".utf8).write(to: kept, options: .atomic)
        }
        return digest
    }

    /// What tells one build of a file from the next: its path, size, modification time and file
    /// number (a link writes a new file). `nil` when they cannot be read.
    private static func fileIdentity(_ file: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = (attributes[.size] as? NSNumber)?.uint64Value,
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let number = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        return "\(file.path) \(size) \(modified.timeIntervalSince1970) \(number)"
    }

    /// The stamp in `output`, if it reads.
    static func read(in output: URL) -> GenerationStamp? {
        guard let text = try? String(contentsOf: output.appending(path: fileName), encoding: .utf8) else { return nil }
        var lines = text.split(separator: "\n").map(String.init)
        guard !lines.isEmpty else { return nil }
        let digest = lines.removeFirst()
        return GenerationStamp(digest: digest, files: lines)
    }

    /// Whether the run this stamp records made the output as it is: the same digest, and every
    /// file it wrote still there.
    func isUpToDate(in output: URL, digest: String) -> Bool {
        guard digest == self.digest else { return false }
        return files.allSatisfy { FileManager.default.fileExists(atPath: output.appending(path: $0).path) }
    }

    /// Writes the stamp (after the files it names were written).
    func write(in output: URL) throws {
        let text = ([digest] + files).joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: output.appending(path: Self.fileName), options: .atomic)
    }

    /// Removes the stamp: a run that fails, or checks, leaves none behind.
    static func remove(in output: URL) {
        try? FileManager.default.removeItem(at: output.appending(path: fileName))
    }
}

/// Two 64-bit FNV-1a hashes over the bytes, eight at a time (one seeded apart from the other), each
/// value's length mixed in: 128 bits, the same on every run and machine.
private struct Hasher64 {
    private var first: UInt64 = 0xcbf2_9ce4_8422_2325
    private var second: UInt64 = 0x8422_2325_cbf2_9ce4
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    mutating func add(_ data: Data) {
        mix(UInt64(data.count))
        data.withUnsafeBytes { raw in
            let count = raw.count
            var offset = 0
            while offset + 8 <= count {
                mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < count {
                tail |= UInt64(raw[offset]) << shift
                shift += 8
                offset += 1
            }
            mix(tail)
        }
    }

    private mutating func mix(_ word: UInt64) {
        first = (first ^ word) &* Self.prime
        second = (second ^ (word &+ 0x9e37_79b9_7f4a_7c15)) &* Self.prime
        second ^= second >> 29
    }

    var text: String {
        String(first, radix: 16) + String(second, radix: 16)
    }
}
