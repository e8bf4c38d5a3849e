"""The PLAF! race of Mosquito PLAF!: slaps as they arrive, who was fastest, who counts as
slowest, who draws what, and the steps that explain it (messages, worded when shown).

A mixin of ``MosquitoEngine`` (games/mosquito.py).
"""
from __future__ import annotations

from typing import Any, Dict, List

from .mosquito_catalogue import FALSE_SLAP_CARDS, WRONG_HAND_CARDS, is_mosquito
from .mosquito_state import Phase, Race, step


class MosquitoRaces:
    """Slaps, the race's outcome and its resolution."""

    def _draw_cards(self, seat: int, n: int) -> int:
        """`seat` draws up to `n` cards; an empty deck is never drawn from. Returns how many."""
        got = min(n, len(self.pile))
        for _ in range(got):
            self.hands[seat].append(self.pile.pop())
        return got

    def _slap(self, seat: int, hand: str, ms: int) -> None:
        race = self.race
        if race is not None:
            race.slapped.append(seat)
            if seat in race.participants:
                race.slaps.append((seat, hand, ms))
                if all(s in race.slapped for s in race.participants):
                    self._resolve_race()
                return
        elif is_mosquito(self.top) and self.options["late_slap"] == "ignored":
            return
        self._draw_cards(seat, FALSE_SLAP_CARDS)
        self._sync_alerts()

    def race_outcome(self) -> Dict[str, Any]:
        """Who was fastest, who counts as slowest, and what each seat must draw, if the race
        closed now (pure: reads the race, changes nothing)."""
        race = self.race
        assert race is not None
        window = self.options["slap_window_ms"]
        arrival = {s: i for i, (s, _, _) in enumerate(race.slaps)}
        timed = [(s, h, ms) for s, h, ms in race.slaps if ms < window]
        late = [s for s, _, ms in race.slaps if ms >= window]
        wrong = [s for s, h, _ in timed if h != race.hand]
        correct = [s for s, h, ms in sorted((x for x in timed if x[1] == race.hand), key=lambda x: (x[2], arrival[x[0]]))]
        missing = [s for s in race.participants if s not in wrong and s not in correct]
        fastest = correct[0] if correct else None
        if missing:
            slowest = list(missing)
        elif len(correct) >= 2:
            slowest = [correct[-1]]
        else:
            slowest = []
        penalty: Dict[int, int] = {}
        for s in wrong:
            penalty[s] = WRONG_HAND_CARDS
        for s in missing:
            penalty[s] = 2
        for s in correct:
            penalty[s] = 0 if s == fastest else 2 if s in slowest else 1
        order = wrong + missing + [s for s in reversed(correct) if s != fastest]
        return {"wrong": wrong, "correct": correct, "missing": missing, "late": late, "fastest": fastest,
                "slowest": slowest, "penalty": penalty, "order": order}

    def _resolve_race(self) -> None:
        race = self.race
        assert race is not None
        out = self.race_outcome()
        names = [s.name for s in self.seats]
        layer = race.layer
        steps = self._race_steps(race, out)
        draws: Dict[str, int] = {str(s): 0 for s in race.participants}
        took: List[Dict[str, int]] = []
        deck_empty = not self.pile
        if not deck_empty:
            for s in out["order"]:
                want = out["penalty"][s]
                got = self._draw_cards(s, want)
                draws[str(s)] = got
                if got < want:
                    steps.append(step("mosquito.race.deck_ran_out", name=names[s], n=got, want=want))
            who = [names[s] for s in out["order"] if draws[str(s)]]
            if who:
                steps.append(step("mosquito.race.draw_order", names=who))
        else:
            steps.append(step("mosquito.race.deck_empty"))
            rng = self.rng.fork(race.opened_at, race.no)
            for s in out["slowest"]:
                if s == layer:
                    steps.append(step("mosquito.race.slowest_laid_it", name=names[s]))
                elif self.hands[layer]:
                    card = self.hands[layer].pop(rng.below(len(self.hands[layer])))
                    self.hands[s].append(card)
                    took.append({"by": s, "from": layer})
                    draws[str(s)] = draws.get(str(s), 0) + 1
                    steps.append(step("mosquito.race.slowest_takes", name=names[s], layer=names[layer]))
                else:
                    steps.append(step("mosquito.race.layer_has_none", name=names[s], layer=names[layer]))
        self.last_race = {
            "no": race.no,
            "layer": layer,
            "digit": race.digit,
            "hand": race.hand,
            "slaps": [{"seat": s, "hand": h, "ms": ms} for s, h, ms in race.slaps],
            "fastest": out["fastest"],
            "slowest": out["slowest"],
            "wrong": out["wrong"],
            "missing": out["missing"],
            "order": out["order"],
            "penalty": {str(s): n for s, n in out["penalty"].items()},
            "draws": draws,
            "took": took,
            "deck_empty": deck_empty,
            "steps": steps,
        }
        self.race = None
        self.phase = Phase.PLAY
        self._sync_alerts()
        if not self.hands[layer]:
            self._end_round(layer)
        else:
            self._end_turn()

    def _race_steps(self, race: Race, out: Dict[str, Any]) -> List[Dict[str, Any]]:
        names = [s.name for s in self.seats]
        parity = "even" if race.digit % 2 == 0 else "odd"
        steps = [step(f"mosquito.race.played_{parity}", name=names[race.layer], digit=race.digit)]
        window = self.options["slap_window_ms"]
        for s, h, ms in race.slaps:
            if ms >= window:
                steps.append(step("mosquito.race.too_late", name=names[s], ms=ms, window=window))
            else:
                steps.append(step(f"mosquito.race.slap_{h}", name=names[s], ms=ms))
        for s in out["wrong"]:
            steps.append(step("mosquito.race.wrong_hand", name=names[s], n=WRONG_HAND_CARDS))
        if out["fastest"] is not None:
            steps.append(step("mosquito.race.fastest", name=names[out["fastest"]]))
        for s in out["missing"]:
            steps.append(step("mosquito.race.missing", name=names[s]))
        for s in out["correct"][1:]:
            if s in out["slowest"]:
                steps.append(step("mosquito.race.slowest", name=names[s]))
            else:
                steps.append(step("mosquito.race.one_card", name=names[s]))
        return steps
