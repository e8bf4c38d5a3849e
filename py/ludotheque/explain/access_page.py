"""The site's "Accessibility" page, rules/accessibility.html (French) and .en.html: how to play
each game with the keyboard only and by ear (issue #27), in the spirit of lichess's blind mode.

Built by scripts/build.py beside the rules pages (deployed and precached the same way, linked
from the home page and from every game's rules panel). The keys named here are read from the
screens' own constants, so the page cannot drift from what the games do.
"""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ..ui.html import Raw, el
from ..ui.mosquito import DRAW_KEY, KEYS, PASS_KEY

LANGS = ("fr", "en")
PAGE = {"fr": "accessibility.html", "en": "accessibility.en.html"}


def _k(key: str) -> Raw:
    return el("kbd", None, key)


def _items(rows: Sequence[Sequence[object]]) -> Raw:
    return el("ul", None, *[el("li", None, *row) for row in rows])


def _general(lang: str) -> List[Tuple[str, str, Raw]]:
    if lang == "fr":
        keys = _items([
            [_k("Tab"), " / ", _k("Maj+Tab"), " : d’un groupe à l’autre (la barre du jeu, les paquets, ta main, "
             "les boutons). Chaque groupe est un seul arrêt de Tab."],
            ["Les flèches, ", _k("Début"), " et ", _k("Fin"), " : de carte en carte dans une main, une rangée de "
             "paquets ou la grille des îles."],
            [_k("Entrée"), " ou ", _k("Espace"), " : le bouton qui a le focus, et lui seul (jamais un raccourci du jeu)."],
            ["Les raccourcis du jeu (chiffres, lettres) agissent depuis le plateau, ou quand rien n’a le focus ; "
             "jamais depuis la barre du jeu (« ← Accueil », « Historique »…)."],
            [_k("Échap"), " : ferme les règles ou l’historique. ", _k("Ctrl+Z"), " : annule ton dernier coup "
             "(quand la règle du jeu le permet)."],
            ["Après ton coup, le focus va sur ce que tu feras ensuite (les paquets éclairés, ta main, « Suivant ») ; "
             "pendant le tour des robots, il ne bouge pas."],
        ])
        ear = _items([
            ["Une zone annoncée poliment dit chaque coup une seule fois, ceux des robots compris, avec les mots du "
             "jeu (« Robot 1 pose un Mookie Lune dans sa collection »), puis ce que tu dois faire quand cela change."],
            ["Une zone annoncée tout de suite dit les moments minutés : une course PLAF! (le chiffre, la bonne main, "
             "ta touche) et un « Moustique ! » à crier ou à attraper."],
            ["Chaque carte est nommée : sa valeur et sa couleur (Mind Up !, MasterIslands), sa face (L’Île des "
             "Mookies), son chiffre (Mosquito PLAF !) ; chaque île dit aussi ses galions et à qui ils sont."],
            ["Les fenêtres (fin de manche, règles, passage de la tablette) prennent le focus, gardent Tab à "
             "l’intérieur et le rendent en se fermant. « Historique » relit tous les coups."],
        ])
        return [("clavier", "Au clavier", keys), ("oreille", "À l’oreille", ear)]
    keys = _items([
        [_k("Tab"), " / ", _k("Shift+Tab"), ": from one group to the next (the game bar, the piles, your hand, "
         "the buttons). Each group is a single Tab stop."],
        ["Arrow keys, ", _k("Home"), " and ", _k("End"), ": from card to card in a hand, a row of piles or the "
         "islands grid."],
        [_k("Enter"), " or ", _k("Space"), ": the focused button, and only that one (never a game shortcut)."],
        ["Game shortcuts (digits, letters) act from the board, or when nothing has the focus; never from the "
         "game bar (“← Home”, “Move log”…)."],
        [_k("Escape"), ": closes the rules or the move log. ", _k("Ctrl+Z"), ": takes back your last move "
         "(when the game's rule allows it)."],
        ["After your move the focus goes to what you will do next (the lit piles, your hand, “Next”); during "
         "the bots' turns it does not move."],
    ])
    ear = _items([
        ["A polite live region says every move once, the bots' too, in the game's own words (“Bot 1 lays a "
         "Moon Mookie in their collection”), then what you are asked to do when that changes."],
        ["An assertive live region says the timed moments: a PLAF! race (the digit, the correct hand, your key) "
         "and a “Moustique!” to call or to catch."],
        ["Every card is named: value and colour (Mind Up!, MasterIslands), face (Mookie Island), digit "
         "(Mosquito PLAF!); every island also says its galleons and whose they are."],
        ["Dialogs (end of round, rules, passing the tablet) take the focus, keep Tab inside and give it back "
         "when they close. “Move log” reads every move again."],
    ])
    return [("keyboard", "With the keyboard", keys), ("ear", "By ear", ear)]


def _games(lang: str) -> List[Tuple[str, str, Raw]]:
    left, right, call = (k.upper() for k in KEYS[0])
    left2, right2, call2 = (k.upper() for k in KEYS[1])
    fr = lang == "fr"
    mookies = _items([
        ([_k("1"), " / ", _k("2"), " : prendre le paquet 1 ou 2 ; puis ", _k("1"), " : jouer la face du dessus, ",
          _k("2"), " : celle du dessous. Ou les flèches et ", _k("Entrée"), "."] if fr else
         [_k("1"), " / ", _k("2"), ": take pile 1 or 2; then ", _k("1"), ": play the upper face, ", _k("2"),
          ": the lower one. Or the arrow keys and ", _k("Enter"), "."]),
        (["Un coup : une ou deux touches."] if fr else ["A move: one or two keys."]),
    ])
    mindup = _items([
        (["Ta main : les flèches puis ", _k("Entrée"), " (ou ", _k("1"), " à ", _k("9"), " : la carte de ce rang)."]
         if fr else ["Your hand: arrow keys then ", _k("Enter"), " (or ", _k("1"), " to ", _k("9"),
                     ": the card at that place)."]),
        (["La révélation : ", _k("Entrée"), " sur « Suivant » dit la prise suivante ; « Tout voir » les dit toutes."]
         if fr else ["The reveal: ", _k("Enter"), " on “Next” says the next take; “Show all” says them all."]),
    ])
    mosquito = _items([
        (["Ta main : les flèches, ", _k("Entrée"), " pour choisir une carte (plusieurs Dominos : dans l’ordre), "
          "puis « Jouer » (le focus y va de lui-même quand rien d’autre ne peut s’ajouter). ",
          _k(DRAW_KEY.upper()), " : piocher, ", _k(PASS_KEY.upper()), " : passer."] if fr else
         ["Your hand: arrow keys, ", _k("Enter"), " to choose a card (several Dominoes: in order), then “Play” "
          "(the focus goes there by itself when nothing else can join). ", _k(DRAW_KEY.upper()), ": draw, ",
          _k(PASS_KEY.upper()), ": pass."]),
        (["Course PLAF! : ", _k(left), " main gauche (chiffre impair), ", _k(right), " main droite (chiffre pair) ; ",
          _k(call), " : « Moustique ! ». La deuxième personne : ", _k(left2), ", ", _k(right2), ", ", _k(call2),
          " (la liste complète est sous « Touches » dans le jeu)."] if fr else
         ["PLAF! race: ", _k(left), " left hand (odd digit), ", _k(right), " right hand (even digit); ", _k(call),
          ": “Moustique!”. The second person: ", _k(left2), ", ", _k(right2), ", ", _k(call2),
          " (the full list is under “Keys” in the game)."]),
    ])
    masterislands = _items([
        (["Ta main : ", _k("Entrée"), " sur une carte (ou ", _k("1"), "…) ; le focus passe au premier emplacement "
          "éclairé ; les flèches y vont d’emplacement en emplacement, ", _k("Entrée"), " pose la carte."] if fr else
         ["Your hand: ", _k("Enter"), " on a card (or ", _k("1"), "…); the focus moves to the first lit space; "
          "arrow keys go from space to space, ", _k("Enter"), " lays the card."]),
        (["Un galion : ", _k("Entrée"), " sur le galion, puis sur une île éclairée. ", _k("E"),
          " : passer à la conquête, ", _k("N"), " : ne pas conquérir, ", _k("+"), " ", _k("−"), " ", _k("0"),
          " : zoom."] if fr else
         ["A galleon: ", _k("Enter"), " on the galleon, then on a lit island. ", _k("E"), ": go on to the "
          "conquest, ", _k("N"), ": do not conquer, ", _k("+"), " ", _k("−"), " ", _k("0"), ": zoom."]),
    ])
    slow = el("p", None, *(
        ["Une course PLAF! dure au plus « Temps pour frapper » (3 000 ms par défaut) : choisis jusqu’à 10 000 ms "
         "dans le formulaire « Nouvelle partie » de Mosquito PLAF !, pour chaque partie. La valeur de la partie "
         "en cours est dans ses règles (bouton « Règles »). Les robots frappent alors plus lentement, dans la même "
         "proportion : une course plus longue te laisse vraiment le temps de gagner."] if fr else
        ["A PLAF! race lasts at most “Time to slap” (3,000 ms by default): choose up to 10,000 ms in Mosquito "
         "PLAF!'s “New game” form, for each game. The current game's value is in its rules (“Rules” button). The bots then slap more slowly, in the "
         "same proportion: a longer race really gives you time to win it."]))
    return [("mookies", "L’Île des Mookies" if fr else "Mookie Island", mookies),
            ("mindup", "Mind Up !" if fr else "Mind Up!", mindup),
            ("mosquito", "Mosquito PLAF !" if fr else "Mosquito PLAF!", el("div", None, mosquito, slow)),
            ("masterislands", "MasterIslands", masterislands)]


def page(lang: str) -> str:
    fr = lang == "fr"
    other = "en" if fr else "fr"
    title = "Jouer au clavier et à l’oreille" if fr else "Playing with the keyboard and by ear"
    intro = ("Les quatre jeux se jouent jusqu’au bout sans souris, et se suivent avec un lecteur d’écran "
             "(NVDA, JAWS, VoiceOver, TalkBack) : à chaque instant, tu sais ce qui s’est passé et ce que tu peux faire."
             if fr else
             "All four games can be played to the end without a mouse, and followed with a screen reader (NVDA, "
             "JAWS, VoiceOver, TalkBack): at every moment you know what happened and what you can do.")
    sections = [el("section", {"id": key, "class": "rp-section"}, el("h2", None, head), body)
                for key, head, body in _general(lang) + _games(lang)]
    body = el("body", {"class": "rules-page access-page"},
              el("header", {"class": "rp-head"},
                 el("a", {"href": "../index.html", "class": "btn btn-ghost btn-small"}, "← " + ("Accueil" if fr else "Home")),
                 el("a", {"href": PAGE[other] + ("?lang=fr" if other == "fr" else ""), "hreflang": other, "lang": other,
                          "class": "btn btn-ghost btn-small", "data-testid": "other-lang"},
                    "English" if fr else "Français")),
              el("main", {"class": "rp-main"}, el("h1", None, title), el("p", {"class": "rp-how"}, intro), *sections))
    summary = ("Jouer aux quatre jeux de la Ludothèque au clavier seul et avec un lecteur d’écran : touches, annonces."
               if fr else "Play the Ludothèque's four games with the keyboard only and a screen reader: keys, announcements.")
    head = el("head", None,
              Raw('<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'),
              el("meta", {"name": "description", "content": summary}),
              el("title", None, f"{title} — Ludothèque"),
              Raw('<link rel="icon" href="../assets/icons/icon.svg" type="image/svg+xml">'
                  '<link rel="stylesheet" href="../css/base.css"><link rel="stylesheet" href="../css/rules.css">'
                  '<script src="../js/rules-page.js" defer></script>'))
    return "<!doctype html>\n" + el("html", {"lang": lang}, head, body) + "\n"


def pages() -> Dict[str, str]:
    """rules/<file> -> its text, both languages."""
    return {f"rules/{PAGE[lang]}": page(lang) for lang in LANGS}
