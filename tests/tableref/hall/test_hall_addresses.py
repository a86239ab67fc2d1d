"""The machine's addresses for the hall: read from its interfaces, the Wi-Fi first, nothing unreachable."""

from __future__ import annotations

import socket
from types import SimpleNamespace

import pytest

from tableref.hall import addresses
from tableref.hall.addresses import NetworkAddress, machine_addresses, reachable
from tableref.hall.launcher import allowed_hosts, hall_url


def interface(*ips: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(family=socket.AF_INET, address=ip) for ip in ips] + [
        SimpleNamespace(family=socket.AF_INET6, address="fe80::1")
    ]


@pytest.fixture
def interfaces(monkeypatch):
    def install(found: dict[str, list], down: tuple[str, ...] = ()) -> None:
        monkeypatch.setattr(addresses.psutil, "net_if_addrs", lambda: found)
        monkeypatch.setattr(
            addresses.psutil,
            "net_if_stats",
            lambda: {name: SimpleNamespace(isup=name not in down) for name in found},
        )

    return install


def test_the_wifi_address_comes_first_and_the_unreachable_are_left_out(interfaces) -> None:
    interfaces(
        {
            "lo": interface("127.0.0.1"),
            "docker0": interface("172.17.0.1"),
            "eth0": interface("10.0.0.8"),
            "wlan0": interface("192.168.1.23"),
            "tun0": interface("10.8.0.2"),
            "wlp2s0": interface("169.254.10.10"),
            "enp3s0": interface("100.64.0.9"),
        }
    )
    assert machine_addresses() == [
        NetworkAddress("wlan0", "192.168.1.23"),
        NetworkAddress("eth0", "10.0.0.8"),
        NetworkAddress("enp3s0", "100.64.0.9"),
    ]


def test_an_interface_that_is_down_is_left_out(interfaces) -> None:
    interfaces({"wlan0": interface("192.168.1.23"), "eth0": interface("10.0.0.8")}, down=("wlan0",))
    assert machine_addresses() == [NetworkAddress("eth0", "10.0.0.8")]


@pytest.mark.parametrize(
    ("address", "name", "expected"),
    [
        ("192.168.0.5", "wlan0", True),
        ("127.0.0.1", "lo", False),
        ("169.254.3.4", "en0", False),
        ("172.17.0.1", "docker0", False),
        ("10.0.0.2", "br-1a2b", False),
    ],
)
def test_reachable(address: str, name: str, expected: bool) -> None:
    assert reachable(address, name) is expected


def test_allowed_hosts_are_the_addresses_the_names_and_localhost(monkeypatch) -> None:
    monkeypatch.setattr("tableref.hall.launcher.host_names", lambda: ["laptop", "laptop.local"])
    monkeypatch.setenv("ALLOWED_HOSTS", "hall.example")
    hosts = allowed_hosts([NetworkAddress("wlan0", "192.168.1.23")])
    assert hosts == ["192.168.1.23", "laptop", "laptop.local", "127.0.0.1", "localhost", "hall.example"]


def test_the_printed_address_leaves_out_port_80() -> None:
    assert hall_url("192.168.1.23", 8000) == "http://192.168.1.23:8000/"
    assert hall_url("192.168.1.23", 80) == "http://192.168.1.23/"
