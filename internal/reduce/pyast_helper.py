# The reducer's view of a Python file, through the target interpreter's own
# ast module, so that every version's syntax is parsed by that version.
# It reads one JSON request a line on stdin and answers one JSON line:
#   {"op": "check", "src": S}            -> {"ok": true} or {"ok": false, "error": E}
#   {"op": "units", "src": S, "depth": D} -> {"ok": true, "units": [[first, last], ...]}
#       the 1-based line ranges of the statements nested D deep (0: top level)
#   {"op": "simplify", "src": S}          -> {"ok": true, "candidates": [S1, ...]}
#       shorter sources: a call's argument made a simpler literal, an unused
#       name dropped from an import (3.8 and later: they need end positions)
# It must run unchanged on Python 2.7 and every 3.x.
import ast
import json
import sys


def parse(src):
    return ast.parse(src, "<candidate>", "exec")


def bodies(node):
    out = []
    for field in ("body", "orelse", "finalbody"):
        b = getattr(node, field, None)
        if isinstance(b, list) and b and isinstance(b[0], ast.stmt):
            out.append(b)
    for h in getattr(node, "handlers", None) or []:
        out.append(h.body)
    for c in getattr(node, "cases", None) or []:
        out.append(c.body)
    return out


def first_line(stmt):
    line = stmt.lineno
    for d in getattr(stmt, "decorator_list", None) or []:
        line = min(line, d.lineno)
    return line


def last_line(stmt, following, nlines):
    end = getattr(stmt, "end_lineno", None)
    if end is not None:
        return end
    # Before 3.8: up to the line before the next statement, or the end of
    # the enclosing block; trailing blank lines are left alone by the caller.
    if following is not None:
        return following - 1
    return nlines


def units(src, depth):
    tree = parse(src)
    nlines = len(src.splitlines())
    level = [tree.body]
    for _ in range(depth):
        nxt = []
        for block in level:
            for stmt in block:
                nxt.extend(bodies(stmt))
        level = nxt
    out = []
    for block in level:
        for i, stmt in enumerate(block):
            following = first_line(block[i + 1]) if i + 1 < len(block) else None
            end = last_line(stmt, following, nlines)
            if following is None and getattr(stmt, "end_lineno", None) is None:
                end = max_line(stmt)
            out.append([first_line(stmt), end])
    return out


def max_line(node):
    best = getattr(node, "lineno", 0)
    for child in ast.walk(node):
        best = max(best, getattr(child, "lineno", 0))
    return best


SIMPLE = ("None", "0", "''")


def simplify(src):
    if sys.version_info < (3, 8):
        return []
    tree = parse(src)
    raw = src.encode("utf-8")
    starts = [0]
    for i, b in enumerate(bytearray(raw)):
        if b == 10:
            starts.append(i + 1)

    def offset(line, col):
        return starts[line - 1] + col

    edits = []  # (start, end, replacement), offsets into raw
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for arg in list(node.args) + [k.value for k in node.keywords]:
                if isinstance(arg, ast.Starred):
                    continue
                a, b = offset(arg.lineno, arg.col_offset), offset(arg.end_lineno, arg.end_col_offset)
                text = raw[a:b].decode("utf-8")
                for simpler in literals_for(arg):
                    if len(simpler) < len(text):
                        edits.append((a, b, simpler))
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            used.add(node.id)
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)) and len(node.names) > 1 and node.lineno == node.end_lineno:
            for alias in node.names:
                bound = (alias.asname or alias.name).split(".")[0]
                if bound in used:
                    continue
                rest = [n for n in node.names if n is not alias]
                a, b = offset(node.lineno, node.col_offset), offset(node.end_lineno, node.end_col_offset)
                edits.append((a, b, import_text(node, rest)))
    out = []
    seen = set()
    for a, b, text in edits:
        cand = (raw[:a] + text.encode("utf-8") + raw[b:]).decode("utf-8")
        if cand in seen or len(cand) >= len(src):
            continue
        try:
            parse(cand)
        except SyntaxError:
            continue
        seen.add(cand)
        out.append(cand)
    return out


def literals_for(arg):
    if isinstance(arg, ast.Dict):
        return ["{}"] + list(SIMPLE)
    if isinstance(arg, ast.List):
        return ["[]"] + list(SIMPLE)
    if isinstance(arg, ast.Tuple):
        return ["()"] + list(SIMPLE)
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return ["''"]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, (int, float)):
        return ["0"]
    return list(SIMPLE)


def import_text(node, names):
    parts = [n.name + (" as " + n.asname if n.asname else "") for n in names]
    if isinstance(node, ast.Import):
        return "import " + ", ".join(parts)
    return "from " + "." * node.level + (node.module or "") + " import " + ", ".join(parts)


def answer(req):
    op = req.get("op")
    src = req.get("src", "")
    try:
        if op == "check":
            parse(src)
            return {"ok": True}
        if op == "units":
            return {"ok": True, "units": units(src, int(req.get("depth", 0)))}
        if op == "simplify":
            return {"ok": True, "candidates": simplify(src)}
    except SyntaxError as e:
        return {"ok": False, "error": "line %s: %s" % (e.lineno, e.msg)}
    except Exception as e:  # a candidate the helper cannot read is not a crash of the reducer
        return {"ok": False, "error": "%s: %s" % (type(e).__name__, e)}
    return {"ok": False, "error": "unknown op %r" % (op,)}


def main():
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        sys.stdout.write(json.dumps(answer(json.loads(line))) + "\n")
        sys.stdout.flush()


main()
