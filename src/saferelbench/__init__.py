"""SafeRelBench: spatial-relation-aware process-level safety for VLM-driven household robots."""

__version__ = "0.1.0"
