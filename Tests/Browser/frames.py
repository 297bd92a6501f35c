"""Device frames in real pixels: every sample is opened as its SVG picture and
as its HTML page in headless chromium, and screenshots (CDP
Page.captureScreenshot) must show the first and the last header whole inside
the device's screen: the pixels at each header's four corners are the
header's colour, and just outside the screen's corners lies the device's
body. The SVG's and the page's chassis must also have the same size and
bezel (both draw the model's DeviceFrame).
"""
import base64
import os

BODY = (0x1C, 0x1C, 0x1E)
# How far inside a header's corner to look (container points) and how far
# colours may differ (antialiasing at a fit-to-window scale).
INSET = 2.0
COLOUR_TOLERANCE = 3

SVG_READ = r"""(() => {
  const screen = document.querySelector('g[clip-path="url(#p0-screen)"] > rect').getBoundingClientRect();
  const body = document.querySelector('svg > g > rect[stroke="#48484A"]').getBoundingClientRect();
  return { screen: [screen.x, screen.y, screen.width, screen.height], scale: 1,
           body: [body.x, body.y, body.width, body.height] };
})()"""

HTML_READ = r"""(() => {
  const el = document.getElementById('screen'), s = el.getBoundingClientRect();
  const W = parseFloat(el.style.width), k = W > 0 ? s.width / W : 1;
  const d = document.getElementById('device').getBoundingClientRect();
  return { screen: [s.x, s.y, W, parseFloat(el.style.height)], scale: k,
           body: [d.x, d.y, d.width / k, d.height / k], label: document.getElementById('scale').textContent };
})()"""


def shoot(browser, width, height):
    shot = browser.call("Page.captureScreenshot", format="png",
                        clip={"x": 0, "y": 0, "width": width, "height": height, "scale": 1})
    return base64.b64decode(shot["data"])


def corner_points(header, scale, radius=0):
    """Points just inside a header's corners; inside a section's rounded
    corner (`radius`, insetGrouped) far enough in to be on the header: the
    arc passes (d, d) at d = r·(1 − 1/√2) ≈ 0.3·r."""
    x, y, w, h = (header[k] for k in ("x", "y", "width", "height"))
    inset = min(max(INSET, 2.5 / scale, 0.3 * radius + 1.5), w / 3, h / 3)
    return [(x + inset, y + inset), (x + w - inset, y + inset), (x + inset, y + h - inset), (x + w - inset, y + h - inset)]


def sample(view, pixel, size, px, py):
    sx, sy, _, _ = view["screen"]
    k = view["scale"]
    x, y = int(sx + px * k), int(sy + py * k)
    if not (0 <= x < size[0] and 0 <= y < size[1]):
        return None
    return pixel(x, y)


def check_picture(kind, view, png, dump, decode_png, hex_rgb, failure):
    """The first and last headers' corners show their colours; the body lies around the screen.
    Returns the corner pixels, for comparing the SVG with the page."""
    width, height, pixel = decode_png(png)
    seen = {}
    # The first and last headers wholly inside the window shown: the whole
    # container, or a scrolling container's [offset, offset + H).
    offset = dump["scroll"]["offset"] if dump.get("scroll") else 0
    bottom = offset + dump["container"]["height"]
    inside = [p for p in dump["panels"]
              if p["header"]["y"] >= offset - 1e-6 and p["header"]["y"] + p["header"]["height"] <= bottom + 1e-6]
    if not inside:
        raise failure(f"{kind}: no header lies wholly inside the window [{offset:g}, {bottom:g})")
    for p in {0: inside[0], 1: inside[-1]}.values():
        h = dict(p["header"], y=p["header"]["y"] - offset)
        if h["height"] < 2 * INSET or h["width"] < 2 * INSET:
            raise failure(f"{kind}: header {p['id']} is too thin to check ({h['width']} x {h['height']})")
        want = hex_rgb(p["color"][:7])
        opaque = p["color"][7:9].upper() in ("", "FF") and not p["disabled"]
        radius = (dump["container"].get("style") or {}).get("cornerRadius", 0)
        for (px, py) in corner_points(h, view["scale"], radius):
            got = sample(view, pixel, (width, height), px, py)
            if got is None:
                raise failure(f"{kind}: header {p['id']} corner ({px:g},{py:g}) lies outside the screenshot")
            if got == BODY or (opaque and any(abs(g - w) > COLOUR_TOLERANCE for g, w in zip(got, want))):
                raise failure(f"{kind}: header {p['id']} corner ({px:g},{py:g}) shows #{bytes(got).hex()}, "
                              f"not its colour {p['color']}: the frame hides it")
            seen[(p["id"], px, py)] = got
    # Just outside the screen's four corners (beyond its 1-pt edge line): the body.
    w, h = view["screen"][2], view["screen"][3]
    for (px, py) in ((-2.5, -2.5), (w + 2.5, -2.5), (-2.5, h + 2.5), (w + 2.5, h + 2.5)):
        got = sample(view, pixel, (width, height), px, py)
        if got is None or any(abs(g - b) > COLOUR_TOLERANCE for g, b in zip(got, BODY)):
            raise failure(f"{kind}: ({px:g},{py:g}) outside the screen's corner shows "
                          f"{'nothing' if got is None else '#' + bytes(got).hex()}, not the device body")
    return seen


def check_spec(run, browser, spec, name, open_page, decode_png, hex_rgb, failure):
    # After the script; a scrolling container at load (offset 0), where the
    # page's view and the SVG's window are the same without scrolling.
    dump = run.dump(spec)
    moment = ("--no-script",) if dump.get("scroll") else ()
    if moment:
        dump = run.dump(spec, extra=moment)
    if not dump["panels"]:
        raise failure(f"{name} has no panels to check")
    # The SVG at true scale, in a window as large as the picture.
    svg = os.path.join(run.workdir, name + ".svg")
    run.cli("render", "--format", "svg", *moment, "-o", svg, spec)
    text = open(svg, encoding="utf-8").read(600)
    import re
    m = re.search(r'width="([0-9.]+)" height="([0-9.]+)"', text)
    sw, sh = int(float(m.group(1))) + 1, int(float(m.group(2))) + 1
    saved = (browser.width, browser.height)
    browser.viewport(max(sw, saved[0]), max(sh, saved[1]))
    try:
        browser.navigate("file://" + svg)
        sview = browser.eval(SVG_READ)
        svg_corners = check_picture("SVG", sview, shoot(browser, sw, sh), dump, decode_png, hex_rgb, failure)
    finally:
        browser.viewport(*saved)
    # The page, scaled to fit the window as it chooses.
    page = run.page(spec, name + "-frame", extra=moment)
    open_page(run, browser, page)
    hview = browser.eval(HTML_READ)
    png = shoot(browser, browser.width, browser.height)
    if run.verbose:
        with open(os.path.join(run.workdir, name + "-frame.png"), "wb") as f:
            f.write(png)
    html_corners = check_picture("HTML", hview, png, dump,
                                 decode_png, hex_rgb, failure)
    # One frame: the same body size and the same bezel in both pictures.
    bezel_svg = sview["screen"][0] - sview["body"][0]
    bezel_html = (hview["screen"][0] - hview["body"][0]) / hview["scale"]
    if any(abs(a - b) > 0.51 for a, b in zip(sview["body"][2:], hview["body"][2:])) or abs(bezel_svg - bezel_html) > 0.51:
        raise failure(f"the SVG's device is {sview['body'][2:]} with a {bezel_svg:g} bezel, "
                      f"the page's {hview['body'][2:]} with {bezel_html:g}")
    if hview["scale"] == 1:
        differ = [key for key in svg_corners if any(abs(a - b) > COLOUR_TOLERANCE for a, b in zip(svg_corners[key], html_corners[key]))]
        if differ:
            raise failure(f"SVG and page disagree at header corners {differ[:2]}")
    return hview
