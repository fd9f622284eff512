"""Pages filled from top to bottom: what does not fit goes on the next page, under its heading.

Printouts never shrink type below ``canvas.MIN_SIZE`` to stay on one page; instead a
``Flow`` starts a continuation page (headed with the printout's title and page number) and
repeats the heading of the section that goes on, marked "(continued)".
"""

from __future__ import annotations

from .canvas import MIN_SIZE, Page, fit_size, fit_text, text_width

MARGIN = 12.0
GAP_MM = 6.0  # between side-by-side blocks
HEADING = 9.5  # point size of section headings
HEADING_H = 6.5  # mm from the top of a heading to the first row under it


def heading(page: Page, x: float, y: float, width: float, title: str) -> float:
    """A section heading with a rule under it; returns the y where the section's rows start."""
    page.text(x, y + 3.6, title, HEADING, bold=True)
    page.line(x, y + 5.0, x + width, y + 5.0, stroke=0.4)
    return y + HEADING_H


def _head(text: str, room: float) -> str:
    """A running head as it fits ``room`` at the smallest size: whole, or (a long name) without
    what the printout is, before any letter of the name is cut ("Thorn (continued)")."""
    if text_width(text, MIN_SIZE, True) <= room or " - " not in text:
        return text
    name, _, what = text.rpartition(" - ")
    return name + (" (continued)" if what.endswith("(continued)") else "")


class Flow:
    """A printout's pages and the place (``y``) where the next block goes."""

    def __init__(self, width: float, height: float, title: str, running_head: str) -> None:
        self.width, self.height = width, height
        self.title, self.running_head = title, running_head
        self.x, self.content = MARGIN, width - 2 * MARGIN
        self.bottom = height - MARGIN
        self.pages = [Page(width, height, title)]
        self.y = MARGIN

    @property
    def page(self) -> Page:
        return self.pages[-1]

    @property
    def room(self) -> float:
        return self.bottom - self.y

    def new_page(self) -> None:
        """Start a continuation page under a running head: the printout's title and page."""
        page = Page(self.width, self.height, self.title)
        self.pages.append(page)
        number = len(self.pages)
        room = self.content - 15  # the page number's place at the right
        head = _head(self.running_head, room)
        size = fit_size(head, room, 8, MIN_SIZE, bold=True)
        head = fit_text(head, room, size, True)
        page.text(self.x, MARGIN + 3.5, head, size, bold=True)
        page.text(
            self.x + self.content, MARGIN + 3.5, f"page {number}", 8, italic=True, align="right"
        )
        page.line(self.x, MARGIN + 5, self.x + self.content, MARGIN + 5, stroke=0.2)
        self.y = MARGIN + 8

    def section(self, title: str, first_row: float) -> None:
        """A section heading, on a new page unless the heading and its first row fit here."""
        if self.room < HEADING_H + first_row:
            self.new_page()
        self.y = heading(self.page, self.x, self.y, self.content, title)

    def need(self, height: float, title: str) -> bool:
        """Make room for a block of ``height``: a new page with ``title`` (continued) if needed.

        Returns True when a new page was started.
        """
        if self.room >= height:
            return False
        self.new_page()
        self.y = heading(self.page, self.x, self.y, self.content, f"{title} (continued)")
        return True
