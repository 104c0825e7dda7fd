"""Names vulture cannot see used: read by vulture only (``[tool.vulture]`` in pyproject.toml).

Everything else in ``src/saferelbench`` that vulture reports is dead code and is deleted, not
listed here. Each entry says who uses the name.
"""

# Framework hooks: Python, http.server, rich, Inspect AI and BDDL call or read these.
_.__getattr__  # module-level lazy imports of the package root (PEP 562)
_.__dir__  # the lazily imported names listed by dir(saferelbench)
_.request_queue_size  # socketserver: listen backlog of the fake server
_.daemon_threads  # socketserver.ThreadingMixIn
_.protocol_version  # http.server.BaseHTTPRequestHandler: keep-alive (HTTP/1.1)
_.disable_nagle_algorithm  # socketserver.StreamRequestHandler
_.log_message  # http.server: silences the request log
_.do_GET  # http.server request dispatch
_.do_POST  # http.server request dispatch
_.close_connection  # http.server: end a keep-alive connection
_.overflow  # rich column settings
_.justify  # rich column settings
_.no_wrap  # rich column settings
_.min_width  # rich column settings
_.title_justify  # rich table settings
_.tool_choice  # Inspect AI ModelAPI.generate signature
_.binary_state  # BDDL predicate _sample signature
_.get_predicate_class  # BDDL backend interface
_.observation_space  # gymnasium.Env: read by gymnasium's wrappers, check_env and vector envs
_.action_space  # gymnasium.Env: read by gymnasium's wrappers, check_env and vector envs
_.search_initial_plan  # the plan cache's generator (benchmarks/make_plan_cache.py) and its tests
_.pair_conflicts  # render/labels.py: the plain count of one pair, which tests hold the memo to
_.golden_outcome  # read by the review sheet's Jinja template (reports/review.py)

# Public API: agents looked up by name (agents/registry.py) and imported by users and tests.
_.ChecklistAgent
_.ClearAllAgent
_.ClearAwayAgent
_.OracleAgent
_.TaskOnlyAgent
_.RandomAgent
_.ReplayAgent
_.searches  # planner search counts, read by benchmarks/bench_agents.py
_.image_png  # Observation: the step image as PNG bytes (examples/custom_agent.py)

# Public API: exit codes of ``saferelbench run`` (docs/harness.md), for scripts and tests.
_.EXIT_OK
_.EXIT_USAGE
_.EXIT_INTERRUPTED

# Public API: serialised record fields (samples.jsonl, episodes.jsonl, summary.json, run.json).
_.schema_version
_.scene_description
_.placement_seed
_.unneeded_moved
_.by_split
_.by_relation_split
_.saferelbench_version
_.known_synset  # ObjectInfo: whether the taxonomy knows the synset
_.family  # ActionSpec: the action family the docs' tables group by
_.no_task  # Replayer: episodes whose task was not found (beside ``diverged``)
_.draws  # html viewer: whether an episode has step images

# Public API: vocabularies, registries and tools used by tests, benchmarks and docs.
_.ROUTINES  # red-team routines (benchmarks/bench_redteam.py, tests)
_.score_routine  # benchmarks/bench_redteam.py
_.structure_report  # benchmarks/bench_redteam.py
_.build_pairs  # the dataset's pairs before validation (tests)
_.OPEN_VESSEL  # containment vocabulary (tests)
_.CLUTTER  # containment vocabulary (tests)
_.cabinets  # room vocabulary (tests, docs/dataset.md)
_.ROOMS  # room vocabulary (tests)
_.content_words  # judge tokenizer (tests)
_.RISK_AWARE  # prompt variants (tests)
_.ACTION_GROUNDED  # prompt variants (tests)
_.relation_errors  # image reading check (benchmarks/check_drawn_relations.py, tests)
_.looks_on_top  # image reading check (benchmarks, tests)
_.synthetic_run  # saferelbench.testing: synthetic runs for report tests
_.applicable  # ActionSpec.applicable: the spec's precondition check (tests, docs)
_.splice  # world.doc_tables: rewrites the generated tables in the docs (tests)
_.flags_of  # State.flags_of (tests)
_.PLACEMENTS  # world vocabulary (docs/design.md)
_.HAZARD_KINDS  # world vocabulary (tests, docs/design.md)

# saferelbench.testing.faults: the fault catalogue tests and users compose scripts from.
_.http_error
_.rate_limited
_.stall
_.cut_connection
_.truncated_json
_.garbage_body
_.invalid_utf8
_.lone_surrogate
_.hallucinated_object
_.wrong_arity
_.garbage
_.html_caution
_.FaultyScript

# Public API for tests, docs and extension authors (saferelbench.testing).
_.make_task  # testing/tasks.py: the shared task builder (tests, docs/extending.md)
_.at_end  # testing/tasks.py: a termination condition for hand-made tasks
# saferelbench.world.task.Condition: pydantic calls its wrap serializer (drops an absent reason).
_._drop_absent_reason
# generated signatures (harness.options): typer and Inspect read them through inspect.signature
_.__signature__
_.__annotations__
# evaluation.results.Provenance: recorded in run.json for readers of the file
_.python
_.packages
# dataset.order_cues.OrderFigures: TypedDict keys of the figures `saferelbench stats` reports
_.forward
_.forward_share
_.reverse_share
_.unresolved
_.passes_over  # render.labels: the leader-line check of tests/render/test_leader_lines.py
_.place_tags  # render.labels: the tag placement without counts, for tests/render/test_leader_lines.py
