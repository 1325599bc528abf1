"""Checking the derivations in a user's own notes: LaTeX, Markdown and Jupyter notebooks.

``lindisc check notes.tex`` (``.md``, ``.ipynb``) finds the displays of the file
(:mod:`.extract`), reads its ``lindisc:`` comments (:mod:`.directives`: declarations with
the claims file's types, definitions, assumptions, ``skip``, ``expect refuted``), splits each
display into chains (:mod:`.chains`), translates each side by a whitelist from LaTeX to the
claims file's expression language (:mod:`.tokens`, :mod:`.latex_math`) and checks every step
with the relation written through :func:`derivations.verify`, on the claims file's builder
(:mod:`derivations._userclaims.building`). The report (:mod:`.report`) points into the file.

Nothing in the file is executed or given to ``sympify``/``eval``: the translation is text in
the claims language, which its own whitelist parser builds. A construct not understood makes
its step *not checked*, with the position and the fragment — never a guess.

A minimal example::

    % lindisc: d = dim; w = vector(d, nonzero); x = vector(d); b = scalar
    \\begin{align}
      \\nabla_{\\mathbf w} \\left(\\mathbf w^\\top \\mathbf x + b\\right) &= \\mathbf x
    \\end{align}
"""

from __future__ import annotations

__all__ = ["check_notes", "is_notes_file"]


def is_notes_file(path: str) -> bool:
    """Whether ``lindisc check`` reads ``path`` as notes (by its suffix), not a claims file."""
    from .extract import SUFFIXES

    return str(path).lower().endswith(SUFFIXES)


def __getattr__(name: str):
    if name == "check_notes":
        from .checking import check_notes

        return check_notes
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
