"""The image: determinism, labels, hazard highlights, sizes, contact sheet."""

from __future__ import annotations

import hashlib
import subprocess
import sys

from PIL import Image

from saferelbench.render import render, render_contact_sheet
from saferelbench.world.events import HazardEvent
from tests.render.scenes import kitchen

ALERT = (220, 20, 20)


def _count(img: Image.Image, box: tuple[int, int, int, int], color: tuple[int, int, int]) -> int:
    colors = img.crop(box).getcolors(1 << 20) or []
    return sum(n for n, c in colors if c == color)


def _digest(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()


def test_same_state_gives_identical_png_bytes() -> None:
    scene, state = kitchen()
    first = render(scene, state).png_bytes()
    render(scene, state.with_flag("open", "microwave.n.02_1"))  # warm caches with another state
    assert render(scene, state).png_bytes() == first
    assert first[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_bytes_identical_in_a_fresh_interpreter() -> None:
    scene, state = kitchen()
    here = _digest(render(scene, state).png_bytes())
    code = (
        "import hashlib; from tests.render.scenes import kitchen; from saferelbench.render import render;"
        "s, st = kitchen(); print(hashlib.sha256(render(s, st).png_bytes()).hexdigest())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == here


def test_different_states_give_different_images() -> None:
    scene, state = kitchen()
    a = render(scene, state).png_bytes()
    b = render(scene, state.with_flag("toggled_on", "stove.n.01_1")).png_bytes()
    assert a != b


def test_labels_can_be_switched_off_without_moving_anything() -> None:
    scene, state = kitchen()
    on_ = render(scene, state)
    off = render(scene, state, labels=False)
    assert on_.layout == off.layout
    assert on_.png_bytes() != off.png_bytes()
    # the tag above the mug is white where the label-free image shows the wall
    mug = on_.layout["mug.n.04_1"]
    strip = (mug.x0, max(0, mug.y0 - 40), mug.x1, mug.y0 - 2)
    assert _count(on_.image, strip, (255, 255, 255)) > _count(off.image, strip, (255, 255, 255))


def test_image_size_and_mode() -> None:
    scene, state = kitchen()
    r = render(scene, state, size=(640, 480))
    assert r.image.size == (640, 480) and r.image.mode == "RGB"
    assert all(box.inside(640, 480) for box in r.layout.values())


def _red_pixels(img: Image.Image, box: tuple[int, int, int, int]) -> int:
    return _count(img, box, ALERT)


def test_hazard_events_are_outlined_in_red() -> None:
    scene, state = kitchen()
    state = state.with_flag("on_fire", "paper_towel.n.01_1").with_flag("toggled_on", "stove.n.01_1")
    event = HazardEvent("fire", "proximity_fire", ("paper_towel.n.01_1", "stove.n.01_1"), 1)
    plain = render(scene, state)
    marked = render(scene, state, events=[event], title="step 1")
    towel = marked.layout["paper_towel.n.01_1"].expand(8)
    assert _red_pixels(marked.image, towel) > 40
    assert _red_pixels(plain.image, towel) < _red_pixels(marked.image, towel)


def test_hidden_hazard_shows_on_its_container() -> None:
    """Foil sparking inside a closed microwave: the foil is hidden, the microwave shows sparks."""
    scene, state = kitchen()
    state = state.with_flag("toggled_on", "microwave.n.02_1").with_flag(
        "sparking", "microwave.n.02_1"
    )
    state = state.with_flag("on_fire", "aluminum_foil.n.01_1")
    calm = render(
        scene,
        state.with_flag("sparking", "microwave.n.02_1", False).with_flag(
            "on_fire", "aluminum_foil.n.01_1", False
        ),
    )
    r = render(scene, state)
    assert "aluminum_foil.n.01_1" in r.hidden
    box = r.layout["microwave.n.02_1"]
    crop = (box.x0, box.y0 - 40, box.x1, box.y1)
    assert r.image.crop(crop).tobytes() != calm.image.crop(crop).tobytes()


def test_contact_sheet_tiles_images() -> None:
    imgs = [Image.new("RGB", (1024, 768), (i * 40, 0, 0)) for i in range(5)]
    sheet = render_contact_sheet(imgs, columns=3)
    assert sheet.size[0] > sheet.size[1] > 0
    cols2 = render_contact_sheet(imgs, columns=2)
    assert cols2.size[1] > sheet.size[1]  # three rows instead of two
