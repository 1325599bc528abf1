"""Diagnosis of a refuted erratum: which typical mistake turns the truth into the print.

Every mutant of the corrected claim (:mod:`derivations._claims.mistakes`) is compared with the
claim as printed, side by side, at exact random points; a mutant that agrees everywhere
is then confirmed by the components proof when that succeeds within budget. The
diagnosis names the matching mistake(s), and says whether the match is proved or only
observed at the random points.
"""

from __future__ import annotations

from dataclasses import replace

import sympy as sp

from .._budget import Timeout, time_limit
from .._claims.claims import Equal
from .._decide.exactness import exact_is_zero
from .._decide.kinds import Undecidable, decider
from .._methods.exact_random import differentiated
from .._methods.zero import is_identically_zero
from .._claims.mistakes import Mistake, mutate_claim
from .._symbols.matrix_doit import memoised_doit
from .._symbols.space import explicit

__all__ = ["diagnose", "same_expression"]


class _Shared:
    """Instantiations shared by every mutant of one diagnosis.

    A mutant differs from the corrected claim at one node, so most of its subexpressions
    were instantiated already for another mutant or for the printed form. Instantiation
    (``explicit``) maps each node to ``rebuild`` of its instantiated arguments, a pure
    function of the node and the instance's mapping, and it looks a node up in the mapping
    before instantiating it: so the instantiation of every node met so far is added to a
    copy of the mapping (one per ``memo_key``: sizes, discrete values, entry symbols — what
    fixes the mapping), and only the nodes not met before are rebuilt — the same calls,
    in the same order, on the same arguments as for the whole expression, hence the same
    value, and the same exception where instantiation fails."""

    def __init__(self):
        self.maps: dict = {}
        self.expanded: dict = {}  # (expr, definitions) -> expr with the definitions substituted
        self.values: dict = {}  # (expr, memo_key, definitions) -> its instantiation
        self.substituted: dict = {}  # (symbol, value) -> memo of _substitute for that definition
        self.points: dict = {}  # (sizes, differentiated) -> exact random points (flint's)
        self.pairs: dict = {}  # (mutant side, printed side) -> same_expression's answer

    def instance(self, inst):
        if inst.memo_key is None or inst.point is not None:
            return inst  # not a symbolic instance: instantiated as ever
        aug = self.maps.get(inst.memo_key)
        if aug is None:
            aug = self.maps[inst.memo_key] = dict(inst.mapping)
        return _Primed(self, inst, aug)

    def expand(self, expr, definitions):
        """``expand_definitions(expr, definitions)``: the same xreplace per definition, latest
        first, each node substituted once for all the mutants that share it."""
        key = (expr, tuple(definitions))
        got = self.expanded.get(key)
        if got is None:
            got = sp.sympify(expr)
            for sym, value in reversed(definitions):
                rule = {sym: value}
                if _plain(got):
                    memo = self.substituted.setdefault((sym, value), {})
                    got = _substitute(got, rule, memo)[0]
                else:
                    got = got.xreplace(rule)
            self.expanded[key] = got
        return got


class _Primed:
    """``inst`` whose instantiations go through the shared mapping ``aug``."""

    def __init__(self, shared: _Shared, inst, aug: dict):
        self.shared, self.inst, self.aug = shared, inst, aug
        # Instance._instantiate of the expanded expression (no definitions left to expand)
        self.run = replace(inst, mapping=aug, definitions=[], memo=None, memo_key=None)

    def __call__(self, expr):
        key = (expr, self.inst.memo_key, tuple(self.inst.definitions))
        got = self.shared.values.get(key)
        if got is None and self.inst.memo is not None:  # the Space's own (methods' sides)
            got = self.inst.memo.get(key)
        if got is None:
            x = self.shared.expand(expr, self.inst.definitions)
            _prime(x, self.aug)
            got = self.shared.values[key] = self.run(x)  # the root is now in the mapping
        return got


def _prime(e, aug: dict) -> None:
    """Add the instantiation of every node of ``e`` to ``aug``, arguments first."""
    if not isinstance(e, sp.Basic) or not e.args or e in aug:
        return
    if not isinstance(e, sp.MatrixBase):  # a matrix's entries: explicit() maps them itself
        for a in e.args:
            _prime(a, aug)
    aug[e] = explicit(e, aug)


_XREPLACE = sp.Basic._xreplace
_PLAIN = (sp.Basic.xreplace, sp.Atom.xreplace)  # xreplace = _xreplace's value (an Atom: rule.get)


def _plain(e) -> bool:
    """Whether ``e.xreplace(rule)`` is ``Basic._xreplace``'s value (what _substitute computes)."""
    return (isinstance(e, sp.Basic) and type(e).xreplace in _PLAIN
            and getattr(type(e), "_xreplace", None) is _XREPLACE)


def _substitute(e, rule: dict, memo: dict):
    """``(e.xreplace(rule), changed)``: ``Basic._xreplace`` node for node (the same
    ``func(*args)`` calls on the same arguments, so the same value), with each node
    substituted once (``memo``, by identity) however often the entries of one residual
    share it (the determinant of an inverse in every entry)."""
    got = memo.get(id(e))
    if got is not None and got[0] is e:
        return got[1]
    if e in rule:
        out = rule[e], True
    elif rule:
        args = []
        changed = False
        for a in e.args:
            xr = getattr(a, "_xreplace", None)
            if xr is not None:
                a_xr = (_substitute(a, rule, memo) if getattr(type(a), "_xreplace", None) is _XREPLACE
                        else xr(rule))
                args.append(a_xr[0])
                changed |= a_xr[1]
            else:
                args.append(a)
        out = (e.func(*tuple(args)), True) if changed else (e, False)
    else:
        out = e, False
    memo[id(e)] = (e, out)
    return out


def _zero_at(e, values: dict, memo: dict) -> bool:
    """:func:`derivations._decide.kinds.base.zero_at`'s decision, the substitution shared."""
    if not values:
        v = e
    elif _plain(e):
        v = _substitute(e, values, memo)[0]
    else:
        v = e.xreplace(values)
    ok = exact_is_zero(v)
    if ok is None:
        raise Undecidable("could not decide whether a residual entry is 0")
    return ok


def _pairs(a, b) -> list | None:
    if type(a) is not type(b) or getattr(a, "relation", None) != getattr(b, "relation", None):
        return None
    sa, sb = a.sides(), b.sides()
    return list(zip(sa, sb)) if len(sa) == len(sb) else None


def _same_over_q(claim, space, rng, points: int, shared: "_Shared",
                 sizes_list: list | None = None) -> bool | None:
    """The comparison at exact random points, both sides computed in flint exactly as written
    (:meth:`Equal.rational_residual`): False when they differ at a point (a proof that they
    are not the same expression), True when they agree at every point, None when flint
    refuses one (SymPy compares them then, as before). The points are drawn once per
    diagnosis (``shared``): every mutant meets the same ones, and each point's evaluator
    keeps the values of the nodes met — the printed form is computed once per point."""
    keep = frozenset(differentiated(claim, space))
    # The sides with the definitions substituted once for every mutant (shared.expand, node
    # by node), and points without definitions left to substitute: what Instance.rational
    # computes, without an xreplace of each mutant's whole tree at each point.
    defs = space._defs()
    claim = Equal(*(shared.expand(side, defs) for side in claim.sides()))
    for sizes in (space.size_assignments() if sizes_list is None else sizes_list):
        drawn = shared.points.setdefault((tuple(sorted(map(str, sizes.items()))), keep), [])
        for k in range(points):
            if k == len(drawn):
                try:
                    inst = space.random_instance(sizes, rng, "readable", set(keep))[0]
                except Exception:  # noqa: BLE001 - no point drawn here: SymPy decides, as before
                    return None
                drawn.append(replace(inst, definitions=[]))
            got = decider(claim).rational_residual(drawn[k])
            if got is None:
                return None
            try:
                if any(x != 0 for x in got):
                    return False
            except TypeError:  # undecided here (a sum of logarithms): SymPy compares them
                return None
    return True


def _proved_over_q(claim, space) -> bool:
    """Whether ``claim`` is proved at every instance of every components size over ℚ(entry
    symbols) in flint (:meth:`~derivations._decide.kinds.base.Decider.identity_over_q`); False says nothing."""
    for sizes in space.size_assignments():
        insts = space.components(sizes)
        if not insts or not all(decider(claim).identity_over_q(inst) for inst in insts):
            return False
    return True


def same_expression(e1, e2, space, rng, points: int = 2, shared: _Shared | None = None) -> str | None:
    """'proved' / 'observed' if e1 == e2 identically / at every random point; else None.

    Over ℚ in flint first (:func:`_same_over_q`, :func:`_proved_over_q`); through SymPy's
    instantiations where flint refuses. ``shared``: instantiations shared with the other
    calls of one diagnosis (:class:`_Shared`)."""
    claim = Equal(e1, e2)
    shared = shared or _Shared()
    fast = _same_over_q(claim, space, rng, points, shared)
    if fast is False:
        return None
    if fast is True and _proved_over_q(claim, space):
        return "proved"
    if fast is True:  # observed at the shared points: at a fresh one too, then SymPy's proof
        if _same_over_q(claim, space, rng, 1, _Shared(), space.size_assignments()[-1:]) is False:
            return None  # (a coincidence at the shared points: |log(P₂/P₁)| where P₂ > P₁)
        return _proved_by_sympy(claim, space, shared)
    for sizes in space.size_assignments():
        for _ in range(points):
            inst = space.instance_with_random_discrete(sizes, rng)
            try:
                values = space.random_values(inst, rng)
                memo: dict = {}
                for e in decider(claim).residual(shared.instance(inst)):  # as violation, no message
                    if _zero_at(e, values, memo) is False:
                        return None
            except (sp.ShapeError, TypeError, ValueError, Undecidable):
                return None
    return _proved_by_sympy(claim, space, shared)


def _proved_by_sympy(claim, space, shared: _Shared) -> str:
    """'proved' when SymPy shows the claim identically 0 at every components instance,
    else 'observed'."""
    # "proved" needs every instance at every components size: a partial enumeration of
    # the discrete cases (labels, one-hot rows) proves nothing about the others.
    try:
        for sizes in space.size_assignments():
            insts = space.components(sizes)
            if not insts:
                return "observed"
            for inst in insts:
                if not all(is_identically_zero(e) for e in decider(claim).identity(shared.instance(inst))):
                    return "observed"
        return "proved"
    except sp.ShapeError:
        return "observed"


def _matches(mutant, stated, space, rng, shared: _Shared | None = None,
             corrected=None) -> str | None:
    """'proved' / 'observed' when every side of ``mutant`` is the printed side, else None.
    The sides the mutant left as ``corrected`` has them are compared first: the same pairs
    for every mutant of another side (compared once, ``shared.pairs``), and one the print
    got wrong rules all of those mutants out before a proof of their mutated side is tried
    (|ln(P₂/P₁)| against ln(P₂/P₁) agrees wherever P₂ > P₁, and SymPy's attempt to prove it
    took 6 s)."""
    pairs = _pairs(mutant, stated)
    if pairs is None:
        return None
    shared = shared or _Shared()
    if corrected is not None and len(corrected.sides()) == len(pairs):
        kept = [a is c for (a, _), c in zip(pairs, corrected.sides())]
        pairs = [p for p, k in zip(pairs, kept) if k] + [p for p, k in zip(pairs, kept) if not k]
    kinds = []
    for a, b in pairs:
        k = _same_pair(a, b, space, rng, shared)
        if k is None:
            return None
        kinds.append(k)
    return "proved" if all(k == "proved" for k in kinds) else "observed"


def _same_pair(a, b, space, rng, shared: _Shared) -> str | None:
    """:func:`same_expression` of one side of a mutant and the printed side. A mutant changes
    one side, so its other sides are the corrected claim's as they are: the same tree as the
    printed side wherever the print got that side right: the same expression, "proved"
    without evaluating it. Every mutant of the other side meets that same pair: it is
    compared once per diagnosis (``shared.pairs``), not once per mutant."""
    if a == b:
        return "proved"
    key = (a, b)
    if key not in shared.pairs:
        shared.pairs[key] = same_expression(a, b, space, rng, shared=shared)
    return shared.pairs[key]


class Diagnosis(str):
    """The diagnosis text; ``complete`` is False when the budget ran out before every typical
    mistake was tried (another run may find more: such a result is never cached)."""

    complete: bool = True

    def __new__(cls, text: str, complete: bool = True):
        obj = super().__new__(cls, text)
        obj.complete = complete
        return obj


def _markdown(desc: str) -> str:
    """A mistake's description for readers: Markdown with its terms as ``$...$`` math."""
    return desc.markdown() if isinstance(desc, Mistake) else desc


def diagnose(stated, corrected, space, rng, budget: float) -> Diagnosis:
    """Name the typical mistake(s) that reproduce ``stated`` from ``corrected``: Markdown, each
    term of a formula as ``$...$`` LaTeX math."""
    found: list[tuple[str, str]] = []
    timed_out = False
    shared = _Shared()
    try:
        with time_limit(budget) as lim, memoised_doit():
            for _op, desc, mutant in mutate_claim(corrected, space, sides_only=True):
                try:
                    kind = _matches(mutant, stated, space, rng, shared, corrected)
                except Exception:  # noqa: BLE001 - a mutant SymPy cannot evaluate matches nothing
                    continue
                if kind:
                    found.append((desc, kind))
                    if len(found) >= 3:
                        break
    except Timeout as t:
        if not lim.owns(t):
            raise
        timed_out = True
    if not found and timed_out:
        return Diagnosis(f"no typical mistake found within the {budget:g} s budget "
                         "(not all were tried)", complete=False)
    if not found:
        return Diagnosis("no single typical mistake (sign, factor 2, transpose, swapped factors "
                         "or symbols, dropped term, inverse, inequality direction) reproduces "
                         "the printed form")
    parts = [f"{_markdown(d)} "
             f"({'proved' if k == 'proved' else 'matches at every exact random point'})"
             for d, k in found]
    return Diagnosis("; or ".join(parts), complete=not timed_out)


