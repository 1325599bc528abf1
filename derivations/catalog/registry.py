"""The catalog registry: one row per entry, registered by decorating its builder.

Like autograd's derivative table, every entry is one registration; unlike it, each is a
named function whose docstring states the mathematics::

    @entry("geometry.w_normal", "w is normal to the hyperplane",
           sources=[("bromberg2012", "§1.1, after Eq. (1)")])
    def w_normal() -> Statement:
        '''w^T (x_A - x_B) = 0 for any two points of the plane w^T x + b = 0.'''
        ...

The builder runs only when the entry is verified, so importing the catalog is cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from numerics.errors import InvalidInput
from .._verdicts.verdict import holds

__all__ = ["Entry", "Source", "entry", "REGISTRY", "KINDS", "PRINTED_FALSE", "DOCUMENTS"]

KINDS = ("result", "erratum", "typo", "caveat", "exercise", "algorithm")
#: Kinds whose statement as printed (``Statement.stated``) must be refuted. A ``typo`` is a
#: symbol slip that the surrounding text corrects (the next line uses the right symbol): it
#: is checked like an erratum but reported and counted apart (DESIGN.md, "Reading policy").
PRINTED_FALSE = ("erratum", "typo", "caveat")
DOCUMENTS = {
    "bromberg2012": 'F. Bromberg, "3. Discriminantes lineales", UTN-FRM, 2012',
    "dhs-perceptron": '"Linear discriminant functions: Perceptron" notes after Duda, Hart & Stork ch. 5',
    "udelar2018": '"Clasificación mediante modelos lineales", IIE Udelar, 2018',
    "hermosillo2017": 'J. Hermosillo Valadez, "Máquinas de vectores de soporte", UAEM, 2017',
    "ml10": '"ML - 10 - Linear Classification II" lecture notes',
    "bishop-prml": "C. M. Bishop, Pattern Recognition and Machine Learning, Springer 2006",
    "dhs": "R. O. Duda, P. E. Hart, D. G. Stork, Pattern Classification, 2nd ed., Wiley 2001",
}


@dataclass(frozen=True)
class Source:
    document: str
    where: str


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    kind: str
    sources: tuple[Source, ...]
    build: Callable
    doc: str
    caveat: str = ""
    #: ids of the entries whose results this one uses (the blueprint's dependency graph)
    uses: tuple[str, ...] = ()
    #: the entry's main statement as the document prints it, in LaTeX math (no ``$``), in the
    #: document's own symbols: shown first in the article and the blueprint ("as printed")
    printed: str = ""
    #: an exercise's problem statement (Markdown with ``$...$`` math), shown before its solution
    statement: str = ""

    @property
    def topic(self) -> str:
        return self.id.split(".", 1)[0]

    def verdict_ok(self, status: str, claim_statuses: list[str]) -> bool:
        """Whether an entry-level ``status`` (and its claims' statuses) is what this kind expects.

        An erratum's statement as printed must be refuted and its corrected claims verified;
        so must a typo's (a slip the next line of the document corrects). A caveat is reported, not silently fixed: a claim true only under a condition the
        document leaves out has its printed form (without the condition) refuted and the
        conditioned claims verified — the entry's status is the printed form's, ``refuted``;
        a misattributed claim (no printed form to refute) must be verified. Every other kind
        must be verified. ``verified at sizes`` (proved at some sizes, sampled beyond) counts
        as verified here: the report says which of the two.
        """
        if self.kind in PRINTED_FALSE and status == "refuted":
            return all(holds(c) for c in claim_statuses)
        if self.kind in ("erratum", "typo"):
            return False
        return holds(status)


REGISTRY: dict[str, Entry] = {}


def entry(id: str, title: str, *, sources, kind: str = "result", caveat: str = "",
          uses: tuple[str, ...] = (), printed: str = "", statement: str = "") -> Callable:
    """Register the decorated builder as catalog entry ``id``.

    ``kind="caveat"`` needs ``caveat``: the condition the document genuinely leaves out
    ("unstated condition: φ(x_i) ≠ 0" — never one the printed formula presupposes, such as
    the invertibility its inverse needs: DESIGN.md, "Reading policy") or what is
    misattributed ("misattributed: ..."). ``kind="typo"`` is a symbol slip the document's
    surrounding text corrects, checked like an erratum and counted apart.
    ``uses`` names the entries whose results this one rests on (checked once the whole
    catalog is loaded: see ``check_uses``). ``printed`` is the main statement as the document
    prints it (LaTeX math, the document's symbols); ``statement`` an exercise's problem
    statement (Markdown with ``$...$`` math)."""
    if id.count(".") < 1 or id != id.strip() or " " in id:
        raise InvalidInput(f"entry id must be dotted 'topic.name' without spaces, got {id!r}")
    if kind not in KINDS:
        raise InvalidInput(f"kind must be one of {KINDS}, got kind={kind!r}")
    if (kind == "caveat") != bool(caveat.strip()):
        raise InvalidInput(f"entry {id!r}: kind='caveat' needs caveat='the unstated condition or "
                           "the misattribution', and only a caveat entry takes one")
    srcs = tuple(Source(*s) for s in sources)
    if not srcs:
        raise InvalidInput(f"entry {id!r} needs at least one source")
    for s in srcs:
        if s.document not in DOCUMENTS:
            raise InvalidInput(f"entry {id!r}: unknown document key {s.document!r}; "
                               f"use one of {sorted(DOCUMENTS)}")

    def register(fn: Callable) -> Callable:
        if id in REGISTRY:
            raise InvalidInput(f"duplicate catalog id {id!r}")
        REGISTRY[id] = Entry(id, title, kind, srcs, fn, (fn.__doc__ or "").strip(), caveat.strip(),
                             tuple(uses), printed.strip(), statement.strip())
        return fn

    return register


def check_uses(registry: dict[str, Entry] = REGISTRY) -> None:
    """Every ``uses`` names an entry of the catalog other than itself, and the graph has no
    cycle (an entry cannot rest on its own result)."""
    for e in registry.values():
        for u in e.uses:
            if u not in registry or u == e.id:
                raise InvalidInput(f"entry {e.id!r}: uses={u!r} is not another catalog entry; "
                                   f"name an id from 'lindisc list'")
    state: dict[str, int] = {}

    def visit(i: str, path: tuple[str, ...]) -> None:
        if state.get(i) == 2:
            return
        if state.get(i) == 1:
            raise InvalidInput("catalog 'uses' cycle: " + " -> ".join((*path, i)))
        state[i] = 1
        for u in registry[i].uses:
            visit(u, (*path, i))
        state[i] = 2

    for i in registry:
        visit(i, ())
