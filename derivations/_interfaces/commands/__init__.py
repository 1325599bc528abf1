"""One module per ``lindisc`` command, each with ``HELP`` and ``EXAMPLE``, ``add_arguments(parser)``
and ``run(ns) -> exit code``. The parser is built on every call, so a command module imports
only what its options need; what its work needs waits in ``run`` (the engine and the catalog
cost 1.5–2.7 s to import, ``python -X importtime``; the parser 0.07 s).
"""

#: The commands in the order ``lindisc --help`` lists them.
MODULES = tuple(f"derivations._interfaces.{m}" for m in (
    "commands.verify", "commands.list", "commands.show", "commands.latex", "commands.selftest",
    "commands.check", "commands.answer", "figures", "commands.cache", "commands.distance"))
