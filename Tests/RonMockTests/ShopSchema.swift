import Foundation

/// The schema folder and fixtures of "a user's" package, written into a temporary folder: a
/// schemars-style type document and an OpenAPI 3.1 document with a list, a GET with path and query
/// parameters, a POST with a JSON body, a DELETE, a text answer and documented error answers.
struct ShopSchema {
    let root: URL
    var schema: URL { root.appending(path: "Schema") }
    var fixtures: URL { root.appending(path: "Fixtures") }

    /// The folder with its documents and fixtures; `fixtures` replaces or adds fixture files
    /// (`Item/getItem.json` → contents).
    init(fixtures overrides: [String: String] = [:]) throws {
        root = FileManager.default.temporaryDirectory.appending(path: "ron-mock-\(UUID().uuidString)")
        try write("Schema/shop.schema.json", Self.types)
        try write("Schema/shop.openapi.json", Self.operations)
        for (path, text) in Self.defaultFixtures.merging(overrides, uniquingKeysWith: { _, new in new }) {
            try write("Fixtures/" + path, text)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    private func write(_ path: String, _ text: String) throws {
        let url = root.appending(path: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static let defaultFixtures = [
        "Item/getItem.json": #"{"id": "i-1", "name": "Lamp", "price": 12.5, "quantity": 3, "color": "red"}"#,
        "Item/other.json": #"{"id": "i-2", "name": "Chair", "price": 40, "color": "blue"}"#,
        "Item/stool.toml": "id = \"i-3\"\nname = \"Stool\"\nprice = 7\n",
    ]

    static let types = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "title": "Shop",
          "$defs": {
            "Item": {
              "type": "object",
              "properties": {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "price": {"type": "number", "format": "double"},
                "quantity": {"type": "integer", "format": "int32", "minimum": 0},
                "color": {"$ref": "#/$defs/Color"}
              },
              "required": ["id", "name", "price"]
            },
            "ItemDraft": {
              "type": "object",
              "properties": {
                "name": {"type": "string"},
                "price": {"type": "number", "format": "double"},
                "color": {"$ref": "#/$defs/Color"}
              },
              "required": ["name", "price"]
            },
            "Color": {"type": "string", "enum": ["red", "blue"]},
            "Problem": {
              "type": "object",
              "properties": {"code": {"type": "string"}, "message": {"type": "string"}, "retryable": {"type": "boolean"}},
              "required": ["code", "message"]
            }
          }
        }
        """#

    static let operations = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Shop", "version": "1.0.0"},
          "servers": [{"url": "https://shop.example.com/v1"}],
          "paths": {
            "/items": {
              "get": {
                "operationId": "listItems",
                "parameters": [
                  {"name": "limit", "in": "query", "required": true, "example": 10,
                   "schema": {"type": "integer", "format": "int32", "minimum": 1, "maximum": 50}},
                  {"name": "color", "in": "query", "schema": {"$ref": "shop.schema.json#/$defs/Color"}}
                ],
                "responses": {
                  "200": {"description": "The items.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "shop.schema.json#/$defs/Item"}}}}}
                }
              },
              "post": {
                "operationId": "createItem",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "shop.schema.json#/$defs/ItemDraft"}}}},
                "responses": {
                  "201": {"description": "Made.", "content": {"application/json": {
                    "schema": {"$ref": "shop.schema.json#/$defs/Item"},
                    "example": {"id": "i-9", "name": "New", "price": 1}}}},
                  "422": {"$ref": "#/components/responses/Refused"}
                }
              }
            },
            "/items/{item_id}": {
              "parameters": [{"name": "item_id", "in": "path", "required": true, "example": "i-1", "schema": {"type": "string", "pattern": "^i-[0-9]+$"}}],
              "get": {
                "operationId": "getItem",
                "parameters": [{"name": "verbose", "in": "query", "schema": {"type": "boolean"}}],
                "responses": {
                  "200": {"description": "The item.", "content": {"application/json": {"schema": {"$ref": "shop.schema.json#/$defs/Item"}}}},
                  "404": {"description": "No such item.", "content": {"application/json": {
                    "schema": {"$ref": "shop.schema.json#/$defs/Problem"},
                    "examples": {"missing": {"value": {"code": "not_found", "message": "no item i-1", "retryable": false}}}}}}
                }
              },
              "delete": {
                "operationId": "deleteItem",
                "parameters": [{"name": "confirm", "in": "cookie", "schema": {"type": "integer", "maximum": 1}}],
                "responses": {"204": {"description": "Gone."}}
              }
            },
            "/items/changes": {
              "get": {
                "operationId": "itemChanges",
                "responses": {"200": {"description": "Changed items.", "content": {"text/event-stream": {"schema": {"$ref": "shop.schema.json#/$defs/Item"}}}}}
              }
            },
            "/photos": {
              "post": {
                "operationId": "uploadPhoto",
                "requestBody": {"required": true, "content": {"multipart/form-data": {
                  "schema": {"type": "object", "required": ["caption", "photo", "tags"], "properties": {
                    "caption": {"type": "string"}, "photo": {"type": "string", "format": "binary"},
                    "tags": {"type": "array", "items": {"type": "string"}}}},
                  "encoding": {"photo": {"contentType": "image/png, image/jpeg"}}}}},
                "responses": {"204": {"description": "Stored."}}
              }
            },
            "/colors": {
              "get": {
                "operationId": "listColors",
                "responses": {"200": {"description": "The colors.", "content": {"application/json": {
                  "schema": {"type": "array", "items": {"$ref": "shop.schema.json#/$defs/Color"}},
                  "example": ["red", "blue"]}}}}
              }
            },
            "/health": {
              "get": {
                "operationId": "health",
                "responses": {"200": {"description": "Up.", "content": {"text/plain": {"example": "ok"}}}}
              }
            }
          },
          "components": {
            "responses": {
              "Refused": {"description": "Refused.", "content": {"application/json": {"schema": {"$ref": "shop.schema.json#/$defs/Problem"}}}}
            }
          }
        }
        """#
}
