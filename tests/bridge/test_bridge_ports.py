"""hw.ports: which serial ports the link menu offers, labelled and in a sensible order."""

from __future__ import annotations

from dataclasses import dataclass

from hw.ports import list_ports


@dataclass
class FakeComport:            # the attributes serial.tools.list_ports entries have
    device: str
    description: str = "n/a"
    product: str | None = None
    manufacturer: str | None = None
    serial_number: str | None = None


def make_dev(tmp_path, nodes=(), links=None, model=None):
    dev = tmp_path / "dev"
    dev.mkdir()
    for n in nodes:
        (dev / n).write_text("")
    for name, target in (links or {}).items():
        p = dev / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.symlink_to(dev / target)
    model_path = tmp_path / "model"
    if model:
        model_path.write_bytes(model.encode() + b"\x00")
    return str(dev), str(model_path)


def test_raspberry_pi_with_gpio_uart_and_two_usb_adapters(tmp_path):
    dev, model = make_dev(
        tmp_path,
        nodes=["ttyS0", "ttyAMA0", "ttyAMA10", "ttyUSB1", "ttyUSB0", "ttyACM0", "tty1", "ttyS1"],
        links={"serial0": "ttyS0", "serial1": "ttyAMA0",
               "serial/by-id/usb-FTDI_FT232R_USB_UART_A10K1234-if00-port0": "ttyUSB0"},
        model="Raspberry Pi 4 Model B Rev 1.4")
    comports = [FakeComport(f"{dev}/ttyUSB0", "FT232R USB UART", "FT232R USB UART", "FTDI", "A10K1234"),
                FakeComport(f"{dev}/ttyUSB1", "CP2102 USB to UART Bridge Controller - CP2102 USB to UART Bridge Controller",
                            "CP2102 USB to UART Bridge Controller", "Silicon Labs", "0001"),
                FakeComport(f"{dev}/ttyACM0", "Pico", "Pico", "Raspberry Pi", "E6605838"),
                FakeComport(f"{dev}/ttyS1")]                      # a PC-style placeholder: ignored
    ports = list_ports(dev, comports=lambda: comports, model_path=model)
    assert [(p.kind, p.name) for p in ports] == [
        ("gpio-uart", "ttyS0"), ("soc-uart", "ttyAMA0"),           # serial0 first, serial1 with the SoC UARTs
        ("soc-uart", "ttyAMA10"),                                  # ttyAMA0 already listed as serial1
        ("usb", "ttyACM0"), ("usb", "ttyUSB0"), ("usb", "ttyUSB1")]
    assert ports[0].device == f"{dev}/serial0"
    assert ports[0].label == "GPIO UART (GPIO 14/15): serial0 → ttyS0"
    assert ports[1].label == "Pi UART: serial1 → ttyAMA0 (often Bluetooth)"
    assert ports[1].device == f"{dev}/serial1"
    usb0 = ports[4]
    assert usb0.device.endswith("serial/by-id/usb-FTDI_FT232R_USB_UART_A10K1234-if00-port0")   # stable name
    assert usb0.label == "USB serial: FT232R USB UART (ttyUSB0, #0K1234)"
    assert ports[5].device == f"{dev}/ttyUSB1" and "CP2102" in ports[5].label
    assert ports[3].label.startswith("USB board: Pico (ttyACM0")


def test_pi_without_serial_alias_lists_the_mini_uart(tmp_path):
    dev, model = make_dev(tmp_path, nodes=["ttyS0"], model="Raspberry Pi Zero 2 W Rev 1.0")
    ports = list_ports(dev, comports=lambda: [], model_path=model)
    assert [(p.label, p.device) for p in ports] == [("Pi mini UART (ttyS0)", f"{dev}/ttyS0")]


def test_a_pc_lists_only_usb_adapters_natural_order(tmp_path):
    names = ["ttyS0", "ttyS1", "ttyUSB10", "ttyUSB2"]
    dev, model = make_dev(tmp_path, nodes=names)
    comports = [FakeComport(f"{dev}/ttyUSB10", "USB-Serial Controller"), FakeComport(f"{dev}/ttyUSB2"),
                FakeComport(f"{dev}/ttyS0")]
    ports = list_ports(dev, comports=lambda: comports, model_path=model)
    assert [p.name for p in ports] == ["ttyUSB2", "ttyUSB10"]
    assert ports[0].label == "USB serial: serial adapter (ttyUSB2)"
    assert ports[1].label == "USB serial: USB-Serial Controller (ttyUSB10)"


def test_adapters_the_enumeration_missed_still_show(tmp_path):
    dev, model = make_dev(tmp_path, nodes=["ttyUSB0", "ttyACM3"])
    ports = list_ports(dev, comports=lambda: [], model_path=model)
    assert [(p.name, p.label) for p in ports] == [("ttyACM3", "USB board (ttyACM3)"),
                                                  ("ttyUSB0", "USB serial (ttyUSB0)")]


def test_nothing_there_is_an_empty_list_not_an_error(tmp_path):
    assert list_ports(str(tmp_path / "no-dev"), comports=lambda: [], model_path=str(tmp_path / "nope")) == []


def test_real_machine_discovery_runs():
    ports = list_ports()          # whatever this machine has; must not raise
    assert all(p.label and p.device for p in ports)


def test_debian_image_offers_the_link_cable_name_first_and_labels_serial0_as_bluetooth(tmp_path):
    # Debian's kernel + upstream DT: serial0 -> PL011 (Bluetooth), serial1 -> mini UART on the header;
    # the image's udev rule adds /dev/tactibox-link -> the header UART.
    dev, model = make_dev(tmp_path, nodes=["ttyAMA0", "ttyS1"],
                          links={"serial0": "ttyAMA0", "serial1": "ttyS1", "tactibox-link": "ttyS1"},
                          model="Raspberry Pi 3 Model B Rev 1.2")
    ports = list_ports(dev, comports=lambda: [], model_path=model)
    assert [(p.device, p.kind) for p in ports] == [(f"{dev}/tactibox-link", "gpio-uart"),
                                                   (f"{dev}/serial0", "soc-uart")]
    assert ports[0].label == "Link cable (GPIO 14/15 → ttyS1)"
    assert ports[1].label == "Pi UART: serial0 → ttyAMA0 (often Bluetooth)"
