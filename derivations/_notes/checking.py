"""Checking a notes file: its ``lindisc:`` comments declare, its displays are chains, each
step is verified; the result is a :class:`~.report.NotesReport` located in the file.

Malformed input — a file that cannot be read, a ``lindisc:`` statement not understood, a
declaration or definition that does not build — is a
:class:`~derivations._userclaims.errors.ClaimsError` at its file, line and column (exit 2).
A formula not understood is never an error: its steps are *not checked*, with the position
and the fragment.
"""

from __future__ import annotations

import re
import time

from .._userclaims.declarations import Declarations, condition
from .._userclaims.errors import ClaimsError, Location
from .._userclaims.loader import ClaimsFile
from .chains import RELATIONS, Checker, evaluation_bar, split_chains
from .directives import parse_directives
from .extract import read_notes
from .latex_math import Env, pyname, translate
from .report import NotesReport, step_record
from .tokens import NotUnderstood, strip_annotations, tokenize

__all__ = ["check_notes"]

_HOLDS = ("verified", "verified at sizes", "trivial")
#: steps checked in one file (each takes up to the budget per method); the rest not checked
MAX_STEPS = 400


def _located(exc: NotUnderstood, src, prefix: str = "") -> ClaimsError:
    frag = f" (at {exc.fragment!r})" if exc.fragment else ""
    return ClaimsError(prefix + exc.reason + frag, src.loc(exc.pos))


_SECTION = {"tex": re.compile(r"\\(?:part|chapter|section|subsection)\*?\s*[{\[]"),
            "md": re.compile(r"^#{1,6}\s", re.M)}


class _Setup:
    """The file's ``lindisc:`` statements: declarations for the whole file; definitions and
    assumptions in force from where they are written to the end of their section (the next
    ``\\section``/``\\subsection``/``\\chapter``, or Markdown heading; a later ``define``
    of the same name replaces the earlier one)."""

    def __init__(self, doc):
        self.doc = doc
        stmts = []
        for c in doc.comments:
            try:
                stmts += [(d, c.source) for d in parse_directives(c.body, c.pos)]
            except NotUnderstood as exc:
                raise _located(exc, c.source, "lindisc comment: ") from None
        self.stmts = sorted(stmts, key=lambda x: self.key(x[1], x[0].pos))
        rx = _SECTION["tex" if doc.kind == "tex" else "md"]
        self.bounds = sorted(self.key(src, m.start()) for src in doc.sources
                             for m in rx.finditer(src.text))
        table, where = {}, {}
        for d, src in self.stmts:
            if d.kind == "declare":
                k = pyname(d.name)
                if k in table:
                    raise ClaimsError(f"{d.name} is declared twice", src.loc(d.pos))
                table[k] = d.value
                where[k] = src.loc(d.pos)
        fallback = doc.sources[0].loc(0) if doc.sources else Location(doc.path)
        self.decls = Declarations(table, lambda value, key=None: where.get(key, fallback))
        self.cache: dict = {}
        for d, src in self.stmts:  # every definition and assumption read once, where written
            if d.kind in ("define", "assume"):
                self.at(src, d.pos + 1)

    def key(self, src, pos: int) -> tuple:
        """Reading order: a file read by ``\\input`` counts where the command stands."""
        return src.anchor + (pos,)

    def at(self, src, pos: int):
        """(claims file, Env, assumptions) in force at ``pos`` of ``src``."""
        here = self.key(src, pos)
        start = max((b for b in self.bounds if b < here), default=(-1, -1))
        active = [(d, s) for d, s in self.stmts if d.kind in ("define", "assume")
                  and start < self.key(s, d.pos) < here]
        last = {}
        for d, s in active:
            if d.kind == "define":
                last[d.name] = (d, s)
        active = [(d, s) for d, s in active if d.kind == "assume" or last[d.name][0] is d]
        ck = tuple(id(d) for d, _ in active)
        if ck not in self.cache:
            self.cache[ck] = self._build(active)
        return self.cache[ck]

    def _build(self, active):
        decls = self.decls
        env = Env({_user(k): v.kind for k, v in decls.decls.items()},
                  {_user(k): list(v.sizes) for k, v in decls.decls.items()},
                  options={_user(k): set(v.options) for k, v in decls.decls.items()})
        defs, assumes = [], []
        for d, src in active:
            if d.kind == "define":
                plain = not re.search(r"[\\{}]", d.value)
                try:
                    toks = tokenize(d.value, d.value_pos, self.doc.macros, plain=plain)
                    text = translate(strip_annotations(toks)[0], env, plain=plain)
                except NotUnderstood as exc:
                    raise _located(exc, src, f"define {d.name}: ") from None
                if d.name in env.kinds:
                    if env.kinds[d.name] == "dim":
                        raise ClaimsError(f"define {d.name}: {d.name} is a dim", src.loc(d.pos))
                    defs.append((pyname(d.name), text, src.loc(d.value_pos)))
                else:
                    env.inline[d.name] = text
            else:
                text = re.sub(r"^\s*\\?([A-Za-z][A-Za-z0-9_]*)", lambda m: pyname(m.group(1)), d.value)
                condition(text, decls.decls, src.loc(d.value_pos))
                assumes.append(text)
        return ClaimsFile(self.doc.path, "", "", decls, defs, []), env, assumes


def _user(key: str) -> str:
    return key[:-1] if key.endswith("_") and pyname(key[:-1]) == key else key


def check_notes(path: str, *, seed: int = 0, budget: float = 20.0, label: str | None = None) -> NotesReport:
    """Check every chain of a ``.tex``, ``.md`` or ``.ipynb`` file."""
    t0 = time.monotonic()
    doc = read_notes(path, label=label)
    setup = _Setup(doc)
    stmts = setup.stmts
    checkers: dict = {}
    rep = NotesReport(doc.path, doc.kind)
    # directives in file order: skip / expect / name apply to the next display
    marks = sorted(((id(src), d.pos, d) for d, src in stmts if d.kind in ("skip", "expect", "name")),
                   key=lambda x: (x[0], x[1]))
    for disp in doc.displays:
        src = disp.source
        before = [d for s, p, d in marks if s == id(src) and p < disp.start
                  and p > _prev_end(doc, disp)]
        inside = [d for s, p, d in marks if s == id(src) and disp.body_start <= p < disp.body_end]
        where = src.loc(disp.start)
        if any(d.kind == "skip" for d in before):
            rep.skipped.append({"where": _w(where), "line": where.line, "env": disp.env})
            continue
        expect = next((d.value for d in before if d.kind == "expect"), None)
        name = next((d.value for d in before if d.kind == "name"), None)
        step_expect = {src.loc(d.pos).line: d.value for d in inside if d.kind == "expect"}
        try:
            chains, _labels = split_chains(disp.body, disp.body_start, doc.macros,
                                           lambda p, s=src: s.loc(p).line)
        except NotUnderstood as exc:
            loc = src.loc(exc.pos)
            rep.marks.append((src.label, disp.body_end, 0, "not checked"))
            rep.add_chain({"name": name or f"{disp.env} at line {where.line}", "where": _w(where),
                           "line": where.line, "env": disp.env, "status": "not checked",
                           "first_wrong_step": None, "steps": [], "expect": expect,
                           "reason": exc.reason, "fragment": exc.fragment, "at": _w(loc)})
            continue
        scope = setup.at(src, disp.start)
        if id(scope) not in checkers:
            checkers[id(scope)] = Checker(*scope, seed=seed, budget=budget)
        checker = checkers[id(scope)]
        real = [c for c in chains if len(c.segments) > 1]
        if not real:
            rep.no_relation += 1
            continue
        for k, ch in enumerate(real):
            cname = name or ch.labels.get(0) or f"{disp.env} at line {src.loc(ch.segments[0].toks[0].pos).line if ch.segments[0].toks else where.line}"
            if len(real) > 1 and name:
                cname = f"{name} ({k + 1})"
            rec = _check_chain(checker, ch, src, cname, step_expect, rep)
            rec.update(env=disp.env, expect=expect)
            for step in rec["steps"]:
                seg = ch.segments[step.pop("_seg")]
                marked = step.get("as_expected") or (expect == step["status"]
                                                     and rec["first_wrong_step"] == step["step"])
                rep.marks.append((src.label, _line_end(disp, seg), step["step"],
                                  step["status"] + (" as marked" if marked else "")))
            rep.add_chain(rec)
    rep.seconds = round(time.monotonic() - t0, 2)
    return rep


def _line_end(disp, seg) -> int:
    """Where a margin mark for the step ending with ``seg`` goes: before the line break
    that ends its line, or before the end of the display."""
    last = seg.toks[-1].pos if seg.toks else seg.rel.pos
    j = disp.clean.find("\\\\", last, disp.body_end)
    return j if j >= 0 else disp.body_end


def _prev_end(doc, disp) -> int:
    prev = [d.body_end for d in doc.displays if d.source is disp.source and d.body_end <= disp.start]
    return max(prev, default=-1)


def _w(loc: Location) -> str:
    return f"{loc.file}:{loc.line}:{loc.column}"


def _check_chain(checker: Checker, ch, src, name: str, step_expect: dict, rep) -> dict:
    segs = ch.segments
    texts: list = []
    for s in segs:
        try:
            texts.append(checker.side(s))
        except NotUnderstood as exc:
            texts.append(exc)
    steps = []
    iff = any(s.rel is not None and RELATIONS.get(s.rel.text) == "iff" for s in segs)
    if iff:
        pairs = _iff_parts(segs, texts)
    for j in range(1, len(segs)):
        s, prev = segs[j], segs[j - 1]
        loc = src.loc(s.rel.pos)
        op = RELATIONS.get(s.rel.text)
        rec = step_record(j, loc, src, prev, s, ch.labels.get(j))
        rec["_seg"] = j  # for the --annotate mark; removed before the report
        exp = _expect_of(j, segs, step_expect, src)
        if iff and op != "iff":
            steps.append(rec)  # a relation inside one side of an equivalence: not a step
            rec["status"] = "part"
            continue
        bad = next((t for t in (texts[j - 1], texts[j]) if isinstance(t, NotUnderstood)), None)
        rep.verified_steps += 1
        if rep.verified_steps > MAX_STEPS:
            rec.update(status="not checked", reason=f"more than {MAX_STEPS} steps in one file: "
                       "split the file")
            steps.append(rec)
            continue
        psd = s.rel.text == "succeq" and not iff and not isinstance(texts[j], NotUnderstood) \
            and texts[j].strip() == "0"
        bar = evaluation_bar(prev.toks) if op == "=" and not iff and j == 1 and \
            isinstance(texts[j], str) and texts[j].strip() == "0" else None
        if bar is not None:  # \nabla_w f |_{w = p} = 0: stationary at p
            try:
                g, v, p = (translate(t, checker.env) for t in bar)
                rec["claim"] = f"{g} = 0 at {v} = {p}"
                rec.update(_verdict(checker, checker.build_stationary(g, v, p, loc, name)))
            except NotUnderstood as exc:
                rec.update(status="not checked", reason=exc.reason, fragment=exc.fragment,
                           at=_w(src.loc(exc.pos)) if exc.pos >= 0 else _w(loc))
            except ClaimsError as exc:
                rec.update(status="not checked", reason=exc.reason)
        elif psd and isinstance(texts[j - 1], NotUnderstood):
            bad = texts[j - 1]
            rec.update(status="not checked", reason=bad.reason, fragment=bad.fragment,
                       at=_w(src.loc(bad.pos)))
        elif psd:
            try:
                rec["claim"] = f"{texts[j - 1]} is PSD"
                rec.update(_verdict(checker, checker.build_psd(texts[j - 1], loc, name)))
            except ClaimsError as exc:
                rec.update(status="not checked", reason=exc.reason)
        elif op is None:
            rec.update(status="not checked", reason=f"the relation {s.rel.text!r} is not checked "
                       "(= < > \\le \\ge \\iff are)")
        elif bad is not None and not iff:
            rec.update(status="not checked", reason=bad.reason, fragment=bad.fragment,
                       at=_w(src.loc(bad.pos)))
        else:
            try:
                if iff:
                    p, q = pairs.get(j, (None, None))
                    if p is None or q is None:
                        raise NotUnderstood("an equivalence between two relations a R b \\iff c R d",
                                            s.rel.pos, "")
                    built = checker.build_iff(p, q, loc, f"{name}: step {j}")
                    rec["lhs"], rec["rhs"] = _relation_text(segs, j, -1, src), _relation_text(segs, j, 1, src)
                    rec["claim"] = f"{' '.join(p)}  iff  {' '.join(q)}"
                else:
                    built = checker.build(texts[j - 1], op, texts[j], loc, name)
                    rec["claim"] = f"{texts[j - 1]} {op} {texts[j]}"
                rec.update(_verdict(checker, built))
                if rec["status"] == "refuted" and not iff:
                    from .chains import mistake

                    found = mistake(built, min(checker.budget, 10.0), checker.seed)
                    if found:
                        found = re.sub(r"\b([A-Za-z]+)_\b", lambda m: m.group(1) if pyname(m.group(1)) != m.group(1) else m.group(0), found)
                        rec["mistake"] = found if len(found) <= 160 else found[:157] + "..."
            except NotUnderstood as exc:
                rec.update(status="not checked", reason=exc.reason, fragment=exc.fragment,
                           at=_w(src.loc(exc.pos)))
            except ClaimsError as exc:
                rec.update(status="not checked", reason=exc.reason)
        if exp:
            rec["expect"] = exp
            got = "verified" if rec["status"] in _HOLDS else rec["status"]
            rec["as_expected"] = got == exp
        steps.append(rec)
    steps = [r for r in steps if r["status"] != "part"]
    for n, r in enumerate(steps, 1):
        r["step"] = n
    first = next((r for r in steps if r["status"] not in _HOLDS and r["status"] != "not checked"), None)
    unchecked = sum(r["status"] == "not checked" for r in steps)
    if first is not None:
        status = first["status"]
    elif unchecked == len(steps):
        status = "not checked"
    elif unchecked:
        status = "partly checked"
    elif any(r["status"] == "verified at sizes" for r in steps):
        status = "verified at sizes"
    else:
        status = "verified"
    start = src.loc(segs[0].toks[0].pos) if segs[0].toks else src.loc(segs[1].rel.pos)
    return {"name": name, "where": _w(start), "line": start.line, "status": status,
            "first_wrong_step": first["step"] if first else None,
            "first_wrong_where": first["where"] if first else None, "steps": steps}


def _relation_text(segs, j: int, side: int, src) -> str:
    """The source of the relation on one side (-1 before, +1 after) of the ``\\iff`` at ``j``."""
    from .report import _fragment

    if side < 0:
        k = j - 1
        while k > 0 and RELATIONS.get(segs[k].rel.text) != "iff":
            k -= 1
        idx = range(k, j)
    else:
        k = j + 1
        while k < len(segs) and RELATIONS.get(segs[k].rel.text) != "iff":
            k += 1
        idx = range(j, k)
    out = []
    for i in idx:
        if out and segs[i].rel is not None:
            r = segs[i].rel
            out.append("\\" + r.text if r.kind == "cmd" else r.text)
        out.append(_fragment(src, segs[i]))
    return " ".join(out)


def _expect_of(j: int, segs, step_expect: dict, src):
    """The ``expect`` written inside the display for step ``j``: on a line from the step's
    relation up to (not including) the next step's."""
    lo = src.loc(segs[j].rel.pos).line
    hi = src.loc(segs[j + 1].rel.pos).line if j + 1 < len(segs) else 10 ** 9
    for line, value in step_expect.items():
        if lo <= line < hi or (line == lo):
            return value
    return None


def _iff_parts(segs, texts) -> dict:
    """For ``a R b \\iff c R d \\iff ...``: the step index of each ``\\iff`` -> the two
    relations ``(lhs, op, rhs)`` it joins (None where a side is not understood)."""
    parts, cur = [], []
    for j, s in enumerate(segs):
        if j and RELATIONS.get(s.rel.text) == "iff":
            parts.append((cur, j))
            cur = []
        cur.append(j)
    parts.append((cur, None))
    rels = []
    for idx, _ in parts:
        ok = len(idx) == 2 and not any(isinstance(texts[i], NotUnderstood) for i in idx) and \
            RELATIONS.get(segs[idx[1]].rel.text) not in (None, "iff")
        rels.append((texts[idx[0]], RELATIONS[segs[idx[1]].rel.text], texts[idx[1]]) if ok else None)
    out = {}
    for k, (_idx, j) in enumerate(parts[:-1]):
        out[j] = (rels[k], rels[k + 1])
    return out


def _verdict(checker: Checker, built) -> dict:
    rec = checker.verdict(built)
    out = {k: rec.get(k) for k in ("status", "methods", "counterexample", "scope", "detail")
           if rec.get(k) is not None}
    cx = out.get("counterexample")
    if cx and isinstance(cx.get("values"), dict):
        cx["values"] = {_user(k): v for k, v in cx["values"].items()}
    return out
