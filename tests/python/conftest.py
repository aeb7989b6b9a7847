# Shared set-up of the Python tests: the built gibo program and the repository's data.
import os
import pathlib
import subprocess

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


@pytest.fixture(scope="session")
def imported(gibo_binary, tmp_path_factory):
    """imported(folder): an archive `gibo import` made of the folder's games (some may be rejected)."""
    def make(folder):
        db = tmp_path_factory.mktemp("archive") / (folder.name + ".db")
        r = subprocess.run([gibo_binary, "import", "--db", str(db), str(folder)], capture_output=True, text=True)
        assert r.returncode in (0, 1), r.stderr
        return db
    return make


def require_module(name, package):
    """The module `name`, as tests/required_tool.h treats a tool: where it is missing the test
    is skipped, and failed under CI (the CI variable set), whose set-up (.ci/setup) installs
    `package`."""
    try:
        return __import__(name)
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail(f"{name} is not installed; .ci/setup installs {package}")
        pytest.skip(f"{name} is not installed")
