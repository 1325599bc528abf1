"""Reading a claims file: TOML (``tomllib``) into typed items, every error located.

:func:`load_claims` returns a :class:`ClaimsFile` whose items are built into engine claims
by :mod:`.claims`; it checks the structure (format version, known keys and their types,
bounded counts and sizes) and nothing else, so a malformed file fails here with its file,
line and column, before anything is verified.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .reading import read_bounded
from .declarations import Declarations
from .errors import ClaimsError, Location
from .vocabulary import KEYS as VOCABULARY

__all__ = ["FORMAT", "ClaimsFile", "Item", "load_claims", "MAX_FILE_BYTES", "MAX_ITEMS", "MAX_STEPS"]

#: The claims-file format version this reader understands.
FORMAT = 1
MAX_FILE_BYTES = 256 * 1024
MAX_ITEMS = 200
MAX_STEPS = 30
MAX_DEFINITIONS = 30

_TOP = {"format", "title", "topic", "symbols", "definitions", "claim", "derivation", "answer"}
_KEYS = {
    "claim": {"name", "lhs", "rhs", "relation", "where", "expect", "exists", "constraints", "note",
              "entry", "definitions", "certificate", "syntax", *VOCABULARY},
    "derivation": {"name", "steps", "where", "expect", "note", "entry", "definitions", "syntax"},
    "answer": {"exercise", "quantity", "value", "expect", "name", "note"},
}


@dataclass
class Item:
    """One [[claim]], [[derivation]] or [[answer]]: its table, where its header is, and the
    locations of its string values (``where_of``)."""

    kind: str
    index: int
    data: dict
    where: Location
    spots: dict = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.data.get("name") or self.data.get("exercise") or f"{self.kind} {self.index + 1}")

    def where_of(self, key, sub: int | None = None) -> Location:
        return self.spots.get((key, sub)) or self.spots.get((key, None)) or self.where


@dataclass
class ClaimsFile:
    path: str
    title: str
    topic: str
    declarations: Declarations
    definitions: list  # [(name, text, Location)]
    items: list


class _Locator:
    """Finds where string values sit in the raw text, searching forward in file order (TOML
    keeps the order of arrays of tables); falls back to the enclosing header."""

    def __init__(self, text: str, file: str):
        self.text, self.file, self.cursor = text, file, 0
        self.lines = [0] + [m.end() for m in re.finditer("\n", text)]

    def at(self, offset: int) -> Location:
        import bisect

        i = bisect.bisect_right(self.lines, offset) - 1
        return Location(self.file, i + 1, offset - self.lines[i] + 1)

    def header(self, kind: str, k: int) -> Location:
        hits = list(re.finditer(r"^[ \t]*\[\[[ \t]*" + kind + r"[ \t]*\]\]", self.text, re.M))
        if k < len(hits):
            self.cursor = hits[k].start()
            return self.at(hits[k].start())
        return self.at(self.cursor)

    def table(self, name: str) -> Location:
        m = re.search(r"^[ \t]*\[[ \t]*" + name + r"[ \t]*\]", self.text, re.M)
        if m:
            self.cursor = m.start()
            return self.at(m.start())
        return Location(self.file, 1, 1)

    def value(self, value, key: str | None = None) -> Location:
        if not isinstance(value, str) or not value:
            return self.key(key) if key else self.at(self.cursor)
        first = value.split("\n", 1)[0][:60] or value[:60]
        for needle in (first, first.replace("\\", "\\\\").replace('"', '\\"')):
            j = self.text.find(needle, self.cursor)
            if j >= 0:
                self.cursor = j + len(needle)
                return self.at(j)
        return self.key(key) if key else self.at(self.cursor)

    def key(self, key) -> Location:
        if key is None:
            return self.at(self.cursor)
        m = re.compile(r"^[ \t]*" + re.escape(str(key)) + r"[ \t]*=", re.M).search(self.text, self.cursor)
        return self.at(m.start()) if m else self.at(self.cursor)


def _check_type(value, types, what: str, where: Location):
    if not isinstance(value, types):
        names = " or ".join(t.__name__ for t in (types if isinstance(types, tuple) else (types,)))
        raise ClaimsError(f"{what} must be a {names.replace('str', 'string').replace('list', 'list')}",
                          where)


def load_claims(source, *, name: str | None = None) -> ClaimsFile:
    """Read a claims file: ``source`` is a path, or the text itself with ``name`` for messages."""
    if isinstance(source, Path) or (name is None and isinstance(source, str) and "\n" not in source
                                    and len(source) < 4096):
        path = Path(source)
        file = name or str(source)
        try:
            raw = read_bounded(path, MAX_FILE_BYTES)  # a hard limit, whatever stat says
        except OSError as exc:
            raise ClaimsError(f"cannot read the claims file: {exc.strerror or exc}", Location(file)) from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ClaimsError(f"not UTF-8 text (byte {exc.start})", Location(file)) from None
    else:
        text, file = source, name or "<input>"
        if not isinstance(text, str):
            raise ClaimsError("claims text must be a string", Location(file))
        if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
            raise ClaimsError(f"text larger than {MAX_FILE_BYTES // 1024} KiB", Location(file))
    return _load_text(text, file)


def _load_text(text: str, file: str) -> ClaimsFile:
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        where = Location(file, int(m.group(1)), int(m.group(2))) if m else Location(file)
        if not m and "end of document" in msg:
            where = Location(file, text.count("\n") + 1, 1)
        raise ClaimsError("not valid TOML: " + re.sub(r"\s*\(at .*\)$", "", msg), where) from None
    except (RecursionError, MemoryError):
        raise ClaimsError("not valid TOML: nested too deeply", Location(file)) from None
    loc = _Locator(text, file)
    unknown = set(doc) - _TOP
    if unknown:
        k = sorted(unknown)[0]
        raise ClaimsError(f"unknown key {k!r} at the top; known: {', '.join(sorted(_TOP))}", loc.key(k))
    if "format" not in doc:
        raise ClaimsError(f"missing 'format = {FORMAT}' (the version of the claims format)",
                          Location(file))
    if type(doc["format"]) is not int or doc["format"] != FORMAT:
        raise ClaimsError(f"format = {doc['format']!r} is not supported; this lindisc reads "
                          f"format = {FORMAT}", loc.key("format"))
    for k in ("title", "topic"):
        if k in doc:
            _check_type(doc[k], str, k, loc.key(k))
    if not isinstance(doc.get("symbols", {}), dict):
        raise ClaimsError("symbols must be a table: [symbols]", loc.key("symbols"))
    sym_where = loc.table("symbols") if "symbols" in doc else Location(file)

    def locate(value, key=None):
        return loc.value(value, key) if value is not None else sym_where

    decls = Declarations(doc.get("symbols", {}), locate)
    defs = []
    if "definitions" in doc:
        table = doc["definitions"]
        if not isinstance(table, dict):
            raise ClaimsError("definitions must be a table: [definitions]", loc.key("definitions"))
        loc.table("definitions")
        if len(table) > MAX_DEFINITIONS:
            raise ClaimsError(f"more than {MAX_DEFINITIONS} definitions", loc.at(loc.cursor))
        for k, v in table.items():
            w = loc.value(v, k)
            if k not in decls.decls or decls.decls[k].kind == "dim":
                raise ClaimsError(f"definition of {k!r}: define a symbol declared in [symbols] "
                                  "(not a dim)", w)
            _check_type(v, str, f"definition of {k}", w)
            defs.append((k, v, w))
    items: list[Item] = []
    for kind in ("claim", "derivation", "answer"):
        arr = doc.get(kind, [])
        if not isinstance(arr, list) or not all(isinstance(t, dict) for t in arr):
            raise ClaimsError(f"write each {kind} as a [[{kind}]] table", loc.key(kind))
        for k, table in enumerate(arr):
            items.append(_item(kind, k, table, loc))
    if not items:
        raise ClaimsError("no [[claim]], [[derivation]] or [[answer]] to check", Location(file))
    if len(items) > MAX_ITEMS:
        raise ClaimsError(f"more than {MAX_ITEMS} items in one file", Location(file))
    items.sort(key=lambda it: (it.where.line, it.where.column))
    return ClaimsFile(file, doc.get("title", ""), doc.get("topic", ""), decls, defs, items)


def _item(kind: str, k: int, table: dict, loc: _Locator) -> Item:
    where = loc.header(kind, k)
    it = Item(kind, k, table, where)
    unknown = set(table) - _KEYS[kind]
    if unknown:
        bad = sorted(unknown)[0]
        raise ClaimsError(f"unknown key {bad!r} in [[{kind}]]; known: {', '.join(sorted(_KEYS[kind]))}",
                          loc.key(bad))
    for key, value in table.items():
        if isinstance(value, str):
            it.spots[(key, None)] = loc.value(value, key)
        elif isinstance(value, list):
            it.spots[(key, None)] = loc.key(key)
            for i, v in enumerate(value):
                s = v.get("expr") if isinstance(v, dict) else v
                if isinstance(s, str):
                    it.spots[(key, i)] = loc.value(s)
        elif isinstance(value, dict):
            it.spots[(key, None)] = loc.key(key)
            for kk, v in value.items():
                it.spots[(key, kk)] = loc.value(v, kk) if isinstance(v, str) else loc.key(kk)
        else:
            it.spots[(key, None)] = loc.key(key)
    _validate(kind, it)
    return it


def _validate(kind: str, it: Item) -> None:
    d = it.data
    w = it.where_of
    for key in ("name", "lhs", "rhs", "relation", "expect", "note", "exercise", "quantity", "value",
                "entry", "certificate", "syntax"):
        if key in d:
            _check_type(d[key], str, key, w(key))
    if "expect" in d and d["expect"] not in ("verified", "refuted", "undecided", "error", "correct",
                                             "incorrect"):
        raise ClaimsError("expect must be 'verified', 'refuted', 'undecided' or 'error' (for an "
                          "answer also 'correct' or 'incorrect')", w("expect"))
    if "definitions" in d:
        _check_type(d["definitions"], dict, "definitions (a table name = \"expr\")", w("definitions"))
        if len(d["definitions"]) > MAX_DEFINITIONS:
            raise ClaimsError(f"more than {MAX_DEFINITIONS} definitions", w("definitions"))
        for k, v in d["definitions"].items():
            _check_type(v, str, f"definition of {k}", w("definitions", k))
    if "where" in d:
        _check_type(d["where"], list, "where", w("where"))
        for i, c in enumerate(d["where"]):
            _check_type(c, str, "each where condition", w("where", i))
    if "syntax" in d and d["syntax"] not in ("python", "latex"):
        raise ClaimsError("syntax is 'python' (the default) or 'latex' (scalar formulas)", w("syntax"))
    if "certificate" in d and "relation" not in d:
        raise ClaimsError("a certificate goes with a relation (< <= > >=): the gap it equals",
                          w("certificate"))
    if kind == "claim":
        forms = [("lhs" in d or "rhs" in d), "relation" in d, "exists" in d]
        vocab = [k for k in ("psd", "iff", "same_sign", "stationary", "eigenpair") if k in d]
        if sum(forms) + len(vocab) != 1:
            raise ClaimsError("a claim has lhs and rhs, or a relation, or exists with constraints, "
                              "or one of psd, iff, same_sign, stationary, eigenpair (exactly one "
                              "of these forms)", it.where)
        from .vocabulary import validate

        validate(d, w)
        if forms[0] and not ("lhs" in d and "rhs" in d):
            raise ClaimsError("a claim with lhs needs rhs too (and the other way round)", it.where)
        if forms[2]:
            _check_type(d["exists"], dict, "exists (a table of bound names and their types)", w("exists"))
            if not d["exists"] or "constraints" not in d:
                raise ClaimsError("an existential claim needs exists = {name = \"type\"} and "
                                  "constraints = [\"relation\", ...]", it.where)
        if "constraints" in d:
            if not forms[2]:
                raise ClaimsError("constraints belong to an existential claim (exists = {...})",
                                  w("constraints"))
            _check_type(d["constraints"], list, "constraints", w("constraints"))
            if not 1 <= len(d["constraints"]) <= MAX_STEPS:
                raise ClaimsError(f"give 1 to {MAX_STEPS} constraints", w("constraints"))
            for i, c in enumerate(d["constraints"]):
                _check_type(c, str, "each constraint", w("constraints", i))
    elif kind == "derivation":
        if "steps" not in d:
            raise ClaimsError("a derivation needs steps = [\"e0\", \"e1\", ...]", it.where)
        _check_type(d["steps"], list, "steps", w("steps"))
        if not 2 <= len(d["steps"]) <= MAX_STEPS:
            raise ClaimsError(f"a derivation needs 2 to {MAX_STEPS} steps", w("steps"))
        for i, s in enumerate(d["steps"]):
            if isinstance(s, dict):
                extra = set(s) - {"expr", "why", "certificate"}
                if extra or "expr" not in s:
                    raise ClaimsError("a step table has expr (and optionally why, certificate)",
                                      w("steps", i))
                if "certificate" in s:
                    _check_type(s["certificate"], str, "a step's certificate", w("steps", i))
                _check_type(s["expr"], str, "a step's expr", w("steps", i))
                if "why" in s:
                    _check_type(s["why"], str, "a step's why", w("steps", i))
            else:
                _check_type(s, str, "each step", w("steps", i))
    else:
        for key in ("exercise", "value"):
            if key not in d:
                raise ClaimsError(f"an answer needs {key} = \"...\"", it.where)
