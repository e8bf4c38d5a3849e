"""The command line speaks the reader's language: LANGUAGE, LC_ALL, LC_MESSAGES, LANG in that
order, the first usable one among the catalogues' languages, else French; a failure is one
line in that language (never English then French)."""
from __future__ import annotations

import pytest

from ludotheque.cli import cli_lang, main

VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.mark.parametrize("env,expected", [
    ({}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "es_ES.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
    ({"LANG": "es_ES", "LC_MESSAGES": "en_GB", "LC_ALL": "de_AT.UTF-8@euro"}, "de"),
    ({"LC_ALL": "en_US.UTF-8", "LANGUAGE": "es:en"}, "es"),
    ({"LANGUAGE": "pt_BR:it:de", "LANG": "en_US"}, "de"),  # the list's first usable language
    ({"LANGUAGE": "pt", "LC_ALL": "C.UTF-8", "LANG": "es_MX.UTF-8"}, "es"),  # C names none
    ({"LANG": "C"}, "fr"),
    ({"LANG": "ja_JP.UTF-8"}, "fr"),
    ({"LANGUAGE": "", "LANG": "en"}, "en"),
])
def test_the_language_comes_from_the_environment(env, expected):
    assert cli_lang(env) == expected


@pytest.mark.parametrize("lang,line", [
    ("fr", "erreur : --seats : ce jeu se joue de 3 à 6 joueurs (ici 9)."),
    ("en", "error: --seats: this game takes 3 to 6 players (got 9)."),
    ("de", "Fehler: --seats: Dieses Spiel ist für 3 bis 6 Personen (angegeben: 9)."),
    ("es", "error: --seats: este juego es para 3 a 6 jugadores (se pidió 9)."),
])
def test_an_error_is_one_line_in_that_language(monkeypatch, capsys, lang, line):
    for var in VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LC_ALL", {"fr": "fr_FR.UTF-8", "en": "en_US.UTF-8", "de": "de_DE.UTF-8", "es": "es_ES.UTF-8"}[lang])
    assert main(["selfplay", "mindup", "--seed", "1", "--seats", "9"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == line + "\n"


def test_an_illegal_move_is_said_in_the_language(monkeypatch, capsys, tmp_path):
    import json

    for var in VARS:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    main(["selfplay", "mindup", "--seed", "1"])
    record = json.loads(capsys.readouterr()[0])
    record["moves"] = ["0:play/999"] + record["moves"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(["legal", str(path)]) == 1
    out, err = capsys.readouterr()
    assert err.startswith("le coup 0 (0:play/999) est interdit : ") and err.count("\n") == 1
