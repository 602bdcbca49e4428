#!/usr/bin/env python3
"""Writes Protocol/schema/<type>.json, one JSON Schema (draft 2020-12) per message type.

The table below is the specification of each message's members (README.md describes them);
run this after changing it: `python3 Protocol/tools/generate_schemas.py`.
"""
import json
import pathlib

ID = {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807,
      "description": "request id, any signed 64-bit integer, echoed by the reply"}
NAT = {"type": "integer", "minimum": 0, "maximum": 2147483647}
COUNT = {"type": "integer", "minimum": 0, "maximum": 9223372036854775807}
SCREEN = {"type": "integer", "minimum": 1, "maximum": 4096, "description": "cells; 1…4096"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
ANY = {"description": "any JSON value"}
STRS = {"type": "array", "items": STR}
COLOR = {"description": "a colour: a name (red, bright_blue, …), a palette index 0…255, or \"#rrggbb\"",
         "oneOf": [{"type": "string"}, {"type": "integer", "minimum": 0, "maximum": 255}]}
POINTER = {"type": "string", "description": "a JSON Pointer (RFC 6901)"}

MESSAGES = {
    # type: (direction, description, {member: (schema, required)})
    "hello": ("client → daemon", "opens a connection", {"id": (ID, True), "versions": ({"type": "array", "items": NAT, "minItems": 2, "maxItems": 2}, True),
              "role": ({"enum": ["control", "viewer", "observer"]}, False), "encoding": ({"enum": ["json", "binary"]}, False), "client": (STR, False)}),
    "welcome": ("daemon → client", "accepts a hello", {"id": (ID, True), "version": (NAT, True), "role": ({"enum": ["control", "viewer", "observer"]}, True), "server": (STR, True)}),
    "patch": ("control", "applies a JSON Patch (RFC 6902) atomically", {"id": (ID, True), "patch": ({"type": "array"}, True)}),
    "set": ("control", "sets the value at a path, creating parents", {"id": (ID, True), "path": (POINTER, True), "value": (ANY, True)}),
    "merge": ("control", "applies a JSON Merge Patch (RFC 7396) at a path", {"id": (ID, True), "path": (POINTER, True), "value": (ANY, True)}),
    "get": ("control", "reads the value at a path", {"id": (ID, True), "path": (POINTER, True)}),
    "watch": ("control", "streams the changes under paths", {"id": (ID, True), "paths": ({"type": "array", "items": POINTER}, True)}),
    "wait": ("control", "replies once a revision is durable", {"id": (ID, True), "revision": (COUNT, True)}),
    "scenes": ("control", "lists the scenes", {"id": (ID, True)}),
    "stats": ("control", "reports counters", {"id": (ID, True)}),
    "trace": ("control", "streams evaluations with their causes", {"id": (ID, True), "scene": (STR, False)}),
    "snapshot": ("control", "renders a scene at a size", {"id": (ID, True), "scene": (STR, True), "width": (SCREEN, True), "height": (SCREEN, True), "markup": (BOOL, False)}),
    "ping": ("control", "asks for a pong", {"id": (ID, True)}),
    "attach": ("viewer", "attaches to a scene", {"id": (ID, True), "scene": (STR, True), "width": (SCREEN, True), "height": (SCREEN, True), "highlight": (BOOL, False)}),
    "resize": ("viewer", "the viewer's terminal changed size (or says it again: a keyframe follows)", {"width": (SCREEN, True), "height": (SCREEN, True)}),
    "input": ("viewer", "a key or wheel event", {"key": (STR, True), "text": (STR, False), "lines": ({"type": "integer", "minimum": -2147483647, "maximum": 2147483647}, False), "row": (NAT, False), "col": (NAT, False)}),
    "ack": ("viewer", "acknowledges every frame up to seq (cumulative)", {"seq": (COUNT, True)}),
    "detach": ("viewer", "leaves the scene", {"id": (ID, True)}),
    "ok": ("daemon → client", "a request succeeded", {"id": (ID, True), "revision": (COUNT, False)}),
    "value": ("daemon → client", "the reply to get", {"id": (ID, True), "revision": (COUNT, True), "value": (ANY, False)}),
    "scene_list": ("daemon → client", "the reply to scenes", {"id": (ID, True), "scenes": (STRS, True)}),
    "stats_report": ("daemon → client", "the reply to stats", {"id": (ID, True), "stats": ({"type": "object"}, True)}),
    "snapshot_text": ("daemon → client", "the reply to snapshot", {"id": (ID, True), "text": (STR, True)}),
    "pong": ("daemon → client", "the reply to ping", {"id": (ID, True)}),
    "error": ("daemon → client", "a refused request or a framing violation", {"id": (ID, False), "code": (STR, True), "message": (STR, True), "fatal": (BOOL, False)}),
    "changed": ("daemon → client", "a change under a watched path", {"watch": (ID, True), "revision": (COUNT, True), "path": (POINTER, True), "value": (ANY, False)}),
    "evaluation": ("daemon → client", "one evaluation, with its causes", {"scene": (STR, True), "view": (STR, True), "node": (COUNT, True), "causes": (STRS, True)}),
    "style": ("daemon → viewer", "defines a style id", {"id": (NAT, True), "fg": (COLOR, False), "bg": (COLOR, False),
              "attrs": ({"type": "array", "items": {"enum": ["bold", "dim", "italic", "underline", "inverse", "strikethrough"]}}, False)}),
    "line": ("daemon → viewer", "cells from a position: runs [text, style?, repeat?]", {"row": (NAT, True), "col": (NAT, True),
             "cells": ({"type": "array", "items": {"type": "array", "prefixItems": [STR, {"type": ["integer", "null"]}, NAT], "minItems": 1, "maxItems": 3}}, True)}),
    "grid_scroll": ("daemon → viewer", "moves a rectangle's rows up (or down, negative)", {"top": (NAT, True), "bottom": (NAT, True), "left": (NAT, True), "right": (NAT, True), "rows": ({"type": "integer"}, True)}),
    "cursor": ("daemon → viewer", "where the cursor is", {"row": (NAT, True), "col": (NAT, True), "visible": (BOOL, False)}),
    "keyframe": ("daemon → viewer", "the cells that follow repaint the whole screen", {"width": (SCREEN, True), "height": (SCREEN, True)}),
    "highlight": ("daemon → viewer", "rectangles re-evaluated in this frame", {"rects": ({"type": "array", "items": {"type": "array", "items": NAT, "minItems": 4, "maxItems": 4}}, True)}),
    "flush": ("daemon → viewer", "ends a frame; the viewer shows it and acknowledges seq", {"seq": (COUNT, True)}),
    "bye": ("daemon → client", "the daemon is closing the connection", {"reason": (STR, False)}),
    "dropped": ("daemon → client", "messages of a stream dropped while the client did not read", {"stream": ({"enum": ["trace"]}, True), "count": (COUNT, True)}),
}


def main() -> None:
    folder = pathlib.Path(__file__).resolve().parent.parent / "schema"
    folder.mkdir(exist_ok=True)
    for name, (direction, description, members) in MESSAGES.items():
        schema = {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": name,
            "description": f"{description} ({direction})",
            "type": "object",
            "properties": {"type": {"const": name}, **{key: value for key, (value, _) in members.items()}},
            "required": ["type"] + [key for key, (_, required) in members.items() if required],
            "additionalProperties": True,
        }
        (folder / f"{name}.json").write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
