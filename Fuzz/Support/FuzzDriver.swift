import Foundation

/// What every fuzz target's entry point does, with libFuzzer or without it.
public enum FuzzDriver {
    /// Without libFuzzer: runs `check` on every file `arguments` name (folders are walked), prints a
    /// summary line and exits 2 when a file cannot be read.
    public static func replay(name: String, arguments: [String], _ check: (Data) -> Void) {
        let files = CorpusFiles.expand(arguments)
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else {
                print("\(name): cannot read \(file)")
                exit(2)
            }
            check(data)
        }
        print("\(name): \(files.count) input(s) passed")
    }

    #if RON_LIBFUZZER
        /// With libFuzzer: hands the process over to libFuzzer's driver, which calls `callback`
        /// with each input.
        public static func runLibFuzzer(
            argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
            _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
        ) -> CInt {
            var count = argc
            var arguments = argv
            return runFuzzerDriver(&count, &arguments, callback)
        }
    #endif
}

#if RON_LIBFUZZER
    /// libFuzzer's driver (from the fuzzer runtime that `-sanitize=fuzzer` links).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
    ) -> CInt
#endif
