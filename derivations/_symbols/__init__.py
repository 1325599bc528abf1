"""Layer 1 — typed symbols and expression nodes.

``space`` declares dimensions, scalars, vectors and matrices with their structure (SPD,
symmetric, discrete labels...) and instantiates them for every method; ``expr`` holds the
nodes SymPy lacks (gradient, norm, scalar); ``nodes`` the data-shaped nodes every catalog
topic shares (all-ones, block matrices, sums over samples, lazy inverses).
"""
