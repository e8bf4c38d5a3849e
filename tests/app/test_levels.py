"""The set-up form explains the bot levels in both languages, next to the level menus."""
from ludotheque.games.mookies import MookiesEngine
from ludotheque.games.mosquito import MosquitoEngine
from ludotheque.ui.screens import default_seats, setup_form


def test_levels_are_explained_in_french_and_english():
    fr = str(setup_form(MookiesEngine, "fr", default_seats(MookiesEngine), {}))
    en = str(setup_form(MookiesEngine, "en", default_seats(MookiesEngine), {}, ))
    assert "un enfant peut le battre" in fr and "Un vrai défi pour un adulte" in fr
    assert "a child can beat it" in en and "A real challenge for a grown-up" in en
    assert 'aria-describedby="levels-mookies"' in fr and 'id="levels-mookies"' in fr


def test_mosquito_says_the_level_also_sets_reflexes():
    fr = str(setup_form(MosquitoEngine, "fr", default_seats(MosquitoEngine), {}))
    assert "réflexes" in fr
    assert "réflexes" not in str(setup_form(MookiesEngine, "fr", default_seats(MookiesEngine), {}))
