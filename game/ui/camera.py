"""The one place where pixels meet yards: pan, zoom about a point, fit, and the UI scale.

Everything else in game/ui asks the camera; names carry their units (``x_px``, ``x_yd``).
Zoom moves through fixed levels (pixels per yard) so rendered map chunks can be cached per level.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

#: Pixels per yard the zoom wheel steps through (roughly x1.25 a notch).
ZOOM_LEVELS_PX: tuple[int, ...] = (4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160)

#: A square a finger touches must be at least this wide (USERS.md: table screens).
TOUCH_TARGET_CM = 1.0
#: Height of a button at UI scale 1, in pixels.
BASE_TARGET_PX = 32
DEFAULT_DPI = 96.0


def touch_target_px(dpi: float) -> int:
    """Pixels in one touch target (1 cm) on a screen of that density.

    >>> touch_target_px(96), touch_target_px(160)
    (38, 63)
    """
    return math.ceil(dpi * TOUCH_TARGET_CM / 2.54)


def ui_scale_for(dpi: float, *, touch: bool) -> float:
    """UI scale so buttons are at least 1 cm tall in touch mode (1.0 with a mouse).

    >>> ui_scale_for(96, touch=False), ui_scale_for(160, touch=True)
    (1.0, 2.0)
    """
    if not touch:
        return 1.0
    return max(1.0, math.ceil(touch_target_px(dpi) / BASE_TARGET_PX * 4) / 4)


@dataclass
class Camera:
    """Maps battlefield yards to window pixels inside a view rectangle.

    ``origin_*_yd`` is the battlefield point shown at the view's top-left corner.

    >>> cam = Camera(view_w_px=800, view_h_px=600, px_per_yd=32)
    >>> cam.yd_to_px(2.0, 1.0)
    (64.0, 32.0)
    >>> cam.square_at_px(65, 40)
    (2, 1)
    """

    view_w_px: int
    view_h_px: int
    px_per_yd: int = 32
    origin_x_yd: float = 0.0
    origin_y_yd: float = 0.0
    view_x_px: int = 0  # where the view starts inside the window (panels take the rest)
    view_y_px: int = 0
    min_px_per_yd: int = ZOOM_LEVELS_PX[0]  # raised in touch mode so a square is >= 1 cm
    levels: tuple[int, ...] = field(default=ZOOM_LEVELS_PX)

    # --- conversions -------------------------------------------------------------------
    def yd_to_px(self, x_yd: float, y_yd: float) -> tuple[float, float]:
        """Window pixel of a battlefield point."""
        return (
            self.view_x_px + (x_yd - self.origin_x_yd) * self.px_per_yd,
            self.view_y_px + (y_yd - self.origin_y_yd) * self.px_per_yd,
        )

    def px_to_yd(self, x_px: float, y_px: float) -> tuple[float, float]:
        """Battlefield point under a window pixel."""
        return (
            self.origin_x_yd + (x_px - self.view_x_px) / self.px_per_yd,
            self.origin_y_yd + (y_px - self.view_y_px) / self.px_per_yd,
        )

    def square_at_px(self, x_px: float, y_px: float) -> tuple[int, int]:
        """The yard square under a window pixel (may lie off the battlefield)."""
        x_yd, y_yd = self.px_to_yd(x_px, y_px)
        return (math.floor(x_yd), math.floor(y_yd))

    def square_rect_px(self, square: tuple[int, int], space: int = 1) -> tuple[int, int, int, int]:
        """Pixel rectangle ``(x, y, w, h)`` of a square (or a space x space footprint)."""
        x_px, y_px = self.yd_to_px(square[0], square[1])
        side = space * self.px_per_yd
        return (round(x_px), round(y_px), side, side)

    def square_center_px(self, square: tuple[int, int], space: int = 1) -> tuple[int, int]:
        """Pixel centre of a square or footprint."""
        x_px, y_px = self.yd_to_px(square[0] + space / 2, square[1] + space / 2)
        return (round(x_px), round(y_px))

    def in_view(self, x_px: float, y_px: float) -> bool:
        """True if a window pixel lies inside the battlefield view."""
        return (
            self.view_x_px <= x_px < self.view_x_px + self.view_w_px
            and self.view_y_px <= y_px < self.view_y_px + self.view_h_px
        )

    def visible_squares(self, width: int, height: int) -> tuple[int, int, int, int]:
        """Squares ``(x0, y0, x1, y1)`` (end exclusive) of a width x height grid in view."""
        x0, y0 = self.px_to_yd(self.view_x_px, self.view_y_px)
        x1, y1 = self.px_to_yd(self.view_x_px + self.view_w_px, self.view_y_px + self.view_h_px)
        return (
            max(0, math.floor(x0)),
            max(0, math.floor(y0)),
            min(width, math.ceil(x1)),
            min(height, math.ceil(y1)),
        )

    # --- moving the camera -------------------------------------------------------------
    def set_view(self, x_px: int, y_px: int, w_px: int, h_px: int) -> None:
        """Place the battlefield view inside the window (after a resize or a panel change)."""
        self.view_x_px, self.view_y_px = x_px, y_px
        self.view_w_px, self.view_h_px = max(1, w_px), max(1, h_px)

    def pan_px(self, dx_px: float, dy_px: float) -> None:
        """Move the picture by a pixel offset (a drag of dx, dy moves the map with the mouse)."""
        self.origin_x_yd -= dx_px / self.px_per_yd
        self.origin_y_yd -= dy_px / self.px_per_yd

    def _allowed_levels(self) -> list[int]:
        allowed = [z for z in self.levels if z >= self.min_px_per_yd]
        return allowed or [max(self.levels)]

    def zoom_about(self, x_px: float, y_px: float, notches: int) -> None:
        """Zoom in (positive notches) or out, keeping the point under the cursor still.

        >>> cam = Camera(800, 600, px_per_yd=32)
        >>> before = cam.px_to_yd(400, 300)
        >>> cam.zoom_about(400, 300, 2); cam.px_per_yd, cam.px_to_yd(400, 300) == before
        (48, True)
        """
        levels = self._allowed_levels()
        current = min(range(len(levels)), key=lambda i: abs(levels[i] - self.px_per_yd))
        new = levels[max(0, min(len(levels) - 1, current + notches))]
        self.set_zoom(new, about_px=(x_px, y_px))

    def set_zoom(self, px_per_yd: int, *, about_px: tuple[float, float] | None = None) -> None:
        """Set pixels per yard, keeping the battlefield point under ``about_px`` still."""
        if about_px is None:
            about_px = (self.view_x_px + self.view_w_px / 2, self.view_y_px + self.view_h_px / 2)
        x_yd, y_yd = self.px_to_yd(*about_px)
        self.px_per_yd = max(int(px_per_yd), 1)
        self.origin_x_yd = x_yd - (about_px[0] - self.view_x_px) / self.px_per_yd
        self.origin_y_yd = y_yd - (about_px[1] - self.view_y_px) / self.px_per_yd

    def fit(self, width_yd: float, height_yd: float, *, margin_px: int = 8) -> None:
        """Largest zoom level that shows the whole battlefield, centred in the view.

        >>> cam = Camera(800, 600); cam.fit(40, 30); cam.px_per_yd
        16
        """
        self.fit_area(0, 0, width_yd, height_yd, margin_px=margin_px)

    def _best_px(self, width_yd: float, height_yd: float, margin_px: int) -> float:
        avail_w = max(1, self.view_w_px - 2 * margin_px)
        avail_h = max(1, self.view_h_px - 2 * margin_px)
        return min(avail_w / max(width_yd, 1e-6), avail_h / max(height_yd, 1e-6))

    def fits(self, width_yd: float, height_yd: float, *, margin_px: int = 8) -> bool:
        """Whether some allowed zoom level shows that many yards whole (not below the touch
        minimum).

        >>> cam = Camera(800, 600, min_px_per_yd=38); cam.fits(40, 30), cam.fits(15, 10)
        (False, True)
        """
        return self._allowed_levels()[0] <= self._best_px(width_yd, height_yd, margin_px)

    def fit_area(
        self,
        x0_yd: float,
        y0_yd: float,
        x1_yd: float,
        y1_yd: float,
        *,
        margin_px: int = 8,
        below_minimum: bool = False,
    ) -> None:
        """Largest zoom level that shows a rectangle of the battlefield, centred on it (the
        smallest allowed level when none does; ``below_minimum``: any level, the touch
        minimum aside, so that the rectangle shows whole).

        >>> cam = Camera(800, 600, min_px_per_yd=38); cam.fit_area(0, 0, 40, 30)
        >>> cam.px_per_yd
        40
        >>> cam.fit_area(0, 0, 40, 30, below_minimum=True); cam.px_per_yd
        16
        """
        best = self._best_px(x1_yd - x0_yd, y1_yd - y0_yd, margin_px)
        levels = list(self.levels) if below_minimum else self._allowed_levels()
        fitting = [z for z in levels if z <= best]
        self.px_per_yd = fitting[-1] if fitting else levels[0]
        self.center_on((x0_yd + x1_yd) / 2, (y0_yd + y1_yd) / 2)

    def center_on(self, x_yd: float, y_yd: float) -> None:
        """Put a battlefield point at the centre of the view."""
        self.origin_x_yd = x_yd - self.view_w_px / 2 / self.px_per_yd
        self.origin_y_yd = y_yd - self.view_h_px / 2 / self.px_per_yd

    def copy(self) -> Camera:
        """An independent camera with the same settings (the player view follows a copy)."""
        return Camera(**{f: getattr(self, f) for f in self.__dataclass_fields__})
