"""One module per ``lindisc`` command, each with ``HELP`` and ``EXAMPLE``, ``add_arguments(parser)``
and ``run(ns) -> exit code``. The parser is built on every call, so a command module imports
only what its options need; what its work needs waits in ``run`` and the functions it calls
(``python -X importtime`` on the loaded host: the engine 1.5–1.9 s, the catalog 2.6 s, the
report 9 ms, the verdict cache 19–26 ms, the claims-file errors 5 ms; the parser itself
0.05 s).
"""

#: The commands in the order ``lindisc --help`` lists them.
MODULES = tuple(f"derivations._interfaces.{m}" for m in (
    "commands.verify", "commands.list", "commands.show", "commands.latex", "commands.selftest",
    "commands.check", "commands.answer", "figures", "commands.cache", "commands.distance"))
