"""The keyword index behind :func:`saferelbench.render.kinds.best_word` picks the very kind an
exhaustive scan of every keyword of every kind picks, ties going to the kind registered first."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from saferelbench.render import kinds as K


def scan(category: str, room: bool) -> tuple[K.Kind, K.Words] | None:
    """Every keyword of every kind ranked, in registration order; a later one wins only
    when it ranks higher."""
    words = K.tokens(category)
    best = None
    for k in K.KINDS.values():
        for group in k.words:
            if group.room != room:
                continue
            for keyword in group.keywords:
                r = K._rank(keyword, category, words)
                if r is not None and (best is None or r > best[0]):
                    best = (r, k, group)
    return None if best is None else (best[1], best[2])


KEYWORDS = sorted({kw for k in K.KINDS.values() for g in k.words for kw in g.keywords})
#: pieces names are made of: keywords, their halves and a few letters around them
PIECES = st.one_of(
    st.sampled_from(KEYWORDS),
    st.sampled_from(KEYWORDS).map(lambda w: w[: max(1, len(w) // 2)]),
    st.sampled_from(KEYWORDS).map(lambda w: w[len(w) // 2 :]),
    st.text(alphabet="abcdeilnoprst", min_size=1, max_size=5),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=4), st.sampled_from(["_", ""]), st.booleans())
def test_the_index_picks_what_the_scan_picks(parts: list[str], glue: str, room: bool) -> None:
    category = glue.join(parts)
    assert K.best_word(category, room) == scan(category, room)


def test_every_keyword_alone_and_in_a_longer_word() -> None:
    for keyword in KEYWORDS:
        for category in (keyword, f"big_{keyword}", f"{keyword}s", f"tea{keyword}"):
            for room in (False, True):
                assert K.best_word(category, room) == scan(category, room), category
