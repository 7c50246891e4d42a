import Foundation
import Logging

extension RonClient {
    /// The largest part of a body shown in debug logs.
    static let debugBodyLimit = 2_048

    /// Logs the request and runs the `onRequest` hook without waiting for it.
    func announce(_ request: TransportRequest, body: AppRequestBody?) {
        // Redacting parses the URL and copies the headers: skip it when nothing would see the result.
        guard logger != nil || config.onRequest != nil || broadcaster.hasConsumers else { return }
        let secrets = request.credentials.secrets
        let redactedURL = Redactor.url(request.url, secrets: secrets)
        let headers = Redactor.headers(request.headers, secrets: secrets)
        let requestId = request.headers["x-request-id"]
        let correlationId = request.headers["x-correlation-id"]
        if let logger {
            var metadata: Logger.Metadata = [
                "method": .string(request.method), "url": .string(redactedURL),
                "request_id": .string(requestId ?? ""), "correlation_id": .string(correlationId ?? ""),
            ]
            if config.debug, let body {
                metadata["body"] = .string(
                    Self.debugSummary(body) ?? Redactor.scrub(Self.debugText(body.data), knownSecrets))
            }
            if let length = body?.length { metadata["body_bytes"] = .stringConvertible(length) }
            logger.debug("ron request", metadata: metadata)
        }
        if broadcaster.hasConsumers {
            broadcaster.emit(
                .started(
                    RonRequestStartedEvent(
                        method: request.method, url: redactedURL, headers: headers, requestId: requestId,
                        correlationId: correlationId)))
        }
        if let hook = config.onRequest {
            let info = RonRequestInfo(
                method: request.method, url: redactedURL, headers: headers, requestId: requestId,
                correlationId: correlationId)
            hookQueue.submit { hook(info) }
        }
    }

    /// Logs the outcome and runs the `onResponse` hook without waiting for it.
    func report<T>(
        _ request: AppRequest, url: URL?, sentHeaders: RonHeaders, response: AppResponse<T>, secrets: [String] = []
    ) {
        let hasConsumers = broadcaster.hasConsumers
        guard logger != nil || config.onResponse != nil || hasConsumers else { return }
        // A refused path is redacted too: it may carry a secret (`/download?token=…`).
        let redactedURL =
            url.map { Redactor.url($0, secrets: secrets) }
            ?? "[not built] \(Redactor.text(String(RonPath.display(request.path).prefix(200))))"
        let knownSecrets = knownSecrets + secrets
        let correlationId = response.correlationId ?? sentHeaders["x-correlation-id"]
        if hasConsumers {
            var finished = RonRequestFinishedEvent(
                method: request.method.rawValue, url: redactedURL,
                requestId: sentHeaders["x-request-id"], correlationId: correlationId,
                status: response.status, ok: response.ok, durationMs: response.durationMs,
                bytes: response.raw?.count ?? 0, problemCode: response.problem?.code,
                problemKind: response.problem?.kind)
            finished.cache = response.cache
            broadcaster.emit(.finished(finished))
        }
        if let logger {
            var metadata: Logger.Metadata = [
                "method": .string(request.method.rawValue), "url": .string(redactedURL),
                "status": .stringConvertible(response.status), "duration_ms": .stringConvertible(response.durationMs),
                "correlation_id": .string(correlationId ?? ""),
            ]
            if let problem = response.problem {
                metadata["problem_code"] = .string(problem.code)
                metadata["problem_kind"] = .string(problem.kind ?? "")
            }
            if config.debug, let raw = response.raw, !raw.isEmpty {
                metadata["body"] = .string(Redactor.scrub(Self.debugText(raw), knownSecrets))
            }
            logger.debug("ron response", metadata: metadata)
        }
        if let hook = config.onResponse {
            let info = RonResponseInfo(
                method: request.method.rawValue, url: redactedURL, status: response.status, ok: response.ok,
                headers: Redactor.headers(response.headers, secrets: secrets), durationMs: response.durationMs,
                correlationId: correlationId,
                problem: response.problem.map { Redactor.problem($0, secrets: knownSecrets) })
            hookQueue.submit { hook(info) }
        }
    }

    /// What a debug log shows of a body whose bytes it never shows: a form's or multipart body's
    /// field names (their values may be secrets or files), or the kind and length of a file or
    /// stream.
    private static func debugSummary(_ body: AppRequestBody) -> String? {
        let length = body.length.map { ", \($0) bytes" } ?? ""
        if let summary = body.summary { return "[\(Redactor.text(summary))\(length)]" }
        switch body.source {
        case .data: return nil
        case .file: return "[file\(length)]"
        case .stream: return "[stream\(length)]"
        }
    }

    private static func debugText(_ data: Data) -> String {
        let prefix = data.prefix(debugBodyLimit)
        let text = String(decoding: prefix, as: UTF8.self)
        let suffix = data.count > debugBodyLimit ? "…(\(data.count) bytes)" : ""
        return Redactor.text(text) + suffix
    }

    /// The credentials this client was configured with, replaced wherever they show up in text.
    var knownSecrets: [String] {
        var secrets: [String] = []
        if let token = config.authToken {
            secrets.append(token)
            // The token without its scheme, as it may be echoed alone.
            if let space = token.firstIndex(of: " ") { secrets.append(String(token[token.index(after: space)...])) }
        }
        if let passport = config.passportToken { secrets.append(passport) }
        return secrets
    }
}
