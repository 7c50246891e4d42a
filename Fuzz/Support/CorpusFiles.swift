import Foundation

/// Expands command-line arguments into input files: a file stands for itself, a folder for the
/// regular files directly inside it (sorted).
public enum CorpusFiles {
    /// The input files `arguments` name, in order.
    public static func expand(_ arguments: [String]) -> [String] {
        var files: [String] = []
        for argument in arguments {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                files.append(argument)
                continue
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                files += names.sorted().map { (argument as NSString).appendingPathComponent($0) }
            } else {
                files.append(argument)
            }
        }
        return files
    }
}
