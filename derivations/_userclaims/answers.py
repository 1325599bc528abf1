"""Exercise answers: a student's value against the verified solution of a catalog exercise.

The solution is the exercise entry's own: the values its statement defines (typed by hand
in the catalog and checked by the engine when the entry is verified). An answer is compared
only once the entry's verdict is the one its kind expects; otherwise the report says the
solution is not verified and compares nothing.

Each answerable quantity has the equivalence the exercise needs (:data:`QUANTITIES`):

* ``exact`` — every entry equal, decided exactly (rationals; algebraic numbers such as
  √5/2 by :func:`derivations._decide.exactness.exact_is_zero`);
* ``direction`` — the same direction up to a positive scale (a normal vector "∝"): all
  2×2 minors of [answer, solution] vanish exactly and their inner product is > 0;
* ``support`` — a set of sample indices (1-based), order and repeats ignored.

A wrong exact answer gets the typical mistake the diagnosis library
(:func:`derivations._verdicts.diagnosis.diagnose`) finds between the solution and the
answer (sign, factor 2, transpose, …), or an equivalence-specific hint.
"""

from __future__ import annotations

import functools
import random
import re
from dataclasses import dataclass

import sympy as sp

from .._verdicts.engine import verify_entry
from ..catalog import REGISTRY
from .errors import ClaimsError, Location
from .parser import Names, parse_expression

__all__ = ["QUANTITIES", "Quantity", "parse_answer", "compare", "check_answer", "check_answer_item"]


@dataclass(frozen=True)
class Quantity:
    """An answerable quantity: its equivalence, the definition(s) it is read from, and
    what it is (for messages)."""

    equivalence: str
    source: tuple
    meaning: str


#: exercise id -> {quantity name -> Quantity}; names are matched ignoring case, spaces and *.
QUANTITIES = {
    "svm.exercise_gram": {
        "G": Quantity("exact", ("G",), "the Gram matrix G = X Xᵀ (3 x 3)"),
        "H": Quantity("exact", ("H",), "the dual's matrix H = X' X'ᵀ (3 x 3)"),
    },
    "svm.exercise_solution": {
        "alpha": Quantity("exact", ("alpha*",), "the dual solution α* (a 3-vector)"),
        "w": Quantity("exact", ("w*",), "the weight vector w* (a 2-vector)"),
        "t": Quantity("exact", ("t*",), "the threshold t*"),
        "w_direction": Quantity("direction", ("w*",), "the direction of the normal w* (up to a "
                                                      "positive scale)"),
        "support_vectors": Quantity("support", ("alpha*",), "the indices of the support vectors "
                                                           "(nonzero α*_i), e.g. [1, 3]"),
    },
    "lagrange.example_solution": {
        "max_point": Quantity("exact", ("x_0+", "y_0+"), "the maximiser (x₀, y₀) of 2x + y on "
                                                          "the unit circle, a 2-vector"),
        "min_point": Quantity("exact", ("x_0-", "y_0-"), "the minimiser (x₀, y₀), a 2-vector"),
        "lambda_max": Quantity("exact", ("lambda_0+",), "λ₀ at the maximiser"),
        "lambda_min": Quantity("exact", ("lambda_0-",), "λ₀ at the minimiser"),
        "max_direction": Quantity("direction", ("x_0+", "y_0+"), "the direction of the "
                                                                 "maximiser (up to a positive scale)"),
    },
}


def _norm(name: str) -> str:
    return re.sub(r"[\s*_]", "", name).lower()


def _quantity(eid: str, name: str | None, where: Location) -> tuple[str, Quantity]:
    if eid not in QUANTITIES:
        if eid not in REGISTRY:
            import difflib

            near = difflib.get_close_matches(eid, [i for i in QUANTITIES], n=2, cutoff=0.4)
            raise ClaimsError(f"no catalog exercise {eid!r}" + (f"; did you mean {', '.join(near)}?"
                                                                if near else "") +
                              f" (answerable: {', '.join(QUANTITIES)})", where)
        raise ClaimsError(f"{eid} has no answerable value (its solution is a derivation, not a "
                          f"value: check it as a [[derivation]]); answerable: {', '.join(QUANTITIES)}",
                          where)
    qs = QUANTITIES[eid]
    if name is None:
        if len(qs) == 1:
            return next(iter(qs.items()))
        raise ClaimsError(f"say which value you answer: NAME = VALUE with NAME one of "
                          f"{', '.join(qs)} ({'; '.join(f'{k}: {q.meaning}' for k, q in qs.items())})",
                          where)
    for k, q in qs.items():
        if _norm(k) == _norm(name):
            return k, q
    raise ClaimsError(f"{eid} has no value {name!r}; answer one of "
                      f"{'; '.join(f'{k} ({q.meaning})' for k, q in qs.items())}", where)


def parse_answer(text: str, where: Location | None = None) -> tuple[str | None, sp.Basic, Location]:
    """``"NAME = VALUE"`` or ``"VALUE"`` -> (name or None, the value, where the value starts).
    The value is a number, ``sqrt(5)/2``, a list ``[0, 1/8, 1/8]`` or a matrix by rows."""
    where = where or Location()
    if not isinstance(text, str):
        raise ClaimsError("an answer is text such as 'alpha = [0, 1/8, 1/8]'", where)
    m = re.match(r"\s*([A-Za-z][A-Za-z0-9_ *]*?)\s*=(?!=)", text)
    name, start = (m.group(1), m.end()) if m else (None, 0)
    vwhere = where.at(1, start + 1)
    try:
        value = parse_expression(text[start:], Names(), vwhere)
    except ClaimsError as exc:  # the parser's advice is for claims files ([symbols])
        m = re.match(r"unknown name '([^']*)'", exc.reason)
        if not m:
            raise
        raise ClaimsError(f"{m.group(1)!r} is not a value: an answer is numbers, sqrt(5)/2, a "
                          f"list [0, 1/8, 1/8] or a matrix by rows [[5, 3], [3, 5]] (no "
                          f"symbols)", exc.where) from None
    return name, value, vwhere


@functools.lru_cache(maxsize=8)
def _definitions(eid: str) -> dict:
    """The values the exercise's statement defines (built once per process)."""
    st = REGISTRY[eid].build()
    return {str(sym): val for sym, val, _why in st.space.definitions}


def _solution(eid: str, q: Quantity):
    defs = _definitions(eid)
    vals = [defs[n] for n in q.source]
    if len(vals) == 1:
        return vals[0]
    return sp.ImmutableMatrix(vals)


def _zero(e) -> bool | None:
    from .._decide.exactness import exact_is_zero

    return exact_is_zero(sp.sympify(e))


def _entries(v) -> list:
    return list(v) if isinstance(v, sp.MatrixBase) else [v]


def compare(equivalence: str, answer, solution) -> tuple[bool | None, str]:
    """(correct?, why) under ``equivalence``; None when it cannot be decided exactly."""
    if equivalence == "support":
        want = {i + 1 for i, a in enumerate(_entries(solution)) if not _zero(a)}
        got = _entries(answer)
        if not all(isinstance(g, sp.Integer) for g in got):
            return False, "a set of support vectors is a list of sample numbers, e.g. [1, 3]"
        got = {int(g) for g in got}
        n = len(_entries(solution))
        absent = sorted(g for g in got if not 1 <= g <= n)
        if absent:
            return False, (f"there is no sample x_{', x_'.join(map(str, absent))}: the samples "
                           f"are numbered 1 to {n}")
        if got == want:
            return True, f"the support vectors are x_{', x_'.join(map(str, sorted(want)))}"
        extra, missing = sorted(got - want), sorted(want - got)
        hint = []
        if extra:
            hint.append(f"x_{', x_'.join(map(str, extra))} {'is' if len(extra) == 1 else 'are'} "
                        "not a support vector: the multiplier is 0 (a sample on the margin "
                        "may have α = 0; the support vectors are those with α > 0)")
        if missing:
            hint.append(f"x_{', x_'.join(map(str, missing))} missing (its α is nonzero)")
        return False, "; ".join(hint)
    a, s = _entries(answer), _entries(solution)
    if isinstance(answer, sp.MatrixBase) != isinstance(solution, sp.MatrixBase) or len(a) != len(s) or (
            isinstance(answer, sp.MatrixBase) and answer.shape != solution.shape):
        shape = solution.shape if isinstance(solution, sp.MatrixBase) else "a scalar"
        if (isinstance(answer, sp.MatrixBase) and shape != "a scalar"
                and answer.shape == shape[::-1]):
            return False, (f"your answer is a {answer.rows} x {answer.cols} matrix, the solution "
                           f"a {shape[0]} x {shape[1]} one: "
                           + ("drop the .T (a list is a column)" if shape[1] == 1 else
                              "transpose it"))
        return False, f"the solution is {'a ' + str(shape[0]) + ' x ' + str(shape[1]) + ' matrix' if shape != 'a scalar' else shape}"
    if equivalence == "exact":
        zs = [_zero(x - y) for x, y in zip(a, s)]
        if None in zs:
            return None, "equality could not be decided exactly"
        return all(zs), "equal, entry by entry, in exact arithmetic" if all(zs) else "not equal"
    if equivalence == "direction":
        if all(_zero(x) for x in a):
            return False, "the zero vector has no direction"
        minors = [_zero(a[i] * s[j] - a[j] * s[i]) for i in range(len(a)) for j in range(i + 1, len(a))]
        if None in minors:
            return None, "parallelism could not be decided exactly"
        if not all(minors):
            return False, "not parallel to the solution"
        from .._decide.exactness import exact_sign

        sign = exact_sign(sp.Add(*[x * y for x, y in zip(a, s)]))
        if sign is None:
            return None, "the sign of the scale could not be decided"
        return (sign > 0, "the same direction (a positive multiple)" if sign > 0
                else "the opposite direction (a negative multiple): the sign is flipped")
    raise ValueError(f"unknown equivalence {equivalence!r}")


def _feedback(answer, solution, budget: float, seed: int) -> str | None:
    """The typical mistake that turns the solution into the answer, if the library finds one."""
    from .._claims.claims import Equal
    from .._symbols.space import Space
    from .._verdicts.diagnosis import diagnose

    s = Space()
    z = (s.matrix("ANSWER", *solution.shape) if isinstance(solution, sp.MatrixBase)
         else s.scalar("ANSWER"))
    text = str(diagnose(Equal(z, answer), Equal(z, solution), s, random.Random(seed), budget))
    if text.startswith("no single typical mistake") or text.startswith("no typical mistake"):
        if isinstance(solution, sp.MatrixBase) and solution.shape[1] == 1:
            ok, _ = compare("direction", answer, solution)
            if ok:
                return "the right direction with the wrong scale"
        return None
    return text


def check_answer(eid: str, text: str, *, quantity: str | None = None, where: Location | None = None,
                 entry_ok=None, seed: int = 0, budget: float = 20.0) -> dict:
    """Compare ``text`` (``"NAME = VALUE"`` or a value, with ``quantity``) with exercise
    ``eid``'s verified solution. ``entry_ok(eid) -> (ok, status)`` says whether the entry's
    verdict is as its kind expects (default: verify it now). Returns a JSON-ready record with
    ``status`` correct / incorrect / undecided / unverified."""
    where = where or Location()
    name, value, vwhere = parse_answer(text, where)
    if quantity is not None and name is not None and _norm(name) != _norm(quantity):
        raise ClaimsError(f"quantity {quantity!r} and the answer's name {name!r} differ", where)
    key, q = _quantity(eid, quantity or name, where)
    if q.equivalence != "support" and isinstance(value, sp.Basic) and value.free_symbols:
        raise ClaimsError("an answer is a value: numbers, sqrt(...), lists; no symbols", vwhere)
    ok, status = (entry_ok or _verify_now)(eid, seed, budget)
    rec = {"exercise": eid, "quantity": key, "equivalence": q.equivalence, "answer": _shown(value),
           "text": text, "line": where.line}
    if not ok:
        rec.update(status="unverified", detail=f"the exercise's solution is not verified "
                                               f"(entry status: {status}); nothing was compared")
        return rec
    sol = _solution(eid, q)
    good, why = compare(q.equivalence, value, sol)
    rec["solution"] = str(sol if q.equivalence != "support" else
                          sorted(i + 1 for i, a in enumerate(_entries(sol)) if not _zero(a)))
    if good is None:
        rec.update(status="undecided", detail=why)
        return rec
    rec.update(status="correct" if good else "incorrect", detail=why)
    if not good and q.equivalence in ("exact", "direction"):
        mistake = _feedback(value, sol, min(budget, 10.0), seed) if q.equivalence == "exact" else None
        if mistake:
            rec["mistake"] = mistake
    return rec


def _verify_now(eid: str, seed: int, budget: float) -> tuple[bool, str]:
    r = verify_entry(REGISTRY[eid], seed=seed, budget=budget)
    return r.ok, r.status


def check_answer_item(item, *, seed: int = 0, budget: float = 20.0, entry_ok=None) -> dict:
    """An [[answer]] of a claims file (exercise, optional quantity, value)."""
    d = item.data
    return check_answer(d["exercise"], d["value"], quantity=d.get("quantity"),
                        where=item.where_of("value"), entry_ok=entry_ok, seed=seed, budget=budget)


def _shown(value) -> str:
    """An answer as the user would write it: a column vector as ``[0, 1/8, 1/8]``, a matrix as
    its rows, a scalar as SymPy prints it (never ``Matrix([[0], ...])``)."""
    if isinstance(value, sp.MatrixBase):
        if value.cols == 1:  # (a row is a 1 x n matrix: [[...]])
            return "[" + ", ".join(str(e) for e in value) + "]"
        return "[" + ", ".join("[" + ", ".join(str(e) for e in value.row(i)) + "]"
                               for i in range(value.rows)) + "]"
    return str(value)
