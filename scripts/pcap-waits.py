#!/usr/bin/env python3
"""Reads a loopback capture of load-tail.sh (PCAP=1) and prints, from the packets' own times:
- each server port's requests as the wire saw them (p50, p90, p99, the slowest, answered from the
  request's packet to the response's first packet), without wrk's correction for coordinated
  omission;
- the slowest requests, and how many others the same port answered meanwhile (a stall of one
  request, or of the whole instance);
- the PostgreSQL messages answered late: our server's message, then PostgreSQL's next packet on the
  same connection more than 100 ms later (PostgreSQL slow to answer, not our server slow to read).
    scripts/pcap-waits.py OUT/lo-8.pcap HTTP_PORT,HTTP_PORT PG_PORT"""
import datetime
import struct
import sys


def packets(path):
    with open(path, "rb") as f:
        magic = struct.unpack("<I", f.read(4))[0]
        f.read(20)
        scale = 1e9 if magic == 0xA1B23C4D else 1e6
        while (header := f.read(16)) and len(header) == 16:
            seconds, fraction, captured, _ = struct.unpack("<IIII", header)
            data = f.read(captured)
            ip = data[14:]  # loopback frames carry an Ethernet header
            ihl = (ip[0] & 15) * 4
            total = struct.unpack("!H", ip[2:4])[0]
            tcp = ip[ihl:]
            source, destination = struct.unpack("!HH", tcp[:4])
            offset = (tcp[12] >> 4) * 4
            payload = total - ihl - offset
            if payload > 0:
                first = chr(tcp[offset]) if offset < len(tcp) else "?"
                yield seconds + fraction / scale, source, destination, first


def clock(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%H:%M:%S.%f")[:-3]


def main():
    http = {int(p) for p in sys.argv[2].split(",")}
    pg = int(sys.argv[3]) if len(sys.argv) > 3 else None
    asked, answered, requests = {}, {}, []
    last, late = {}, []
    for t, source, destination, first in packets(sys.argv[1]):
        if destination in http:
            key = (destination, source)
            if key in asked and key in answered:
                requests.append((answered[key] - asked[key], key, asked[key]))
            asked[key] = t
            answered.pop(key, None)
        elif source in http:
            answered.setdefault((source, destination), t)
        elif pg in (source, destination):
            connection, outgoing = (destination, False) if source == pg else (source, True)
            previous = last.get(connection)
            if previous and previous[1] and not outgoing and t - previous[0] > 0.1:
                late.append((t - previous[0], connection, previous[0], previous[2], first))
            last[connection] = (t, outgoing, first)
    for port in sorted(http):
        times = sorted(r[0] for r in requests if r[1][0] == port)
        if times:
            at = lambda q: times[min(len(times) - 1, int(len(times) * q))] * 1e3
            print(f"port {port}: {len(times)} requests, p50 {at(0.5):.1f} ms, p90 {at(0.9):.1f} ms, "
                  f"p99 {at(0.99):.1f} ms, slowest {times[-1] * 1e3:.1f} ms")
    for took, key, start in sorted(requests)[-5:]:
        others = sum(1 for r in requests if r[1][0] == key[0] and r[1] != key and start <= r[2] and r[2] + r[0] <= start + took)
        print(f"slow: port {key[0]} at {clock(start)}, {took * 1e3:.0f} ms; the same port answered {others} others meanwhile")
    for took, connection, sent, message, reply in sorted(late)[-10:]:
        print(f"PostgreSQL late: connection {connection} sent '{message}' at {clock(sent)}, answered '{reply}' {took * 1e3:.0f} ms later")


main()
