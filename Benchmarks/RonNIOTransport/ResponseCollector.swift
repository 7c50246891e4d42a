import Foundation
import NIOCore
import NIOHTTP1
import RonAppSdkSwift

/// Writes one ``OutboundRequest`` at a time and collects its response into a ``CollectedResponse``.
final class ResponseCollector: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = OutboundRequest
    typealias OutboundOut = HTTPClientRequestPart

    /// The failure detail when a connection closed before any byte of the response: a reused
    /// keep-alive connection the server had already closed, safe to retry on a new one.
    static let closedBeforeResponse = "connection closed before the response started"

    private var pending: OutboundRequest?
    private var head: HTTPResponseHead?
    private var body: ByteBuffer?
    private var timeout: Scheduled<Void>?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let request = unwrapOutboundIn(data)
        guard pending == nil else {
            request.promise.fail(TransportFailure(.other, detail: "connection already busy"))
            promise?.succeed()
            return
        }
        pending = request
        head = nil
        body = nil
        armTimeout(context: context)
        context.write(wrapOutboundOut(.head(request.head)), promise: nil)
        if let bytes = request.body {
            context.write(wrapOutboundOut(.body(.byteBuffer(bytes))), promise: nil)
        }
        context.write(wrapOutboundOut(.end(nil)), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let request = pending else { return }
        armTimeout(context: context)
        switch unwrapInboundIn(data) {
        case .head(let responseHead):
            head = responseHead
        case .body(var chunk):
            let have = body?.readableBytes ?? 0
            guard have + chunk.readableBytes <= request.limit else {
                finish(.failure(TransportFailure(.responseTooLarge, detail: "over \(request.limit) bytes")))
                context.close(promise: nil)
                return
            }
            if body == nil {
                body = chunk
            } else {
                body?.writeBuffer(&chunk)
            }
        case .end:
            guard let responseHead = head else {
                finish(.failure(TransportFailure(.truncatedBody, detail: "no response head")))
                context.close(promise: nil)
                return
            }
            var headers: [String: String] = [:]
            headers.reserveCapacity(responseHead.headers.count)
            for (name, value) in responseHead.headers {
                if let existing = headers[name] {
                    headers[name] = existing + ", " + value
                } else {
                    headers[name] = value
                }
            }
            let bytes = body.map { Data($0.readableBytesView) } ?? Data()
            finish(
                .success(
                    CollectedResponse(
                        status: Int(responseHead.status.code), headers: headers, body: bytes,
                        keepAlive: responseHead.isKeepAlive)))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        let detail = head == nil ? Self.closedBeforeResponse : "connection closed before the response ended"
        finish(.failure(TransportFailure(.connectionReset, detail: detail)))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let failure: TransportFailure
        if error is HTTPParserError {
            failure = TransportFailure(.truncatedBody, detail: "\(error)")
        } else {
            failure = TransportFailure(.connectionReset, detail: "\(error)")
        }
        finish(.failure(failure))
        context.close(promise: nil)
    }

    private func armTimeout(context: ChannelHandlerContext) {
        timeout?.cancel()
        guard let request = pending else { return }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timeout = context.eventLoop.scheduleTask(in: request.readTimeout) {
            let (handler, context) = loopBound.value
            handler.finish(.failure(TransportFailure(.timeout, detail: "read timeout")))
            context.close(promise: nil)
        }
    }

    private func finish(_ result: Result<CollectedResponse, any Error>) {
        timeout?.cancel()
        timeout = nil
        guard let request = pending else { return }
        pending = nil
        head = nil
        body = nil
        request.promise.completeWith(result)
    }
}
