"""The verification engine: runs every method on every claim of an entry, under budgets.

:func:`verify_entry` is the one entry point used by the CLI, the JSON report, the
mutation suite and the tests. Nothing here knows any particular catalog entry.
"""

from __future__ import annotations

import random
import time
import traceback
import zlib
from dataclasses import dataclass, field

from .._methods.budget import Timeout, time_limit
from .._claims.claims import Behaviour, Claim
from .diagnosis import diagnose
from .._interfaces.latex import claim_latex
from .._methods import components, exact_random, numeric, runs, symbolic
from .._methods.outcome import ERROR, NOT_APPLICABLE, TIMEOUT, Outcome, size_key
from .._claims.tautology import by_construction
from .._symbols.matrix_doit import memoised_doit
from .verdict import claim_verdict, combine, holds

__all__ = ["ClaimResult", "EntryResult", "has_free_sizes", "scope_of", "verify_claim", "verify_entry", "DEFAULT_BUDGET"]

#: Seconds each method may spend on one claim.
DEFAULT_BUDGET = 20.0

_CLAIM_METHODS = (exact_random, components, symbolic)


@dataclass
class ClaimResult:
    label: str
    status: str
    methods: list[Outcome]
    latex: str = ""

    @property
    def counterexample(self) -> dict | None:
        for o in self.methods:
            if o.witness is not None and o.certain:
                return o.witness
        return None

    def scope(self) -> dict:
        """What this verdict covers (:func:`scope_of`); empty unless verified (at sizes)."""
        return scope_of([self]) if holds(self.status) else {}

    def to_json(self) -> dict:
        return {"label": self.label, "status": self.status, "latex": self.latex,
                "methods": [o.to_json() for o in self.methods],
                "counterexample": self.counterexample}

    def _repr_latex_(self) -> str:
        """The verdict in Jupyter: its mark, label, status and formula."""
        from .._interfaces.document import jupyter_latex

        return jupyter_latex(f"claim: {self.status}", [(self.status, self.label, self.latex)])


def proved_sizes(outcomes) -> list[tuple]:
    """The size assignments at which every one of ``outcomes`` proved its claim, each a sorted
    (name, size) tuple over the union of their dimensions (a claim without a dimension counts
    at every value of it): the set itself, never per-dimension maxima — components timed out at
    (d = 3, k = 3) and proved (d = 3, k = 1) and (d = 1, k = 3) has not proved (d = 3, k = 3)."""
    import itertools

    sets = [{size_key(a) for a in o.proved} for o in outcomes]
    sets = [s for s in sets if s]
    if not sets:
        return []
    axes: dict = {}
    for keys in sets:
        for key in keys:
            for name, v in key:
                axes.setdefault(name, set()).add(v)
    names = sorted(axes)
    out = []
    for combo in itertools.product(*(sorted(axes[n]) for n in names)):
        full = dict(zip(names, combo))
        if all(tuple(sorted((n, full[n]) for n, _ in next(iter(keys)))) in keys for keys in sets):
            out.append(tuple(sorted(full.items())))
    return sorted(out, key=lambda key: (sum(v for _, v in key), key))


def proved_box(keys: list[tuple]) -> dict:
    """Per dimension the largest size proved, when ``keys`` is a whole grid (every combination
    of the sizes it proves per dimension): then "proved d ≤ 3, k ≤ 3" says nothing false. {}
    otherwise — a grid with a hole is reported as its set (``proved_sizes``), never a box."""
    if not keys:
        return {}
    axes: dict = {}
    for key in keys:
        for name, v in key:
            axes.setdefault(name, set()).add(v)
    grid = 1
    for vals in axes.values():
        grid *= len(vals)
    if grid != len(set(keys)):
        return {}
    return {name: max(vals) for name, vals in axes.items()}


def scope_of(claims: list[ClaimResult]) -> dict:
    """What the verdict covers, over the verified ones among ``claims``: ``every_size`` when each
    has a dimension-free proof or a size argument; ``proved_sizes`` — the size assignments
    at which every claim was proved (components; a claim the size argument proves for every
    size does not bound it), and ``proved_up_to`` — per dimension the largest of them, only
    when they form a whole grid (:func:`proved_box`); ``sampled_up_to`` — the
    largest size any exact random point reached; ``bound`` — the weakest Schwartz–Zippel
    bound, if every claim has one; ``runs`` — seeds run for algorithm claims."""
    verified = [c for c in claims if holds(c.status)]
    out: dict = {"every_size": bool(verified) and all(
        any(o.all_sizes and o.outcome == "equal" for o in c.methods) for c in verified)}
    sampled: dict = {}
    bounds = []
    equal = []  # the components outcomes that proved a claim
    for c in verified:
        by = {o.name: o for o in c.methods}
        comp = by.get("components")
        if comp is not None and comp.outcome == "equal":
            equal.append(comp)
        rand = by.get("exact random")
        if rand is not None:
            for a in rand.sampled:
                for k, v in a.items():
                    sampled[str(k)] = max(sampled.get(str(k), 0), int(v))
            bounds.append(rand.bound)
        if "runs" in by and by["runs"].outcome == "equal":
            out["runs"] = out.get("runs", 0) + 1
    # A claim the size argument proves for every size (components stop at its grid) bounds
    # nothing: the sizes proved are those of the other claims, or the grid when all are such.
    bounded = [o for o in equal if not o.all_sizes] or equal
    proved = proved_sizes(bounded)
    if proved:
        out["proved_sizes"] = [dict(key) for key in proved]
        box = proved_box(proved)
        if box:
            out["proved_up_to"] = box
    if sampled:
        out["sampled_up_to"] = sampled
    if bounds and None not in bounds:
        out["bound"] = max(bounds)
    return out


@dataclass
class EntryResult:
    entry: object
    status: str
    claims: list[ClaimResult] = field(default_factory=list)
    stated: ClaimResult | None = None
    numeric: Outcome | None = None
    diagnosis: str | None = None
    error: str | None = None
    seconds: float = 0.0
    notation: list = field(default_factory=list)  # [{"label", "latex", "why"}], never counted
    #: False when a budget ran out or a step crashed somewhere that does not decide the
    #: verdict (the diagnosis): the result may differ on a less busy machine; never cached.
    complete: bool = True

    @property
    def methods(self) -> list[Outcome]:
        """Per-method summary over the entry: the worst outcome of each method."""
        order = ["different", "error", "timeout", "inconclusive", "not applicable", "equal"]
        pool = list(self.claims) + ([self.stated] if self.stated else [])
        names: dict[str, list[Outcome]] = {}
        for cr in pool:
            for o in cr.methods:
                names.setdefault(o.name, []).append(o)
        out = []
        for name, os_ in names.items():
            worst = min(os_, key=lambda o: order.index(o.outcome) if o.outcome in order else 0)
            out.append(_summary_outcome(name, worst, os_))
        if self.numeric is not None:
            out.append(self.numeric)
        return out

    def scope(self) -> dict:
        """What the verdict covers, over the entry's verified claims (see :func:`scope_of`)."""
        return scope_of(self.claims)

    @property
    def counterexample(self) -> dict | None:
        if self.stated is not None:
            return self.stated.counterexample
        for cr in self.claims:
            if cr.status == "refuted":
                return cr.counterexample
        return None

    @property
    def ok(self) -> bool:
        """Whether the verdict is the expected one for its kind (drives the exit code)."""
        return self.entry.verdict_ok(self.status, [c.status for c in self.claims])

    def _repr_latex_(self) -> str:
        """The verdict in Jupyter: id, kind and status, the form as printed with its verdict
        (errata, caveats), then each claim and step with its own."""
        from .._interfaces.document import jupyter_latex

        rows = [(c.status, c.label, c.latex) for c in ([self.stated] if self.stated else [])
                + self.claims]
        e = self.entry
        return jupyter_latex(f"{e.id} ({e.kind}): {self.status}", rows)

    def latex(self) -> tuple[str | None, str]:
        """(stated_latex, latex): the document's form (errata) and the verified form."""
        main = [c for c in self.claims if not c.label.startswith("derivation:")]
        verified = " \\\\ ".join(c.latex for c in (main or self.claims))
        return (self.stated.latex if self.stated else None), verified


def _summary_outcome(name: str, worst: Outcome, os_: list[Outcome]) -> Outcome:
    """One method over all of an entry's claims: the worst outcome, and the scope every
    claim shares (sizes proved by all, every size only if every claim is, the weakest bound)."""
    o = Outcome(name, worst.outcome, sum(x.seconds for x in os_), detail=worst.detail,
                certain=worst.certain, witness=worst.witness, seed=worst.seed)
    equal = [x for x in os_ if x.outcome == "equal"]
    if equal and len(equal) == len(os_):
        reasons = {x.all_sizes for x in equal}
        o.all_sizes = equal[0].all_sizes if None not in reasons else None
        common = [s for s in equal[0].proved if all(s in x.proved for x in equal[1:])]
        o.proved = common
        sampled = []
        for x in equal:
            sampled += [s for s in x.sampled if s not in sampled]
        o.sampled = sampled
        if all(x.points is not None for x in equal):
            o.points = sum(x.points for x in equal)
        bounds = [x.bound for x in equal]
        o.bound = None if (not bounds or None in bounds) else max(bounds)
    o.skipped = sum(x.skipped for x in os_)
    return o


def _seed_for(key: str, seed: int) -> random.Random:
    return random.Random((zlib.crc32(key.encode()) << 16) ^ seed)


def _timed(method, claim, space, rng, budget) -> Outcome:
    t0 = time.perf_counter()
    try:
        with time_limit(budget) as lim:
            o = method.run(claim, space, rng)
    except Timeout as t:
        if not lim.owns(t):
            raise
        o = Outcome(method.NAME, TIMEOUT, detail=f"over the {budget:g} s budget")
    except Exception as exc:  # noqa: BLE001 - a crashing method is reported, not raised
        o = Outcome(method.NAME, ERROR, detail=f"{type(exc).__name__}: {exc}")
    o.seconds = time.perf_counter() - t0
    return o


def verify_claim(label: str, claim: Claim, space, rng: random.Random,
                 budget: float = DEFAULT_BUDGET, seed: int | None = None) -> ClaimResult:
    """Run the applicable methods on one claim and combine them into a verdict.

    ``seed`` is recorded in each outcome: ``lindisc verify --seed N`` reproduces the draws."""
    methods = (runs,) if isinstance(claim, Behaviour) else _CLAIM_METHODS
    outcomes = [_timed(m, claim, space, rng, budget) for m in methods]
    for o in outcomes:
        o.seed = seed
    try:  # under the budget too: SymPy orders the terms of a sum by evaluating them
        with time_limit(budget) as lim:
            tex = claim_latex(claim)
    except Timeout as t:
        if not lim.owns(t):
            raise
        tex = ""
    except Exception:  # noqa: BLE001 - LaTeX is a courtesy; never fails a verdict
        tex = ""
    return ClaimResult(label, claim_verdict(outcomes, free_sizes=has_free_sizes(space)),
                       outcomes, tex)


def has_free_sizes(space) -> bool:
    """Whether the space has a size that is not fixed (a claim about it can hold at the sizes
    proved and fail at a larger one): then only a proof for every size earns ``verified``."""
    dims = getattr(space, "dims", None) or {}
    return any(sym not in space.fixed_dims for sym, _ in dims.values())


def _verify_built(label, claim, space, rng, budget, seed) -> ClaimResult:
    """A catalog claim: refused as an error when it is true by construction (its sides were
    evaluated into one expression while it was built — checking it would check nothing)."""
    why = by_construction(claim)
    if why is not None:
        return ClaimResult(label, "error", [Outcome("construction", ERROR, detail=(
            f"true by construction, not checked: {why}. Build the claim unevaluated, or list it "
            "in Statement.notation if the document defines one side as the other"))])
    return verify_claim(label, claim, space, rng, budget, seed)


def verify_entry(entry, *, seed: int = 0, budget: float = DEFAULT_BUDGET,
                 diagnose_errata: bool = True) -> EntryResult:
    """Build the entry's statement and verify every claim, step and stated form.

    SymPy's ``doit`` is remembered throughout (:mod:`derivations._symbols.matrix_doit`): the
    statement's construction, the methods' instantiations and the diagnosis's mutants repeat
    the same canonicalisations."""
    with memoised_doit():
        return _verify_entry(entry, seed, budget, diagnose_errata)


def _verify_entry(entry, seed: int, budget: float, diagnose_errata: bool) -> EntryResult:
    t0 = time.perf_counter()
    try:
        with time_limit(budget * 4) as lim:
            st = entry.build()
    except Timeout as t:
        if not lim.owns(t):
            raise
        return EntryResult(entry, "error", error=f"building the statement timed out after "
                           f"{budget * 4:g} s (a timeout is never a verdict)",
                           seconds=time.perf_counter() - t0)
    except Exception as exc:  # noqa: BLE001 - a broken entry is an 'error' verdict
        return EntryResult(entry, "error", error=f"building the statement failed: "
                           f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=3)}",
                           seconds=time.perf_counter() - t0)
    results = [_verify_built(lbl, c, st.space, _seed_for(f"{entry.id}/{lbl}", seed), budget, seed)
               for lbl, c in st.all_claims()]
    stated = None
    if st.stated is not None:
        stated = _verify_built("as printed", st.stated, st.space,
                               _seed_for(f"{entry.id}/stated", seed), budget, seed)
    num = None
    if st.numeric:
        num = _timed(_NumericAdapter(st.numeric), None, st.space,
                     _seed_for(f"{entry.id}/numeric", seed), budget)
    elif st.no_numeric:
        num = Outcome(numeric.NAME, NOT_APPLICABLE, detail=st.no_numeric)
    statuses = [r.status for r in results]
    if entry.kind in ("erratum", "caveat") and stated is not None:
        status = stated.status
    else:
        status = combine(statuses)
    proved = any(holds(r.status) for r in results)
    if num is not None:  # a crashed, timed-out or disagreeing numeric check is part of the verdict
        if num.outcome == "different":
            status = "conflict" if proved else status
        elif num.outcome == ERROR and status != "conflict":
            status = "error"
        elif num.outcome in (TIMEOUT, "inconclusive") and holds(status):
            status = "undecided"
    diagnosis = None
    complete = True
    if stated is not None and stated.status == "refuted" and entry.kind == "caveat":
        diagnosis = (f"true only with what the document leaves out — {entry.caveat}; as printed "
                     "it is refuted by the counterexample")
    elif stated is not None and stated.status == "refuted" and diagnose_errata:
        if isinstance(st.stated, Behaviour):
            cx = stated.counterexample or {}
            diagnosis = (f"a behaviour, not a formula, so no typical mistake applies; the run with "
                         f"seed {cx.get('seed')} contradicts it: {cx.get('fails')}")
        else:
            try:
                diagnosis = diagnose(st.stated, st.claims[st.corrects], st.space,
                                     _seed_for(f"{entry.id}/diagnosis", seed), budget)
            except Exception as exc:  # noqa: BLE001 - a failed diagnosis is reported, not raised
                diagnosis = f"diagnosis failed: {type(exc).__name__}: {exc}"
                complete = False
    notation = [{"label": lbl, "latex": _latex_or_empty(c), "why": why}
                for lbl, (c, why) in st.notation.items()]
    complete = complete and getattr(diagnosis, "complete", True)
    return EntryResult(entry, status, results, stated, num, diagnosis and str(diagnosis),
                       seconds=time.perf_counter() - t0, notation=notation, complete=complete)


def _latex_or_empty(claim) -> str:
    try:
        return claim_latex(claim)
    except Exception:  # noqa: BLE001 - LaTeX is a courtesy
        return ""


class _NumericAdapter:
    """Presents the entry-level numeric agreements with the per-claim method signature."""

    NAME = numeric.NAME

    def __init__(self, agreements):
        self.agreements = agreements

    def run(self, _claim, space, rng):
        return numeric.run(self.agreements, space, rng)
