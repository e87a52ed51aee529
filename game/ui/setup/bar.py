"""Set-up's actions on the window's action bar: what the GM does to the selected creature
while setting up (the fight's actions are not shown: one would start the fight)."""

from __future__ import annotations

from game.io.setup.model import SetUp
from game.rules.engine.placing import mount_of, plays_riding
from game.ui.panel_layout import ActionButton

#: The action bar's heading for set-up's actions.
GROUP = "Set-up"
#: What the bar's set-up buttons' ids start with (the rest: SetupController.do's intent).
BAR_PREFIX = "setup:"


def player_character(m: SetUp, cid: str) -> bool:
    """SotDL: the creature is a player character (as set, else: it is on a players' side)."""
    c = m.state.creatures[cid]
    pc = c.data.get("player_character")
    return bool(m.state.side(c.side).controller == "players" if pc is None else pc)


def bar_actions(m: SetUp, selected: str) -> list[ActionButton]:
    """What the GM does to the selected creature in set-up (SetupController.do's intents)."""
    c = m.state.creatures.get(selected)
    if c is None:
        return []

    def act(intent: str, text: str, tip: str, legal: bool = True) -> ActionButton:
        return ActionButton(f"{BAR_PREFIX}{intent}", text, legal, tip, "", GROUP)

    sides = list(m.state.sides)
    i = next((k for k, s in enumerate(sides) if s.id == c.side), 0)
    nxt = sides[(i + 1) % len(sides)] if sides else None
    out = [act("remove", "Remove", "Take it off the map")]
    if nxt is not None and nxt.id != c.side:
        out.append(act("cycle_side", f"Side: {sides[i].name} > {nxt.name}",
                       f"Put {c.name} on {nxt.name}"))
    if m.state.ruleset_id == "sotdl":
        pc = "yes" if player_character(m, c.id) else "no"
        out.append(act("toggle_pc", f"Player character: {pc}",
                       "SotDL: a player character is incapacitated, not killed"))
    ridden = mount_of(m.state, c.id)
    if ridden:
        out.append(act("get_down", f"Get down from {m.state.creatures[ridden].name}",
                       "It starts the fight on its own feet, beside its mount"))
    elif plays_riding(m.engine.ruleset):
        out.append(act("ride", "Ride ...", "Then click its mount: it starts the fight in "
                                           "the saddle"))
    if m.state.ruleset_id == "osr":
        leads = m.state.side(c.side).leader == c.id
        out.append(act("lead", "Stop leading" if leads else f"Lead {sides[i].name}",
                       "Its Lead check may replace the side's morale rolls" if
                       c.definition.lead > 0 else f"{c.name} has no ranks in Lead",
                       leads or c.definition.lead > 0))
    return out

