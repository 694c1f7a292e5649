#!/usr/bin/env python3
"""Checks that includes and links go down the layer stack, never up.

The stack is JITSERVE_LAYERS in the top-level CMakeLists.txt, passed here by
tests/layering/CMakeLists.txt (so the list lives in one place):

  --layers runtime/support runtime/tensor ... tools   bottom to top
  --uses client=runtime,compiler/serialization,proto  a layer that may use
        only the layers under the folders named (and itself), not everything
        below it

Every C/C++ source and header under a layer's folder belongs to the layer
with the longest matching folder (proto/codec/x.h is in proto). Each
`#include "a/b/..."` naming a folder of the tree must name a file of the
same layer or of a layer allowed to it; an include of a top-level folder of
the tree that is in no layer (tests/, a new runtime/foo not yet listed) is
an error too, as is a source file under runtime/ or compiler/ outside every
layer.

--link-graph FILE (written by CMake at configure time) lists each target of
the build with its folder and link libraries; every target defined in a
layer's folder must link only targets of its own or allowed layers.

Prints one line per violation, `path:line: why`, and exits 1 if any.
"""

import argparse
import os
import re
import sys

SOURCE_EXTENSIONS = {".h", ".hpp", ".c", ".cc", ".cpp", ".cu", ".cuh", ".inc"}
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')
# Folders whose code must sit in some layer.
LAYERED_ROOTS = ("runtime", "compiler", "proto", "server", "client", "tools")
# Top-level folders of the tree that code of a layer may not include unless
# the folder is in a layer.
TREE_ROOTS = LAYERED_ROOTS + ("tests", "examples", "deploy", "scripts", "docs")


class Stack:
    def __init__(self, layers, uses):
        self.layers = layers
        self.index = {layer: i for i, layer in enumerate(layers)}
        self.uses = uses  # layer -> list of folder prefixes, or absent

    def layer_of(self, path):
        """The layer whose folder holds `path` (longest match), or None."""
        best = None
        for layer in self.layers:
            if path == layer or path.startswith(layer + "/"):
                if best is None or len(layer) > len(best):
                    best = layer
        return best

    def why_not(self, user, used):
        """None if layer `user` may use layer `used`, else the reason."""
        if used == user:
            return None
        if self.index[used] > self.index[user]:
            return f"layer {used} is above layer {user}"
        allowed = self.uses.get(user)
        if allowed is not None and not any(used == a or used.startswith(a + "/") for a in allowed):
            return f"layer {user} may use only {', '.join(allowed)}"
        return None


def source_files(root):
    for top in LAYERED_ROOTS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if os.path.splitext(name)[1] in SOURCE_EXTENSIONS:
                    yield os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")


def check_includes(root, stack):
    errors = []
    checked = 0
    for rel in source_files(root):
        layer = stack.layer_of(rel)
        if layer is None:
            errors.append(f"{rel}:1: in no layer: add its folder to JITSERVE_LAYERS (top-level CMakeLists.txt)")
            continue
        checked += 1
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            for lineno, line in enumerate(f, 1):
                m = INCLUDE_RE.match(line)
                if not m:
                    continue
                inc = m.group(1)
                if "/" not in inc or inc.split("/", 1)[0] not in TREE_ROOTS:
                    continue  # a sibling file or a third-party header
                used = stack.layer_of(inc)
                if used is None:
                    errors.append(f"{rel}:{lineno}: includes \"{inc}\", which is in no layer (layer {layer})")
                    continue
                why = stack.why_not(layer, used)
                if why:
                    errors.append(f"{rel}:{lineno}: includes \"{inc}\" from layer {used}, but {why}")
    return errors, checked


def cmake_line(root, folder, name):
    """`folder/CMakeLists.txt:N`, N the first line naming `name` (1 if none does)."""
    path = f"{folder}/CMakeLists.txt" if folder else "CMakeLists.txt"
    word = re.compile(r"(?<![A-Za-z0-9_-])" + re.escape(name) + r"(?![A-Za-z0-9_-])")
    try:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                if word.search(line.split("#", 1)[0]):
                    return f"{path}:{lineno}"
    except OSError:
        pass
    return f"{path}:1"


def check_links(root, stack, graph_path):
    """The link graph: `target<TAB>folder<TAB>dep;dep;...` per line (folder relative to the root)."""
    targets = {}
    with open(graph_path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3:
                continue
            name, folder, deps = parts
            targets[name] = (folder, [d for d in deps.split(";") if d])
    errors = []
    checked = 0
    for name, (folder, deps) in sorted(targets.items()):
        layer = stack.layer_of(folder)
        if layer is None:
            continue  # tests and the like
        checked += 1
        for dep in deps:
            # Private deps of static libraries appear as $<LINK_ONLY:dep>.
            for token in re.findall(r"[A-Za-z0-9_.+:-]+", dep):
                if token not in targets:
                    continue  # a system library or an imported target
                dep_folder = targets[token][0]
                used = stack.layer_of(dep_folder)
                where = cmake_line(root, folder, token)
                if used is None:
                    errors.append(f"{where}: target {name} (layer {layer}) links {token}, "
                                  f"defined in {dep_folder or '.'}, which is in no layer")
                    continue
                why = stack.why_not(layer, used)
                if why:
                    errors.append(f"{where}: target {name} links {token} from layer {used}, but {why}")
    return errors, checked


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", required=True, help="the repository root")
    ap.add_argument("--layers", nargs="+", required=True, help="layer folders, bottom to top")
    ap.add_argument("--uses", action="append", default=[], metavar="LAYER=FOLDER,...",
                    help="a layer that may use only these folders' layers")
    ap.add_argument("--link-graph", help="the targets and their link libraries, written by CMake")
    args = ap.parse_args()

    uses = {}
    for spec in args.uses:
        layer, _, folders = spec.partition("=")
        if layer not in args.layers:
            ap.error(f"--uses names {layer}, which is not a layer")
        uses[layer] = [x for x in folders.split(",") if x]
    stack = Stack(args.layers, uses)
    root = os.path.abspath(args.root)

    errors, files = check_includes(root, stack)
    targets = 0
    if args.link_graph:
        link_errors, targets = check_links(root, stack, args.link_graph)
        errors += link_errors
    for e in errors:
        print(e)
    if errors:
        print(f"{len(errors)} layering violation(s). The stack, bottom to top: {' < '.join(stack.layers)}",
              file=sys.stderr)
        for layer, allowed in uses.items():
            print(f"  {layer} may use only: {', '.join(allowed)}", file=sys.stderr)
        return 1
    print(f"layering: {files} files, {targets} targets, no include or link goes up the stack")
    return 0


if __name__ == "__main__":
    sys.exit(main())
