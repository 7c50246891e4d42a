import Foundation
import RonCommandLine
import RonDrift

// `ron-drift drift …` and `ron-drift fixtures record …`: `ron drift` and `ron fixtures record` for
// a package that depends on this one, run by the `ron-codegen` and `ron-record` command plugins
// (which pass the package's targets: the schema and fixtures folders are found here). No argument
// parser package: only what a library product of this package already needs.

let driftUsage = """
    usage: ron-drift drift --schema <dir> [--base <url>] [options]

    \(DriftRun.driftDiscussion)

      --schema <dir>       the schema folder (OpenAPI 3.1 documents and the type documents they refer to)
      --base <url>         the node's base URL (default: RON_SDK_GATEWAY_ADDR)
      --token <token>      a capability token, sent as the bearer credential (never printed)
      --credential <name=value>
                           a security scheme's credential by the scheme's name (repeatable; basic:
                           user:password; also RON_CREDENTIAL_<NAME>; never printed or written)
      --credentials-file <file>
                           NAME=VALUE credential lines ('#' comments)
      --oauth-client <name=id:secret>
                           an OAuth 2.0 client for a scheme's client credentials flow (repeatable)
      --operation <id>     check only this operation (repeatable)
      --value <name=value> a parameter's value, NAME=VALUE or OPERATION.NAME=VALUE (repeatable)
      --values <file>      a values file (default: drift-values.json beside the schema folder)
      --unsafe             also call operations that change the server (one you can throw away)
      --exchanges <file>   write every request and answer as JSON lines
      --strict             a tolerated answer fails the run; members the schema does not declare drift
      --format text|json   the report's form (default: text)
      --timeout-ms <n>     the timeout of each call (default: 10000)
      --allow-insecure-http
                           allow an http:// base URL that is not on this machine
    """

let recordUsage = """
    usage: ron-drift fixtures record --schema <dir> --output <dir> [--base <url>] [options]

    \(DriftRun.recordDiscussion)

      --schema <dir>       the schema folder (OpenAPI 3.1 documents and the type documents they refer to)
      --output <dir>       the fixtures folder to write into
      --base <url>         the node's base URL (default: RON_SDK_GATEWAY_ADDR)
      --token <token>      a capability token, sent as the bearer credential (never written)
      --credential <name=value>
                           a security scheme's credential by the scheme's name (repeatable; basic:
                           user:password; also RON_CREDENTIAL_<NAME>; never printed or written)
      --credentials-file <file>
                           NAME=VALUE credential lines ('#' comments)
      --oauth-client <name=id:secret>
                           an OAuth 2.0 client for a scheme's client credentials flow (repeatable)
      --operation <id>     record only this operation (repeatable)
      --value <name=value> a parameter's value, NAME=VALUE or OPERATION.NAME=VALUE (repeatable)
      --values <file>      a values file (default: drift-values.json beside the schema folder)
      --unsafe             also call operations that change the server (one you can throw away)
      --exchanges <file>   write every request and answer as JSON lines
      --strict             also name answers with members the schema does not declare
      --timeout-ms <n>     the timeout of each call (default: 10000)
      --allow-insecure-http
                           allow an http:// base URL that is not on this machine
    """

/// Reads the options both commands share; `extra` takes the others (`--format`, `--output`).
func options(
    _ arguments: ArraySlice<String>, usage: String,
    extra: (String, inout OptionReader, inout DriftOptions) throws -> Bool
) throws -> DriftOptions {
    var options = DriftOptions()
    options.program = "ron-drift"
    var credentialsFile: String?
    var reader = OptionReader(arguments, usage: usage)
    while let flag = reader.nextFlag() {
        switch flag {
        case "--schema": options.schema = try reader.value(for: flag)
        case "--base": options.base = try reader.value(for: flag)
        case "--token": options.token = try reader.value(for: flag)
        case "--credential", "--oauth-client": try options.credentials.add(try reader.value(for: flag), option: flag)
        case "--credentials-file": credentialsFile = try reader.value(for: flag)
        case "--operation": options.operations.append(try reader.value(for: flag))
        case "--strict": options.strict = true
        case "--value": try options.values.add(option: try reader.value(for: flag))
        case "--values": options.valuesFile = try reader.value(for: flag)
        case "--unsafe": options.unsafe = true
        case "--exchanges": options.exchanges = try reader.value(for: flag)
        case "--timeout-ms": options.timeoutMs = try reader.number(for: flag, in: 1...3_600_000)
        case "--allow-insecure-http": options.allowInsecureHttp = true
        default:
            guard try extra(flag, &reader, &options) else { throw UsageError("unknown option '\(flag)'") }
        }
    }
    // Options win over the file's lines.
    if let credentialsFile { try options.credentials.read(file: credentialsFile) }
    return options
}

// Run by a command plugin (`--package-targets`): the target's folders found here (PackageLayout).
let arguments: ArraySlice<String>
do {
    let words = CommandLine.arguments.dropFirst()
    switch (words.first, words.dropFirst().first) {
    case ("drift", _):
        arguments = try ["drift"] + PackageLayout.expand(words.dropFirst(), command: "drift", fixtures: .none)
    case ("fixtures", "record"):
        arguments =
            try ["fixtures", "record"]
            + PackageLayout.expand(
                words.dropFirst(2), command: "fixtures record", fixturesOption: "output", fixtures: .write)
    default:
        arguments = words
    }
} catch {
    fail("\(error)", code: 64)
}
let status: Int32
switch (arguments.first, arguments.dropFirst().first) {
case ("drift", _):
    do {
        let parsed = try options(arguments.dropFirst(), usage: driftUsage) { flag, reader, options in
            guard flag == "--format" else { return false }
            switch try reader.value(for: flag) {
            case "text": options.json = false
            case "json": options.json = true
            case let other: throw UsageError("--format must be text or json, not '\(other)'")
            }
            return true
        }
        status = try await DriftRun.drift(parsed)
    } catch let error as UsageError {
        fail("\(error)\n\n\(driftUsage)", code: 64)
    }
case ("fixtures", "record"):
    do {
        var output: String?
        let parsed = try options(arguments.dropFirst(2), usage: recordUsage) { flag, reader, _ in
            guard flag == "--output" else { return false }
            output = try reader.value(for: flag)
            return true
        }
        guard let output else { throw UsageError("--output is required") }
        status = try await DriftRun.record(parsed, output: output)
    } catch let error as UsageError {
        fail("\(error)\n\n\(recordUsage)", code: 64)
    }
default:
    fail("unknown command '\(arguments.joined(separator: " "))'\n\n\(driftUsage)\n\n\(recordUsage)", code: 64)
}
exit(status)
