"""Layer 2 — exact deciders: is this closed number zero, what is its sign, does this
inequality hold, is this system of conditions feasible.

``exactness`` (arb balls, formal zero of exp/log), ``positivity`` (manifest signs),
``linear`` (linear systems with certificates), ``piecewise`` (case analysis of
max/abs/hinge/Piecewise), ``inequality`` (checked certificates for ≥ 0), ``feasibility``
(existential claims). Claims and methods use them; they know nothing of either.
"""
