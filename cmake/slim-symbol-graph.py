#!/usr/bin/env python3
"""Keeps of a Swift symbol graph only what cmake/XCTestMain.cmake reads: classes, methods named
test*, the memberOf relationships of those methods and every inheritsFrom relationship.

CMake's string(JSON) re-parses its input on every GET, so reading a test module's whole graph
(megabytes of declarations) takes minutes; the slim graph is read in a second.

    slim-symbol-graph.py <module>.symbols.json <slim>.json
"""
import json
import sys

graph = json.load(open(sys.argv[1], encoding="utf-8"))
symbols = []
methods = set()
for symbol in graph["symbols"]:
    kind = symbol["kind"]["identifier"]
    if kind == "swift.class" or (
        kind == "swift.method" and symbol["names"]["title"].startswith("test")
    ):
        symbols.append({key: symbol[key] for key in
                        ("kind", "identifier", "names", "declarationFragments") if key in symbol})
        if kind == "swift.method":
            methods.add(symbol["identifier"]["precise"])
relationships = [
    relationship for relationship in graph["relationships"]
    if relationship["kind"] == "inheritsFrom"
    or (relationship["kind"] == "memberOf" and relationship["source"] in methods)
]
with open(sys.argv[2], "w", encoding="utf-8") as out:
    json.dump({"symbols": symbols, "relationships": relationships}, out)
