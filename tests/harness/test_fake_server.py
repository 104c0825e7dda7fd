import http.client
import json
import urllib.error
import urllib.request

import pytest

from saferelbench.testing.fake_server import FakeOpenAIServer, Reply, image_urls, user_text


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
        # usage counted from the request: 1 token for "sys", 85 for the image + 1 for "hello";
        # 13 characters of answer: 3 tokens; and kept as the server reported it
        usage = {"prompt_tokens": 87, "completion_tokens": 3, "total_tokens": 90}
        assert out["usage"] == usage
        assert server.usage == [usage]
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


@pytest.mark.slow
def test_fake_server_command_line_plays_golden_plans(tmp_path):
    """`python -m saferelbench.testing.fake_server --host 127.0.0.1 --port 0` serves a model
    that `saferelbench run --model openai-api/local/...` can evaluate offline."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from typer.testing import CliRunner

    from saferelbench.cli.main import app

    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "saferelbench.testing.fake_server",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        base_url = proc.stdout.readline().strip()
        assert base_url.startswith("http://127.0.0.1:") and base_url.endswith("/v1"), base_url
        out = tmp_path / "run"
        result = CliRunner().invoke(
            app,
            [
                "run",
                "--model",
                "openai-api/local/golden",
                "--ids",
                "sup-falling_tidy-03",
                "--no-images",
                "--out",
                str(out),
                "--json",
            ],
            env={"LOCAL_BASE_URL": base_url, "LOCAL_API_KEY": "none"},
        )
        assert result.exit_code == 0, result.output
        summary = json.loads(result.stdout)
        assert summary["n"] == 1 and summary["SR"] == 1.0 and summary["SSR"] == 1.0
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_reply_can_set_its_usage():
    reply = Reply(text="x", prompt_tokens=10, completion_tokens=5)
    with FakeOpenAIServer(lambda body: reply) as server:
        out = post(server, BODY)
    assert out["usage"] == {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
