"""Piecewise atoms and conditions: their syntax, their branches, and Kleene logic over them.

``Max``, ``Min``, ``Abs``, ``Heaviside``, ``sign`` and ``Piecewise`` (the *atoms*) choose a
branch by the sign of an expression (:func:`branches`, in SymPy's order). A condition is a
tuple — ``('rel', expr, op)``, ``('and', [..])``, ``('or', [..])``, ``('not', c)``,
``('const', bool)`` — and :func:`truth_under` decides one under hypotheses from an oracle
``implied(goal, hyps)`` that says whether the hypotheses prove a constraint. The oracle is the
caller's: exact signs for a closed number (:mod:`.exactness`), linear certificates and
checked inequalities in a region (:mod:`.piecewise`). Pure syntax: no decider is imported here.
"""

from __future__ import annotations

import sympy as sp

from .linear import Constraint

__all__ = ["ATOMS", "NORMAL", "Unsupported", "atom_in_condition", "branches", "condition",
           "decide_rel", "has_piecewise", "innermost", "subst_condition", "truth_under"]

ATOMS = (sp.Max, sp.Min, sp.Abs, sp.Heaviside, sp.sign, sp.Piecewise)


class Unsupported(Exception):
    """A condition this module cannot express (e.g. a set membership)."""


def has_piecewise(e) -> bool:
    return isinstance(e, sp.Basic) and e.has(*ATOMS)


_REL_OPS = {sp.GreaterThan: ">=", sp.StrictGreaterThan: ">", sp.LessThan: "<=",
            sp.StrictLessThan: "<", sp.Equality: "==", sp.Unequality: "!="}


def condition(b) -> tuple:
    """A SymPy boolean (relationals, And, Or, Not, True, False) as a condition tuple."""
    if b is sp.true or b is True:
        return ("const", True)
    if b is sp.false or b is False:
        return ("const", False)
    for cls, op in _REL_OPS.items():
        if isinstance(b, cls):
            return ("rel", sp.sympify(b.lhs - b.rhs), op)
    if isinstance(b, sp.And):
        return ("and", [condition(a) for a in b.args])
    if isinstance(b, sp.Or):
        return ("or", [condition(a) for a in b.args])
    if isinstance(b, sp.Not):
        return ("not", condition(b.args[0]))
    raise Unsupported(f"condition {b} is not a combination of relations")


def _rel(expr, op) -> tuple:
    return ("rel", sp.sympify(expr), op)


def branches(atom) -> list[tuple[sp.Basic, tuple]]:
    """[(value, condition)] for one atom, in SymPy's order (the first true one applies)."""
    args = atom.args
    if isinstance(atom, sp.Abs):
        p = args[0]
        return [(p, _rel(p, ">=")), (-p, _rel(p, "<"))]
    if isinstance(atom, (sp.Max, sp.Min)):
        sgn = 1 if isinstance(atom, sp.Max) else -1
        out = []
        for k, a in enumerate(args):
            conds = [_rel(sgn * (a - b), ">" if j < k else ">=") for j, b in enumerate(args) if j != k]
            out.append((a, ("and", conds)))
        return out
    if isinstance(atom, sp.Heaviside):
        p = args[0]
        h0 = args[1] if len(args) > 1 else sp.Rational(1, 2)
        return [(sp.Integer(1), _rel(p, ">")), (h0, _rel(p, "==")), (sp.Integer(0), _rel(p, "<"))]
    if isinstance(atom, sp.sign):
        p = args[0]
        return [(sp.Integer(1), _rel(p, ">")), (sp.Integer(0), _rel(p, "==")), (sp.Integer(-1), _rel(p, "<"))]
    if isinstance(atom, sp.Piecewise):
        out, before = [], []
        for value, cond in args:
            c = condition(cond)
            out.append((value, ("and", before + [c])))
            before = before + [("not", c)]
        return out
    raise Unsupported(f"{type(atom).__name__} is not a piecewise atom")


NORMAL = {">=": (1, ">="), ">": (1, ">"), "<=": (-1, ">="), "<": (-1, ">"), "==": (1, "==")}


def decide_rel(expr, op, hyps, implied) -> bool | None:
    """Whether ``expr op 0`` holds wherever ``hyps`` hold: True, False, or None (undecided),
    from ``implied(goal, hyps)`` — whether the hypotheses prove a :class:`Constraint`."""
    if op == "!=":
        r = decide_rel(expr, "==", hyps, implied)
        return None if r is None else not r
    sgn, nop = NORMAL[op]
    goal = Constraint(sgn * expr, nop)
    if implied(goal, hyps):
        return True
    if nop == "==":
        if sp.sympify(expr).is_zero is False:  # a symbol declared nonzero, or positive
            return False
        if implied(Constraint(expr, ">"), hyps) or implied(Constraint(-expr, ">"), hyps):
            return False
        return None
    negation = Constraint(-sgn * expr, ">" if nop == ">=" else ">=")
    if implied(negation, hyps):
        return False
    return None


def truth_under(cond: tuple, hyps: list[Constraint], implied) -> tuple[bool | None, tuple | None]:
    """(value, first undecided relation): Kleene logic over the relations' decisions, each by
    :func:`decide_rel` with ``implied``."""
    kind = cond[0]
    if kind == "const":
        return cond[1], None
    if kind == "rel":
        v = decide_rel(cond[1], cond[2], hyps, implied)
        return v, (None if v is not None else cond)
    if kind == "not":
        v, u = truth_under(cond[1], hyps, implied)
        return (None if v is None else not v), u
    values, first = [], None
    for c in cond[1]:
        v, u = truth_under(c, hyps, implied)
        if kind == "and" and v is False:
            return False, None
        if kind == "or" and v is True:
            return True, None
        values.append(v)
        first = first or u
    if None in values:
        return None, first
    return kind == "and", None


def innermost(exprs) -> sp.Basic | None:
    for e in exprs:
        if not isinstance(e, sp.Basic):
            continue
        for node in sp.postorder_traversal(e):
            if isinstance(node, ATOMS) and not any(a.has(*ATOMS) for a in node.args):
                return node
    return None


def subst_condition(c: tuple, s: dict) -> tuple:
    """A condition tuple (:func:`condition`) with ``s`` substituted into every relation."""
    kind = c[0]
    if kind == "const":
        return c
    if kind == "rel":
        return ("rel", sp.sympify(c[1]).xreplace(s), c[2])
    if kind == "not":
        return ("not", subst_condition(c[1], s))
    return (kind, [subst_condition(x, s) for x in c[1]])


def atom_in_condition(c) -> sp.Basic | None:
    kind = c[0]
    if kind == "const":
        return None
    if kind == "rel":
        return innermost([c[1]])
    if kind == "not":
        return atom_in_condition(c[1])
    for x in c[1]:
        a = atom_in_condition(x)
        if a is not None:
            return a
    return None
