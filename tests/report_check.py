#!/usr/bin/env python3
"""The study report opened in headless Chromium: writes a report with
`carcassonne simulate --html`, loads it with no network, and checks that
the page logged no console errors, that the rendered DOM holds the charts
(SVG elements, series, bars, intervals) and that the screenshot shows them
(pixels in the seats' colours).

usage: report_check.py CLI CHROMIUM SOURCE_DIR WORK_DIR [--keep-screenshot PNG]
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib


def png_pixels(path):
    """(width, height, rows of RGB(A) bytes) of an 8-bit RGB or RGBA PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "unexpected PNG format"
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def count_colour(width, bpp, rows, rgb, tol=40):
    n = 0
    for row in rows:
        for x in range(0, width * bpp, bpp):
            if all(abs(row[x + k] - rgb[k]) <= tol for k in range(3)):
                n += 1
    return n


def chromium(binary, profile, *args):
    cmd = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--user-data-dir=" + profile,
           "--enable-logging=stderr", "--v=0", "--hide-scrollbars"] + list(args)
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=180)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def main():
    cli, browser, src, work = sys.argv[1:5]
    keep = sys.argv[sys.argv.index("--keep-screenshot") + 1] if "--keep-screenshot" in sys.argv else None
    games = "20000" if keep else "600"
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    page = os.path.join(work, "report.html")
    subprocess.run([cli, "simulate", "--rules", os.path.join(src, "expansions/default.lua"), "--against",
                    os.path.join(src, "expansions/house_rules/wealth_before_witch.lua"), "--games", games,
                    "--seed", "1", "--html", page], check=True, stdout=subprocess.DEVNULL)
    html = open(page, encoding="utf-8").read()
    assert "http://" not in html and "https://" not in html and "<script" not in html, "the page is not self-contained"

    # The rendered DOM, and any console message.
    rc, dom, log = chromium(browser, os.path.join(work, "profile1"), "--dump-dom", "file://" + page)
    assert rc == 0, "chromium --dump-dom failed: " + log[-2000:]
    console = [l for l in log.splitlines() if "CONSOLE" in l or "Uncaught" in l]
    assert not console, "console messages: %s" % console
    charts = re.findall(r'<svg class="chart" id="([a-z-]+)"', dom)
    assert charts == ["chart-scores-a", "chart-scores-b", "chart-wins", "chart-handlers", "chart-against-score",
                      "chart-against-wins"], charts
    assert dom.count('<polyline class="series"') == 4, "two score lines per ruleset expected"
    assert dom.count('class="interval"') == 4 + 2 + 2, "win and difference intervals expected"
    assert dom.count('<rect class="bar"') >= 4 + 8 + 4, "bars expected"

    # The screenshot shows the charts: the seats' colours are on the page.
    shot = os.path.join(work, "report.png")
    rc, _, log = chromium(browser, os.path.join(work, "profile2"), "--window-size=800,2400",
                          "--screenshot=" + shot, "file://" + page)
    assert rc == 0 and os.path.exists(shot), "no screenshot: " + log[-2000:]
    width, height, bpp, rows = png_pixels(shot)
    assert (width, height) == (800, 2400), (width, height)
    red = count_colour(width, bpp, rows, (0xc6, 0x28, 0x28))
    blue = count_colour(width, bpp, rows, (0x15, 0x65, 0xc0))
    assert red > 2000 and blue > 2000, "charts not drawn: %d red, %d blue pixels" % (red, blue)
    if keep:
        shutil.copyfile(shot, keep)
    print("report rendered: %d charts, %d red and %d blue pixels" % (len(charts), red, blue))


if __name__ == "__main__":
    main()
