#!/usr/bin/env python3
"""Writes N randomly mutated copies of the given .gib files into OUT (insert / delete /
replace bytes; CP949 and UTF-8 letters; 0xFF / 0x1A; braces, brackets, quotes, escapes),
for tests/fuzz/differential.sh. UTF8ONLY=1 inserts UTF-8 letters and ASCII only.

Usage: tests/fuzz/gib_mutants.py OUT N FILE...   (seeded: the same files give the same set)"""
import os, random, sys
out, n, seeds = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rng = random.Random(23)
letters = "차車포包砲마馬상象사士장將궁帥졸卒병兵楚漢초한타군수쉼판접기"
pieces = []
U8 = os.environ.get("UTF8ONLY")
for ch in letters:
    pieces.append(ch.encode("utf-8"))
    if U8: continue
    try: pieces.append(ch.encode("cp949"))
    except UnicodeEncodeError: pass
ascii_bits = [b"{", b"}", b"[", b"]", b"\"", b"\\", b"\\}", b"\\\"", b"\\[", b"<", b">", b"<12>", b"<-0>",
              b".", b" ", b"\t", b"\n", b"\r", b"\r\n", b"0", b"1", b"5", b"9", b"a", b"i", b"10.", b"\xff", b"\x1a",
              b"\xff\xff", b"\x81", b"\xfe", b"\x80", b"\xc3", b"\xef\xbf\xbd", b"\xb0\x5d", b"\xb0\x5c", b"\x81\x7d",
              "[판 \"".encode(), "[기보형식 \"구좌표\"]\n".encode(), "한수쉼".encode(), "장군".encode(),
              "한수쉼".encode("cp949"), "장군".encode("cp949")]
if U8: ascii_bits = [x for x in ascii_bits if all(c < 0x80 for c in x) or x.decode("utf-8", "ignore").encode() == x]
def bit():
    return rng.choice(pieces) if rng.random() < 0.4 else rng.choice(ascii_bits)
data = [open(s, "rb").read() for s in seeds]
for k in range(n):
    b = bytearray(rng.choice(data))
    # keep files small: a window of the file, from a line start
    if len(b) > 6000:
        start = b.rfind(b"\n", 0, rng.randrange(len(b) - 3000)) + 1
        b = b[start:start + rng.randrange(2000, 6000)]
    for _ in range(rng.randint(1, 8)):
        if not b: b = bytearray(bit()); continue
        i = rng.randrange(len(b))
        op = rng.random()
        if op < 0.4: b[i:i] = bit()
        elif op < 0.7: del b[i:i + rng.randint(1, 3)]
        else: b[i:i + rng.randint(1, 3)] = bit()
    with open(os.path.join(out, "m%05d.gib" % k), "wb") as f: f.write(bytes(b))
