#!/usr/bin/env python3
"""Writes README.md's ```swift blocks as Swift files of a consumer target, so CI compiles them.

A block tagged ```swift is compiled; ```swift fragment blocks (Package.swift pieces) are not. A
block with @main becomes its own file; every other block becomes the body of a function, so blocks
may use `client` (a parameter) and declare types locally. Blocks that import a target in no product
(RonGateway) are compiled and run by the package's own tests instead (Tests/RonInteropTests/
ReadmeGatewaySnippetTests.swift), and this script checks that the test holds them word for word.
So are ```swift user-schema blocks, which call operations generated from a user's own schema: the
test target with that schema runs them (Tests/RonPluginOperationsTests/ReadmeOperationSnippetTests.swift).
"""
import re
import sys
from pathlib import Path

readme, out_dir, repo = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3])
# A fence with text after it does not close a block in CommonMark: the rest of the file would
# render as code while the pattern below still sees the block closed.
in_block = False
for number, line in enumerate(readme.read_text().splitlines(), 1):
    if line.startswith("```"):
        if in_block and line.rstrip() != "```":
            sys.exit(f"error: README.md:{number}: a closing ``` must stand alone on its line")
        in_block = not in_block
blocks = re.findall(r"^```swift\n(.*?)^```", readme.read_text(), flags=re.S | re.M)
out_dir.mkdir(parents=True, exist_ok=True)
normalize = lambda text: "\n".join(line.strip() for line in text.splitlines() if line.strip())
gateway_tests = normalize((repo / "Tests/RonInteropTests/ReadmeGatewaySnippetTests.swift").read_text())
user_schema_tests = normalize(
    (repo / "Tests/RonPluginOperationsTests/ReadmeOperationSnippetTests.swift").read_text())
for index, block in enumerate(re.findall(r"^```swift user-schema\n(.*?)^```", readme.read_text(), flags=re.S | re.M)):
    if normalize(block) not in user_schema_tests:
        sys.exit(f"error: README's user-schema block {index + 1} is not in ReadmeOperationSnippetTests.swift")
count = 0
for index, block in enumerate(blocks):
    if "import RonGateway" in block:
        body = normalize("\n".join(l for l in block.splitlines() if not l.startswith("import ")))
        if body not in gateway_tests:
            sys.exit(f"error: README block {index + 1} (imports RonGateway) is not in ReadmeGatewaySnippetTests.swift")
        continue
    imports = [l for l in block.splitlines() if l.startswith("import ")]
    body = [l for l in block.splitlines() if not l.startswith("import ")]
    if "@main" in block:
        text = block
    else:
        indented = "\n".join(("    " + l) if l else "" for l in body)
        text = "\n".join(sorted(set(imports + ["import Foundation", "import RonAppSdkSwift"])))
        text += f"\n\nfunc readmeSnippet{index + 1}(client: RonClient) async throws {{\n{indented}\n}}\n"
    (out_dir / f"Snippet{index + 1}.swift").write_text(text)
    count += 1
print(f"{count} README snippets written")
