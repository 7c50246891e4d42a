import NIOCore
import NIOHTTP1

/// Answers a request the HTTP decoder cannot parse with a problem (`431` for headers over the
/// decoder's limit, `400` for anything else) and lets the decoder close the connection. Replaces
/// NIO's own handler, which answers with an empty `400`.
final class ProtocolErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private var responseInProgress = false
    private let log: GatewayLogSink
    private let started = ContinuousClock.now

    init(log: GatewayLogSink) {
        self.log = log
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        if !responseInProgress {
            var response =
                parserError == .headerOverflow
                ? ProblemResponses.headersTooLarge()
                : ProblemResponses.badRequest("malformed HTTP request")
            let ids = CorrelationIDs.fresh()
            response.headers.replaceOrAdd(name: "x-request-id", value: ids.requestId)
            response.headers.replaceOrAdd(name: "x-correlation-id", value: ids.correlationId)
            response.headers.replaceOrAdd(name: "connection", value: "close")
            if case .bytes(let body) = response.body {
                response.headers.replaceOrAdd(name: "content-length", value: String(body.readableBytes))
                let head = HTTPResponseHead(version: .http1_1, status: response.status, headers: response.headers)
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
            log.record(
                GatewayLogRecord(
                    method: "-", path: "-", status: Int(response.status.code),
                    duration: ContinuousClock.now - started, correlationId: ids.correlationId))
        }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head) where head.status.code < 200:
            break
        case .head:
            responseInProgress = true
        case .body:
            break
        case .end:
            responseInProgress = false
        }
        context.write(data, promise: promise)
    }
}
