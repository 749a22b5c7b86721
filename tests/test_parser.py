"""The expression language: text -> typed AST, and errors with positions."""
import dataclasses

import pytest

from dsl.language import ast as A
from dsl.language.parser import ParseError, parse_expr, parse_program


def test_bonuses_become_typed_nodes():
    prog = parse_program("+1 card\n+2 actions; +1 buy\n+$2\n+1 potion")
    assert [(s.counter, s.amount.value) for s in prog] == [
        ("cards", 1), ("actions", 2), ("buys", 1), ("coins", 2), ("potions", 1)]
    assert all(isinstance(s, A.Bonus) for s in prog)


def test_nodes_are_frozen_and_keep_positions():
    (stmt,) = parse_program("\n  trash 1 card from hand as t")
    assert stmt.pos.line == 2 and stmt.pos.col == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        stmt.verb = "discard"


def test_selection_and_gain_spec():
    trash, cond = parse_program("trash up to 4 treasure cards from hand where not copper as t\n"
                                "if t { gain card costing up to cost(t) + 3 into hand }")
    sel = trash.target
    assert (sel.mode, sel.count.value, sel.kind, sel.bind) == ("up_to", 4, "treasure", "t")
    assert isinstance(sel.source, A.Where) and isinstance(sel.source.cond, A.Not)
    gain = cond.then[0]
    assert gain.dest == "hand" and gain.what.relation == "up_to"
    assert isinstance(gain.what.cost, A.Arith)


def test_where_binds_looser_than_or():
    e = parse_expr("revealed where copper or potion")
    assert isinstance(e, A.Where) and isinstance(e.cond, A.Or)


def test_cost_literals_with_potion():
    assert parse_expr("$3P") == A.CostLit(3, 1)
    assert parse_expr("$5") == A.CostLit(5, 0)


def test_equal_texts_give_equal_asts():
    assert parse_program("+1 card") == parse_program("\n\n   +1 card  # comment\n")


@pytest.mark.parametrize("text, line, col, words", [
    ("trash 1 card form hand", 1, 14, "unexpected 'form'"),
    ("+1 cardz", 1, 4, "unknown bonus"),
    ("+1 card\nif x {", 2, 7, "end of text"),
    ("gain silver @", 1, 13, "unexpected character"),
    ("+$2P", 1, 2, "+1 potion"),
])
def test_syntax_errors_have_positions(text, line, col, words):
    with pytest.raises(ParseError) as e:
        parse_program(text)
    assert (e.value.line, e.value.col) == (line, col)
    assert words in e.value.message


def test_overlong_text_is_refused_quickly():
    with pytest.raises(ParseError, match="too long"):
        parse_program("+1 card\n" * 5000)


def test_deep_nesting_is_refused_with_a_position():
    text = "".join("if hand {\n" for _ in range(100)) + "+1 card\n" + "}\n" * 100
    with pytest.raises(ParseError, match="nested more than") as e:
        parse_program(text)
    assert e.value.line == 41
    assert parse_program("if hand { if deck { +1 card } }")    # ordinary nesting is fine


def test_a_very_long_operator_chain_is_an_error_not_a_crash():
    with pytest.raises(ParseError, match="too long"):
        parse_program("+(" + "+".join(["1"] * 3000) + ") cards")


def test_the_operator_chain_limit_is_the_parsers_own_not_the_recursion_limit():
    """Refused by the tree's depth (the same on CPython and PyPy), well before any pass
    could run out of stack; a long but reasonable chain is accepted."""
    from dsl.language.lark_parse import MAX_TREE_DEPTH
    assert parse_program("+(" + "+".join(["1"] * (MAX_TREE_DEPTH - 50)) + ") cards")
    with pytest.raises(ParseError, match="too long"):
        parse_program("+(" + "+".join(["1"] * (MAX_TREE_DEPTH + 1)) + ") cards")


# ---- what a designer met writing Intrigue, and should not meet again -------------------------
def test_line_breaks_before_or_and_inside_parentheses_continue_the_statement():
    (choose,) = parse_program("choose one { +2 cards }\n  or { +$2 }\n  # a comment\n"
                              "  or { trash 2 cards from hand }")
    assert isinstance(choose, A.ChooseOne) and len(choose.options) == 3
    (bonus,) = parse_program("+$(count(hand\n    where copper or\n    silver))")
    assert isinstance(bonus.amount.args[0], A.Where)
    (cond,) = parse_program("if count(hand) > 2\n   and count(deck) > 0 { +1 card }\nelse { +1 buy }")
    (brace,) = parse_program("if count(hand) > 2\n{\n  +1 card\n}")
    assert brace.then
    assert isinstance(cond.cond, A.And) and cond.orelse


def test_choose_several_options():
    (pawn,) = parse_program("choose two { +1 card } or { +1 action } or { +1 buy } or { +$1 }")
    assert pawn.count == 2 and len(pawn.options) == 4
    with pytest.raises(ParseError) as e:
        parse_program("choose two { +1 card } or { +1 action }")
    assert "give more options" in e.value.message


@pytest.mark.parametrize("text", [
    "+1 card\n+",                       # ends where a number is wanted
    "trash 1 card from hand as\n",      # ends where a name is wanted
    "+$(count(hand) +)",                # a parenthesis where a term is wanted
    "if count(hand) { +1 card",         # a block never closed
    "choose one { +1 card } or",
    "gain card costing up to",
])
def test_syntax_errors_speak_the_users_words(text):
    with pytest.raises(ParseError) as e:
        parse_program(text)
    msg = e.value.message
    assert "\n" not in msg and "'\n'" not in msg
    for internal in ("LPAR", "RPAR", "DOLLAR", "COMP", "ADD", "MUL", "_SEP", "$END", "lpar",
                     "rpar", "dollar", "comp,", "add,", "__ANON"):
        assert internal not in msg, (internal, msg)


def test_a_statement_break_reads_end_of_line():
    with pytest.raises(ParseError) as e:
        parse_program("+2\n+1 card")
    assert e.value.message.startswith("unexpected end of line; expected 'card', 'cards'")
    with pytest.raises(ParseError) as e:
        parse_program("trash this as\n+1 card")
    assert "unexpected '+'" in e.value.message and "a name" in e.value.message


def test_choose_with_a_number_suggests_the_construct_that_exists():
    with pytest.raises(ParseError) as e:
        parse_program("choose 2 { +1 card } or { +1 buy }")
    assert "choose one { ... } or { ... }" in e.value.message


def test_numbers_too_large_and_repeats_too_many_are_errors():
    for text, words in (("+9999999999999999999999 cards", "number too large"),
                        ("repeat 101 { +1 card }", "repeat at most 100")):
        with pytest.raises(ParseError) as e:
            parse_program(text)
        assert words in e.value.message


def test_a_selection_chosen_by_another_player_and_a_union_of_cards():
    (disc,) = parse_program("discard 1 card from shown chosen by player to your left")
    assert (disc.target.by_side, disc.target.by_you) == ("left", False)
    (trash,) = parse_program("trash 1 card from hand chosen by player to your right as t")
    assert (trash.target.by_side, trash.target.bind) == ("right", "t")
    (mine,) = parse_program("trash 1 card from hand chosen by you")
    assert (mine.target.by_side, mine.target.by_you) == (None, True)
    (hermit,) = parse_program("may trash 1 card from discard + hand where not treasure")
    src = hermit.stmt.target.source
    assert isinstance(src, A.Where) and isinstance(src.source, A.Arith) and \
        src.source.op == "+"
    with pytest.raises(ParseError) as e:
        parse_program("gain card costing up to $4 chosen by player to your left")
    assert "chooses among cards" in str(e.value) and e.value.line == 1
