"""The engine checks itself: a mutation suite over every verified claim of the catalog.

For every claim the engine verifies, each operator of the mistake library
(:mod:`derivations.mistakes`) makes mutants. A mutant is

* **killed** when the exact-random method refutes it (an exact counterexample);
* **equivalent** when the components method proves it equal to the original at every
  size (e.g. transposing a symmetric matrix) — not a mistake at all;
* a **survivor** otherwise: a wrong formula the engine would not refute. A survivor is a
  hole in the engine (too few random points, a degenerate sampling domain), to be fixed in
  the engine, never by removing the mutant.

``false_refutations`` counts true claims the engine refutes when re-run with fresh seeds
(must be 0). ``ill_typed`` counts mutants set aside as not formulas: they fail to
instantiate at some size (``w x`` with two column vectors) or are undefined at every random
point (``log(-1)``). Relations are mutated only by reversing their direction: a mutated side of a
true inequality may well stay true, which says nothing about the engine.
"""

from __future__ import annotations

import random
import zlib

import sympy as sp

from .budget import Timeout, time_limit
from .claims import Behaviour, Equal, Rel
from .engine import verify_claim
from .methods import exact_random
from .methods.outcome import DIFFERENT
from .methods.zero import is_identically_zero
from .mistakes import mutate_claim, well_typed
from .positivity import is_manifestly_nonnegative

__all__ = ["selftest_entry", "merge", "empty_counts"]

#: Seconds one mutant may take (refutation attempt plus equivalence proof).
MUTANT_BUDGET = 6.0


def _rng(key: str, seed: int) -> random.Random:
    return random.Random((zlib.crc32(key.encode()) << 8) ^ seed)


def _drop_manifest_abs(e, space):
    """|x| -> x where x is manifestly >= 0 by shape (sound; SymPy cannot see it after
    instantiation, e.g. |λδ_A + (1 − λ)δ_B| with every factor positive)."""
    return e.replace(sp.Abs, lambda x: x if is_manifestly_nonnegative(x, space) else sp.Abs(x))


def _proved_equal(a, b, space) -> bool:
    claim = Equal(_drop_manifest_abs(a, space), _drop_manifest_abs(b, space))
    for sizes in space.size_assignments():
        insts = space.components(sizes)
        for inst in insts:
            if not all(is_identically_zero(e) for e in claim.identity(inst)):
                return False
    return True


def _equivalent(original, mutant, space) -> bool:
    if isinstance(original, Rel) and isinstance(mutant, Rel) and original.op != mutant.op:
        return _proved_equal(original.gap(), sp.Integer(0), space)
    pairs = list(zip(original.sides(), mutant.sides()))
    return all(_proved_equal(m, o, space) for o, m in pairs)


def empty_counts() -> dict:
    return {"mutants": 0, "equivalent": 0, "killed": 0, "survivors": [], "false_refutations": 0,
            "claims": 0, "ill_typed": 0, "incomplete": []}


def selftest_entry(entry, seed: int = 0) -> dict:
    """Mutation counts for one entry's verified claims (a JSON-ready dict)."""
    out = empty_counts()
    try:
        st = entry.build()
    except Exception:  # noqa: BLE001 - a broken entry has no verified claims to mutate
        return out
    for label, claim in st.all_claims():
        if isinstance(claim, Behaviour):
            continue
        rng = _rng(f"{entry.id}/{label}", seed)
        if verify_claim(label, claim, st.space, rng).status != "verified":
            continue
        out["claims"] += 1
        fresh = exact_random.run(claim, st.space, _rng(f"{entry.id}/{label}/fresh", seed + 1))
        if fresh.outcome == DIFFERENT:
            out["false_refutations"] += 1
        for op, desc, mutant in mutate_claim(claim, st.space):
            if not well_typed(mutant, st.space):
                out["ill_typed"] += 1  # not a formula at some size; the engine reports 'error'
                continue
            out["mutants"] += 1
            verdict = "survived"
            try:
                with time_limit(MUTANT_BUDGET) as lim:
                    rng = _rng(f"{entry.id}/{label}/{desc}", seed)
                    r = exact_random.run(mutant, st.space, rng, points_per_size=1)  # most die here
                    if r.outcome != DIFFERENT:
                        r = exact_random.run(mutant, st.space, rng)
                    if r.outcome == DIFFERENT:
                        verdict = "killed"
                    elif r.points == 0:
                        verdict = "undefined"  # e.g. log(-1) in every draw: not a formula
                    elif _equivalent(claim, mutant, st.space):
                        verdict = "equivalent"
            except Timeout as t:
                if not lim.owns(t):
                    raise
                verdict = "survived"  # a timeout is never a kill (nor a proof of equivalence)
            except Exception:  # noqa: BLE001 - Undecidable or a SymPy failure: not killed
                verdict = "survived"
            if verdict == "undefined":
                out["mutants"] -= 1
                out["ill_typed"] += 1
            elif verdict == "killed":
                out["killed"] += 1
            elif verdict == "equivalent":
                out["equivalent"] += 1
            else:
                out["survivors"].append({"id": entry.id, "claim": label, "operator": op,
                                         "mutation": desc})
    return out


def merge(parts: list[dict]) -> dict:
    """Sum per-entry counts into the report of ``lindisc selftest``."""
    total = {"mutants": 0, "equivalent": 0, "killed": 0, "survivors": [], "false_refutations": 0,
             "incomplete": []}
    claims = ill = 0
    for p in parts:
        ill += p.get("ill_typed", 0)
        total["incomplete"].extend(p.get("incomplete", []))
        for k in ("mutants", "equivalent", "killed", "false_refutations"):
            total[k] += p[k]
        total["survivors"].extend(p["survivors"])
        claims += p.get("claims", 0)
    nonequiv = total["mutants"] - total["equivalent"]
    total["claims"] = claims
    total["ill_typed"] = ill
    total["killed_ratio"] = round(total["killed"] / nonequiv, 4) if nonequiv else 1.0
    return total
