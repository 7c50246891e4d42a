import Foundation

/// A ``MockAPI`` kept up to date with its folders: before each answer it compares the names,
/// sizes and modification times of the files below the schema and fixtures folders with those it
/// was read from, and reads them again when any changed, so a new or edited fixture or example is
/// served without a restart. A folder that no longer reads keeps the last one that did (and says
/// why through `onReload`).
public final class MockSource: @unchecked Sendable {
    private let schemaDirectory: URL
    private let fixturesDirectory: URL?
    private let onReload: (@Sendable (Result<MockAPI, any Error>) -> Void)?
    private let credentials: MockCredentials
    /// The token endpoint's tokens, kept across readings.
    private let tokens = MockTokenStore()
    /// What requests changed, kept across readings (`nil`: stateless).
    private let state: MockStateStore?
    private let lock = NSLock()
    private var api: MockAPI
    private var stamp: [String]

    /// Reads the folders once (a folder that cannot be served throws ``MockAPI/LoadError``);
    /// `credentials` are those the operations accept (every reading keeps them, and the tokens its
    /// token endpoint issued); `state` says whether requests change what later ones see (every
    /// reading keeps what they changed; its state file, if any, is read now); `onReload` is called
    /// after each later reading, with the new API or why it could not be read.
    public init(
        schemaDirectory: URL, fixturesDirectory: URL?, credentials: MockCredentials = MockCredentials(),
        state: MockStateConfiguration = MockStateConfiguration(),
        onReload: (@Sendable (Result<MockAPI, any Error>) -> Void)? = nil
    ) throws {
        self.schemaDirectory = schemaDirectory
        self.fixturesDirectory = fixturesDirectory
        self.onReload = onReload
        self.credentials = credentials
        self.state = state.enabled ? try MockStateStore(configuration: state) : nil
        stamp = Self.stamp(of: [schemaDirectory] + [fixturesDirectory].compactMap { $0 })
        api = try MockAPI(
            schemaDirectory: schemaDirectory, fixturesDirectory: fixturesDirectory, credentials: credentials,
            tokens: tokens, state: self.state)
    }

    /// The API as the folders are now: the one last read, or a new reading when a file changed.
    public var current: MockAPI {
        lock.withLock {
            let now = Self.stamp(of: [schemaDirectory] + [fixturesDirectory].compactMap { $0 })
            guard now != stamp else { return api }
            stamp = now
            do {
                api = try MockAPI(
                    schemaDirectory: schemaDirectory, fixturesDirectory: fixturesDirectory, credentials: credentials,
                    tokens: tokens, state: state)
                onReload?(.success(api))
            } catch {
                onReload?(.failure(error))
            }
            return api
        }
    }

    /// The target of `request` for a log line, the values of credentials in its query hidden
    /// (``MockAPI/loggedTarget(of:)`` of the last reading; the folders are not looked at).
    public func loggedTarget(of request: MockRequest) -> String {
        lock.withLock { api }.loggedTarget(of: request)
    }

    /// One line per file below `folders`: its path, size and modification time, in path order.
    static func stamp(of folders: [URL]) -> [String] {
        var lines: [String] = []
        for folder in folders {
            let walker = FileManager.default.enumerator(atPath: folder.path)
            while let relative = walker?.nextObject() as? String {
                let path = folder.appending(path: relative).path
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                    attributes[.type] as? FileAttributeType == .typeRegular
                else { continue }
                let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
                let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                lines.append("\(path) \(size) \(time)")
            }
        }
        return lines.sorted()
    }
}

extension MockSource {
    /// The log line of a reading after a change: `reloaded: N routes, M fixtures`, or why the
    /// folders did not read (the last reading is still served).
    public static func reloadLine(_ result: Result<MockAPI, any Error>) -> String {
        switch result {
        case .success(let api):
            let count = api.fixtures.values.reduce(0) { $0 + $1.count }
            return "reloaded: \(api.routes.count) routes, \(count) fixtures"
        case .failure(let error):
            return "not reloaded (still serving the last reading): \(error)"
        }
    }
}
