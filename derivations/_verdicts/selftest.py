"""The engine checks itself: a mutation suite over every verified claim of the catalog.

For every claim the engine verifies, each operator of the mistake library
(:mod:`derivations._claims.mistakes`) makes mutants, plus *size* mutants (true only at d ≤ 3) and
*constant* mutants (off by 2⁻⁴⁰ relative, or 10⁻³⁰). Every method (exact random, components,
symbolic) runs **alone** on every mutant, so a proof method that proves a false formula is
caught: that is a *wrongly proved* count, which must be 0 for every method. A mutant is

* **killed** when some method refutes it with an exact counterexample;
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
import time
import zlib

import sympy as sp

from .._budget import Timeout, time_limit
from .._claims.claims import Behaviour, Equal, Rel
from .._decide.kinds import decider
from .engine import verify_claim
from .._methods import components, exact_random, symbolic
from .._methods.outcome import DIFFERENT, EQUAL, ERROR, INCONCLUSIVE, TIMEOUT, Outcome, size_key
from .._methods.zero import is_identically_zero
from .._claims.mistakes import mutate_claim, well_typed
from .._decide.positivity import is_manifestly_nonnegative
from .verdict import conflicts

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
            if not all(is_identically_zero(e) for e in decider(claim).identity(inst)):
                return False
    return True


def _equivalent(original, mutant, space) -> bool:
    if isinstance(original, Rel) and isinstance(mutant, Rel) and original.op != mutant.op:
        return _proved_equal(original.gap(), sp.Integer(0), space)
    pairs = list(zip(original.sides(), mutant.sides()))
    return all(_proved_equal(m, o, space) for o, m in pairs)


def empty_counts() -> dict:
    return {"mutants": 0, "equivalent": 0, "killed": 0, "survivors": [], "false_refutations": 0,
            "claims": 0, "ill_typed": 0, "not_sampled": 0, "proved_true": 0, "incomplete": [], "methods": empty_method_counts(),
            "soundness_bugs": [], "phase_seconds": dict.fromkeys(PHASES, 0.0)}


#: Where the suite's time goes (reported, so the next speed-up is aimed, not guessed).
PHASES = ("verify original", "fresh draws", "make mutants", "attack", "equivalence")


#: The methods attacked: each runs alone on every mutant.
ATTACKED = (exact_random, components, symbolic)
#: Seconds components and symbolic may spend on one mutant (a timeout is counted, never a proof).
METHOD_BUDGET = 1.0


def _attack(method, claim, space, rng) -> Outcome:
    """One method alone on one mutant, under its own budget (a timeout is never a proof)."""
    t0 = time.perf_counter()
    o = _attack_untimed(method, claim, space, rng)
    o.seconds = time.perf_counter() - t0
    return o


def _attack_untimed(method, claim, space, rng) -> Outcome:
    try:
        with time_limit(MUTANT_BUDGET if method is exact_random else METHOD_BUDGET) as lim:
            return method.run(claim, space, rng)
    except Timeout as t:
        if not lim.owns(t):
            raise
        return Outcome(method.NAME, TIMEOUT)
    except Exception as exc:  # noqa: BLE001 - a method failing on a mutant is not a proof
        return Outcome(method.NAME, ERROR, detail=f"{type(exc).__name__}: {exc}")


def size_and_constant_mutants(claim, space) -> list[tuple[str, str, object]]:
    """Mutants that only a sound scope or exact arithmetic catches:

    * **size**: lhs·(1 + (d−1)(d−2)(d−3)) = rhs for a growing dimension d — true at every
      d ≤ 3 (where components proves it, correctly, *at those sizes*), false from d = 4;
    * **constant**: lhs·(1 + 2⁻⁴⁰) = rhs and lhs + 10⁻³⁰ = rhs — wrong by less than any
      float tolerance.
    """
    if not isinstance(claim, Equal):
        return []
    side = claim.lhs if not _is_zero_expr(claim.lhs) else claim.rhs
    if _is_zero_expr(side):
        return []
    i = 0 if side is claim.lhs else 1
    out = []
    growing = [sym for sym, _ in space.dims.values() if sym not in space.fixed_dims]
    if growing:
        d = growing[0]
        p = (d - 1) * (d - 2) * (d - 3)
        out.append(("size", f"{side} · (1 + ({d}-1)({d}-2)({d}-3))",
                    claim.replace_side(i, (1 + p) * side)))
    out.append(("constant", f"{side} · (1 + 2^-40)",
                claim.replace_side(i, (1 + sp.Rational(1, 2**40)) * side)))
    if not isinstance(side, sp.MatrixExpr) and not getattr(side, "is_Matrix", False):
        out.append(("constant", f"{side} + 10^-30", claim.replace_side(i, side + sp.Rational(1, 10**30))))
    return out


def _proof_scope(outcomes) -> tuple[bool, set]:
    """(proved at every size?, the sizes proved) over a claim's methods."""
    every = any(o.outcome == EQUAL and o.all_sizes for o in outcomes)
    return every, {size_key(a) for o in outcomes if o.outcome == EQUAL for a in o.proved}


def _proved_true(outcomes, space, scope) -> bool:
    """Some method *proved* the mutant, and none refuted it, over at least the scope of the
    original claim's own proof — every size if the original was proved at every size (or the
    claim has no growing dimension: a concrete exercise, scalars, an ∃ with its witness),
    else every size the original was proved at. To the engine such a mutant is as true as
    the claim it mutates (t aᵀy > 0 ⇔ t yᵀa > 0), like an equivalent one, not a hole. A size
    mutant (true at d ≤ 3 only) of a claim proved at every size never counts."""
    every, sizes = _proof_scope(outcomes)
    growing = any(sym not in space.fixed_dims for sym, _ in space.dims.values())
    if every or (sizes and not growing):
        return True
    return not scope[0] and bool(scope[1]) and scope[1] <= sizes


def _not_a_formula(outcomes) -> bool:
    """Every method failed on the mutant's shapes (a 1×3 times 3×1 swapped into 3×3 where a
    scalar stands; XᵀX for XXᵀ with X 3×2): it is not a formula, like an ill-typed one."""
    errors = [o for o in outcomes if o.outcome == ERROR]
    return (bool(errors) and all(o.outcome in (ERROR, "not applicable") for o in outcomes)
            and all("ShapeError" in (o.detail or "") for o in errors))


def _is_zero_expr(e) -> bool:
    return e == 0 or isinstance(e, sp.ZeroMatrix)


def empty_method_counts() -> dict:
    return {m.NAME: {"attacked": 0, "proved": 0, "killed": 0, "wrongly_proved": 0, "timeouts": 0,
                     "seconds": 0.0} for m in ATTACKED}


def claim_count(entry) -> int:
    """How many claims :func:`selftest_entry` may mutate (0 if the entry does not build)."""
    try:
        return len(entry.build().all_claims())
    except Exception:  # noqa: BLE001 - a broken entry has nothing to mutate
        return 0


def selftest_entry(entry, seed: int = 0, only: int | None = None,
                   per_claim: int | None = None) -> dict:
    """Mutation counts for one entry's verified claims (a JSON-ready dict).

    ``per_claim``: attack at most that many of a claim's well-typed mistake-library mutants,
    a sample drawn from ``seed`` (counted in ``not_sampled``); the size and constant mutants,
    which test the verdicts' scope and exactness, are always attacked. ``None``: every mutant.

    Every method runs alone on every mutant. A mutant is *killed* when some method refutes it
    with an exact counterexample; a method whose ``equal`` covers that counterexample's size
    (:func:`derivations._verdicts.verdict.conflicts`) *wrongly proved* it — a soundness bug. ``only``
    restricts the run to the claim of that index (so a pool can balance claims, not entries)."""
    out = empty_counts()
    try:
        st = entry.build()
    except Exception:  # noqa: BLE001 - a broken entry has no verified claims to mutate
        return out
    phase = out["phase_seconds"]
    clock = [time.perf_counter()]

    def lap(name):
        now = time.perf_counter()
        phase[name] += now - clock[0]
        clock[0] = now

    for k, (label, claim) in enumerate(st.all_claims()):
        if isinstance(claim, Behaviour) or (only is not None and k != only):
            continue
        clock[0] = time.perf_counter()
        rng = _rng(f"{entry.id}/{label}", seed)
        original = verify_claim(label, claim, st.space, rng)
        verified = original.status in ("verified", "verified at sizes")
        scope = _proof_scope(original.methods)
        lap("verify original")
        if not verified:
            continue
        out["claims"] += 1
        fresh = exact_random.run(claim, st.space, _rng(f"{entry.id}/{label}/fresh", seed + 1))
        if fresh.outcome == DIFFERENT:
            out["false_refutations"] += 1
        lap("fresh draws")
        library = []
        for m in mutate_claim(claim, st.space):
            if well_typed(m[2], st.space):
                library.append(m)
            else:
                out["ill_typed"] += 1  # not a formula at some size; the engine reports 'error'
        if per_claim is not None and len(library) > per_claim:
            keep = sorted(_rng(f"{entry.id}/{label}/sample", seed).sample(range(len(library)), per_claim))
            out["not_sampled"] += len(library) - per_claim
            library = [library[i] for i in keep]
        extra = []
        for m in size_and_constant_mutants(claim, st.space):
            if well_typed(m[2], st.space):
                extra.append(m)
            else:
                out["ill_typed"] += 1
        lap("make mutants")
        for op, desc, mutant in library + extra:
            outcomes = [_attack(m, mutant, st.space, _rng(f"{entry.id}/{label}/{desc}/{m.NAME}", seed))
                        for m in ATTACKED]
            lap("attack")
            by = {o.name: o for o in outcomes}
            rand = by[exact_random.NAME]
            killed = any(o.outcome == DIFFERENT and o.certain for o in outcomes)
            if not killed and rand.outcome == INCONCLUSIVE and not rand.points:
                out["ill_typed"] += 1  # undefined at every draw (log(-1)): not a formula
                continue
            if not killed and _not_a_formula(outcomes):
                out["ill_typed"] += 1  # shapes that only agree symbolically: an error at every size
                continue
            out["mutants"] += 1
            for o in outcomes:
                c = out["methods"][o.name]
                c["attacked"] += 1
                c["proved"] += o.outcome == EQUAL
                c["killed"] += o.outcome == DIFFERENT and o.certain
                c["timeouts"] += o.outcome == TIMEOUT
                c["seconds"] += o.seconds
            for prover, refuter in conflicts(outcomes):
                out["methods"][prover]["wrongly_proved"] += 1
                out["soundness_bugs"].append({"id": entry.id, "claim": label, "operator": op,
                                              "mutation": desc, "proved_by": prover,
                                              "refuted_by": refuter,
                                              "proof": by[prover].detail,
                                              "refutation": by[refuter].detail})
            if killed:
                out["killed"] += 1
                continue
            if _proved_true(outcomes, st.space, scope):
                out["equivalent"] += 1  # a true claim (t aᵀy > 0 ⇔ t yᵀa > 0): nothing to refute
                out["proved_true"] += 1
                continue
            try:
                with time_limit(MUTANT_BUDGET) as lim:
                    equivalent = _equivalent(claim, mutant, st.space)
            except Timeout as t:
                if not lim.owns(t):
                    raise
                equivalent = False  # a timeout is never a proof of equivalence
            except Exception:  # noqa: BLE001 - Undecidable or a SymPy failure: not proved
                equivalent = False
            lap("equivalence")
            if equivalent:
                out["equivalent"] += 1
            else:
                out["survivors"].append({"id": entry.id, "claim": label, "operator": op,
                                         "mutation": desc})
    return out


def merge(parts: list[dict]) -> dict:
    """Sum per-entry counts into the report of ``lindisc selftest``."""
    total = {"mutants": 0, "equivalent": 0, "killed": 0, "survivors": [], "false_refutations": 0,
             "incomplete": [], "methods": empty_method_counts(), "soundness_bugs": []}
    claims = ill = not_sampled = proved_true = 0
    total["phase_seconds"] = dict.fromkeys(PHASES, 0.0)
    for p in parts:
        ill += p.get("ill_typed", 0)
        not_sampled += p.get("not_sampled", 0)
        proved_true += p.get("proved_true", 0)
        for k, v in p.get("phase_seconds", {}).items():
            total["phase_seconds"][k] = round(total["phase_seconds"].get(k, 0.0) + v, 2)
        total["incomplete"].extend(p.get("incomplete", []))
        for k in ("mutants", "equivalent", "killed", "false_refutations"):
            total[k] += p[k]
        total["survivors"].extend(p["survivors"])
        total["soundness_bugs"].extend(p.get("soundness_bugs", []))
        for name, counts in p.get("methods", {}).items():
            for k, v in counts.items():
                total["methods"][name][k] += v
        claims += p.get("claims", 0)
    nonequiv = total["mutants"] - total["equivalent"]
    total["claims"] = claims
    total["ill_typed"] = ill
    total["not_sampled"] = not_sampled
    total["proved_true"] = proved_true
    total["killed_ratio"] = round(total["killed"] / nonequiv, 4) if nonequiv else 1.0
    return total
