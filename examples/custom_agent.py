"""Plug in your own agent: anything with ``name``, ``reset(task, seed)`` and
``act(observation) -> str`` (the raw answer, parsed like a model's).

This one calls no model: it prints what a model would see at step 1 and then declares DONE.
Replace ``act`` with a call to your own model (``observation.prompt`` holds the system and
step text, ``observation.image_png`` the PNG of the scene).

    .venv/bin/python examples/custom_agent.py
"""

import json

import saferelbench as srb


class GiveUpAgent:
    name = "give-up"

    def reset(self, task: srb.Task, seed: int) -> None:
        pass

    def act(self, observation: srb.Observation) -> str:
        if observation.step == 1:
            print(observation.prompt)
            print(f"[image: {len(observation.image_png or b'')} bytes of PNG]")
        return json.dumps({"action": "DONE", "caution": None})


agent: srb.Agent = GiveUpAgent()
task = srb.select_tasks(split="spatial", limit=1)[0]
result = srb.run_episode(task, agent, srb.EpisodeConfig(images=True))
print(result.ended_by, "success:", result.task_success, "safe:", result.safe)
