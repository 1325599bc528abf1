"""Declared symbols whose names are Python keywords (``lambda = "scalar"``, the usual name of
a Lagrange multiplier) usable in the Python-like syntax.

:func:`derivations._userclaims.parser.parse_expression` reads formulas with Python's own
parser, for which ``lambda`` is a keyword, not a name. Before parsing, each declared keyword
in the text is renamed to a same-length spelling no declaration uses (its last letter's case
swapped), and the names are told that spelling means the declared symbol; columns in error
messages stay right.
"""

from __future__ import annotations

import dataclasses
import keyword
import re

__all__ = ["declared_keywords_as_names"]


def declared_keywords_as_names(text: str, names):
    """(text, names) with every declared keyword renamed in both."""
    declared = set(getattr(names, "symbols", {})) | set(getattr(names, "dims", set()))
    words = [w for w in keyword.kwlist if w in declared and w not in ("True", "False", "None")]
    if not words:
        return text, names
    alias = {}
    for w in words:
        a = w[:-1] + w[-1].swapcase()
        if a in declared or keyword.iskeyword(a):
            continue
        alias[w] = a
    if not alias:
        return text, names
    pattern = r"\b(" + "|".join(map(re.escape, alias)) + r")\b"
    text = re.sub(pattern, lambda m: alias[m.group()], text)
    symbols = dict(names.symbols)
    symbols.update({a: symbols[w] for w, a in alias.items() if w in symbols})
    dims = set(names.dims) | {a for w, a in alias.items() if w in names.dims}
    return text, dataclasses.replace(names, symbols=symbols, dims=dims)
