"""The action bar's plan, read from the ruleset plug-in's ``action_menu`` declaration.

The plug-in says, per command name, its group, order, short label, whether it is a GM tool,
and the window's roles (which command begins the fight, starts or ends a turn); nothing in
game/ui names a command. A ruleset without the declaration gets every playable command in one
"Actions" group under its own name. Keys are fixed per command (the declaration's order), so a
key means the same action whatever is legal at the moment; GM tools never get one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.ui.command_kinds import tool_kind

#: Keys given to creature actions in the declaration's order; the other letters belong to the
#: window (F fit, M measure, N next part, P player view, S safest path, overlays G T O B L E R)
#: or sit next to Ctrl shortcuts (Z, Y, Q)
ACTION_KEYS = tuple("1234567890") + tuple("ACDHIJKUVWX")
FALLBACK_GROUPS = (("action", "Actions"), ("gm", "GM"))


@dataclass(frozen=True)
class MenuEntry:
    """How one command is presented."""

    name: str
    group: str
    order: int
    label: str
    gm: bool = False
    role: str = ""
    situational: bool = False
    key: str = ""


@dataclass(frozen=True)
class Menu:
    """The ruleset's commands as the window presents them."""

    groups: tuple[tuple[str, str], ...]
    entries: tuple[MenuEntry, ...]  # playable, in bar order (groups, then order)

    def role(self, role: str) -> str:
        """The command name playing a window role ('begin', 'turn_start', 'turn_end'), or ''."""
        return next((e.name for e in self.entries if e.role == role), "")

    def entry(self, name: str) -> MenuEntry | None:
        """A command's entry (None when it is not on the bar or the GM panel)."""
        return next((e for e in self.entries if e.name == name), None)

    def group_label(self, group: str) -> str:
        """A group's heading ('Move', 'Attack' ...)."""
        return dict(self.groups).get(group, group.replace("_", " ").capitalize())

    @property
    def creature_actions(self) -> tuple[MenuEntry, ...]:
        """The selected creature's bar (roles excluded: they have their own buttons and keys)."""
        return tuple(e for e in self.entries if not e.gm and not e.role)

    @property
    def gm_tools(self) -> tuple[MenuEntry, ...]:
        """The GM panel's tools."""
        return tuple(e for e in self.entries if e.gm and not e.role)


_CACHE: dict[int, tuple[Any, Menu]] = {}


def menu_of(ruleset: Any, state: Any = None) -> Menu:
    """The ruleset's menu (cached per ruleset object: the declaration is plain data)."""
    hit = _CACHE.get(id(ruleset))
    if hit is not None and hit[0] is ruleset:
        return hit[1]
    menu = build_menu(ruleset, state)
    _CACHE[id(ruleset)] = (ruleset, menu)
    return menu


def build_menu(ruleset: Any, state: Any = None) -> Menu:
    """Read the ``action_menu`` query; playable commands it leaves out go last in 'action'."""
    fn = ruleset.queries.get("action_menu")
    decl = fn(state, ruleset) if fn is not None else {}
    groups = tuple(tuple(g) for g in decl.get("groups", ())) or FALLBACK_GROUPS
    declared = dict(decl.get("commands", {}))
    order = {g: i for i, (g, _) in enumerate(groups)}
    raw = []
    for i, (name, cmd_type) in enumerate(ruleset.command_names.items()):
        d = declared.get(name)
        if d is None:
            d = {"group": "action", "order": 10_000 + i}
        group = str(d.get("group", "action"))
        if group == "hidden":
            continue
        role = str(d.get("role", ""))
        gm = bool(d.get("gm", False))
        kind = tool_kind(cmd_type)
        if not role and not kind:
            continue  # needs values the window cannot ask for
        raw.append(
            MenuEntry(
                name=name,
                group=group,
                order=int(d.get("order", 10_000 + i)),
                label=str(d.get("label") or name.replace("_", " ").capitalize()),
                gm=gm,
                role=role,
                situational=bool(d.get("situational", False)),
            )
        )
    if any(e.group not in order for e in raw):
        groups = groups + tuple((g, g.capitalize()) for g in {e.group for e in raw} - set(order))
        order = {g: i for i, (g, _) in enumerate(groups)}
    raw.sort(key=lambda e: (order[e.group], e.order))
    return Menu(groups, tuple(_with_keys(raw)))


def _with_keys(entries: list[MenuEntry]) -> list[MenuEntry]:
    """Keys for the creature's actions, in bar order, each group taking a fair share (its first
    few actions: SotDL has more actions than keys), so they read 1, 2, 3 ... along the bar."""
    mine = [e for e in entries if not e.gm and not e.role]
    by_group: dict[str, list[MenuEntry]] = {}
    for e in mine:
        by_group.setdefault(e.group, []).append(e)
    share = dict.fromkeys(by_group, 0)
    left = len(ACTION_KEYS)
    while left and any(share[g] < len(v) for g, v in by_group.items()):
        for g, v in by_group.items():
            if left and share[g] < len(v):
                share[g] += 1
                left -= 1
    keyed = [e.name for g, v in by_group.items() for e in v[: share[g]]]
    keys = dict(zip(keyed, ACTION_KEYS, strict=False))
    return [MenuEntry(**{**e.__dict__, "key": keys.get(e.name, "")}) for e in entries]
