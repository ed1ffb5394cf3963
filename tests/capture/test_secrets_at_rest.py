"""No write path stores a secret: `memory add`, `capture-attribute` (and the rlat-learn skill,
which pipes its facts into it), `memory forget --reason`, and the library calls the miner and
atomic capture make. Each is checked on the decoded events, where an unscrubbed secret would
be (the file itself is zstd-compressed, so grepping its bytes would prove nothing)."""

from __future__ import annotations

import json

from support.cli import run_rlat

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.paths import memory_store_path
from rlat.world import capture_world_fact

# Generated shapes, not credentials (tests/capture/secret_corpus.py has the families).
GH_TOKEN = "ghp_" + "Zx9Qw3Er7T" * 3 + "y1Ui5O"
DB_PASSWORD = "Welcome1"


def _dumped(path) -> str:
    return json.dumps(list(ClaimLog(path).events()))


def test_memory_add_scrubs_text_and_command_citation_and_says_how_many(tmp_path):
    text = f"Deploy with DB_PASSWORD={DB_PASSWORD} and token {GH_TOKEN} from CI."
    proc = run_rlat("memory", "add", text, "--format", "json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["redactions"] == 2
    assert "redacted 2 secret(s)" in proc.stderr and len(proc.stderr.splitlines()) == 1
    stored = _dumped(memory_store_path())
    assert GH_TOKEN not in stored and DB_PASSWORD not in stored
    assert "[REDACTED:github-token]" in stored and "DB_PASSWORD=[REDACTED:" in stored
    # the same secret added again is the same (redacted) claim: a recurrence, not a new row
    again = run_rlat("memory", "add", text, "--format", "json", cwd=tmp_path)
    assert json.loads(again.stdout)["new"] is False
    listed = run_rlat("memory", "list", "--format", "json", cwd=tmp_path).stdout
    assert GH_TOKEN not in listed


def test_memory_add_without_secrets_says_nothing_on_stderr(tmp_path):
    proc = run_rlat("memory", "add", "We run the tests with make check.", cwd=tmp_path)
    assert proc.returncode == 0 and proc.stderr == ""


def test_capture_attribute_scrubs_the_fact_the_key_and_reports_it(tmp_path):
    proc = run_rlat("capture-attribute",
                    f"The staging database is redis://:{DB_PASSWORD}@cache:6379/0.",
                    "--kind", "attribute", "--attribute-key", "staging cache", "--format", "json",
                    cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["redactions"] == 1
    assert "redacted 1 secret(s)" in proc.stderr
    stored = _dumped(json.loads(proc.stdout)["km"])
    assert DB_PASSWORD not in stored and "redis://:[REDACTED:uri-credentials]@cache" in stored


def test_the_learn_skill_path_stdin_into_capture_attribute_is_scrubbed(tmp_path):
    """skills/rlat-learn pipes multi-line facts: `printf '%s\\n' "…" | rlat capture-attribute -`."""
    fact = f"Tried logging in with sshpass -p {DB_PASSWORD}; the bastion rejects passwords."
    proc = run_rlat("capture-attribute", "-", "--kind", "falsified", "--format", "json",
                    input=fact + "\n", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    stored = _dumped(json.loads(proc.stdout)["km"])
    assert DB_PASSWORD not in stored and "sshpass -p [REDACTED:password-flag]" in stored
    served = run_rlat("world-facts", "--format", "context", cwd=tmp_path).stdout
    assert "Tried logging in" in served and DB_PASSWORD not in served


def test_forget_reason_is_scrubbed(tmp_path):
    added = run_rlat("memory", "add", "The cache is Redis 7.", "--format", "json", cwd=tmp_path)
    cid = json.loads(added.stdout)["id"]
    proc = run_rlat("memory", "forget", cid, "--reason", f"rotated {GH_TOKEN}", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert GH_TOKEN not in _dumped(memory_store_path())


def test_library_writers_cannot_bypass_the_scrubber(tmp_path):
    """The miner and atomic capture write through capture_world_fact and events.proposed:
    both scrub, and the claim id is the redacted text's (the same secret twice dedupes)."""
    km = tmp_path / "km.rlat"
    cite = ev.session_citation("s1", "m1", "0" * 16)
    cite["excerpt"] = f"our key is {GH_TOKEN}"
    result = capture_world_fact(km, f"CI uses the token {GH_TOKEN}.", "constraint",
                                citations=[cite])
    assert result.redactions == 1
    stored = _dumped(km)
    assert GH_TOKEN not in stored
    event = ev.proposed(f"password: {DB_PASSWORD}", "convention",
                        citations=[ev.command_citation(f"mysql -u root -p{DB_PASSWORD}")])
    assert DB_PASSWORD not in json.dumps(event)
    assert event["claim"] == ev.proposed("password: [REDACTED:keyword-assignment]", "convention",
                                         citations=[cite])["claim"]


def test_secrets_said_in_prose_or_typed_into_commands_never_reach_the_store(tmp_path):
    """A key the assistant reads out of `printenv` and repeats; keys set with the AWS CLI, `gh
    secret set --body`, `export NAME_KEY=`; a Vault token (dots in it); a key in a sentence."""
    from capture_helpers import Builder

    keys = ["q8Rt3vLm9XzK2pWn7YbHc5JdFg1SaE4uTiOy6NrM", "Zk4pW9qR2mX7vB3nT8yL5cJ1hF6gD0sAeUi2oPq7",
            "Mv2nB8xC4zL6kJ0hG3fD5sA9pO1iU7yT2rE6wQ8a", "hvs.CAESIJ3kZ9qL7mN2pR5tV8wY1zA4cD6eF8gH0",
            "Wq3eR5tY7uI9oP1aS3dF5gH7jK9lZ2xC4vB6nM8q"]
    b = Builder(cwd=str(tmp_path))
    b.prompt("Which deploy settings does this shell have? I need them for the release checklist.")
    b.run("Bash", {"command": "printenv | grep DEPLOY"}, f"DEPLOY_KEY={keys[0]}\nDEPLOY_REGION=eu")
    b.say(f"DEPLOY_KEY is set to {keys[0]} in this environment, and DEPLOY_REGION is eu.")
    b.run("Bash", {"command": f"aws configure set aws_secret_access_key {keys[1]}"}, "")
    b.run("Bash", {"command": f"gh secret set DEPLOY_KEY --body {keys[2]}"}, "")
    b.run("Bash", {"command": f"export VAULT_TOKEN={keys[3]} && vault status"}, "Sealed false")
    b.prompt(f"my aws secret key is {keys[4]}, we always rotate it on Mondays.")
    transcript = b.write(tmp_path / "session.jsonl")
    out = run_rlat("capture", str(transcript), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    stored = _dumped(memory_store_path())
    assert "rotate it on Mondays" in stored  # the rule was kept, its key was not
    for key in keys:
        assert key not in stored and key[4:20] not in stored, key
