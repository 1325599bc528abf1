"""lindisc's Python API: declare typed symbols, state a claim, get a verdict with its scope.

Everything a user needs is importable from here; the subpackages whose names start with an
underscore are internal and may change between versions. The layers, bottom to top:
typed symbols (``_symbols``) → exact deciders (``_decide``) → claims (``_claims``) →
methods (``_methods``) → verdicts (``_verdicts``) → interfaces (``_interfaces``: the
``lindisc`` command line, LaTeX); ``catalog`` is the data: every claim of the documents.

A claim about matrices of free size ``d`` is checked by several independent methods; the
verdict says what it covers — for every size, or proved at the listed sizes and sampled
beyond them with a Schwartz–Zippel bound:

>>> import sympy as sp
>>> from derivations import Space, Equal, verify
>>> s = Space()
>>> d = s.dim("d")
>>> A, B = s.matrix("A", d, d), s.matrix("B", d, d)
>>> r = verify(Equal((A + B) * (A - B), A**2 - A * B + B * A - B**2), s)
>>> r.status, r.scope()["every_size"]
('verified', True)

A claim true only at small sizes is refuted at the smallest size that breaks it, with an
exact counterexample (here the cubic Cayley–Hamilton identity, false for d ≥ 4):

>>> t1, t2, t3 = sp.Trace(A), sp.Trace(A * A), sp.Trace(A**3)
>>> ch = (A**3 - t1 * A**2 + (t1**2 - t2) / 2 * A
...       - (t1**3 - 3 * t1 * t2 + 2 * t3) / 6 * sp.Identity(d))
>>> r = verify(Equal(ch, sp.ZeroMatrix(d, d)), s, label="Cayley–Hamilton (cubic)")
>>> r.status, r.counterexample["sizes"]
('refuted', {'d': 4})

The catalog's entries verify the same way (``lindisc verify`` runs them all):

>>> r = verify_entry("geometry.w_normal")
>>> r.status
'verified'

Names are loaded on first use, so ``import derivations`` stays cheap.
"""

from __future__ import annotations

import time as _time

#: When this process began importing the package (the verdict cache stores nothing from a
#: run in which a source file was saved after it).
_IMPORTED_AT = _time.time()

import importlib  # noqa: E402
from typing import TYPE_CHECKING

from ._version import __version__  # noqa: E402,F401

#: public name -> internal module that defines it
_EXPORTS = {
    # typed symbols and expression nodes
    "Space": "._symbols.space",
    "Grad": "._symbols.expr", "Norm": "._symbols.expr", "Scalar": "._symbols.expr",
    "dot": "._symbols.expr", "quad": "._symbols.expr",
    "Ones": "._symbols.nodes", "Blocks": "._symbols.nodes", "DataSum": "._symbols.nodes",
    "Inv": "._symbols.nodes",
    # claims
    "Equal": "._claims.claims", "Rel": "._claims.claims", "SameSign": "._claims.claims",
    "IsPSD": "._claims.claims", "EigenPair": "._claims.claims", "Stationary": "._claims.claims",
    "SphereMax": "._claims.claims", "Iff": "._claims.claims", "Exists": "._claims.claims",
    "Behaviour": "._claims.claims", "RunResult": "._claims.claims",
    "LagrangePoints": "._claims.claims",
    "Statement": "._claims.statement", "Agreement": "._claims.statement",
    "chain": "._claims.statement",
    # verdicts
    "ClaimResult": "._verdicts.engine", "EntryResult": "._verdicts.engine",
    "DEFAULT_BUDGET": "._verdicts.engine", "STATUSES": "._verdicts.verdict",
    # interfaces
    "numeric_function": "._methods.lambdify", "latex": "._interfaces.latex",
    "claim_latex": "._interfaces.latex",
    # the catalog
    "REGISTRY": ".catalog", "Entry": ".catalog",
    # users' own claims files and exercise answers (lindisc check / answer)
    "check_file": "._userclaims.checking", "load_claims": "._userclaims.loader",
    "check_answer": "._userclaims.answers", "ClaimsError": "._userclaims.errors",
}

__all__ = sorted([*_EXPORTS, "verify", "verify_entry"])

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from ._claims.claims import (Behaviour, EigenPair, Equal, Exists, Iff, IsPSD, Rel,  # noqa: F401
                                 RunResult, SameSign, SphereMax, Stationary)
    from ._claims.statement import Agreement, Statement, chain  # noqa: F401
    from ._interfaces.latex import claim_latex, latex  # noqa: F401
    from ._methods.lambdify import numeric_function  # noqa: F401
    from ._symbols.expr import Grad, Norm, Scalar, dot, quad  # noqa: F401
    from ._symbols.nodes import Blocks, DataSum, Inv, Ones  # noqa: F401
    from ._symbols.space import Space  # noqa: F401
    from ._verdicts.engine import DEFAULT_BUDGET, ClaimResult, EntryResult  # noqa: F401
    from ._verdicts.verdict import STATUSES  # noqa: F401
    from ._userclaims.answers import check_answer  # noqa: F401
    from ._userclaims.checking import check_file  # noqa: F401
    from ._userclaims.errors import ClaimsError  # noqa: F401
    from ._userclaims.loader import load_claims  # noqa: F401
    from .catalog import REGISTRY, Entry  # noqa: F401


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'derivations' has no attribute {name!r}")


def __dir__():
    return __all__


def verify(claim, space, *, label: str | None = None, seed: int = 0,
           budget: float | None = None):
    """Verify one claim about the typed symbols of ``space``; return a :class:`ClaimResult`.

    ``status`` is one of ``verified`` (every size, or a claim whose sizes are all fixed),
    ``verified at sizes`` (proved at some sizes, only sampled beyond), ``refuted``,
    ``undecided``, ``conflict``, ``error``;
    A claim whose two sides became one expression while it was built (SymPy's automatic
    arithmetic) is refused: ``error``, "true by construction" — as a claims file reports it.
    ``scope()`` says what a ``verified`` covers (``every_size``, ``proved_sizes`` — the size
    assignments proved — and ``proved_up_to`` when they form a whole grid, ``sampled_up_to``,
    ``bound``); ``counterexample`` is the exact point (sizes and values)
    of a refutation; ``methods`` holds each method's outcome and detail. ``seed`` fixes
    the random draws (the same seed gives the same verdict and points); ``budget`` is the
    seconds each method may spend (a method that runs out says ``timeout``, never equal).

    >>> import sympy as sp
    >>> from derivations import Space, Rel
    >>> s = Space()
    >>> x = s.scalar("x")
    >>> verify(Rel(x**2 + 1, ">=", 2 * x), s).status     # (x - 1)² ≥ 0, with a certificate
    'verified'
    >>> r = verify(Rel(sp.exp(x), ">=", 1 + x + x**2 / 2), s)   # false for every x < 0
    >>> r.status, sp.Rational(r.counterexample["values"]["x"]) < 0
    ('refuted', True)
    """
    from ._verdicts.engine import verify_claim_checked

    return verify_claim_checked(claim, space, label=label, seed=seed, budget=budget)


def verify_entry(entry, *, seed: int = 0, budget: float | None = None):
    """Verify one catalog entry (an id such as ``"fisher.solution"`` or an :class:`Entry`);
    return an :class:`EntryResult` (``status``, ``claims``, ``stated``, ``scope()``,
    ``diagnosis`` of a refuted erratum). An unknown id raises ``KeyError`` naming the
    closest ids."""
    from ._verdicts.engine import DEFAULT_BUDGET
    from ._verdicts.engine import verify_entry as _verify_entry
    from .catalog import REGISTRY

    if isinstance(entry, str):
        if entry not in REGISTRY:
            import difflib

            near = difflib.get_close_matches(entry, list(REGISTRY), n=3, cutoff=0.5)
            hint = f"; did you mean {', '.join(near)}?" if near else "; `lindisc list` shows every id"
            raise KeyError(f"no catalog entry {entry!r}{hint}")
        entry = REGISTRY[entry]
    return _verify_entry(entry, seed=seed, budget=DEFAULT_BUDGET if budget is None else budget)


def _register_jupyter_display() -> None:
    """Inside an IPython kernel, tell its display formatter how to show catalog entries and
    verdicts (``text/latex``): by type name, each rendered by :mod:`._interfaces.jupyter` when
    one is shown — nothing is imported here, so ``import derivations`` stays cheap."""
    import sys

    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return
    formatter = shell.display_formatter.formatters["text/latex"]
    for module, name, function in _JUPYTER:
        formatter.for_type_by_name(module, name, _shown_by(function))


#: (module, type, function of :mod:`._interfaces.jupyter`) for IPython's ``text/latex``.
_JUPYTER = (
    ("derivations.catalog.registry", "Entry", "entry_latex"),
    ("derivations._verdicts.engine", "ClaimResult", "claim_result_latex"),
    ("derivations._verdicts.engine", "EntryResult", "entry_result_latex"),
)


def _shown_by(function: str):
    def show(obj) -> str:
        from ._interfaces import jupyter

        return getattr(jupyter, function)(obj)
    return show


_register_jupyter_display()
