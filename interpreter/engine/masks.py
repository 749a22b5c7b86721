"""A card that plays as another until it leaves play (part of Game): `play this as if it
were ...` (Band of Misfits). The card's definition becomes the chosen card's (its name,
types, abilities and tallies) until it leaves play, the event of its leaving included:
trashed from play or discarded in Clean-up, that card's abilities on it are heard (a Band
of Misfits trashed as a Fortress goes to the hand; as a Hermit it is exchanged for a
Madman); then its own definition comes back. Nothing here runs in a game where no card
does so: the first mask swaps in the move that notices a masked card leaving play, and
Clean-up looks only when a mask was made."""
from __future__ import annotations


class Masks:
    """Part of Game (needs players, move, fire, attack_info, interp)."""
    masks = None          # card uid -> (card, its own definition); made at the first mask
    _leaving = None       # the masked card a move out of play keeps masked (see leaving)
    hearing = frozenset()  # uids of masked cards out of play whose leaving is being heard

    def mask(self, card, d) -> None:
        """The card is `d` until it leaves play (a card masked again keeps its own)."""
        if self.masks is None:
            self.masks = {}
            self.move = self._move_unmasking         # this game's moves from now on
        own = self.masks[card.uid][1] if card.uid in self.masks else card.d
        self._retally(card, d)
        self.masks[card.uid] = (card, own)
        card.d = d
        if self.logging:
            self.say(f"{own.id} is {d.id} until it leaves play")

    def unmask(self, card) -> None:
        _, own = self.masks.pop(card.uid)
        self._retally(card, own)
        card.d = own

    def _retally(self, card, d) -> None:
        """The owner's holdings count the card as `d` from now on."""
        if card.owner is not None:
            holdings = self.players[card.owner].holdings
            holdings.remove(card.d)
            holdings.add(d)

    def _move_unmasking(self, card, zone, bottom: bool = False) -> None:
        """Game.move, for a game with masked cards: one that leaves play is itself again
        before it arrives (a Band of Misfits trashed as a Feast is a Band of Misfits in the
        trash)."""
        if card.uid in self.masks and card.zone.name == "in_play" and zone is not card.zone \
                and card is not self._leaving:
            self.unmask(card)
        type(self).move(self, card, zone, bottom)

    def leaving(self, card, zone) -> bool:
        """Move a card whose leaving an event follows (trashed, discarded from play): a
        masked one stays what it played as until the event is heard (then `left`).
        Returns whether it was masked."""
        masked = bool(self.masks) and card.uid in self.masks
        if masked:
            self._leaving = card
            self.hearing = self.hearing | {card.uid}
        try:
            self.move(card, zone)
        finally:
            self._leaving = None
        return masked

    def left(self, card) -> None:
        """After the event of a masked card's leaving: itself again, unless back in play."""
        self.hearing = self.hearing - {card.uid}
        if card.uid in self.masks and card.zone.name != "in_play":
            self.unmask(card)

    def unmask_left_play(self) -> None:
        """After Clean-up's discard of many cards at once: those no longer in play."""
        for card, _ in list(self.masks.values()):
            if card.zone.name != "in_play":
                self.unmask(card)

    def play_masked(self, p: int, card) -> None:
        """Do what the masked card now is, within its own play: an Attack is an Attack
        (the other players may react), but it is not played a second time (no play event,
        no play counted)."""
        d = card.d
        attack = self.attack_info(p) if "attack" in d.types else None
        if attack is not None:
            self.fire("attack", p, card, attack)
        self.interp.run_play(card, p, self.players[p].in_play, attack)
