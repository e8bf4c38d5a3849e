"""The 36 double-sided cards of L'Île des Mookies, as data (house rule "deck list").

The publisher does not say which faces share a card (DECISIONS.md), so we fix one
list under the stated constraints: no spider/spider card, never two faces of one
family on a card, the 7 spiders spread over the five families, the five
legendaries (marked ``*``) on five different cards. Face names: a family, the
family followed by ``*`` for its shiny legendary, or ``araignee``.
"""

STANDARD_DECK = (
    "araignee/soleil",
    "araignee/lune",
    "araignee/fossile",
    "araignee/coquillage",
    "araignee/feuille",
    "araignee/soleil",
    "araignee/lune",
    "soleil/lune",
    "soleil/lune",
    "soleil*/fossile",
    "soleil/fossile",
    "soleil/fossile",
    "soleil/coquillage*",
    "soleil/coquillage",
    "soleil/coquillage",
    "soleil/feuille",
    "soleil/feuille",
    "soleil/feuille",
    "lune/fossile",
    "lune/fossile",
    "lune/fossile",
    "lune*/coquillage",
    "lune/coquillage",
    "lune/coquillage",
    "lune/feuille*",
    "lune/feuille",
    "lune/feuille",
    "fossile/coquillage",
    "fossile/coquillage",
    "fossile/coquillage",
    "fossile*/feuille",
    "fossile/feuille",
    "fossile/feuille",
    "coquillage/feuille",
    "coquillage/feuille",
    "coquillage/feuille",
)
