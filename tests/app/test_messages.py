"""Messages (core/messages.py): engines hand out ids and parameters; words come only when shown."""
from ludotheque.core.catalogue import fill
from ludotheque.core.errors import IllegalMove
from ludotheque.core.messages import Msg, from_data, join, msg, say


def test_a_message_is_worded_in_each_language_with_its_parameters():
    m = msg("setup.option_unknown", names="zz")
    assert say(m, "fr") == "Option inconnue : zz."
    assert say(m, "en") == "Unknown option: zz."
    assert say(m, "de") == "Unbekannte Option: zz."


def test_a_parameter_may_be_a_message_and_survives_json():
    inner = msg("option.seat", n=2)
    outer = msg("setup.option_bad_value", option=inner, value="7")
    assert say(outer, "en") == "Invalid value for option 'seat 2': 7."
    again = from_data(outer.to_dict())
    assert again == outer and say(again, "es") == "Valor no válido para la opción «puesto 2»: 7."


def test_lists_join_the_language_way():
    assert join(["A", "B", "C"], "fr") == "A, B et C"
    assert join(["A", "B"], "de") == "A und B"
    assert join([msg("option.yes"), "x"], "es") == "sí y x"
    assert join([], "en") == ""


def test_french_elision_is_a_formatter_of_the_catalogue():
    assert fill("Main {name|de}", {"name": "Alice"}, "fr") == "Main d'Alice"
    assert fill("Main {name|de}", {"name": "Bruno"}, "fr") == "Main de Bruno"
    assert fill("{x|num} s", {"x": "1.5"}, "de") == "1,5 s"
    assert fill("{x|num} s", {"x": "1.5"}, "en") == "1.5 s"


def test_an_unknown_id_never_shows_its_id():
    assert say(Msg("no.such.id"), "en") == ""


def test_errors_carry_their_message():
    err = IllegalMove("r.x", msg("setup.option_unknown", names="q"))
    assert err.message("en") == "Unknown option: q." and err.to_dict() == {
        "code": "r.x", "id": "setup.option_unknown", "params": {"names": "q"}}
