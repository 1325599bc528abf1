"""Layer 6 — what users touch besides the Python API: the ``lindisc`` command line
(``cli``) and LaTeX of verified formulas (``latex``)."""
