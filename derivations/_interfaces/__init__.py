"""Layer 8, the front ends (with :mod:`derivations._userclaims`) — what users touch besides
the Python API: the ``lindisc`` command line (``cli``, one module per command in
``commands``), the JSON report and tables (``report``), LaTeX of verified formulas
(``latex``, ``claim_latex``, ``document``), the blueprint (``html``), Jupyter's display
(``jupyter``) and the figures (``figures``)."""
