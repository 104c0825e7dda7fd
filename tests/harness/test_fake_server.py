import http.client
import json
import urllib.error
import urllib.request

import pytest

from saferelbench.harness.testing.fake_server import FakeOpenAIServer, Reply, image_urls, user_text


def post(server, body):
    req = urllib.request.Request(
        f"{server.base_url}/chat/completions",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


BODY = {
    "model": "m",
    "messages": [
        {"role": "system", "content": "sys"},
        {
            "role": "user",
            "content": [
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
                {"type": "text", "text": "hello"},
            ],
        },
    ],
}


def test_completion_models_and_recorded_requests():
    with FakeOpenAIServer(lambda body: "answer: " + user_text(body), models=("a", "b")) as server:
        out = post(server, BODY)
        assert out["choices"][0]["message"]["content"] == "answer: hello"
        assert out["usage"]["total_tokens"] == 15
        with urllib.request.urlopen(f"{server.base_url}/models", timeout=10) as r:
            assert [m["id"] for m in json.loads(r.read())["data"]] == ["a", "b"]
        assert server.requests == [BODY]
        assert image_urls(server.requests[0]) == ["data:image/png;base64,AAAA"]


def test_error_status_and_broken_script_are_http_errors():
    with FakeOpenAIServer(
        lambda body: Reply(status=429, text="slow down", headers={"Retry-After": "1"})
    ) as server:
        with pytest.raises(urllib.error.HTTPError) as err:
            post(server, BODY)
        assert err.value.code == 429 and err.value.headers["Retry-After"] == "1"
        assert json.loads(err.value.read())["error"]["message"] == "slow down"
    with (
        FakeOpenAIServer(lambda body: str(1 / 0)) as server,
        pytest.raises(urllib.error.HTTPError) as err,
    ):
        post(server, BODY)
    assert err.value.code == 500


def test_truncated_and_raw_bodies():
    cut = (http.client.IncompleteRead, urllib.error.URLError, ConnectionError)
    with (
        FakeOpenAIServer(lambda body: Reply(text="x" * 100, truncate=20)) as server,
        pytest.raises(cut),
    ):
        post(server, BODY)
    with FakeOpenAIServer(lambda body: Reply(raw_body=b"not json")) as server:
        req = urllib.request.Request(f"{server.base_url}/chat/completions", data=b"{}")
        with urllib.request.urlopen(req, timeout=10) as r:
            assert r.read() == b"not json"
