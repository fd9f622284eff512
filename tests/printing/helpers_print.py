"""Checks shared by the printing tests: strict HTML, PDF pages and text, shape geometry."""

from __future__ import annotations

import io
import re
import zlib
from html.parser import HTMLParser

from pypdf import PdfReader

from titan_campaign.printing.canvas import PT, Page, Text, text_width

VOID = {"meta", "br", "img", "hr", "link", "input", "col", "area", "base", "wbr", "source"}


class StrictHTML(HTMLParser):
    """Collects text and attributes; records every unbalanced or misnested tag as an error."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []
        self.attrs: list[tuple[str, dict[str, str | None]]] = []
        self.doctype = False

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl.lower() == "doctype html"

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.attrs.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else 'nothing'}>")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse_html(document: str) -> StrictHTML:
    parser = StrictHTML()
    parser.feed(document)
    parser.close()
    assert parser.doctype, "no <!DOCTYPE html>"
    assert not parser.errors, parser.errors[:3]
    assert not parser.stack, f"unclosed tags: {parser.stack}"
    return parser


def external_references(parser: StrictHTML, document: str) -> list[str]:
    """Anything the browser would fetch: src/href attributes, CSS url() and @import."""
    found = [
        value or ""
        for _, attrs in parser.attrs
        for key, value in attrs.items()
        if key in ("src", "href")
    ]
    found += re.findall(r"url\((?!\"data:)|@import", document)  # an embedded font is no fetch
    return found


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF (pypdf parses the whole file)."""
    reader = PdfReader(io.BytesIO(data))
    return [page.extract_text() for page in reader.pages]


def pdf_drawing(data: bytes) -> str:
    """The page content streams of a PDF: its drawing commands, without dates or ids.

    Text is set in an embedded font subset whose glyph numbers change from run to run, so each
    shown string is written as ``(...)``: positions, sizes and fonts stay; the words themselves
    are checked through the PDF's extracted text.
    """
    streams = re.findall(
        rb"/Filter /FlateDecode[^>]*>>\s*stream\r?\n(.*?)\r?\nendstream", data, re.DOTALL
    )
    pages = []
    for stream in streams:
        content = zlib.decompress(stream)
        if content.startswith(b"2 J"):  # a page's content, not a font program or map
            content = re.sub(rb"\((?:\\.|[^\\)])*\) Tj", b"(...) Tj", content, flags=re.DOTALL)
            pages.append(content.decode("latin-1"))
    return "\n".join(pages)


def text_box(shape: Text) -> tuple[float, float, float, float]:
    """The box a text shape covers on the page (x0, y0, x1, y1) in millimetres."""
    width = text_width(shape.text, shape.size, shape.bold)
    x0 = shape.x - (
        width if shape.align == "right" else width / 2 if shape.align == "center" else 0
    )
    return (x0, shape.y - shape.size * PT * 0.72, x0 + width, shape.y + shape.size * PT * 0.2)


def overlapping_texts(page: Page, gap: float = 0.0) -> list[tuple[str, str]]:
    """The texts that overlap on ``page``, or come closer than ``gap`` mm side by side."""
    boxes = [(shape.text, text_box(shape)) for shape in page.shapes if isinstance(shape, Text)]
    clashes = []
    for i, (text_a, a) in enumerate(boxes):
        for text_b, b in boxes[i + 1 :]:
            if (
                a[0] < b[2] + gap - 0.05
                and b[0] < a[2] + gap - 0.05
                and a[1] < b[3] - 0.05
                and b[1] < a[3] - 0.05
            ):
                clashes.append((text_a, text_b))
    return clashes


def outside(page: Page, margin: float = 3.0) -> list[str]:
    """Texts that reach beyond the printable area (``margin`` mm from every edge)."""
    return [
        shape.text
        for shape in page.shapes
        if isinstance(shape, Text)
        and not (
            margin <= text_box(shape)[0]
            and text_box(shape)[2] <= page.width - margin
            and text_box(shape)[3] <= page.height - margin
        )
    ]


def small_texts(pages: list[Page], smallest: float = 7.0) -> list[tuple[str, float]]:
    """Texts set below ``smallest`` points, on any of the pages."""
    return [
        (shape.text, shape.size)
        for page in pages
        for shape in page.shapes
        if isinstance(shape, Text) and shape.size < smallest
    ]


def pdf_font_sizes(data: bytes) -> set[float]:
    """Every point size a PDF sets text in (its ``Tf`` operators)."""
    return {float(size) for size in re.findall(r"/F\d+ ([\d.]+) Tf", pdf_drawing(data))}


def pdf_fonts(data: bytes) -> set[str]:
    """Names of the fonts a PDF uses; an embedded subset has a tag such as ``ABCDEF+``."""
    reader = PdfReader(io.BytesIO(data))
    names = set()
    for page in reader.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})  # type: ignore[union-attr]
        for font in fonts.values():
            names.add(str(font.get_object()["/BaseFont"]))
    return names


def _to_unicode(cmap: bytes) -> dict[int, str]:
    """A font's ToUnicode CMap: each character code (CID) to the text it stands for."""
    found: dict[int, str] = {}
    text = cmap.decode("latin-1")
    for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.DOTALL):
        for code, uni in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            found[int(code, 16)] = bytes.fromhex(uni).decode("utf-16-be")
    for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.DOTALL):
        for low, high, uni in re.findall(
            r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block
        ):
            start = ord(bytes.fromhex(uni).decode("utf-16-be"))
            for offset, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                found[code] = chr(start + offset)
    return found


def embedded_glyphs(data: bytes) -> dict[str, str]:
    """Every letter a PDF's embedded fonts draw with a real outline, to the font drawing it.

    Reads each font program (FontFile2) with fontTools: a letter counts only when its glyph
    (found through the ToUnicode map and the CID-to-glyph map) has contours, so a blank
    ``.notdef`` stand-in or a missing glyph is not counted.
    """
    from fontTools.ttLib import TTFont

    reader = PdfReader(io.BytesIO(data))
    letters: dict[str, str] = {}
    for page in reader.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})  # type: ignore[union-attr]
        for ref in fonts.values():
            font = ref.get_object()
            if "/DescendantFonts" not in font or "/ToUnicode" not in font:
                continue
            cid_font = font["/DescendantFonts"][0].get_object()
            program = cid_font["/FontDescriptor"].get_object()["/FontFile2"].get_object()
            ttf = TTFont(io.BytesIO(program.get_data()))
            order = ttf.getGlyphOrder()
            cid_to_gid = cid_font.get("/CIDToGIDMap")
            gid_map = cid_to_gid.get_object().get_data() if cid_to_gid != "/Identity" else None
            for cid, text in _to_unicode(font["/ToUnicode"].get_object().get_data()).items():
                gid = cid if gid_map is None else int.from_bytes(gid_map[2 * cid : 2 * cid + 2])
                glyph = ttf["glyf"][order[gid]] if gid < len(order) else None
                if glyph is not None and glyph.numberOfContours != 0:
                    for letter in text:
                        letters.setdefault(letter, str(font["/BaseFont"]))
    return letters


def drawn_text(data: bytes) -> str:
    """The letters a PDF draws, in the order it draws them (left to right along a line for
    shaped text), read through each font's ToUnicode map; strings drawn one after another are
    simply joined."""
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(data))
    drawn: list[str] = []
    for page in reader.pages:
        fonts = page["/Resources"].get_object().get("/Font", {})  # type: ignore[union-attr]
        maps = {
            name: _to_unicode(ref.get_object()["/ToUnicode"].get_object().get_data())
            for name, ref in fonts.items()
            if "/ToUnicode" in ref.get_object()
        }
        current: dict[int, str] = {}
        for operands, operator in ContentStream(page.get_contents(), reader).operations:
            if operator == b"Tf":
                current = maps.get(operands[0], {})
            elif operator in (b"Tj", b"TJ"):
                for part in operands[0] if operator == b"TJ" else [operands[0]]:
                    raw = getattr(part, "original_bytes", None)
                    if raw is None:
                        continue  # a TJ spacing number
                    codes = (int.from_bytes(raw[i : i + 2]) for i in range(0, len(raw), 2))
                    drawn.append("".join(current.get(code, "") for code in codes))
    return "".join(drawn)
