#!/usr/bin/env python3
# Counts the pixels of a PNG screenshot (8-bit RGB or RGBA, non-interlaced, as Chromium
# writes them) near given colours, in the left and right halves: a test's check that a
# page drew its board (the board's wood colour, the pieces' blue and red inks) and its
# table (dark text and link blue). Standard library only (zlib).
#
#   png_colors.py SHOT.png  ->  one line per colour: NAME LEFT RIGHT
import struct
import sys
import zlib

COLOURS = {
    "board": (0xE8, 0xC9, 0x8B),
    "cho": (0x1F, 0x4F, 0xA3),
    "han": (0xB3, 0x26, 0x1E),
    "text": (0x1D, 0x24, 0x30),
}


def read_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("not a PNG")
    at, idat, width, height, kind = 8, b"", 0, 0, 0
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        tag = data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        if tag == b"IHDR":
            width, height, depth, kind, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or kind not in (2, 6) or interlace:
                sys.exit("unsupported PNG")
        elif tag == b"IDAT":
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    bpp = 3 if kind == 2 else 4
    stride = width * bpp
    rows, prev, pos = [], bytearray(stride), 0
    for _ in range(height):
        f = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
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
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def main():
    width, height, bpp, rows = read_png(sys.argv[1])
    counts = {name: [0, 0] for name in COLOURS}
    for line in rows[::2]:
        for x in range(0, width, 2):
            r, g, b = line[x * bpp], line[x * bpp + 1], line[x * bpp + 2]
            for name, (cr, cg, cb) in COLOURS.items():
                if abs(r - cr) + abs(g - cg) + abs(b - cb) < 40:
                    counts[name][0 if x < width // 2 else 1] += 1
    for name, (left, right) in counts.items():
        print(name, left, right)


main()
