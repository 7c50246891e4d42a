import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files below a folder, by `opendir`/`readdir` and one `stat` for each entry whose kind the
/// directory does not tell: Foundation's enumerator, with a resource lookup and a symbolic link
/// resolution per entry, took several times as long over a description in 2,907 files, and the
/// generator's runs walk the schema folder on every edit (the stamp's hash, then the documents).
package enum FileWalk {
    /// Appends the paths (relative to the walk's top, `relative` being `folder`'s) of the regular
    /// files below `folder` and of the links to regular files; a link to a folder is not followed.
    /// With `brokenLinks`, a link that leads nowhere is listed too (reading it then fails, where
    /// the caller says so). False when a folder cannot be read.
    package static func files(
        below folder: String, relative: String = "", brokenLinks: Bool = false, into files: inout [String]
    ) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = folder + "/" + name
            let inner = relative.isEmpty ? name : relative + "/" + name
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): files.append(inner)
            case Int32(DT_DIR): folders.append(inner)
            default:
                // A link, or a file system that does not say: the kind of what the path leads to.
                var status = stat()
                let isLink = lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
                guard stat(path, &status) == 0 else {
                    if isLink, brokenLinks { files.append(inner) }
                    continue
                }
                if (status.st_mode & S_IFMT) == S_IFREG {
                    files.append(inner)
                } else if (status.st_mode & S_IFMT) == S_IFDIR, !isLink {
                    folders.append(inner)
                }
            }
        }
        for inner in folders {
            let name = String(inner.split(separator: "/").last ?? "")
            guard Self.files(below: folder + "/" + name, relative: inner, brokenLinks: brokenLinks, into: &files)
            else { return false }
        }
        return true
    }
}
