"""MasterIslands' rule book: each rule's id, where it comes from (the French rule text, a
public fact, a house rule and its option). Its sentence is the catalogues' entry
``masterislands.rule.<id>``; engine tests name the ids.
"""
from __future__ import annotations

from ..core.rulebook import Rule, RuleBook, RuleSource

F, H = RuleSource.FACT, RuleSource.HOUSE
RULES = RuleBook((
    Rule("material.cards", source=F),
    Rule("material.players", source=F),
    Rule("setup.deal"),
    Rule("setup.start_card"),
    Rule("setup.galleons"),
    Rule("setup.first_player"),
    Rule("turn.phases"),
    Rule("discovery.both_actions"),
    Rule("discovery.keep_both_possible"),
    Rule("discovery.place"),
    Rule("discovery.move"),
    Rule("discovery.same_colour"),
    Rule("discovery.else_conquest"),
    Rule("conquest.line"),
    Rule("conquest.not_consecutive"),
    Rule("conquest.no_galleon"),
    Rule("conquest.sum_ten"),
    Rule("conquest.choice"),
    Rule("conquest.then_supply"),
    Rule("victory.cards", source=F),
    Rule("supply.refill"),
    Rule("supply.next_left"),
    Rule("end.last_card"),
    Rule("end.most_cards"),
    Rule("end.highest_sum"),
    Rule("end.draw"),
    Rule("team.partners"),
    Rule("team.one_galleon"),
    Rule("team.talk"),
    Rule("team.twelve"),
    Rule("corsair.players"),
    Rule("corsair.one_galleon"),
    Rule("corsair.no_cards"),
    Rule("corsair.four_points"),
    Rule("corsair.rounds"),
    Rule("corsair.twelve"),
    Rule("house.first_player", source=H, option="first_player"),
    Rule("house.distribution", source=H, option="distribution"),
    Rule("house.line_gaps", source=H, option="line_gaps"),
    Rule("house.galleons_on_cards", source=H, option="galleon_moves"),
    Rule("house.skip_impossible", source=H, option="impossible_actions"),
    Rule("house.corsair_reading", source=H, option="corsair_target"),
    Rule("house.corsair_deck_out", source=H, option="corsair_deck_out"),
    Rule("house.conquest_scope", source=H, option="conquest_scope"),
), game="masterislands")
