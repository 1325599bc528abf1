"""Catalog entries and verdicts in Jupyter: their ``text/latex``, rendered here, when shown.

An :class:`~derivations.catalog.Entry`, a :class:`~derivations._verdicts.engine.ClaimResult`
and an :class:`~derivations._verdicts.engine.EntryResult` are data and know nothing of LaTeX;
``import derivations`` in an IPython kernel tells its display formatter, by type name, to show
each with a function here (``derivations._JUPYTER``), imported only when one is shown.
"""

from __future__ import annotations

from .document import jupyter_latex
from .report import latex_of

__all__ = ["claim_result_latex", "entry_latex", "entry_result_latex"]


def entry_latex(entry) -> str:
    """The entry: id, kind and title, then the statement as the catalog encodes it — the form
    as printed first, then each claim and derivation step — built, not verified
    (``verify_entry(entry)`` shows the verdicts)."""
    from .prose import to_text  # the title is Markdown with $...$ math: plain Unicode here

    st = entry.build()
    claims = ([("as printed", st.stated)] if st.stated is not None else []) + st.all_claims()
    return jupyter_latex(f"{entry.id} ({entry.kind}): {to_text(entry.title)}",
                         [(None, label, latex_of(c)) for label, c in claims])


def claim_result_latex(c) -> str:
    """A claim's verdict: its mark, label, status and formula."""
    return jupyter_latex(f"claim: {c.status}", [(c.status, c.label, latex_of(c.claim))])


def entry_result_latex(r) -> str:
    """An entry's verdict: id, kind and status, the form as printed with its verdict (errata,
    caveats), then each claim and step with its own."""
    rows = [(c.status, c.label, latex_of(c.claim))
            for c in ([r.stated] if r.stated else []) + r.claims]
    e = r.entry
    return jupyter_latex(f"{e.id} ({e.kind}): {r.status}", rows)
