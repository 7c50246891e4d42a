import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension RonClient {
    /// Downloads the body of `request` to the file at `destination`, reporting progress.
    ///
    /// The bytes go to `<destination>.ronpartial` in the destination's folder as they arrive (never
    /// held whole in memory); only a complete file is moved into place (a rename, which replaces an
    /// existing file at once). Complete means: as many bytes as `Content-Length` (or a `206`'s
    /// `Content-Range`) announced, and, when the server sent a SHA-256 (`Repr-Digest`,
    /// `Content-Digest` or `Digest`), the same digest. The call passes the pipeline as
    /// ``stream(_:maxBytes:)`` does and asks for `Accept-Encoding: identity` (unless the request
    /// names its own), so lengths and ranges count the stored bytes.
    ///
    /// With ``RonDownloadOptions/resumable``, a failed or cancelled download keeps its partial file
    /// and a ``RonDownloadResumeData`` beside it (when the server sent `Accept-Ranges: bytes` and an
    /// `ETag` or `Last-Modified`); the next download to the same destination from the same URL asks
    /// for the rest with `Range: bytes=N-` and `If-Range`. A `200` to that request (the file
    /// changed) starts over; a `206` must start where the partial file ends (else
    /// `download_range_mismatch`); a `416` discards the partial file and starts over. Without
    /// `resumable`, every failure and cancellation removes the partial file.
    ///
    /// ```swift
    /// let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("export.zip")
    /// let result = try await client.download(
    ///     AppRequest(path: "/exports/latest"), to: file, options: RonDownloadOptions(resumable: true),
    ///     progress: RonProgressReporter { print($0.completedBytes, $0.expectedBytes ?? -1) })
    /// ```
    ///
    /// - Parameters:
    ///   - request: The call (usually a `GET`).
    ///   - destination: A file URL; its folder must exist.
    ///   - options: Resuming, replacing, a size cap.
    ///   - progress: Told the bytes so far (a resumed download's first part included) after every
    ///     chunk, and ``RonProgressReporter/finish()`` at the end, whatever the outcome. It is told
    ///     on the transport's thread, which writes each chunk to the file as it arrives
    ///     (`AsyncHTTPClientTransport`'s event loop; on Linux, FoundationNetworking's one thread, which
    ///     every `URLSession` of the process shares): keep the handler short (hand the value on, as
    ///     the reporter's `AsyncSequence` and `Progress` forms do).
    /// - Returns: Where the file is and what was checked.
    /// - Throws: The call's `RonProblem`: a non-2xx status, a transport failure, `cancelled`,
    ///   `download_length_mismatch`, `download_digest_mismatch`, `download_range_mismatch`,
    ///   `response_too_large`, `download_destination_exists`, or `download_file_error` (with the path).
    public func download(
        _ request: AppRequest, to destination: URL, options: RonDownloadOptions = RonDownloadOptions(),
        progress: RonProgressReporter? = nil
    ) async throws(RonProblem) -> RonDownloadResult {
        defer { progress?.finish() }
        if !options.replaceExisting, FileManager.default.fileExists(atPath: destination.path) {
            throw RonProblem(
                code: "download_destination_exists", message: "A file is already at \(destination.path)",
                kind: "local", status: 0, retryable: false, details: ["path": .string(destination.path)])
        }
        let url = try self.url(for: request)
        var resume: RonDownloadResumeData?
        if options.resumable, let kept = RonDownloadResumeData.load(for: destination), kept.url == url,
            RonDownloadResumeData.partialBytes(for: destination) > 0
        {
            resume = kept
        } else {
            RonDownloadResumeData.discard(for: destination)
        }
        do {
            do {
                return try await downloadAttempt(request, url: url, to: destination, resume: resume, options, progress)
            } catch let problem as RonProblem where problem.code == "download_restart" {
                RonDownloadResumeData.discard(for: destination)
                return try await downloadAttempt(request, url: url, to: destination, resume: nil, options, progress)
            }
        } catch let problem as RonProblem {
            throw problem
        } catch {
            throw PartialFile.problem("failed", destination, error)
        }
    }

    /// One request of a download: from the start, or from the end of the partial file.
    private func downloadAttempt(
        _ request: AppRequest, url: URL, to destination: URL, resume: RonDownloadResumeData?,
        _ options: RonDownloadOptions, _ progress: RonProgressReporter?
    ) async throws -> RonDownloadResult {
        let partialURL = RonDownloadResumeData.partialFile(for: destination)
        let offset = resume == nil ? 0 : RonDownloadResumeData.partialBytes(for: destination)
        var call = request
        let takesCodedBytes = Self.namesAcceptEncoding(request)
        if !takesCodedBytes { call.headers["Accept-Encoding"] = "identity" }
        if let resume, offset > 0 {
            call.headers["Range"] = "bytes=\(offset)-"
            call.headers["If-Range"] = resume.validator
        }
        let opened: Result<TransportStream, RonProblem>
        do {
            opened = .success(try await openStream(call, takesCodedBytes: takesCodedBytes))
        } catch {
            opened = .failure(error)
        }
        if case .failure(let problem) = opened, problem.status == 416, offset > 0 {
            // The partial file is as long as the file or longer (it changed): start over.
            throw RonProblem(code: "download_restart", message: "416", kind: "local", status: 416, retryable: false)
        }
        let head = try opened.get()
        let fields = TransferHeaders(headers: head.headers)
        let plan = try TransferPlan(status: head.status, fields: fields, offset: offset)
        var keepOnFailure = false
        if options.resumable, fields.acceptsByteRanges, let validator = fields.validator {
            try? RonDownloadResumeData(url: url, validator: validator, totalBytes: plan.total).save(for: destination)
            keepOnFailure = true
        }
        let expectedDigest = fields.sha256(wholeBody: plan.keep == 0)
        let file: PartialFile
        do {
            file = try PartialFile(partialURL, keep: plan.keep, hashing: expectedDigest != nil)
        } catch {
            if !keepOnFailure { RonDownloadResumeData.discard(for: destination) }
            throw error
        }
        do {
            let sink = DownloadSink(file: file, maxBytes: options.maxBytes, total: plan.total, progress: progress)
            progress?.report(RonTransferProgress(completedBytes: file.length, expectedBytes: plan.total))
            if let direct = head.directBody {
                // Each part is written on the transport's thread as it arrives (as curl does).
                do {
                    try await direct.drain { try sink.write($0) }
                } catch let problem as RonProblem {
                    throw problem
                } catch {
                    throw ProblemMapper.fromTransport(TransportFailure.classify(error))
                }
            } else {
                for try await chunk in RonByteStream(head.body) { try sink.write(chunk) }
            }
            if Task.isCancelled { throw ProblemMapper.fromTransport(TransportFailure(.cancelled)) }
            if let total = plan.total, file.length != total {
                throw Self.mismatch(
                    "download_length_mismatch", "got \(file.length) of \(total) bytes", status: head.status)
            }
            var verified: String?
            if let expectedDigest, let actual = file.sha256() {
                guard actual == expectedDigest else {
                    keepOnFailure = false
                    throw Self.mismatch(
                        "download_digest_mismatch", "the file's SHA-256 is not the one the server announced",
                        status: head.status)
                }
                verified = actual.map { String(format: "%02x", $0) }.joined()
            }
            try file.close(sync: false)
            guard rename(partialURL.path, destination.path) == 0 else {
                throw PartialFile.problem("cannot move into place", destination, POSIXError(.init(rawValue: errno)!))
            }
            try? FileManager.default.removeItem(at: RonDownloadResumeData.recordFile(for: destination))
            return RonDownloadResult(
                destination: destination, status: head.status, headers: head.headers, bytes: file.length,
                resumedFromBytes: plan.keep, verifiedSHA256: verified)
        } catch {
            file.abandon()
            if !keepOnFailure { RonDownloadResumeData.discard(for: destination) }
            throw error
        }
    }

    private static func mismatch(_ code: String, _ message: String, status: Int) -> RonProblem {
        RonProblem(
            code: code, message: "The download is incomplete or wrong: \(message)", kind: "transport",
            status: status, retryable: code == "download_length_mismatch")
    }
}

/// What a download response means for the partial file: how many of its bytes to keep, and how long
/// the whole file is.
struct TransferPlan {
    /// The bytes of the partial file the body continues (0: the body is the whole file).
    let keep: Int64
    /// The whole file's length, when known.
    let total: Int64?

    init(status: Int, fields: TransferHeaders, offset: Int64) throws(RonProblem) {
        guard status == 206 else {
            // A 200 to a resume means the file changed (or ranges are not served): start over.
            keep = 0
            total = fields.contentLength
            return
        }
        guard let range = fields.contentRange, range.first == offset else {
            throw RonProblem(
                code: "download_range_mismatch",
                message:
                    "The server answered 206 with Content-Range '\(fields.headers["content-range"] ?? "")', not bytes \(offset)-",
                kind: "transport", status: status, retryable: false)
        }
        keep = offset
        total = range.total ?? fields.contentLength.map { offset + $0 }
    }
}

/// Where a download's parts go: the partial file, within the size cap, with progress after each.
/// Called by one thread at a time (the reading task, or the transport's thread in order), and by
/// the task again only once the body ended.
final class DownloadSink: @unchecked Sendable {
    private let file: PartialFile
    private let maxBytes: Int64?
    private let total: Int64?
    private let progress: RonProgressReporter?

    init(file: PartialFile, maxBytes: Int64?, total: Int64?, progress: RonProgressReporter?) {
        self.file = file
        self.maxBytes = maxBytes
        self.total = total
        self.progress = progress
    }

    /// Appends `chunk` to the file and reports the bytes so far.
    func write(_ chunk: Data) throws {
        if let maxBytes, file.length + Int64(chunk.count) > maxBytes {
            throw ProblemMapper.fromTransport(
                TransportFailure(.responseTooLarge, detail: "the file passed \(maxBytes) bytes"))
        }
        try file.write(chunk)
        progress?.report(RonTransferProgress(completedBytes: file.length, expectedBytes: total))
    }
}
