"""As the game's user, with pygame-ce's SDL as the game uses it: is the uinput pad a joystick, a
game controller, and do its A presses arrive? Prints one line:
joysticks=N names=A|B controller=yes|no presses=N   (check-boot.sh, inside the booted image)
"""

import time

import pygame
from pygame._sdl2 import controller

pygame.display.init()
pygame.joystick.init()
controller.init()
sticks = [pygame.joystick.Joystick(i) for i in range(pygame.joystick.get_count())]
names = [stick.get_name() for stick in sticks]
is_controller = any(controller.is_controller(i) for i in range(len(sticks)))
presses, end = 0, time.monotonic() + 10
while time.monotonic() < end:
    for ev in pygame.event.get():
        if ev.type in (pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN):
            presses += 1
    time.sleep(0.02)
print(f"joysticks={len(sticks)} names={'|'.join(names) or '-'} controller={'yes' if is_controller else 'no'} presses={presses}")
