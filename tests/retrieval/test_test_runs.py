"""How to run this project's tests (or build it, or lint it), asked or ordered, is answered by
the command the project learned does that — "how do I run the unit tests?" shares only *test*
with "Use `zig build test-host` here (…)", which the lexical floor alone refuses
(``answer_types.JOBS``)."""

from __future__ import annotations

import pytest

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.retrieval import recall as R
from rlat.retrieval.answer_types import ATTEMPT, BUILD, LINT, TEST_RUN, asked_kind, states

T0 = 1_800_000_000.0
WS = "git:github.com/acme/firmware"
OTHER = "git:github.com/acme/website"
HOST_TESTS = ("Use `zig build test-host` here (`zig build test` fails: error: the host system "
              "(x86_64-linux-gnu) is unable to execute binaries from the target)")
FACTS = [
    "The flash driver keeps its page size in src/flash/config.zig; never hard-code 4096",
    "Releases are tagged vMAJOR.MINOR.PATCH by the release workflow, never by hand",
    "The UART console runs at 115200 baud on the dev boards",
    "Logging goes through std.log with the scoped .firmware logger",
    # (words any test-run prompt shares: the words alone then pick out nothing)
    "Test fixtures for the flash driver live in test/fixtures, one file per chip",
    "Every test names the board it was written for in its first line",
    "The bootloader runs from the first 16 KB of flash and is never rebuilt by CI",
    "A test that needs the radio is marked with the radio tag",
    "The watchdog runs at 1 s in release builds and is off in debug builds",
    "Run the formatter with zig fmt before each commit",
]


def store(*extra: tuple[str, str]):
    events = [ev.proposed(t, "convention", workspace=WS, citations=[ev.command_citation(t)],
                          origin="user", ts=T0) for t in FACTS]
    events += [ev.proposed(text, "environment", workspace=ws, citations=[ev.command_citation(text)],
                           origin="user", ts=T0) for text, ws in extra]
    return fold(events)


def recalled(state, prompt, workspace=WS):
    return [h.claim.text for h in R.recall(state, prompt, workspace=workspace, now=T0)]


@pytest.mark.parametrize("prompt", [
    # (ones the words or the meaning table alone would answer are left out: these get the
    # command only by the route — the question on the laptop is below, with its gate)
    "run the tests, I changed the flash driver",
    "what's the command for running a single test?",
])
def test_asking_or_ordering_a_test_run_gets_the_command_that_runs_them(prompt):
    assert HOST_TESTS in recalled(store((HOST_TESTS, WS)), prompt)


def test_the_route_lets_in_what_the_shared_words_do_not():
    prompt = "how do I run the unit tests on my laptop?"
    [hit] = [h for h in R.explain(store((HOST_TESTS, WS)), prompt, workspace=WS, now=T0)
             if h.claim.text == HOST_TESTS]
    assert hit.admitted and "asks how to run the tests" in hit.gate
    assert "fit 0.16 < 0.20" in hit.gate  # (what the words alone made of it)


@pytest.mark.parametrize("prompt", [
    "add a test for the flash driver's page size",  # writing a test, not running them
    "run the linter on the test files",  # another job on the tests
    "why is the uart console garbled?",
    "what's the command for resetting the test database?",  # another job, for the tests
    "what's the command for regenerating the test fixtures?",
])
def test_other_prompts_do_not_get_the_test_command_for_sharing_a_word(prompt):
    assert HOST_TESTS not in recalled(store((HOST_TESTS, WS)), prompt)


@pytest.mark.parametrize("learned_in", [OTHER, None])
def test_a_test_command_not_learned_in_this_project_is_not_lent_by_the_route(learned_in):
    # (another project's is not visible here at all; one recorded with no workspace is, but
    # the command that runs this project's tests is one learned in it)
    state = store((HOST_TESTS, learned_in))
    hits = R.explain(state, "how do I run the unit tests on my laptop?", workspace=WS, now=T0)
    assert not any("asks how to run the tests" in h.gate for h in hits)


def test_the_first_command_running_tests_among_the_candidates_is_the_one_let_in():
    e2e = "Use `npx playwright test --project=chromium` here (`npx playwright test` fails: " \
          "Error: browserType.launch: Executable doesn't exist)"
    prompt = "how do I run the browser tests?"

    def route(state):
        return [h.claim.text for h in R.explain(state, prompt, workspace=WS, now=T0)
                if h.admitted and "asks how to run the tests" in h.gate]

    assert route(store((HOST_TESTS, WS))) == [HOST_TESTS]  # alone, the route lets it in
    got = recalled(store((e2e, WS), (HOST_TESTS, WS)), prompt)
    assert e2e in got and HOST_TESTS not in got  # behind the playwright command, nothing does


def test_which_prompts_ask_to_run_the_tests():
    for prompt in ("how do I run the unit tests?", "run the tests for the deliveries app",
                   "cypress can't reach the app - how are these tests meant to be run?",
                   "what needs to be running before the japa suite will pass?",
                   "kick off the integration tests",
                   "the integration tests panic about a display over ssh — how are they meant "
                   "to be run?",
                   "what's the command for the job tooling's test suite with coverage?",
                   "what do I put in front of the test command so it uses the new nextflow?"):
        assert asked_kind(prompt, None) == TEST_RUN, prompt
        assert asked_kind(prompt, None, question=False) == TEST_RUN, prompt
    for prompt in ("add a test for the parser", "why does test_login fail?",
                   "run the linter on the test files", "run the benchmarks on the test box",
                   "how do I run the dev server?", "write a test for the command parser",
                   "what's the command for the deploy?",
                   "what's the command for seeding the test data?",
                   "what's the command for debugging a failing test?",
                   "what's the command for the test database?"):
        assert asked_kind(prompt, None) != TEST_RUN, prompt
    # what was tried here is asked first: the report of the attempt answers it
    assert asked_kind("has anyone tried running the specs in parallel?", None) == ATTEMPT


@pytest.mark.parametrize("text", [
    "Use `make test-unix` here.",
    "Use `pio test -e native` here (`pio test` fails: libusb)",
    "`npx nx e2e desk-e2e`, don't call cypress yourself",
    "Use `./gradlew :shared:iosSimulatorArm64Test` here",
    "You must use devtools::test(), then it works.",
    "Use `bundle exec rspec spec/system` here",
    "Use `make PG_CONFIG=$HOME/pg/16/bin/pg_config install installcheck` here",
])
def test_a_command_running_tests_is_recognised(text):
    assert states(TEST_RUN, text)


@pytest.mark.parametrize("text", [
    "Oban runs with `testing: :manual` in test.exs, so the job is only enqueued",  # (not a span)
    "Specs clean up with `testUtils.db().withGlobalTransaction()` per test",
    "Switch branches with `git checkout -b feature/x`",
    "Use `inspect.signature` for the hook arguments",
])
def test_words_about_tests_are_no_command_running_them(text):
    assert not states(TEST_RUN, text)


FIRMWARE_BUILD = ("Use `west build -p -b hivescale_v2 app -- -DBOARD_ROOT=$PWD` here (`west build -p "
                  "-b hivescale_v2 app` fails: FATAL ERROR: command exited with status 1)")


def test_asking_how_the_project_is_built_gets_its_build_command():
    state = store((FIRMWARE_BUILD, WS))
    prompt = "what's the build invocation for the production pcb?"
    [hit] = [h for h in R.explain(state, prompt, workspace=WS, now=T0)
             if h.claim.text == FIRMWARE_BUILD]
    assert hit.admitted and "asks how to build" in hit.gate
    general = R.explain(state, "how do I build a REST API in Flask?", workspace=WS, now=T0)
    assert not any("asks how to build" in h.gate for h in general)


def test_which_prompts_ask_to_build_or_lint_the_project():
    for prompt in ("what's the build invocation for the production pcb?",
                   "my laptop complains about the host, how does everyone else build?",
                   "build the firmware for the v2 board",
                   "make a browser build of the game I can zip and upload by hand"):
        assert asked_kind(prompt, None) == BUILD, prompt
    for prompt in ("how do I build a REST API in Flask?", "the build is slow since monday",
                   "why does the build fail on CI?", "what should we build next?",
                   # (a build reported, not asked for)
                   "Logic keeps loading the previous build of the AU, how do I stop it?",
                   "do a quick build server restart"):
        assert asked_kind(prompt, None) != BUILD, prompt
    for prompt in ("lint all the terraform modules",
                   "clean up the code style in the Kotlin files I touched",
                   "how do we auto-format kotlin here?"):
        assert asked_kind(prompt, None) == LINT, prompt
    for prompt in ("why does the linter hate this line?", "format the date as ISO 8601"):
        assert asked_kind(prompt, None) != LINT, prompt


@pytest.mark.parametrize(("job", "text"), [
    (BUILD, FIRMWARE_BUILD),
    (BUILD, "Use `unity-editor -batchmode -executeMethod Emberfall.EditorTools.Builds.Windows` here"),
    (BUILD, "Use `$UNITY -batchmode -executeMethod Wyrm.CI.BuildAndroid` here"),
    (LINT, "Use `./gradlew spotlessApply` here (`./gradlew ktlintFormat` fails)"),
    (LINT, "Use `tflint --init && tflint --recursive` here"),
])
def test_a_command_doing_the_job_is_recognised(job, text):
    assert states(job, text)


@pytest.mark.parametrize(("job", "text"), [
    (BUILD, "The build server is in the basement"),  # (no command)
    (BUILD, "Use `docker compose up -d` here"),
    (LINT, "Dates are formatted as ISO 8601 in every response"),
    (LINT, "Use `rlat memory list --format json` here"),  # (an option, not a formatter)
])
def test_a_claim_giving_no_command_for_the_job_is_not_one(job, text):
    assert not states(job, text)
