import Foundation
import Testing

@testable import RonCodegenCore

/// A description in several files, wherever its user put the files: the whole folder in the schema
/// folder, the root there and its parts under `References/` (or a `--references` folder) at their
/// relative paths, or a part moved elsewhere and found by its file name.
@Suite("Where the files of a description are found")
struct ReferenceLayoutTests {
    /// The root document: path items and operations in files of their own, a schema component
    /// in another.
    static let root = """
        openapi: 3.0.3
        info: {title: Layout, version: '1'}
        servers: [{url: 'https://api.example.com'}]
        paths:
          /v2/droplets:
            $ref: 'resources/droplets/droplets.yml'
          /v2/droplets/{droplet_id}:
            get:
              $ref: 'resources/droplets/droplets_get.yml'
            delete:
              $ref: 'resources/droplets/droplets_delete.yml'
          /v2/volumes:
            get:
              $ref: 'resources/volumes/volumes_list.yml'
        components:
          schemas:
            Droplet:
              $ref: 'resources/droplets/models/droplet.yml'
        """

    /// The parts, by their paths relative to the root: parameters, responses and schemas several
    /// folders deep, naming each other with `../`.
    static let parts: [String: String] = [
        "resources/droplets/droplets.yml": """
        get:
          operationId: listDroplets
          parameters:
            - $ref: '../../shared/parameters.yml#/per_page'
          responses:
            '200':
              $ref: 'responses/all_droplets.yml'
            default:
              $ref: '../../shared/responses/unexpected_error.yml'
        post:
          operationId: createDroplet
          requestBody:
            required: true
            content:
              application/json:
                schema:
                  $ref: 'models/droplet_create.yml'
          responses:
            '202':
              $ref: 'responses/droplet.yml'
        """,
        "resources/droplets/droplets_get.yml": """
        operationId: getDroplet
        parameters:
          - $ref: 'parameters.yml#/droplet_id'
        responses:
          '200':
            $ref: 'responses/droplet.yml'
          default:
            $ref: '../../shared/responses/unexpected_error.yml'
        """,
        "resources/droplets/droplets_delete.yml": """
        operationId: deleteDroplet
        parameters:
          - $ref: 'parameters.yml#/droplet_id'
        responses:
          '204':
            $ref: '../../shared/responses/no_content.yml'
        """,
        "resources/droplets/parameters.yml": """
        droplet_id:
          name: droplet_id
          in: path
          required: true
          schema: {type: integer, minimum: 1}
        """,
        "resources/droplets/responses/all_droplets.yml": """
        description: All droplets.
        content:
          application/json:
            schema:
              type: object
              properties:
                droplets:
                  type: array
                  items:
                    $ref: '../models/droplet.yml'
                links:
                  $ref: '../../../shared/models/links.yml'
        """,
        "resources/droplets/responses/droplet.yml": """
        description: One droplet.
        content:
          application/json:
            schema:
              type: object
              properties:
                droplet:
                  $ref: '../models/droplet.yml'
        """,
        "resources/droplets/models/droplet.yml": """
        type: object
        required: [id, name]
        properties:
          id: {type: integer}
          name: {type: string}
          region:
            $ref: '../../regions/models/region.yml'
          volume_ids:
            type: array
            items: {type: string}
        """,
        "resources/droplets/models/droplet_create.yml": """
        type: object
        required: [name, region]
        properties:
          name: {type: string}
          region: {type: string, description: 'The slug of a region.'}
        """,
        "resources/regions/models/region.yml": """
        type: object
        required: [slug]
        properties:
          slug: {type: string}
          available: {type: boolean}
        """,
        "resources/volumes/volumes_list.yml": """
        operationId: listVolumes
        parameters:
          - $ref: '../../shared/parameters.yml#/per_page'
        responses:
          '200':
            description: The volumes.
            content:
              application/json:
                schema:
                  type: object
                  properties:
                    volumes:
                      type: array
                      items:
                        $ref: 'models/volume.yml'
          default:
            $ref: '../../shared/responses/unexpected_error.yml'
        """,
        "resources/volumes/models/volume.yml": """
        type: object
        properties:
          id: {type: string}
          droplet_ids:
            type: array
            items: {type: integer}
          region:
            $ref: '../../regions/models/region.yml'
        """,
        "shared/parameters.yml": """
        per_page:
          name: per_page
          in: query
          schema: {type: integer, default: 20}
        """,
        "shared/responses/unexpected_error.yml": """
        description: Unexpected error.
        content:
          application/json:
            schema:
              $ref: '../models/error.yml'
        """,
        "shared/responses/no_content.yml": "description: No content.\n",
        "shared/models/error.yml": """
        type: object
        required: [id, message]
        properties:
          id: {type: string}
          message: {type: string}
        """,
        "shared/models/links.yml": """
        type: object
        properties:
          pages:
            type: object
            additionalProperties: {type: string}
        """,
    ]

    /// Writes `files` into a new folder; returns it.
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "ron-layout-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    /// What a model generates, with every place named as in the whole-folder layout: the call
    /// listing and the Swift text, `References/` taken out of the files' paths.
    private func generated(_ model: SchemaModel) -> (listing: [String], swift: String) {
        let generator = CodeGenerator()
        let swift = generator.files(for: model, split: false, output: .typesAndOperations).map(\.contents).joined()
        return (
            SwiftRenderer.callListing(model).map { $0.replacingOccurrences(of: "References/", with: "") },
            swift.replacingOccurrences(of: "References/", with: "")
        )
    }

    /// The model and summary of the schema folder `files` (with `references` as `--references`).
    private func run(_ files: [String: String], references: [String: String]? = nil) throws -> (
        model: SchemaModel, summary: GenerationSummary
    ) {
        let schema = try folder(files)
        defer { try? FileManager.default.removeItem(at: schema) }
        var generator = CodeGenerator()
        let external = try references.map(folder)
        defer { if let external { try? FileManager.default.removeItem(at: external) } }
        generator.referenceDirectory = external
        return try generator.modelAndSummary(schemaDirectory: schema)
    }

    @Test func theSameOperationsAndTypesWhereverThePartsAre() throws {
        var whole = Self.parts
        whole["api.yaml"] = Self.root
        var referenced = Dictionary(uniqueKeysWithValues: Self.parts.map { ("References/" + $0.key, $0.value) })
        referenced["api.yaml"] = Self.root

        let inPlace = try run(whole)
        #expect(inPlace.model.notes.isEmpty, "\(inPlace.model.notes)")
        #expect(
            Set(inPlace.model.operations.map(\.operationId))
                == ["listDroplets", "createDroplet", "getDroplet", "deleteDroplet", "listVolumes"])
        #expect(inPlace.summary.documents == [.init(path: "api.yaml", declared: 5, generated: 5)])
        let names = Set(inPlace.model.types.map(\.name))
        #expect(names.isSuperset(of: ["Droplet", "Region", "ErrorModel", "Links", "Volume"]), "\(names.sorted())")
        let expected = generated(inPlace.model)

        // The root in the schema folder, its parts under Schema/References/ at their relative paths.
        let underReferences = try run(referenced)
        #expect(underReferences.model.notes.isEmpty, "\(underReferences.model.notes)")
        #expect(underReferences.summary == inPlace.summary)
        let actual = generated(underReferences.model)
        #expect(actual.listing == expected.listing)
        #expect(actual.swift == expected.swift)
        // The parts are those of the description, known by their place under References/.
        #expect(underReferences.model.types.contains { $0.origin.file == "References/shared/models/error.yml" })

        // The same parts in a folder given as --references.
        let external = try run(["api.yaml": Self.root], references: Self.parts)
        #expect(external.model.notes.isEmpty, "\(external.model.notes)")
        #expect(external.summary == inPlace.summary)
        #expect(generated(external.model).listing == expected.listing)
        #expect(generated(external.model).swift == expected.swift)
    }

    @Test func aPartNoPathFindsIsFoundByItsFileName() throws {
        // The volumes' files moved into folders of their own: the root's `$ref` and the list's
        // `models/volume.yml` find them by their names, and volume.yml's
        // `../../regions/models/region.yml` finds the one file of that name.
        var files = Self.parts
        files["api.yaml"] = Self.root
        files["moved/volumes_list.yml"] = files.removeValue(forKey: "resources/volumes/volumes_list.yml")
        files["elsewhere/volume.yml"] = files.removeValue(forKey: "resources/volumes/models/volume.yml")
        let moved = try run(files)
        #expect(moved.model.notes.isEmpty, "\(moved.model.notes)")
        #expect(moved.summary.documents == [.init(path: "api.yaml", declared: 5, generated: 5)])
        let volumes = try #require(moved.model.operations.first { $0.operationId == "listVolumes" })
        #expect(volumes.parameters.map(\.name) == ["per_page"])
        #expect(moved.model.types.contains { $0.name == "Volume" && $0.origin.file == "elsewhere/volume.yml" })
    }

    @Test func twoFilesOfTheNameAreAnErrorNamingBoth() throws {
        var files = Self.parts
        files["api.yaml"] = Self.root
        let list = files.removeValue(forKey: "resources/volumes/volumes_list.yml")
        files["a/volumes_list.yml"] = list
        files["References/b/volumes_list.yml"] = list
        let error = #expect(throws: CodegenError.self) { try self.run(files) }
        #expect(error?.file == "api.yaml")
        #expect(error?.pointer == "/paths/~1v2~1volumes/get/$ref")
        #expect(error?.message.contains("'References/b/volumes_list.yml'") == true, "\(String(describing: error))")
        #expect(error?.message.contains("'a/volumes_list.yml'") == true)
        #expect(error?.message.contains("$ref 'resources/volumes/volumes_list.yml'") == true)
    }

    @Test func aFileThePathFindsIsNotAmbiguous() throws {
        // Another error.yml elsewhere does not matter: the `$ref`s name the shared one by its path.
        var files = Self.parts
        files["api.yaml"] = Self.root
        files["References/other/models/error.yml"] = "type: object\nproperties:\n  code: {type: integer}\n"
        let result = try run(files)
        #expect(result.model.notes.isEmpty, "\(result.model.notes)")
        #expect(result.summary.generatedOperations == 5)
    }

    @Test func aPartNoWayFindsLeavesItsOperationsOutWithAWarning() throws {
        var files = Self.parts
        files["api.yaml"] = Self.root
        files.removeValue(forKey: "resources/volumes/volumes_list.yml")
        let result = try run(files)
        #expect(result.summary.documents == [.init(path: "api.yaml", declared: 5, generated: 4)])
        let note = try #require(result.summary.operationNotes.first)
        #expect(note.pointer == "/paths/~1v2~1volumes/get/$ref")
        #expect(
            note.message.contains(
                "names 'resources/volumes/volumes_list.yml', which is not in the schema folder (nor under References/ at that path, nor anywhere by its file name)"
            ))
    }
}
