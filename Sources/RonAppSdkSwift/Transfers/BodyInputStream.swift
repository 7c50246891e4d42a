import Foundation

#if canImport(Darwin)
    /// The `InputStream` that `URLSession` reads a streamed request body from, on Apple platforms:
    /// `URLSession` cannot read a subclass of `InputStream` there, so it is the reading end of a
    /// bound pair of streams that a thread of its own fills from a ``BlockingChunkReader``. (On
    /// Linux a stream body goes through a temporary file instead, see `UploadBody`.)
    enum BodyInputStream {
        /// The stream for `chunks`, and the reader to cancel when the call ends.
        static func make(_ chunks: AsyncThrowingStream<Data, any Error>) -> (InputStream, BlockingChunkReader) {
            let reader = BlockingChunkReader(chunks)
            var input: InputStream?
            var output: OutputStream?
            Stream.getBoundStreams(withBufferSize: 64 * 1024, inputStream: &input, outputStream: &output)
            let writer = BoundStreamWriter(reader: reader, output: output!)
            Thread { writer.run() }.start()
            return (input!, reader)
        }
    }

    /// Copies the reader into the writing end of a bound pair, blocking while the pair is full.
    private final class BoundStreamWriter: @unchecked Sendable {
        let reader: BlockingChunkReader
        let output: OutputStream
        init(reader: BlockingChunkReader, output: OutputStream) {
            self.reader = reader
            self.output = output
        }

        func run() {
            output.open()
            defer { output.close() }
            let size = 64 * 1024
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            defer { buffer.deallocate() }
            while true {
                let count = reader.read(into: buffer, maxLength: size)
                guard count > 0 else { return }
                var written = 0
                while written < count {
                    let step = output.write(buffer.advanced(by: written), maxLength: count - written)
                    guard step > 0 else {
                        reader.cancel()
                        return
                    }
                    written += step
                }
            }
        }
    }
#endif
