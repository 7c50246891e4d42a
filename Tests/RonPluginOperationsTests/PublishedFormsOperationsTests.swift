import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// Calls generated from descriptions in the forms vendors publish, over loopback HTTP: a Swagger 2.0
/// document (`Schema/kennel.swagger.json`, read as OpenAPI 3.0) and a description in several files
/// (`Schema/shelter/`: path items, parameters and schemas in files of their own, YAML and JSON).
@Suite struct PublishedFormsOperationsTests {
    private func client(_ server: LoopbackServer) throws -> RonClient {
        try RonClient(config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true))
    }

    // MARK: Swagger 2.0

    @Test func aSwaggerQueryGoesBelowItsBasePathInItsCollectionFormats() async throws {
        let server = try LoopbackServer { _ in .json(200, #"[{"id": 7, "name": "Rex", "owner": null}]"#) }
        defer { server.stop() }
        let client = try client(server)
        defer { client.close() }
        let answer = await client.findDogs(
            breed: ["collie", "pug"], colors: ["black", "white"], limit: 5, xKennelTrace: "t-1")
        #expect(answer.problem == nil)
        #expect(answer.data == [Dog(id: 7, name: "Rex", owner: nil)])
        let request = try #require(server.requests.first)
        // `host` + `basePath`: the path below the client's base URL is basePath's.
        #expect(request.path == "/kennel/v1/dogs")
        // multi: one pair per element; pipes: one value joined with `|`.
        #expect(request.target.hasSuffix("?breed=collie&breed=pug&colors=black%7Cwhite&limit=5"))
        #expect(request.header("x-kennel-trace") == "t-1")
    }

    @Test func aSwaggerBodyParameterIsTheJSONRequestBody() async throws {
        let server = try LoopbackServer { _ in .json(201, #"{"id": 8, "name": "Bo"}"#) }
        defer { server.stop() }
        let client = try client(server)
        defer { client.close() }
        let answer = await client.addDog(body: Dog(name: "Bo"))
        #expect(answer.status == 201)
        #expect(answer.data?.id == 8)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.header("content-type")?.hasPrefix("application/json") == true)
        let sent = try JSONSerialization.jsonObject(with: request.body) as? [String: Any]
        #expect(sent?["name"] as? String == "Bo")
    }

    @Test func swaggerFormDataIsAURLEncodedFormWithCSVArrays() async throws {
        let server = try LoopbackServer { _ in .respond(status: 204) }
        defer { server.stop() }
        let client = try client(server)
        defer { client.close() }
        let answer = await client.renameDog(dogId: 42, body: RenameDogRequest(name: "Max & Co", nicknames: ["m", "x"]))
        #expect(answer.status == 204)
        let request = try #require(server.requests.first)
        #expect(request.target == "/kennel/v1/dogs/42")
        #expect(request.header("content-type") == "application/x-www-form-urlencoded")
        // collectionFormat is csv when not given: one comma-separated value.
        #expect(String(decoding: request.body, as: UTF8.self) == "name=Max+%26+Co&nicknames=m%2Cx")
    }

    @Test func swaggerFormDataWithAFileIsMultipart() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"code": 1, "message": "stored"}"#) }
        defer { server.stop() }
        let client = try client(server)
        defer { client.close() }
        let photo = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let answer = await client.uploadDogPhoto(
            dogId: 3,
            body: UploadDogPhotoForm(caption: "at the beach", photo: RonMultipartFile(data: photo, filename: "b.png")))
        #expect(answer.data?.message == "stored")
        let request = try #require(server.requests.first)
        #expect(request.method == "PUT")
        let parts = try MultipartOperationTests.parts(request.body, contentType: request.header("content-type"))
        #expect(parts.map(\.name) == ["caption", "photo"])
        #expect(String(decoding: parts[0].body, as: UTF8.self) == "at the beach")
        #expect(parts[1].filename == "b.png")
        #expect(parts[1].body == photo)
    }

    @Test func aSwaggerFileAnswerIsBytes() async throws {
        let png = Data((0..<300).map { UInt8($0 % 256) })
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["Content-Type": "image/png"], body: png)
        }
        defer { server.stop() }
        let client = try client(server)
        defer { client.close() }
        let answer = await client.getDogPhoto(dogId: 3)
        #expect(answer.data == png)
        #expect(server.requests.first?.header("accept") == "image/png")
    }

    // MARK: A description in several files

    @Test func aPathItemInAFileOfItsOwnIsCalledBelowTheRootsServer() async throws {
        let server = try LoopbackServer { _ in
            .json(200, #"{"name": "Tom", "species": "cat", "caretaker": {"name": "Ann", "since": "2024-05-01"}}"#)
        }
        defer { server.stop() }
        let client = try client(server)
        defer { client.close() }
        let answer = await client.getAnimal(animalId: "a 1")
        // The schema in its own file is the component's type, `Animal`, with the JSON file's `Caretaker`.
        #expect(answer.data?.caretaker?.name == "Ann")
        #expect(answer.data?.species == "cat")
        #expect(server.requests.first?.target == "/shelter/animals/a%201")
    }

    @Test func parametersAndPathItemsOfOtherFilesAndTheRootsComponents() async throws {
        let server = try LoopbackServer { request in
            request.path.hasSuffix("/caretakers") ? .json(200, #"[{"name": "Ann"}]"#) : .json(200, "[]")
        }
        defer { server.stop() }
        let client = try client(server)
        defer { client.close() }
        let animals = await client.listAnimals(species: "dog")
        #expect(animals.data == [])
        let caretakers = await client.listAnimalCaretakers(animalId: "a1")
        #expect(caretakers.data?.map(\.name) == ["Ann"])
        #expect(server.requests.map(\.target) == ["/shelter/animals?species=dog", "/shelter/animals/a1/caretakers"])
    }
}
