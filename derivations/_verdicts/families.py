"""Families of claims with a known failing size: the size argument's self-test, as a generator.

Each family is a claim that holds at every size below a known one and fails from it on
(see derivations/DESIGN.md, "Sizes"):

* ``newton`` — k!·e_k(x_1..x_N) written in power sums p_j = Σ_n x_n^j (Newton's identities),
  claimed 0: true for N < k (e_k of fewer than k numbers is 0), false from N = k;
* ``cayley-hamilton`` — the characteristic polynomial of degree k with its coefficients
  written in traces, applied to a d×d matrix and claimed 0: true for d ≤ k, false from d = k + 1;
* ``gram`` — the Gram determinant of k vectors in ℝ^d claimed 0: true for d < k, false from d = k;
* ``rational`` — tr(A)·R(d), u·R(d), … with R a rational function of d vanishing at d = 1..k
  (k = 1..8, and 21: false from 22, above the cap)
  (written as partial fractions, one fraction or a polynomial, d as d or as tr(I_d)) claimed 0:
  false from d = k + 1.

Every run draws new k and new written forms from its seed (printed). A member is

* **refuted at the predicted size** — an exact counterexample at exactly the size the family
  predicts (the size argument makes exact random sample it);
* **undecided** — with the reason (the predicted size is above exact random's cap, 20: the
  scope says "needs d ≥ 22; sampled to 20");
* **wrongly verified** — any ``verified``: must be 0, every run;
* **other** — refuted at another size, or undecided when the predicted size is within the
  cap (a weaker engine, not a false proof; listed so it is seen).

*True members* (the identity at a size where it holds: Cayley–Hamilton of degree k at d = k, a
Gram determinant at d = k − 1, …; the dimension fixed) must never be refuted.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

import sympy as sp

from .._claims.claims import Equal
from .._methods.exact_random import CAP
from .._symbols.expr import Scalar
from .._symbols.nodes import DataSum
from .._symbols.space import Space
from .engine import verify_claim

__all__ = ["FAMILIES", "Member", "members", "run_families", "format_table"]

FAMILIES = ("newton", "cayley-hamilton", "gram", "rational")

#: k per family: the members a full run covers (a quick run draws a few of them).
K_RANGE = {"newton": list(range(3, 9)), "cayley-hamilton": list(range(2, 9)),
           "gram": list(range(2, 9)),
           # k = 21 is false from d = 22, above exact random's cap (20): undecided, with the reason
           "rational": list(range(1, 9)) + [21]}


@dataclass
class Member:
    family: str
    k: int
    form: str
    space: Space
    claim: Equal
    dim: sp.Symbol
    fails_from: int | None  # None for a true member
    seconds: float = 0.0
    status: str = ""
    at: int | None = None  # the size of the counterexample
    reason: str = ""
    outcome: str = field(default="")

    @property
    def label(self) -> str:
        return f"{self.family} k={self.k} ({self.form})"


def _split(terms: list, rng: random.Random, scale) -> tuple:
    """Σ terms = 0 written as lhs = rhs: a random share of the terms moved to the right
    (negated), both sides times ``scale`` — the same claim, another written form."""
    left, right = [], []
    for t in terms:
        (left if rng.random() < 0.6 else right).append(t)
    lhs = sp.Add(*left) if left else sp.Integer(0)
    rhs = -sp.Add(*right) if right else sp.Integer(0)
    return scale * lhs, scale * rhs


def _mat_split(terms: list, rng: random.Random, scale, n) -> tuple:
    left, right = [], []
    for t in terms:
        (left if rng.random() < 0.6 else right).append(t)
    zero = sp.ZeroMatrix(n, n)
    lhs = sp.MatAdd(*left) if left else zero
    rhs = -sp.MatAdd(*right) if right else zero
    return (scale * lhs, scale * rhs)


def _elementary_in_power_sums(k: int, p: list) -> sp.Expr:
    """k!·e_k as a polynomial in the power sums p[1..k] (Newton: j e_j = Σ_i (−1)^{i−1} e_{j−i} p_i)."""
    e = [sp.Integer(1)]
    for j in range(1, k + 1):
        e.append(sp.expand(sum((-1) ** (i - 1) * e[j - i] * p[i] for i in range(1, j + 1)) / j))
    return sp.expand(math.factorial(k) * e[k])


def _scale(rng: random.Random) -> sp.Rational:
    return rng.choice([sp.Integer(1), sp.Integer(-1), sp.Rational(rng.randint(2, 9), rng.randint(1, 7))])


def newton(k: int, rng: random.Random, fixed: int | None = None) -> Member:
    s = Space()
    N = s.dim("N", sizes=(fixed,) if fixed else (1, 2, 3), fixed=bool(fixed))
    form = rng.choice(["vector", "data column"])
    if form == "vector":
        x = s.vector("x", N)
        entry = lambda n: x[n - 1, 0]  # noqa: E731
    else:
        X = s.matrix("X", N, 2)
        col = rng.randint(0, 1)
        entry = lambda n: X[n - 1, col]  # noqa: E731
        form += f" {col + 1}"
    n = sp.Symbol("n", integer=True, positive=True)
    p = [None] + [DataSum(entry(n) ** j, (n, 1, N)) for j in range(1, k + 1)]
    poly = sp.Poly(_elementary_in_power_sums(k, [None] + [sp.Symbol(f"p{j}") for j in range(1, k + 1)]),
                   *[sp.Symbol(f"p{j}") for j in range(1, k + 1)])
    terms = [c * sp.Mul(*[p[j + 1] ** m for j, m in enumerate(mon)]) for mon, c in poly.terms()]
    scale = _scale(rng)
    lhs, rhs = _split(terms, rng, scale)
    return Member("newton", k, form + ("" if scale == 1 else f", ×{scale}"), s, Equal(lhs, rhs), N,
                  None if fixed else k)


def cayley_hamilton(k: int, rng: random.Random, fixed: int | None = None) -> Member:
    s = Space()
    d = s.dim("d", sizes=(fixed,) if fixed else (1, 2, 3), fixed=bool(fixed))
    structure = rng.choice(["general", "symmetric"])
    A0 = s.matrix("A", d, d, structure)
    form = structure
    A = A0
    if rng.random() < 0.5:
        A, form = A0.T, form + ", transposed"
    t = [None] + [sp.Trace(A ** i) for i in range(1, k + 1)]
    # e_j(A) in traces, by Newton's identities
    e = [sp.Integer(1)]
    for j in range(1, k + 1):
        e.append(sp.expand(sum((-1) ** (i - 1) * e[j - i] * t[i] for i in range(1, j + 1)) / j))
    terms = [(-1) ** j * e[j] * (A ** (k - j) if k - j else sp.Identity(d)) for j in range(k + 1)]
    scale = _scale(rng)
    lhs, rhs = _mat_split(terms, rng, scale, d)
    return Member("cayley-hamilton", k, form + ("" if scale == 1 else f", ×{scale}"), s,
                  Equal(lhs, rhs), d, None if fixed else k + 1)


def gram(k: int, rng: random.Random, fixed: int | None = None) -> Member:
    s = Space()
    d = s.dim("d", sizes=(fixed,) if fixed else (1, 2, 3), fixed=bool(fixed))
    form = rng.choice(["det(XᵀX)", "det(XᵀX) of a full matrix", "Gram of vectors"]) if k <= 4 \
        else rng.choice(["det(XᵀX)", "det(XᵀX) of a full matrix"])
    if form == "Gram of vectors":
        vs = [s.vector(f"v{i}", d) for i in range(1, k + 1)]
        G = sp.Matrix(k, k, lambda i, j: Scalar(vs[i].T * vs[j]))
        lhs = G.det(method="berkowitz")
    else:
        X = s.matrix("X", d, k)
        lhs = sp.Determinant(X.T * X) if form == "det(XᵀX)" else sp.Determinant(X.T * X) * _scale(rng)
    return Member("gram", k, form, s, Equal(lhs, sp.Integer(0)), d, None if fixed else k)


def rational(k: int, rng: random.Random, fixed: int | None = None) -> Member:
    s = Space()
    d = s.dim("d", sizes=(fixed,) if fixed else (1, 2, 3), fixed=bool(fixed))
    t = sp.Symbol("t")
    num = sp.Mul(*[t - j for j in range(1, k + 1)]) * rng.randint(1, 5)
    poles = rng.sample(range(1, 2 * k + 12), rng.choice([0, k + 1, k + 2] if k <= 8 else [0]))
    den = sp.Mul(*[t + c for c in poles])
    how = rng.choice(["partial fractions", "one fraction"] if poles else ["polynomial", "factored"])
    R = {"partial fractions": sp.apart(num / den, t), "one fraction": sp.expand(num) / sp.expand(den),
         "polynomial": sp.expand(num), "factored": num}[how]
    size_form = rng.choice(["d", "tr(I_d)"])
    size = d if size_form == "d" else sp.Trace(sp.Identity(d))
    R = R.subs(t, size)
    carrier = rng.choice(["tr(A)", "vector u", "uᵀv"])
    if carrier == "tr(A)":
        claim = Equal(sp.Trace(s.matrix("A", d, d)) * R, sp.Integer(0))
    elif carrier == "vector u":
        u = s.vector("u", d)
        claim = Equal(R * u, sp.ZeroMatrix(d, 1))
    else:
        u, v = s.vector("u", d), s.vector("v", d)
        claim = Equal(Scalar(u.T * v) * R, sp.Integer(0))
    return Member("rational", k, f"{carrier}, {how}, d as {size_form}", s, claim, d,
                  None if fixed else k + 1)


_BUILD = {"newton": newton, "cayley-hamilton": cayley_hamilton, "gram": gram, "rational": rational}

#: True members: the family's identity at a size where it holds (the dimension fixed there).
_TRUE_SIZE = {"newton": lambda k: k - 1, "cayley-hamilton": lambda k: k, "gram": lambda k: k - 1,
              "rational": lambda k: k}


def members(seed: int, quick: bool = False, families=FAMILIES) -> list[Member]:
    """The members one run checks: every k of every family (quick: 3 drawn k per family), each in a written form drawn from ``seed``, and a true member per family."""
    rng = random.Random(seed)
    out = []
    for fam in families:
        ks = list(K_RANGE[fam])
        if quick:
            ks = sorted(rng.sample(ks, 3))
        for k in ks:
            out.append(_BUILD[fam](k, rng))
        k_true = rng.choice([k for k in K_RANGE[fam] if 2 <= k <= 3])
        out.append(_BUILD[fam](k_true, rng, fixed=_TRUE_SIZE[fam](k_true)))
    return out


def check(m: Member, seed: int) -> Member:
    """Verify one member and classify its verdict (see the module doc)."""
    t0 = time.perf_counter()
    r = verify_claim(m.label, m.claim, m.space, random.Random(seed), seed=seed)
    m.seconds = time.perf_counter() - t0
    m.status = r.status
    # the smallest size any method refuted it at (components decide their sizes exactly)
    ats = [o.witness["sizes"].get(str(m.dim)) for o in r.methods
           if o.certain and o.witness is not None and "sizes" in o.witness]
    ats = [a for a in ats if a is not None]
    m.at = min(ats) if ats else None
    needs = [o.needs for o in r.methods if getattr(o, "needs", None)]
    m.reason = needs[0] if needs else "; ".join(f"{o.name}: {o.outcome}" for o in r.methods)
    if m.fails_from is None:
        m.outcome = "refuted a true member" if r.status == "refuted" else "true member ok"
    elif r.status == "verified":
        m.outcome = "wrongly verified"
    elif r.status == "refuted" and m.at == m.fails_from:
        m.outcome = "refuted at predicted size"
    elif r.status == "undecided" and needs and m.fails_from > CAP:
        m.outcome = "undecided"
    else:
        m.outcome = "other"
    return m


def run_families(seed: int, quick: bool = False, families=FAMILIES, progress=None) -> dict:
    """{family: counts} and the members, for the seed (printed with the table)."""
    table = {f: {"members": 0, "refuted at predicted size": 0, "undecided": 0, "wrongly verified": 0,
                 "other": 0, "true members": 0, "refuted a true member": 0} for f in families}
    done = []
    for i, m in enumerate(members(seed, quick, families)):
        check(m, seed + i)
        row = table[m.family]
        if m.fails_from is None:
            row["true members"] += 1
            row["refuted a true member"] += m.outcome == "refuted a true member"
        else:
            row["members"] += 1
            row[m.outcome] += 1
        done.append(m)
        if progress is not None:
            progress(m)
    return {"seed": seed, "quick": quick, "families": table, "members": done}


def format_table(result: dict) -> str:
    cols = ["members", "refuted at predicted size", "undecided", "wrongly verified", "other",
            "true members", "refuted a true member"]
    head = ["family"] + cols
    rows = [[f] + [str(c[k]) for k in cols] for f, c in result["families"].items()]
    widths = [max(len(r[i]) for r in [head] + rows) for i in range(len(head))]
    line = lambda r: "  ".join(v.ljust(w) for v, w in zip(r, widths))  # noqa: E731
    out = [f"size families (seed {result['seed']}{', quick' if result['quick'] else ''}):", line(head)]
    out += [line(r) for r in rows]
    odd = [m for m in result["members"] if m.outcome in ("wrongly verified", "other", "refuted a true member")]
    for m in odd:
        out.append(f"  {m.outcome}: {m.label}: {m.status}" + (f" at {m.dim} = {m.at}" if m.at else "")
                   + f" (predicted {m.fails_from}; {m.reason})")
    return "\n".join(out)
