"""An index of a state's creatures (where they stand, who is afflicted, who rides, which sides
are still in the fight), kept per creatures mapping and carried from one mapping to the next
as a creature changes: a step's question visits the creatures it needs, not all of them.

A state's creatures mapping is read-only and replaced on every change, so an index kept for a
mapping object can never go stale. ``EncounterState.with_creature`` hands the index of the
mapping it copies, updated for the one creature it changes, to the new mapping
(``carry_index``); any other new mapping (a round's reset, a creature added) gets its index
built afresh when first asked.

>>> from game.rules.engine.state import frozen_map
>>> creature_index(frozen_map({})).afflicted
()
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.engine.state import CreatureState

Creatures = Mapping[str, "CreatureState"]

CELL = 8  # squares a side of a bucket of the creature index

#: creature data keys whose holders the index lists (``with_data``); rulesets add theirs
TRACKED_DATA: list[str] = []

#: id(mapping) -> (mapping, its index); holding the mapping keeps its id unique
_INDEXES: dict[int, tuple[Creatures, CreatureIndex]] = {}
_MAX_INDEXES = 32  # the intermediate mappings of a command die quickly


def track_data(*keys: str) -> None:
    """List the holders of these creature data keys in every index built from now on."""
    for k in keys:
        if k not in TRACKED_DATA:
            TRACKED_DATA.append(k)


def _cell(c: CreatureState) -> tuple[int, int]:
    x, y = c.body.square
    return (x // CELL, y // CELL)


class CreatureIndex:
    """Derived facts of one creatures mapping. Every id tuple is in the mapping's order."""

    __slots__ = ("cells", "order", "space", "reach", "afflicted", "data", "sides", "placement",
                 "by_definition")

    cells: dict[tuple[int, int], tuple[str, ...]]  # bucket of the anchor square -> ids
    order: dict[str, int]  # id -> position in the mapping
    space: int  # at least the largest footprint
    reach: float  # at least the longest own reach (a creature definition's)
    afflicted: tuple[str, ...]  # creatures with any affliction
    data: dict[str, tuple[str, ...]]  # tracked data key -> creatures with it set (truthy)
    sides: dict[str, int]  # side -> creatures in the fight
    #: the same object while no creature's body, side, status or data changes (a key for
    #: answers that read only those: a path plan)
    placement: object
    #: answers a ruleset remembers that read only who is there and their definitions (SotDL:
    #: the flyers): kept while the same creatures keep their definitions
    by_definition: dict[str, object]

    @classmethod
    def build(cls, cr: Creatures) -> CreatureIndex:
        """The index of a mapping, from scratch."""
        idx = cls()
        cells: dict[tuple[int, int], list[str]] = {}
        space, reach = 1, 0.0
        sides: dict[str, int] = {}
        afflicted: list[str] = []
        data: dict[str, list[str]] = {k: [] for k in TRACKED_DATA}
        for cid, c in cr.items():  # one pass (the first question after an undo asks for it)
            b = c.body
            x, y = b.square
            cell = (x // CELL, y // CELL)
            if cell in cells:
                cells[cell].append(cid)
            else:
                cells[cell] = [cid]
            if b.space > space:
                space = b.space
            if c.definition.reach_yd > reach:
                reach = float(c.definition.reach_yd)
            if c.status == "active":  # in_fight
                sides[c.side] = sides.get(c.side, 0) + 1
            if c.afflictions:
                afflicted.append(cid)
            if c.data:
                for k, ids in data.items():
                    if c.data.get(k):
                        ids.append(cid)
        idx.cells = {k: tuple(v) for k, v in cells.items()}
        idx.order = {cid: i for i, cid in enumerate(cr)}
        idx.space, idx.reach, idx.sides = space, reach, sides
        idx.afflicted = tuple(afflicted)
        idx.data = {k: tuple(v) for k, v in data.items()}
        idx.placement = object()
        idx.by_definition = {}
        return idx

    def updated(self, cr: Creatures, old: CreatureState, new: CreatureState) -> CreatureIndex:
        """The index of ``cr``, the mapping this index's with ``old`` replaced by ``new``
        (itself when nothing it holds changed: a turn's bookkeeping, damage)."""
        body_same = old.body is new.body or old.body == new.body
        if (body_same and old.afflictions is new.afflictions and old.data is new.data
                and old.status == new.status and old.side == new.side
                and old.definition is new.definition):
            return self
        idx = CreatureIndex()
        idx.cells, idx.order, idx.space, idx.reach = self.cells, self.order, self.space, self.reach
        idx.afflicted, idx.data, idx.sides = self.afflicted, self.data, self.sides
        idx.placement, idx.by_definition = self.placement, self.by_definition
        cid = new.id
        if not body_same:
            idx.placement = object()
            a, b = _cell(old), _cell(new)
            if a != b:
                cells = dict(self.cells)
                rest = tuple(x for x in cells[a] if x != cid)
                if rest:
                    cells[a] = rest
                else:
                    del cells[a]
                cells[b] = tuple(sorted(cells.get(b, ()) + (cid,), key=self.order.__getitem__))
                idx.cells = cells
            idx.space = max(self.space, new.body.space)
        if old.definition is not new.definition:
            idx.reach = max(self.reach, float(new.definition.reach_yd))
            idx.by_definition = {}
        if bool(old.afflictions) != bool(new.afflictions):
            idx.afflicted = tuple(x for x, c in cr.items() if c.afflictions)
        if old.data is not new.data:
            idx.placement = object()  # what a ruleset keeps there may place it (a saddle)
            changed = [k for k in self.data if bool(old.data.get(k)) != bool(new.data.get(k))]
            if changed:
                data = dict(self.data)
                for k in changed:
                    data[k] = tuple(x for x, c in cr.items() if c.data.get(k))
                idx.data = data
        if old.side != new.side or old.status != new.status:
            idx.placement = object()
            sides = dict(self.sides)
            if old.in_fight:
                sides[old.side] -= 1
            if new.in_fight:
                sides[new.side] = sides.get(new.side, 0) + 1
            idx.sides = sides
        return idx

    def near(self, x0: int, y0: int, x1: int, y1: int, margin: float) -> list[str]:
        """Ids of the creatures whose footprint may come within ``margin`` squares of the box
        (a superset: callers measure), in the mapping's order."""
        m = int(math.ceil(margin)) + self.space
        cells = self.cells
        ids = [
            cid
            for by in range((y0 - m) // CELL, (y1 + m) // CELL + 1)
            for bx in range((x0 - m) // CELL, (x1 + m) // CELL + 1)
            for cid in cells.get((bx, by), ())
        ]
        ids.sort(key=self.order.__getitem__)
        return ids


def _remember(cr: Creatures, idx: CreatureIndex) -> None:
    if len(_INDEXES) >= _MAX_INDEXES:
        for k in list(_INDEXES)[: _MAX_INDEXES // 2]:  # the oldest half
            del _INDEXES[k]
    _INDEXES[id(cr)] = (cr, idx)


def creature_index(creatures: Creatures) -> CreatureIndex:
    """The index of a creatures mapping (read-only: the state's)."""
    hit = _INDEXES.get(id(creatures))
    if hit is not None and hit[0] is creatures:
        return hit[1]
    idx = CreatureIndex.build(creatures)
    _remember(creatures, idx)
    return idx


def carry_index(old_map: Creatures, new_map: Creatures, old: CreatureState | None,
                new: CreatureState) -> None:
    """``new_map`` is ``old_map`` with ``old`` replaced by ``new``: give it ``old_map``'s index,
    updated, if that has one (a creature added: built when asked)."""
    hit = _INDEXES.get(id(old_map))
    if hit is None or hit[0] is not old_map or old is None:
        return
    _remember(new_map, hit[1].updated(new_map, old, new))


def with_data(creatures: Creatures, key: str) -> tuple[str, ...]:
    """Ids of the creatures whose data ``key`` is set to something true, in the mapping's
    order (``riding``, ``pinned_by`` ...): whom a rule about riders has to look at."""
    ids = creature_index(creatures).data.get(key)
    if ids is None:  # not tracked by this index: the scan
        return tuple(cid for cid, c in creatures.items() if c.data.get(key))
    return ids


def sides_in_fight(creatures: Creatures) -> set[str]:
    """The sides with a creature still in the fight (``{c.side for c in in_fight()}``)."""
    return {s for s, n in creature_index(creatures).sides.items() if n}

