"""Capture of the twenty-second pass (docs/capture.md, "Twenty-second pass")."""

from __future__ import annotations

from capture_helpers import proposed, session

VALIDATE = ('curl -s -u "$JENKINS_USER:$JENKINS_TOKEN" -X POST -F '
            '"jenkinsfile=<jobs/nightly/Jenkinsfile" '
            "https://jenkins.pebblewright.games/pipeline-model-converter/validate")


def test_a_long_command_is_named_by_its_start_and_what_it_acts_on(tmp_path):
    # (longer than a fact names a command: cut from the end, it lost the URL it posts to)
    assert len(VALIDATE) > 160
    b = session(tmp_path)
    b.prompt("check jobs/nightly/Jenkinsfile parses before i push it")
    b.run("Bash", {"command": "java -jar jenkins-cli.jar -s https://jenkins.pebblewright.games/ "
                              "-webSocket declarative-linter < jobs/nightly/Jenkinsfile"},
          "Exit code 1\nio.jenkins.cli.shaded.jakarta.websocket.DeploymentException: Handshake "
          "error.\n\tHTTP/1.1 403 Forbidden", is_error=True)
    b.say("The CLI's websocket is refused; the same linter is a plain HTTP endpoint.")
    b.run("Bash", {"command": VALIDATE}, "Jenkinsfile successfully validated.")
    b.say("The nightly Jenkinsfile validates — safe to push.")
    (fix,) = proposed(b)["recovery"]
    assert fix["text"].startswith('Use `curl -s -u "$JENKINS_USER:$JENKINS_TOKEN" -X POST -F … '
                                  "https://jenkins.pebblewright.games/pipeline-model-converter/"
                                  "validate` here")
