"""Deciding ``Exists(v, cs)``: a rational witness checked exactly proves it, exact
infeasibility certificates (one per case) refute it (:mod:`derivations._decide.feasibility`).
"""

from __future__ import annotations

import sympy as sp

from ..feasibility import decide_system
from ..linear import Witness
from .base import Decider, Undecidable
from .conditions import condition_symbols, conditions_of, instantiate_condition, subst_values

__all__ = ["ExistsDecider"]


class ExistsDecider(Decider):
    """How :class:`~derivations._claims.claims.Exists` is decided."""

    def _entries(self, inst) -> tuple[dict, list]:
        mapping, entries = {}, []
        for v in self.claim.variables:
            if isinstance(v, sp.MatrixSymbol):
                r, c = (int(sp.sympify(n).xreplace(inst.sizes)) for n in v.shape)
                syms = [sp.Symbol(f"{v.name}[{i + 1}]" if c == 1 else f"{v.name}[{i + 1},{j + 1}]", real=True)
                        for i in range(r) for j in range(c)]
                mapping[v] = sp.ImmutableMatrix(r, c, syms)
                entries += syms
            else:
                s = sp.Symbol(f"{v.name}", real=True)
                mapping[v] = s
                entries.append(s)
        return mapping, entries

    def system(self, inst, values: dict | None = None) -> tuple[list, list]:
        """(conditions, variable entries) at one instance (data values substituted)."""
        mapping, entries = self._entries(inst)
        conds = []
        for c in self.claim.constraints:
            for b in conditions_of(c.xreplace(mapping)):
                conds.append(instantiate_condition(inst, b))
        if values:
            conds = [subst_values(c, values) for c in conds]
        return conds, entries

    def decide(self, inst, values: dict | None = None):
        """A checked :class:`~derivations._decide.linear.Witness`, a list of checked
        :class:`~derivations._decide.linear.Infeasible` certificates (one per case), or None."""
        conds, entries = self.system(inst, values)
        key = sp.srepr((tuple(entries), conds))
        if key not in _DECIDED:  # each exact random point of fixed data poses the same system
            if len(_DECIDED) > 256:
                _DECIDED.clear()
            _DECIDED[key] = decide_system(conds, entries)
        return _DECIDED[key]

    def identity(self, inst):
        conds, _entries = self.system(inst)
        mapped = set(self._entries(inst)[1])
        if any(condition_symbols(c) - mapped for c in conds):
            return None  # free data: no witness for every value is searched for
        return [sp.Integer(0)] if isinstance(self.decide(inst), Witness) else None

    def violation(self, inst, values):
        d = self.decide(inst, values)
        if isinstance(d, Witness):
            return None
        if d is None:
            raise Undecidable("no exact witness and no exact infeasibility certificate")
        return "; ".join(c.describe() for c in d)


#: Decisions of instantiated existential systems, keyed by their exact SymPy form.
_DECIDED: dict = {}
