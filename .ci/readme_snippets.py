#!/usr/bin/env python3
"""Writes the ```swift blocks of README.md and of every DocC article (Sources/*/*.docc/*.md) as Swift
files of a consumer target, so CI compiles them.

A block tagged ```swift is compiled; ```swift fragment blocks (Package.swift pieces) are not. A
block with @main becomes its own file; every other block becomes the body of a function, so blocks
may use `client` (a parameter) and declare types locally. Blocks that import a target in no product
(RonGateway) are compiled and run by the package's own tests instead (Tests/RonInteropTests/
ReadmeGatewaySnippetTests.swift), and this script checks that the test holds them word for word.
So are ```swift user-schema blocks, which call operations generated from a user's own schema: the
test target with that schema runs them (Tests/RonPluginOperationsTests/ReadmeOperationSnippetTests.swift).
```swift scaffold blocks (the article on testing against the mock) are the code `ron new` writes, which
calls the scaffold's own operations: Tests/RonInteropTests/NewCommandTests.swift checks them against
the package it makes, and that package's ./ci.sh compiles and runs them (.ci/check-own-schema.sh).
Only README may hold an @main block (the target has one entry point).
"""
import re
import sys
from pathlib import Path

readme, out_dir, repo = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
out_dir.mkdir(parents=True, exist_ok=True)
normalize = lambda text: "\n".join(line.strip() for line in text.splitlines() if line.strip())
gateway_tests = normalize((repo / "Tests/RonInteropTests/ReadmeGatewaySnippetTests.swift").read_text())
user_schema_tests = normalize(
    (repo / "Tests/RonPluginOperationsTests/ReadmeOperationSnippetTests.swift").read_text())
articles = sorted(repo.glob("Sources/*/*.docc/*.md"))
count = 0
for document in [readme] + articles:
    name = document.name if document == readme else str(document.relative_to(repo))
    prefix = "" if document == readme else document.stem
    text = document.read_text()
    # A fence with text after it does not close a block in CommonMark: the rest of the file would
    # render as code while the pattern below still sees the block closed.
    in_block = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            if in_block and line.rstrip() != "```":
                sys.exit(f"error: {name}:{number}: a closing ``` must stand alone on its line")
            in_block = not in_block
    for index, block in enumerate(re.findall(r"^```swift user-schema\n(.*?)^```", text, flags=re.S | re.M)):
        if normalize(block) not in user_schema_tests:
            sys.exit(f"error: {name}'s user-schema block {index + 1} is not in ReadmeOperationSnippetTests.swift")
    for index, block in enumerate(re.findall(r"^```swift\n(.*?)^```", text, flags=re.S | re.M)):
        if "import RonGateway" in block:
            body = normalize("\n".join(l for l in block.splitlines() if not l.startswith("import ")))
            if body not in gateway_tests:
                sys.exit(f"error: {name} block {index + 1} (imports RonGateway) is not in ReadmeGatewaySnippetTests.swift")
            continue
        imports = [l for l in block.splitlines() if l.startswith("import ")]
        body = [l for l in block.splitlines() if not l.startswith("import ")]
        if "@main" in block:
            if document != readme:
                sys.exit(f"error: {name} block {index + 1}: only README may hold an @main block")
            source = block
        else:
            indented = "\n".join(("    " + l) if l else "" for l in body)
            source = "\n".join(sorted(set(imports + ["import Foundation", "import RonAppSdkSwift"])))
            source += f"\n\nfunc {prefix[:1].lower() + prefix[1:] if prefix else 'readme'}Snippet{index + 1}(client: RonClient) async throws {{\n{indented}\n}}\n"
        (out_dir / f"{prefix}Snippet{index + 1}.swift").write_text(source)
        count += 1
print(f"{count} snippets of README.md and {len(articles)} DocC articles written")
