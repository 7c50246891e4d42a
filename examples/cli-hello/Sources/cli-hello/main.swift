// Calls GET /app/hello on the gateway named by the environment and prints the answer.
//
//   RON_SDK_GATEWAY_ADDR=http://127.0.0.1:8080 RON_SDK_INSECURE_HTTP=1 swift run cli-hello
//
// Exits 0 on success, 1 when the call fails (the problem goes to standard error), 2 when the
// environment is not usable.
import Foundation
import RonAppSdkSwift

let client: RonClient
do {
    client = try RonClient(config: RonConfig.fromEnvironment())
} catch {
    FileHandle.standardError.write(Data("cli-hello: \(error)\n".utf8))
    exit(2)
}
let answer: AppResponse<Hello> = await client.get("/hello")
client.close()
if let problem = answer.problem {
    FileHandle.standardError.write(
        Data("cli-hello: \(problem.code): \(problem.message) (correlation id \(problem.correlationId ?? "-"))\n".utf8))
    exit(1)
}
let hello = try answer.value()
print(hello.message)
