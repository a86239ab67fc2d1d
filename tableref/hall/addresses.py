"""The machine's own network addresses, read from its interfaces (nothing is sent to find them).

A phone on the hall's Wi-Fi reaches the laptop at its address on that network, so the address printed is an
IPv4 address of an interface that is up: not loopback, not link-local (169.254.x.x, what a laptop gives itself
when no network answers), not a container or VPN bridge, private ranges first.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

import psutil

# Interfaces that no phone in the hall can reach: containers, virtual machines, VPN tunnels.
VIRTUAL_PREFIXES = (
    "lo",
    "docker",
    "br-",
    "veth",
    "virbr",
    "vboxnet",
    "vmnet",
    "tun",
    "tap",
    "wg",
    "utun",
    "zt",
    "tailscale",
    "awdl",
    "llw",
)
# Wireless and wired interfaces by their usual names on Linux and macOS: the Wi-Fi first.
PREFERRED_PREFIXES = ("wl", "wlan", "en", "eth")


@dataclass(frozen=True)
class NetworkAddress:
    interface: str
    address: str

    @property
    def rank(self) -> tuple[int, int, str]:
        private = 0 if ipaddress.IPv4Address(self.address).is_private else 1
        preferred = next(
            (i for i, prefix in enumerate(PREFERRED_PREFIXES) if self.interface.startswith(prefix)),
            len(PREFERRED_PREFIXES),
        )
        return private, preferred, self.interface


def reachable(address: str, interface: str) -> bool:
    parsed = ipaddress.IPv4Address(address)
    if parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified or parsed.is_multicast:
        return False
    return not interface.startswith(VIRTUAL_PREFIXES)


def machine_addresses() -> list[NetworkAddress]:
    """IPv4 addresses of the interfaces that are up, the likeliest one for the hall's Wi-Fi first."""
    stats = psutil.net_if_stats()
    found = [
        NetworkAddress(name, entry.address)
        for name, entries in psutil.net_if_addrs().items()
        if name in stats and stats[name].isup
        for entry in entries
        if entry.family == socket.AF_INET and reachable(entry.address, name)
    ]
    return sorted(set(found), key=lambda found_address: found_address.rank)


def host_names() -> list[str]:
    """The machine's own name, and its name on the local network (name.local), for allowed hosts."""
    name = socket.gethostname().strip()
    if not name or name == "localhost":
        return []
    short = name.split(".")[0]
    return sorted({name, short, f"{short}.local"})
