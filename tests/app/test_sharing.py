"""Names stay private when sharing: neutral names for people, bots unchanged, same game."""
from __future__ import annotations

from ludotheque.bots import choose
from ludotheque.games.mookies import MookiesEngine
from ludotheque.games.mindup import MindUpEngine
from ludotheque.games.replay import replay
from ludotheque.sharing import with_neutral_names
from ludotheque.ui import sharing as ui


def played(engine, n=4):
    for _ in range(n):
        engine.apply(choose(engine, engine.to_act()[0]))
    return engine


def test_people_get_neutral_names_bots_keep_theirs_and_the_game_replays_the_same():
    e = played(MindUpEngine([{"name": "Léa Martin"}, {"name": "Joueur 3", "kind": "bot", "level": "easy"},
                             {"name": "Marc"}], seed=4))
    record = e.record(meta={"display": {"ply": 4}, "title": {"fr": "Chez Léa Martin"}})
    fr = with_neutral_names(record, "fr")
    assert [s.name for s in fr.seats] == ["Joueur 1", "Joueur 3", "Joueur 3′"]  # never two seats with one name
    assert [s.is_bot for s in fr.seats] == [False, True, False]
    assert [s.name for s in with_neutral_names(record, "en").seats] == ["Player 1", "Joueur 3", "Player 3"]
    assert fr.meta == {"display": {"ply": 4}}  # titles and notes may name people
    assert "Léa" not in fr.to_json() and "Marc" not in fr.to_url_fragment()
    assert (fr.moves, fr.seed, fr.options) == (record.moves, record.seed, record.options)
    ours, theirs = replay(fr).view(0), replay(record).view(0)
    ours.pop("seats"), theirs.pop("seats")
    assert ours == theirs  # the same position, names aside
    assert record.seats[0].name == "Léa Martin"  # the original is untouched


def test_a_youngest_flag_and_levels_survive():
    record = MookiesEngine([{"name": "Léa", "youngest": True}, {"name": "Bot", "kind": "bot", "level": "hard"}],
                           seed=1).record()
    out = with_neutral_names(record, "fr")
    assert out.seats[0].youngest and out.seats[1].level == record.seats[1].level


def test_the_dialog_offers_neutral_names_ticked_by_default():
    for kind in ("link", "file"):
        for lang in ("fr", "en"):
            html = ui.dialog(kind, lang)
            assert 'id="share-neutral" checked' in html
            assert f'data-action="share-go/{kind}"' in html and 'data-action="share-close"' in html
    assert "Joueur 1" in ui.dialog("link", "fr") and "Player 1" in ui.dialog("file", "en")
