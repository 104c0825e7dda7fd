"""A frame starts from the empty room, filled and pasted rather than copied: the same pixels
as the room drawn whole, at any size."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from saferelbench.render.renderer import _blank_room, _room


@settings(max_examples=25, deadline=None)
@given(
    width=st.integers(min_value=1, max_value=1400),
    height=st.integers(min_value=2, max_value=1000),
    share=st.floats(min_value=0.0, max_value=1.0),
)
def test_the_blank_room_is_the_room(width: int, height: int, share: float) -> None:
    y_base = round(share * (height - 1))
    assert _blank_room(width, height, y_base).tobytes() == _room(width, height, y_base).tobytes()
