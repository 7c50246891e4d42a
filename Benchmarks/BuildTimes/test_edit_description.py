"""Tests of edit_description.py, the edits the build-time benchmarks time (run by .ci/run):

    python3 -m unittest discover -s Benchmarks/BuildTimes -p 'test_*.py'

Each edit must change what it says and nothing else, in the file that holds it; a description it
cannot edit is an error that names the file (exit 64), never a traceback.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import yaml

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "edit_description.py")


def run(*arguments):
    return subprocess.run([sys.executable, SCRIPT, *arguments], capture_output=True, text=True)


class EditDescriptionTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.addCleanup(self.folder.cleanup)

    def write(self, name, document):
        path = os.path.join(self.folder.name, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as handle:
            if name.endswith(".json"):
                json.dump(document, handle)
            else:
                yaml.safe_dump(document, handle, sort_keys=False)
        return path

    def text(self, path):
        with open(path) as handle:
            return handle.read()

    def read(self, path):
        with open(path) as handle:
            return json.load(handle) if path.endswith(".json") else yaml.safe_load(handle)

    def openapi(self):
        return {
            "openapi": "3.0.3",
            "info": {"title": "Pets", "version": "1"},
            "paths": {
                "/pets": {
                    "get": {"operationId": "listPets", "description": "All pets.", "responses": {}},
                    "post": {"operationId": "addPet", "responses": {}},
                },
                "/stores": {"get": {"operationId": "listStores", "responses": {}}},
            },
            "components": {
                "schemas": {
                    "Name": {"type": "string"},
                    "Pet": {"type": "object", "properties": {"id": {"type": "integer"}}},
                }
            },
        }

    def test_count_and_format(self):
        path = self.write("openapi.yaml", self.openapi())
        self.assertEqual(run("count", path).stdout.strip(), "3")
        self.assertEqual(run("format", path).stdout.strip(), "openapi-3.0")
        swagger = self.write("swagger.json", {"swagger": "2.0", "info": {}, "paths": {"/a": {"get": {}}}})
        self.assertEqual(run("format", swagger).stdout.strip(), "swagger-2.0")
        self.assertEqual(run("count", swagger).stdout.strip(), "1")

    def test_an_operation_edit_adds_one_new_query_parameter_to_the_first_operation(self):
        path = self.write("openapi.yaml", self.openapi())
        for expected in ("ronBenchEdit", "ronBenchEdit1"):
            self.assertEqual(run("operation", path).returncode, 0)
            document = self.read(path)
            parameters = document["paths"]["/pets"]["get"]["parameters"]
            self.assertEqual(parameters[-1], {"name": expected, "in": "query", "required": False,
                                              "schema": {"type": "string"}})
        self.assertNotIn("parameters", document["paths"]["/pets"]["post"])
        self.assertNotIn("parameters", document["paths"]["/stores"]["get"])

    def test_a_swagger_parameter_has_its_type_inline(self):
        path = self.write("swagger.json", {"swagger": "2.0", "info": {}, "paths": {"/a": {"get": {}}}})
        run("operation", path)
        parameter = self.read(path)["paths"]["/a"]["get"]["parameters"][0]
        self.assertEqual(parameter["type"], "string")
        self.assertNotIn("schema", parameter)

    def test_a_documentation_edit_changes_the_description_alone(self):
        path = self.write("openapi.json", self.openapi())
        before = self.read(path)
        self.assertEqual(run("documentation", path).returncode, 0)
        after = self.read(path)
        self.assertEqual(after["paths"]["/pets"]["get"]["description"], "All pets. Edited for a benchmark.")
        after["paths"]["/pets"]["get"]["description"] = "All pets."
        self.assertEqual(after, before)

    def test_a_type_edit_adds_a_new_property_to_the_first_object_schema_or_the_one_named(self):
        path = self.write("openapi.yaml", self.openapi())
        run("type", path)
        run("type", path)
        properties = self.read(path)["components"]["schemas"]["Pet"]["properties"]
        self.assertEqual(list(properties), ["id", "ronBenchEdit", "ronBenchEdit1"])
        result = run("type", path, "Name")
        self.assertEqual(result.returncode, 64)
        self.assertIn("no object schema named Name", result.stderr)

    def test_operations_in_other_files_are_followed_and_a_shared_one_passed_over(self):
        # Two methods that are $refs to one object (algolia's /{path}), then an operation of its own.
        self.write("ops/custom.yaml", {"custom": {"operationId": "custom", "responses": {}}})
        self.write("paths/search.yaml", {"post": {"operationId": "search", "responses": {}}})
        root = self.write("spec.yaml", {
            "openapi": "3.1.0",
            "info": {"title": "Search", "version": "1"},
            "paths": {
                "/{path}": {"get": {"$ref": "ops/custom.yaml#/custom"}, "put": {"$ref": "ops/custom.yaml#/custom"}},
                "/search": {"$ref": "paths/search.yaml"},
            },
        })
        before = self.text(root)
        self.assertEqual(run("operation", root).returncode, 0)
        self.assertEqual(self.text(root), before)
        self.assertNotIn("parameters", self.read(os.path.join(self.folder.name, "ops/custom.yaml"))["custom"])
        edited = self.read(os.path.join(self.folder.name, "paths/search.yaml"))["post"]
        self.assertEqual(edited["parameters"][0]["name"], "ronBenchEdit")

    def test_two_paths_that_ref_one_path_item_share_its_operations(self):
        self.write("paths/item.yaml", {"get": {"operationId": "shared", "responses": {}}})
        root = self.write("openapi.yaml", {
            "openapi": "3.0.3",
            "info": {"title": "Aliases", "version": "1"},
            "paths": {
                "/v1/item": {"$ref": "paths/item.yaml"},
                "/v2/item": {"$ref": "paths/item.yaml"},
                "/own": {"get": {"operationId": "own", "responses": {}}},
            },
        })
        self.assertEqual(run("documentation", root).returncode, 0)
        self.assertNotIn("description", self.read(os.path.join(self.folder.name, "paths/item.yaml"))["get"])
        self.assertEqual(self.read(root)["paths"]["/own"]["get"]["description"], " Edited for a benchmark.")

    def test_what_cannot_be_edited_is_an_error_naming_the_file(self):
        broken = os.path.join(self.folder.name, "broken.yaml")
        with open(broken, "w") as handle:
            handle.write("openapi: 3.0.0\npaths: [unclosed\n")
        cases = [
            (("operation", broken), "broken.yaml"),
            (("count", os.path.join(self.folder.name, "missing.json")), "missing.json"),
            (("format", self.write("list.yaml", ["a", "b"])), "list.yaml"),
            (("format", self.write("schema.json", {"type": "object"})), "neither OpenAPI"),
            (("operation", self.write("empty.yaml", {"openapi": "3.0.0", "paths": {}})), "no operation to edit"),
            (("type", self.write("bare.yaml", {"openapi": "3.0.0", "paths": {}})), "no component schema"),
            (("rename", broken), "usage"),
            ((), "usage"),
        ]
        for arguments, expected in cases:
            with self.subTest(arguments=arguments):
                result = run(*arguments)
                self.assertEqual(result.returncode, 64, result.stderr)
                self.assertIn(expected, result.stderr)
                self.assertTrue(result.stderr.startswith("error: "), result.stderr)
                self.assertNotIn("Traceback", result.stderr)


if __name__ == "__main__":
    unittest.main()
