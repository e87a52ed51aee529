"""What tools, typed values and panels may read of the window's state: two small protocols and
the context a tool receives with each event.

Tools import this module only (never the session, the store or the window): they ask the
fight's queries, the previews' cached answers and the camera, and return a Result. Imports go
tools -> context -> collaborators (game/ui/fight.py, game/ui/previews.py) -> io/rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from game.rules.battlefield import Battlefield, Square
from game.ui.scene import FormationMark, MovePreview, TargetPreview, TokenView

if TYPE_CHECKING:
    from game.rules.engine import Engine, Violation
    from game.ui.camera import Camera


class FightView(Protocol):
    """The open fight as tools see it: queries only; a tool never changes it."""

    @property
    def engine(self) -> Engine | None: ...

    @property
    def battlefield(self) -> Battlefield: ...

    def validate(self, cmd: Any) -> list[Violation]: ...

    def query(self, name: str, *args: Any, **kw: Any) -> Any: ...

    def tokens(self) -> tuple[TokenView, ...]: ...

    def formations(self) -> tuple[FormationMark, ...]: ...

    def names(self) -> dict[str, str]: ...

    def measure(self, a: Square, b: Square) -> str: ...

    def formation_of(self, creature: str) -> FormationMark | None: ...

    def side_of(self, creature: str) -> str: ...


class PreviewSource(Protocol):
    """Cached answers for the hovered square: reachable area, path, target odds."""

    def move_modes(self, mover: str) -> tuple[str, ...]: ...

    def move_area(self, mover: str, modes: tuple[str, ...]) -> MovePreview | None: ...

    def move_preview(
        self,
        mover: str,
        modes: tuple[str, ...],
        waypoints: tuple[Square, ...],
        square: Square,
        *,
        safest: bool,
        area: MovePreview | None,
        ways: tuple[tuple[Square, str], ...] = (),
    ) -> MovePreview | None: ...

    def move_command(
        self,
        mover: str,
        modes: tuple[str, ...],
        waypoints: tuple[Square, ...],
        square: Square,
        *,
        safest: bool,
        area: MovePreview | None,
        ways: tuple[tuple[Square, str], ...] = (),
    ) -> tuple[Any | None, str]: ...

    def target_preview(
        self, actor: str, action: str, target: str, option: str, values: dict[str, Any] | None
    ) -> TargetPreview: ...

    def target_command(
        self,
        actor: str,
        action: str,
        target: str,
        option: str,
        values: dict[str, Any] | None = None,
    ) -> tuple[Any | None, str]: ...

    def path_after(
        self,
        actor: str,
        action: str,
        target: str,
        option: str,
        values: dict[str, Any] | None,
        waypoints: tuple[Square, ...],
        square: Square,
    ) -> tuple[Any | None, MovePreview | None, str]: ...


@dataclass
class ToolContext:
    """What a tool may read with an event: the fight (queries), the previews, the camera of the
    window the event came from, the current selection."""

    fight: FightView
    previews: PreviewSource
    camera: Camera
    selected: str = ""
    shift: bool = False
    notes: dict[str, Any] = field(default_factory=dict)

    def square_at(self, pos: tuple[int, int]) -> Square:
        """The yard square under a window pixel."""
        return self.camera.square_at_px(*pos)

    def command_type(self, name: str) -> type:
        """The ruleset's command type of that name (the fight has an engine when a tool asks)."""
        assert self.fight.engine is not None
        return self.fight.engine.ruleset.command_names[name]
