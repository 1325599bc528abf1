"""The whitelist LaTeX-to-claims translator: the notation of the issue, and what it refuses."""

import pytest

from derivations._notes.latex_math import Env, translate
from derivations._notes.tokens import NotUnderstood, strip_annotations, tokenize

ENV = Env(kinds={"d": "dim", "N": "dim", "w": "vector", "x": "vector", "x_perp": "vector",
                 "r": "scalar", "b": "scalar", "X": "samples", "t": "labels", "alpha": "vector",
                 "S_W": "matrix", "A": "matrix", "lambda": "scalar", "m_1": "vector",
                 "w_k0": "scalar", "ab": "scalar", "a": "scalar"},
          sizes={"X": ["N", "d"], "t": ["N"], "alpha": ["N"]}, inline={"E": "norm(w)**2"})


def tr(s: str, plain: bool = False) -> str:
    toks = tokenize(s, 0, plain=plain)
    return translate(strip_annotations(toks)[0], ENV, plain=plain)


@pytest.mark.parametrize("latex", [r"w", r"\mathbf{w}", r"\boldsymbol{w}", r"\bm{w}", r"\vec w",
                                   r"\mathbf w", r"{\mathbf{w}}"])
def test_every_bold_spelling_names_the_declared_symbol(latex):
    assert tr(latex) == "w"


@pytest.mark.parametrize("latex,out", [
    (r"x_\perp", "x_perp"), (r"x_{\perp}", "x_perp"), (r"\mathbf{x}_\perp", "x_perp"),
    (r"w_{k,0}", "w_k0"), (r"S_W", "S_W"), (r"S_{\mathrm{W}}", "S_W"), (r"S_\text{W}", "S_W"),
    (r"\mathbf m_1", "m_1"), (r"\lambda", "lambda_"), (r"ab", "ab"),
])
def test_subscripts_and_greek_join_the_name(latex, out):
    assert tr(latex) == out


@pytest.mark.parametrize("latex,out", [
    (r"\mathbf w^\top \mathbf x", "w.T * x"), (r"w^T x", "w.T * x"),
    (r"w^{\mathsf T} x", "w.T * x"), (r"w^{\mathsf{T}} x", "w.T * x"), (r"w^\intercal x", "w.T * x"),
    (r"A^{-1}", "A**-1"), (r"\|w\|", "norm(w)"), (r"\lVert w\rVert", "norm(w)"),
    (r"\|w\|_2", "norm(w)"), (r"\|w\|^2", "norm(w)**2"), (r"\frac{a}{b}", "a / b"),
    (r"\tfrac12 a", "1 / 2 * a"), (r"\dfrac{1}{2}", "1 / 2"), (r"a^{1/2}", "a**(1/2)"),
    (r"\operatorname{tr}(A)", "trace(A)"), (r"\mathrm{Tr}(A)", "trace(A)"), (r"\det A", "det(A)"),
    (r"|A|", "det(A)"), (r"|a|", "abs(a)"), (r"\sigma(a)", "sigmoid(a)"), (r"\exp(a)", "exp(a)"),
    (r"e^{-a}", "exp(-a)"), (r"\log a", "log(a)"), (r"\ln(a)", "log(a)"),
    (r"\max(a, b)", "max(a, b)"), (r"I_d w", "eye(d) * w"), (r"I w", "eye(d) * w"),
    (r"\mathbf{1}_N", "ones(N)"), (r"2 a b", "2 * a * b"), (r"\left( a + b \right) a", "(a + b) * a"),
])
def test_operators_norms_functions(latex, out):
    assert tr(latex) == out


def test_sums_over_samples_index_entries_and_samples():
    assert tr(r"\sum_{n=1}^{N} \alpha_n t_n \mathbf{x}_n") == "sum(alpha[n] * t[n] * X[n], n, N)"
    assert tr(r"\sum_{n=1}^{N} \sum_{m=1}^{N} \alpha_n \alpha_m \mathbf x_n^\top \mathbf x_m") == \
        "sum(sum(alpha[n] * alpha[m] * X[n].T * X[m], m, N), n, N)"
    assert tr(r"\sum_n t_n") == "sum(t[n], n, N)"  # the one sample size
    assert tr(r"\sum_{n=1}^{N} t_n + b") == "sum(t[n], n, N) + b"  # the body ends at +


def test_gradients():
    assert tr(r"\nabla_{\mathbf w} E") == "grad((norm(w)**2), w)"
    assert tr(r"\nabla_{\mathbf w} E(\mathbf w)") == "grad((norm(w)**2), w)"
    assert tr(r"\frac{\partial E}{\partial \mathbf w}") == "grad((norm(w)**2), w)"
    assert tr(r"\frac{\partial}{\partial \mathbf w}\left( \mathbf w^\top A \mathbf w \right)") == \
        "grad((w.T * A * w), w)"


def test_macros_are_expanded():
    from derivations._notes.tokens import find_macros

    m = find_macros(r"\newcommand{\w}{\mathbf{w}} \newcommand{\norm}[1]{\left\| #1 \right\|} "
                    r"\def\xx{\mathbf{x}} \DeclareMathOperator{\Tr}{tr}")
    toks = strip_annotations(tokenize(r"\norm{\w}^2 + \w^\top \xx + \Tr(A)", 0, m))[0]
    assert translate(toks, ENV) == "norm(w)**2 + w.T * x + trace(A)"


def test_a_recursive_macro_is_bounded():
    from derivations._notes.tokens import find_macros

    m = find_macros(r"\newcommand{\loop}{\loop\loop}")
    with pytest.raises(NotUnderstood, match="macro expansions|tokens"):
        tokenize(r"\loop", 0, m)


def test_plain_syntax_of_directives():
    assert tr("x_perp + r w / norm(w)", plain=True) == "x_perp + r * w / norm(w)"
    assert tr("-w^T x_perp", plain=True) == "-w.T * x_perp"


@pytest.mark.parametrize("latex,why", [
    (r"A^\dagger", "full_column_rank"), (r"w'", "prime"),
    (r"\int_0^1 a", "int"), (r"\sqrt[3]{a}", "n-th root"), (r"q + a", "unknown name 'q'"),
    (r"a \cdots b", "cdots"), (r"\max_{a} b", "subscript"), (r"a^{b}", "literal number"),
    (r"\begin{pmatrix} a \end{pmatrix}", "environment"), (r"\|w", "never closed"),
    (r"x_n", "unknown name 'x_n'"), (r"\sum_{n=1}^{N} w_n", "not a declared vector"),
])
def test_what_is_not_understood_is_reported_with_its_place(latex, why):
    with pytest.raises(NotUnderstood, match=why.replace("(", r"\(")) as e:
        tr(latex)
    assert 0 <= e.value.pos < len(latex)


def test_no_eval_the_output_is_claims_text_only():
    # a Python payload in the notes is letters to the translator: never run
    with pytest.raises(NotUnderstood):
        tr(r"__import__('os').system('true')")


def test_long_sign_runs_and_deep_nesting_are_bounded():
    with pytest.raises(NotUnderstood, match="signs"):
        tr("a * " + "- " * 2000 + "a")
    with pytest.raises(NotUnderstood, match="nested"):
        tr("{" * 200 + "a" + "}" * 200)
    assert tr("a * - - b") == "a * b"


@pytest.mark.parametrize("latex,why", [(r"a / b a", "ambiguous"), (r"\sigma a", "without brackets")])
def test_ambiguous_notation_is_not_guessed(latex, why):
    with pytest.raises(NotUnderstood, match=why):
        tr(latex)
    assert tr(r"1/2 a") == "1 / 2 * a"


def test_T_exponent_when_T_is_a_declared_number():
    env = Env(kinds={"T": "scalar", "a": "scalar", "w": "vector", "d": "dim"}, sizes={})
    with pytest.raises(NotUnderstood, match="ambiguous"):
        translate(tokenize("a^T", 0), env)
    assert translate(tokenize(r"w^\top", 0), env) == "w.T"


def test_a_gradient_inside_a_sum_is_the_gradient_of_the_sum():
    assert tr(r"\sum_{n=1}^{N} \nabla_{\mathbf w} (\mathbf w^\top \mathbf x_n)^2") == \
        "grad(sum(((w.T * X[n]))**2, n, N), w)"
    # a multiple of a gradient is not one gradient: left as a sum (the engine says what it can)
    assert tr(r"\sum_{n=1}^{N} 2 \nabla_{w} a") == "sum(2 * grad(a, w), n, N)"


def test_pseudo_inverse_of_a_full_column_rank_matrix():
    env = Env(kinds={"B": "matrix", "d": "dim"}, sizes={"B": ["4", "d"]},
              options={"B": {"full_column_rank"}})
    assert translate(tokenize(r"B^\dagger", 0), env) == "(inv(B.T * B) * B.T)"
    assert translate(tokenize(r"B^{+} B", 0), env) == "(inv(B.T * B) * B.T) * B"
