import Foundation

/// Checks that each document's `x-ron-version` was raised as much as its changes need.
///
/// A change belongs to the documents it is located in (old and new side). A document whose
/// changes need a bump must carry `x-ron-version` (`MAJOR.MINOR.PATCH`) on both sides, raised by at
/// least that much. Below 1.0.0 every need moves one place down: a break needs a minor bump, an
/// addition a patch bump (as Cargo reads versions below 1.0).
public enum SchemaVersionCheck {
    /// The `x-ron-version` of each document (path → version), for documents that have one.
    public static func versions(of documents: [(path: String, data: Data)]) -> [String: String] {
        var versions: [String: String] = [:]
        for document in documents {
            if let root = try? SchemaDocumentReader.parse(document.data, path: document.path),
                let version = root["x-ron-version"]?.string
            {
                versions[document.path] = version
            }
        }
        return versions
    }

    /// One line per document whose version does not cover its changes; empty when all do.
    public static func problems(
        _ report: SchemaDiffReport, oldVersions: [String: String], newVersions: [String: String], newDocuments: [String]
    ) -> [String] {
        var needed: [String: SemverBump] = [:]
        for change in report.changes {
            for file in Set([change.old?.file, change.new?.file].compactMap { $0 }) {
                needed[file] = max(needed[file] ?? .none, change.bump)
            }
        }
        var problems: [String] = []
        for file in newDocuments.sorted() {
            guard let need = needed[file], need > .none else { continue }
            guard let oldText = oldVersions[file] else {
                if newVersions[file] == nil {
                    problems.append(
                        "\(file): its changes need a \(need.rawValue) version bump but it has no x-ron-version")
                }
                continue
            }
            guard let newText = newVersions[file] else {
                problems.append(
                    "\(file): x-ron-version \(oldText) was removed; its changes need a \(need.rawValue) bump")
                continue
            }
            guard let old = Version(oldText), let new = Version(newText) else {
                problems.append("\(file): x-ron-version must be MAJOR.MINOR.PATCH (\(oldText) → \(newText))")
                continue
            }
            let required = old.major == 0 ? need.belowOne : need
            guard let made = new.bump(from: old), made >= required else {
                problems.append(
                    "\(file): x-ron-version \(oldText) → \(newText) but the changes need a \(required.rawValue) bump"
                        + " (at least \(old.raised(required)))")
                continue
            }
        }
        return problems
    }

    /// `MAJOR.MINOR.PATCH`, a pre-release or build suffix ignored.
    struct Version {
        var major: Int
        var minor: Int
        var patch: Int

        init?(_ text: String) {
            let core = text.prefix { $0 != "-" && $0 != "+" }
            let parts = core.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, let major = parts[0], let minor = parts[1], let patch = parts[2] else { return nil }
            (self.major, self.minor, self.patch) = (major, minor, patch)
        }

        /// Which place went up from `old` (`none` when equal), or `nil` when it went down.
        func bump(from old: Version) -> SemverBump? {
            if major != old.major { return major > old.major ? .major : nil }
            if minor != old.minor { return minor > old.minor ? .minor : nil }
            if patch != old.patch { return patch > old.patch ? .patch : nil }
            return SemverBump.none
        }

        func raised(_ bump: SemverBump) -> String {
            switch bump {
            case .major: "\(major + 1).0.0"
            case .minor: "\(major).\(minor + 1).0"
            case .patch: "\(major).\(minor).\(patch + 1)"
            case .none: "\(major).\(minor).\(patch)"
            }
        }
    }
}

extension SemverBump {
    /// The need of a version below 1.0.0: one place down.
    var belowOne: SemverBump {
        switch self {
        case .major: .minor
        case .minor, .patch: .patch
        case .none: .none
        }
    }
}
