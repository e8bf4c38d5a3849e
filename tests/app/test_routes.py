"""Addresses are outside text: a ply that is not a short ASCII number is refused in words."""
from __future__ import annotations

import pytest

from ludotheque import routes
from ludotheque.core.boundary import as_ludo_error
from ludotheque.core.messages import say


def test_a_short_ascii_ply_is_read():
    assert routes.parse("#save=x&ply=0") == routes.Route("save", "x", 0)
    assert routes.parse("#record=abc&ply=" + "9" * routes.MAX_PLY_DIGITS).ply == int("9" * routes.MAX_PLY_DIGITS)
    assert routes.parse("#save=x").ply is None


@pytest.mark.parametrize("ply", ["²", "٣", "１", "-1", "+1", " 1", "1e3", "", "9" * (routes.MAX_PLY_DIGITS + 1),
                                 "9" * 5000])
def test_a_ply_that_is_not_a_short_ascii_number_is_refused_in_words(ply):
    with pytest.raises(routes.BadAddress) as caught:
        routes.parse(f"#record=abc&ply={ply}")
    err = as_ludo_error(caught.value)
    for lang in ("fr", "en", "de", "es"):
        text = say(err.msg, lang)
        assert "ply=" in text and len(text) < 200  # 5,000 digits are never quoted whole
    assert "999999" in say(err.msg, "en")


def test_unknown_addresses_stay_the_home_page_whatever_their_ply():
    assert routes.parse("#junk&ply=²") == routes.Route()
    assert routes.parse("#save=&ply=" + "9" * 5000) == routes.Route()
