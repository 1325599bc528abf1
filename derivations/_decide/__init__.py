"""Layer 4 — exact deciders: is this closed number zero, what is its sign, does this
inequality hold, is this system of conditions feasible.

``exactness`` (arb balls, formal zero of exp/log), ``positivity`` (manifest signs),
``linear`` (linear systems with certificates), ``piecewise`` (case analysis of
max/abs/hinge/Piecewise), ``inequality`` (checked certificates for ≥ 0), ``feasibility``
(existential claims), and ``kinds``: how each kind of claim is decided, one decider per
kind found by the claim's type. Claims are data below them; methods ask them.
"""
