/// The schema documents and fixtures of a package made by `ron new`: a JSON Schema document as
/// schemars (Rust) writes one (draft-07, `definitions`, `Option<T>` as a type list with `null`), and
/// an OpenAPI 3.1 document whose operations refer to it.
enum ScaffoldDocuments {
    static let widgetSchema = """
        {
          "$schema": "http://json-schema.org/draft-07/schema#",
          "title": "Widget",
          "description": "A widget, as the server's Rust code defines it.",
          "type": "object",
          "required": ["id", "name", "state"],
          "properties": {
            "id": {"description": "The widget's id.", "type": "string"},
            "name": {"type": "string"},
            "size": {"type": ["integer", "null"], "format": "int32"},
            "state": {"$ref": "#/definitions/WidgetState"},
            "tags": {"default": [], "type": "array", "items": {"type": "string"}}
          },
          "definitions": {
            "WidgetState": {"description": "Where a widget is in its life.", "type": "string", "enum": ["draft", "live", "retired"]},
            "WidgetDraft": {
              "description": "What a new widget is made from.",
              "type": "object",
              "required": ["name"],
              "properties": {
                "name": {"type": "string", "minLength": 1},
                "size": {"type": ["integer", "null"], "format": "int32"}
              }
            }
          }
        }

        """

    static let openAPI = """
        {
          "openapi": "3.1.0",
          "info": {"title": "Widgets", "version": "1.0.0"},
          "servers": [{"url": "/v1"}],
          "paths": {
            "/widgets": {
              "get": {
                "operationId": "listWidgets",
                "parameters": [
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "format": "int32", "minimum": 1, "maximum": 100}, "example": 10}
                ],
                "responses": {
                  "200": {"description": "The widgets.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "widget.schema.json"}}}}}
                }
              },
              "post": {
                "operationId": "createWidget",
                "security": [{"widgetsKey": []}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "widget.schema.json#/definitions/WidgetDraft"}}}},
                "responses": {
                  "201": {"description": "Made.", "content": {"application/json": {"schema": {"$ref": "widget.schema.json"}}}}
                }
              }
            },
            "/widgets/{widget_id}": {
              "get": {
                "operationId": "getWidget",
                "parameters": [{"name": "widget_id", "in": "path", "required": true, "schema": {"type": "string"}, "example": "w1"}],
                "responses": {
                  "200": {"description": "The widget.", "content": {"application/json": {"schema": {"$ref": "widget.schema.json"}}}},
                  "404": {"description": "No such widget."},
                  "503": {"description": "Busy: try again after Retry-After."}
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "widgetsKey": {"type": "apiKey", "in": "header", "name": "X-Widgets-Key", "description": "The key of your widget account."}
            }
          }
        }

        """

    static let widgetFixture = """
        {"id": "w1", "name": "First widget", "size": 3, "state": "live", "tags": ["blue"]}

        """

    static let draftFixture = """
        {"name": "Second widget", "size": null}

        """
}
