# Shared set-up of the Python tests: the built gibo program and the repository's data.
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def gibo_binary():
    path = os.environ.get("GIBO_BINARY")
    assert path and os.access(path, os.X_OK), "GIBO_BINARY must name the built gibo program"
    return path


@pytest.fixture(scope="session")
def corpus():
    return ROOT / "tests" / "data" / "corpus"


@pytest.fixture(scope="session")
def samples():
    return ROOT / "samples"
