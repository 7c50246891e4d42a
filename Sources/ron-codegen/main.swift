import Foundation
// Placeholder until the pipeline lands: writes an empty generated file.
let args = CommandLine.arguments
if let i = args.firstIndex(of: "--output") {
    let dir = URL(fileURLWithPath: args[i + 1])
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try "// generated\n".write(to: dir.appending(path: "RonGenerated.swift"), atomically: true, encoding: .utf8)
}
