"""SDL's virtual joystick (SDL >= 2.0.14), reached through ctypes on the very SDL library
pygame-ce loaded, so the devices it creates go through SDL's real joystick/controller code and
arrive as ordinary pygame events. pygame-ce does not wrap this API itself."""

from __future__ import annotations

import ctypes

import pygame

SDL_JOYSTICK_TYPE_GAMECONTROLLER = 1
SDL_JOYSTICK_TYPE_ARCADE_STICK = 3
HAT = {"centered": 0, "up": 1, "right": 2, "down": 4, "left": 8}


def _loaded_sdl_path() -> str | None:
    try:
        with open("/proc/self/maps") as fh:
            for line in fh:
                name = line.split()[-1] if line.split() else ""
                if "/libSDL2-" in name or "/libSDL2.so" in name or "/libSDL2-2.0.so" in name:
                    return name
    except OSError:
        return None
    return None


class VirtualSDL:
    def __init__(self) -> None:
        path = _loaded_sdl_path()
        if path is None:
            raise RuntimeError("cannot find the SDL library pygame loaded")
        sdl = ctypes.CDLL(path)
        if not hasattr(sdl, "SDL_JoystickAttachVirtual"):
            raise RuntimeError("this SDL has no virtual joysticks")
        sdl.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
        sdl.SDL_JoystickOpen.restype = ctypes.c_void_p
        sdl.SDL_JoystickOpen.argtypes = [ctypes.c_int]
        sdl.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        sdl.SDL_JoystickInstanceID.argtypes = [ctypes.c_void_p]
        sdl.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
        sdl.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        sdl.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        sdl.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        sdl.SDL_JoystickSetVirtualHat.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        self.sdl = sdl

    def attach(self, kind: int, axes: int = 6, buttons: int = 15, hats: int = 1) -> VirtualDevice:
        index = self.sdl.SDL_JoystickAttachVirtual(kind, axes, buttons, hats)
        if index < 0:
            raise RuntimeError("SDL_JoystickAttachVirtual failed")
        return VirtualDevice(self.sdl, index)


class VirtualDevice:
    def __init__(self, sdl, index: int) -> None:
        self.sdl = sdl
        self.handle = sdl.SDL_JoystickOpen(index)
        self.instance_id = sdl.SDL_JoystickInstanceID(self.handle)
        self.attached = True

    def button(self, i: int, down: bool) -> None:
        self.sdl.SDL_JoystickSetVirtualButton(self.handle, i, 1 if down else 0)

    def axis(self, i: int, value: int) -> None:
        self.sdl.SDL_JoystickSetVirtualAxis(self.handle, i, value)

    def hat(self, i: int, *dirs: str) -> None:
        self.sdl.SDL_JoystickSetVirtualHat(self.handle, i, sum(HAT[d] for d in dirs))

    def detach(self) -> None:
        if not self.attached:
            return
        self.attached = False
        self.sdl.SDL_JoystickClose(self.handle)
        for index in range(pygame.joystick.get_count()):
            if self.sdl.SDL_JoystickGetDeviceInstanceID(index) == self.instance_id:
                self.sdl.SDL_JoystickDetachVirtual(index)
                return
