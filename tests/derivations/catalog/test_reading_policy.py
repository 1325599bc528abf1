"""The reading policy of derivations/DESIGN.md (issue 38), as checks on the catalog:

- the entries it re-decided have the kind the documents' own reading gives them;
- class sizes and sample counts are declared positive integers, so a counterexample is a
  data set (fisher.multiclass_projection is refuted at integer N_1, N_2);
- udelar2018's "solución" read as a vector of its "Región de solución" is refuted by a run
  decided in exact arithmetic, and the other reading (a minimiser) stays a verified note;
- a claim labelled as a note verifies the fact that rules the other reading out.
"""

from __future__ import annotations

import re

import pytest
import sympy as sp

from derivations._verdicts.verdict import holds
from derivations._verdicts.engine import verify_entry
from derivations.catalog import REGISTRY
from derivations.catalog import relaxation as rel

#: Entries issue 38 re-read, with the kind the policy gives them (DESIGN.md, "Reading policy").
DECIDED = {
    # rule 1: the formula presupposes the condition (an inverse, a division, "≈", an earlier
    # definition), so it is no caveat
    "least_squares.normal_equations": "result",
    "least_squares.estimates_posterior": "result",
    "least_squares.gaussian_likelihood": "result",
    "fisher.mean_difference_direction": "result",
    "fisher.ml10_solution": "result",
    "fisher.maximiser": "result",
    "fisher.ls_direction_sign": "result",
    "feature_maps.exercise3_linear_separator": "exercise",
    # rule 2: two readings, the context's decides, the other is a note
    "perceptron.eta_one_suffices": "result",
    "fisher.multiclass_trace_maximum": "result",
    "relaxation.nonseparable_solution": "erratum",
    # rule 3: one sentence, one entry (the lemma keeps no printed sentence)
    "relaxation.scale_invariance": "result",
    "perceptron.udelar_rule_vs_region": "result",
    "fisher.lagrangian_w_solution": "result",
    "fisher.threshold_equal_variance": "result",      # ml10's "il minimo y" is threshold_unequal_variance
    # rule 4: a false formula is an erratum; a slip the next line corrects is a typo
    "logistic.hessian_definite": "erratum",
    "lagrange.ml10_max_over_lambda": "erratum",
    "perceptron.bromberg_batch_sign": "typo",
    "perceptron.bromberg_single_sample_sign": "typo",
    "least_squares.augmented_bias_first": "typo",
    "least_squares.eq5_equals_eq6": "typo",
    "fisher.lagrangian_w_derivative": "typo",
    "fisher.udelar_within_line": "typo",
    "logistic.gradient_underbrace": "typo",
    # a typo the catalog did not record: ml10's "K = argmax_i y_i(x)" for k
    "least_squares.argmax_class_index": "typo",
}

#: A class size or a sample count: N, N_1, n_2, N_{k}, ... (not N_0-like dimensions, which are
#: declared with Space.dim and are integers by construction).
_COUNT = re.compile(r"^[Nn](_\{?\d+\}?)?$")


@pytest.mark.parametrize("entry_id", sorted(DECIDED))
def test_re_decided_entries_have_the_kind_their_reading_gives(entry_id):
    e = REGISTRY[entry_id]
    assert e.kind == DECIDED[entry_id]
    st = e.build()
    if e.kind in ("erratum", "typo"):
        assert st.stated is not None, "an erratum or a typo prints a form to refute"
    else:
        assert st.stated is None, "a verified reading keeps no printed form to refute"
    assert not e.caveat


def test_class_sizes_are_declared_positive_integers():
    """A scalar named like a count (N, N_k, n_k) that the entry does not define is a positive
    integer, so exact random points and counterexamples are data sets."""
    bad = []
    for e in REGISTRY.values():
        st = e.build()
        defined = {str(sym) for sym, _ in st.space._defs()}
        for decl in st.space.decls.values():
            if decl.is_scalar and _COUNT.match(decl.name) and decl.name not in defined:
                if not (decl.assumptions.get("integer") and decl.assumptions.get("positive")):
                    bad.append(f"{e.id}: {decl.name}")
    assert not bad, "class sizes declared without integer=True, positive=True: " + ", ".join(bad)


def test_multiclass_projection_is_refuted_at_integer_class_sizes():
    r = verify_entry(REGISTRY["fisher.multiclass_projection"])
    assert r.entry.kind == "erratum" and r.ok, r.status
    values = r.counterexample["values"]
    for name in ("N_1", "N_2"):
        v = sp.Rational(values[name])
        assert v.is_integer and v > 0, f"{name} = {v}: not a class size"


def test_solution_region_reading_fails_exactly_and_the_minimiser_reading_holds():
    run = rel._nonseparable_in_region(0)
    assert not run.holds and run.exact, run.detail
    assert rel._nonseparable_minimum(0).holds


def test_note_claims_hold_in_every_entry_that_has_them():
    """A note states the reading the document's context does not support, as the verified
    fact that rules it out; it never decides the entry. Every note claim holds (verified,
    or verified at the sizes its scope lists)."""
    notes = [(e.id, lbl) for e in REGISTRY.values() for lbl in e.build().claims
             if lbl.startswith("note")]
    assert len(notes) >= 6
    for eid in sorted({i for i, _ in notes}):
        r = verify_entry(REGISTRY[eid])
        bad = [c.label for c in r.claims if c.label.startswith("note") and not holds(c.status)]
        assert not bad and r.ok, (eid, bad, r.status)
