"""The ``heldout`` split: other projects, other facts, other phrasing than ``dev``.

DO NOT READ THIS FILE WHILE TUNING capture or ranking: its numbers are only worth something if
nothing was fitted to it. Tune on the dev split; report this one next to it.
"""

from __future__ import annotations

import random

from .templates import cap, falsified_steps
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


# ------------------------------------------------------------------- phrasing templates
def conv_heads_up(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"Heads up: {s['rule']}. With that in mind, {s['task']}."),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_later_note(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"]) + " please"), Step(tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=f"perfect. one thing for the future: {s['rule']}"),
            Step(text="Noted.")]


def conv_reminder(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{cap(s['task'])} (reminder: {s['rule']})"),
            Step(text="Will do.", tools=s["follow"]), Step(text=s["done"])]


def cmd_user_fix(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(prompt=f"that one never works here, use `{s['ok'].command}`"),
            Step(tools=[s["ok"]]), Step(text=s["done"])]


def cmd_retry_note(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text="Trying the usual way first.", tools=[s["fail"]]),
            Step(text=f"That failed. {s['note']}", tools=[s["ok"]]), Step(text=s["done"])]


def env_plain(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(text="Checking.", tools=s["probe"]),
            Step(text=s["confirm"])]


def env_user_confirms(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=s["confirm"]),
            Step(prompt="right, I always forget that one"), Step(text="It's an easy one to miss.")]


def gotcha_ugh(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"ugh: {s['symptom']}"),
            Step(text="Looking into it.", tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_user_recalls(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]), Step(text=s["explain"]),
            Step(prompt="oh right, that's bitten me before. go ahead and fix it"),
            Step(tools=s.get("fix", [])), Step(text=s["done"])]


def fals_user_abandons(s: dict, rng: random.Random) -> Episode:
    return falsified_steps(s, "not worth it, roll it back", "Rolling back.")


def fals_assistant_gives_up(s: dict, rng: random.Random) -> Episode:
    return falsified_steps(s, None, "This doesn't work; restoring the previous version.")


TEMPLATES = {
    "convention": [conv_heads_up, conv_later_note, conv_reminder],
    "command": [cmd_user_fix, cmd_retry_note],
    "environment": [env_plain, env_user_confirms],
    "gotcha": [gotcha_ugh, gotcha_user_recalls],
    "falsified": [fals_user_abandons, fals_assistant_gives_up],
}

UNRELATED = [
    "write a limerick about a cat",
    "fix the flaky test in the scheduler",
    "what's the capital of Australia?",
    "explain big-O notation simply",
    "add type annotations to the utils module",
    "tidy up the imports in this file",
    "write a commit message for my staged changes",
    "what's the difference between git merge and rebase?",
    "make the CLI help text clearer",
    "add a dark mode toggle to the settings page",
    "why is the sky blue?",
    "write a SQL query that finds duplicate emails",
    "suggest a name for a new microservice",
    "draft an email telling the team I'm on vacation next week",
    "convert this callback code to async/await",
    "what does the yield keyword do?",
    "add pagination to the list endpoint",
    "explain what a race condition is",
    "format this JSON nicely",
    "split this long function into smaller ones",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "harborview": [
        "how are group bookings handled?",
        "where are the room types defined?",
        "which payment provider does checkout use, and when is the deposit actually captured?",
        "is it ok to let guests change their booking dates after they have checked in?",
        "should loyalty points live on the guest record or in a separate ledger table?",
    ],
    "sparrowdb": [
        "how are bloom filters sized?",
        "where is the on-disk format versioned?",
        "which compression codecs can a table use, and is the choice stored per block?",
        "is it ok to open the same database file from two processes at once?",
        "should range deletes be written as tombstones or as a separate delete-range record?",
    ],
    "fieldnotes": [
        "how are open-ended answers coded?",
        "where does the survey codebook live?",
        "which model is trained on the GPU box, and what does it predict from the survey "
        "responses?",
        "is it ok to share the cleaned respondent-level file with the partner university, or "
        "only aggregated tables?",
        "should the 2024 wave get its own cleaning script or reuse the existing one with a year "
        "flag?",
    ],
    "beaconrelay": [
        "how are subscribers registered?",
        "where are event type filters defined?",
        "which HTTP headers does the relay forward to subscribers, and are the sender's original "
        "headers stripped?",
        "is it ok to deliver the same event twice to a subscriber, or do we promise exactly-once "
        "delivery?",
        "should subscriber settings move out of the JSON config into a database table an admin "
        "page can edit?",
    ],
}


# ------------------------------------------------------------------- noise
def noise(explain: tuple[str, str, str], tests: tuple[str, str, str],
          rename: tuple[str, str, str, str, str], log: str,
          readme: tuple[str, str, str], comment: tuple[str, str, str, str]) -> list[Episode]:
    path, content, summary = explain
    area, cmd, out = tests
    old, new, file, old_line, new_line = rename
    rpath, rold, rnew = readme
    cfile, cfunc, cold, cnew = comment
    return [
        [Step(prompt=f"can you walk me through {path}?"), Step(tools=[read(path, content)]),
         Step(text=summary)],
        [Step(prompt=f"please run the {area} checks"), Step(tools=[bash(cmd, out)]),
         Step(text="Everything passes.")],
        [Step(prompt=f"change the name of {old} to {new}"), Step(tools=[grep(old, [file])]),
         Step(tools=[edit(file, old_line, new_line)]),
         Step(text=f"Done: `{old}` is now `{new}`.")],
        [Step(prompt="show me the recent commits"), Step(tools=[bash("git log --oneline -4",
                                                                     log)]),
         Step(text="Those are the last four commits on this branch.")],
        [Step(prompt="cool, thanks a lot"), Step(text="Happy to help!")],
        [Step(prompt="there's a spelling mistake in the README, fix it"),
         Step(tools=[read(rpath, rold)]),
         Step(tools=[edit(rpath, rold.splitlines()[0], rnew.splitlines()[0])]),
         Step(text="Fixed.")],
        [Step(prompt=f"document {cfunc} with a one-line comment"),
         Step(tools=[edit(cfile, cold, cnew)]), Step(text="Added the comment.")],
    ]


# ------------------------------------------------------------------- projects
def harborview() -> Project:
    facts = [
        Fact("conv-rspec", "convention", ["rspec"],
             ["where do new unit tests for the booking model go?",
              "which test framework should I write the cancellation test in?"],
             "Tests are RSpec under spec/, never minitest.",
             {"rule": "we use rspec here, never minitest - new tests go under spec/",
              "task": "add a test for Booking#overlaps?",
              "follow": [write("spec/models/booking_spec.rb",
                               "RSpec.describe Booking do\n  it \"detects overlapping stays\" "
                               "do\n    expect(build(:booking).overlaps?(other)).to be true\n  "
                               "end\nend\n")],
              "done": "Added spec/models/booking_spec.rb."}),
        Fact("conv-utc", "convention", ["UTC"],
             ["what timezone should timestamps be saved in?",
              "how do we handle the hotel's local time in the database?"],
             "Store all times in UTC; convert to the hotel's time zone only in views.",
             {"rule": "all times are stored in UTC and only converted to the hotel's time zone "
                      "in the views",
              "task": "add a checkin_at column to bookings",
              "follow": [bash("bin/rails g migration AddCheckinAtToBookings "
                              "checkin_at:datetime",
                              "      invoke  active_record\n      create    db/migrate/"
                              "20240502101500_add_checkin_at_to_bookings.rb")],
              "done": "Generated the migration; checkin_at is a plain datetime column."}),
        Fact("cmd-bindev", "command", ["bin/dev"],
             ["what's the right way to boot the app on my machine?",
              "rails server errors about tailwind, how do I start it?"],
             "Start the app with `bin/dev` (runs the CSS watcher too); `bin/rails server` "
             "alone fails: Cannot find module 'tailwindcss'.",
             {"goal": "start the app locally",
              "fail": bash("bin/rails server",
                           "cssbundling-rails: Error: Cannot find module 'tailwindcss'", 1),
              "note": "The app needs the CSS watcher as well, which the Procfile starts.",
              "ok": bash("bin/dev", "web.1  | * Listening on http://127.0.0.1:3000\ncss.1  | "
                         "Done in 412ms."),
              "done": "The app is up on port 3000."}),
        Fact("cmd-resetdb", "command", ["harbor:reset_db"],
             ["how do I wipe and reseed my local data?",
              "db:reset says the database is being accessed by other users"],
             "Reset the dev database with `bin/rake harbor:reset_db` (db:reset fails while "
             "Sidekiq holds connections).",
             {"goal": "reset my local database",
              "fail": bash("bin/rails db:reset",
                           "PG::ObjectInUse: ERROR:  database \"harborview_development\" is "
                           "being accessed by other users", 1),
              "note": "Sidekiq keeps connections open; the project's rake task closes them "
                      "first.",
              "ok": bash("bin/rake harbor:reset_db",
                         "Terminated 2 connections\nCreated and seeded harborview_development "
                         "(312 bookings)"),
              "done": "Fresh database with seed data."}),
        Fact("env-redis", "environment", ["6390"],
             ["what's the redis port for background jobs locally?",
              "sidekiq can't reach redis, which port should it use?"],
             "Dev Sidekiq uses Redis on port 6390, db 3 (config/sidekiq.yml).",
             {"goal": "which redis does sidekiq talk to in dev?",
              "probe": [read("config/sidekiq.yml", ":concurrency: 5\n:redis_url: "
                             "redis://localhost:6390/3\n")],
              "confirm": "Sidekiq uses the redis on port 6390, database 3 (config/sidekiq.yml),"
                         " not the default 6379."}),
        Fact("env-ruby", "environment", ["3.2.4"],
             ["which ruby version should rbenv install for this app?",
              "bundle install fails on my ruby, what version is expected?"],
             "The app is pinned to Ruby 3.2.4 (.ruby-version).",
             {"goal": "what ruby do we need?",
              "probe": [bash("cat .ruby-version && ruby -v",
                             "3.2.4\nruby 3.3.0 (2023-12-25 revision 5124f9ac75) "
                             "[x86_64-linux]")],
              "confirm": "The app is pinned to Ruby 3.2.4 (.ruby-version); this shell has "
                         "3.3.0, so install 3.2.4 with rbenv first."}),
        Fact("gotcha-queues", "gotcha", ["SIDEKIQ_QUEUES"],
             ["confirmation mails are never sent when I test locally",
              "why do emails get stuck in development?"],
             "Dev mails sit in the mailers queue unless Sidekiq runs with "
             "SIDEKIQ_QUEUES=default,mailers.",
             {"symptom": "the booking confirmation emails never arrive in development",
              "probe": [bash("tail -2 log/development.log",
                             "[ActiveJob] Enqueued ActionMailer::MailDeliveryJob to "
                             "Sidekiq(mailers)")],
              "explain": "Mails go through the 'mailers' queue and dev sidekiq only listens to "
                         "default unless SIDEKIQ_QUEUES includes mailers.",
              "fix": [bash("SIDEKIQ_QUEUES=default,mailers bundle exec sidekiq",
                           "Listening on queues: default, mailers")],
              "done": "The queued confirmation went out."}),
        Fact("gotcha-capybara", "gotcha", ["CAPYBARA_WAIT"],
             ["the browser specs are flaky, elements sometimes aren't found",
              "how do I stop the date picker tests from failing randomly?"],
             "System specs flake (element not found) with Capybara's default 2 s wait; set "
             "CAPYBARA_WAIT=5.",
             {"symptom": "system specs fail randomly with 'Unable to find field'",
              "probe": [read("spec/support/capybara.rb",
                             "Capybara.default_max_wait_time = Integer(ENV.fetch("
                             "\"CAPYBARA_WAIT\", 2))\n")],
              "explain": "The date picker animates for longer than Capybara's default 2 second "
                         "wait; CAPYBARA_WAIT=5 gives it enough time.",
              "fix": [bash("CAPYBARA_WAIT=5 bundle exec rake spec:system",
                           "38 examples, 0 failures")],
              "done": "Ten runs in a row pass with the longer wait."}),
        Fact("fals-goodjob", "falsified", ["good_job"],
             ["could we drop redis and run background jobs from postgres?",
              "was moving off sidekiq ever tried?"],
             "Replacing Sidekiq with good_job broke the scheduled reminder jobs (3 job specs "
             "failed); rolled back.",
             {"ask": "let's try replacing sidekiq with good_job to get rid of redis",
              "change": [bash("bundle add good_job && bin/rails g good_job:install",
                              "create  db/migrate/20240502_create_good_jobs.rb")],
              "broke": bash("bundle exec rake spec:jobs",
                            "1) ReminderJob schedules the 24h reminder\n   Failure/Error: "
                            "expected job to be scheduled\n7 examples, 3 failures", 1),
              "revert": bash("git checkout -- Gemfile Gemfile.lock config/ && git clean -fdq "
                             "db/migrate", ""),
              "conclusion": "Rolled back good_job: the reminder jobs rely on "
                            "sidekiq-scheduler's cron syntax and 3 job specs fail without it."}),
        Fact("fals-fts", "falsified", ["unaccent"],
             ["can we make hotel search smarter than LIKE queries?",
              "why doesn't search use postgres full text?"],
             "Postgres full-text search for hotels needs unaccent (not on our managed "
             "Postgres): 'zurich' stopped matching 'Zürich'; reverted.",
             {"ask": "switch the hotel search to postgres full-text search instead of LIKE",
              "change": [edit("app/models/hotel.rb", "where(\"name ILIKE ?\", \"%#{q}%\")",
                              "where(\"to_tsvector(name) @@ plainto_tsquery(?)\", q)")],
              "broke": bash("bundle exec rake spec:requests",
                            "1) GET /hotels?q=zurich finds Zürich\n   expected 1 result, got 0"
                            "\n64 examples, 1 failure", 1),
              "revert": bash("git checkout -- app/models/hotel.rb", ""),
              "conclusion": "Reverted: without the unaccent extension, which our managed "
                            "Postgres doesn't offer, 'zurich' no longer finds 'Zürich'."}),
    ]
    return Project(
        "harborview", "https://github.com/acme/harborview.git",
        {"README.md": "# harborview\n\nHotel bookings.\n", "Gemfile": "source "
         "\"https://rubygems.org\"\n"},
        facts,
        noise(("app/models/harborview_room.rb",
               "class Room < ApplicationRecord\n  belongs_to :hotel\n  has_many :bookings\n"
               "end\n", "A Room belongs to a hotel and has many bookings; nothing else yet."),
              ("request", "bundle exec rake spec:requests", "64 examples, 0 failures"),
              ("nightly_rate", "rate_per_night", "app/models/harborview_room.rb",
               "  def nightly_rate", "  def rate_per_night"),
              "1a2b3c4 Rooms: show amenities\n5d6e7f8 Fix invoice rounding\n9a8b7c6 Upgrade "
              "rails to 7.1.3\n0f1e2d3 Add hotel photos",
              ("README.md", "# harborview\n\nHotel bookigns.\n",
               "# harborview\n\nHotel bookings.\n"),
              ("app/models/harborview_room.rb", "available?",
               "  def available?(range)",
               "  # True when no booking overlaps the range.\n  def available?(range)")),
        "postgres")


def sparrowdb() -> Project:
    facts = [
        Fact("conv-cpp17", "convention", ["C++17"],
             ["can I use concepts in the new iterator code?",
              "which language standard does the codebase target?"],
             "C++17 only: no C++20 features (concepts, std::span); the embedded toolchains "
             "can't build them.",
             {"rule": "we're on C++17 only - no C++20 features like concepts or std::span, the "
                      "embedded toolchains can't build them",
              "task": "add a helper that iterates over a key range",
              "follow": [write("src/range_iter.h",
                               "template <typename It>\nclass RangeIter {\n public:\n  "
                               "RangeIter(It first, It last);\n};\n")],
              "done": "Added RangeIter in src/range_iter.h."}),
        Fact("conv-spdx", "convention", ["SPDX"],
             ["what do I need at the top of a new header file?",
              "the license check failed on my PR, what's missing?"],
             "Every public header starts with an SPDX license line (CI's license check).",
             {"rule": "every public header needs the SPDX license line at the top, CI's "
                      "license check rejects files without it",
              "task": "add a public header for the snapshot API",
              "follow": [write("include/sparrow/snapshot.h",
                               "// SPDX-License-Identifier: Apache-2.0\n#pragma once\n\n"
                               "namespace sparrow {\nclass Snapshot;\n}\n")],
              "done": "Added include/sparrow/snapshot.h."}),
        Fact("cmd-asan", "command", ["preset asan"],
             ["how do I get an address sanitizer build?",
              "cmake rejects the SANITIZE option, what's the right way?"],
             "Sanitizer builds use the preset: `cmake --preset asan && cmake --build --preset "
             "asan` (-DSANITIZE=ON fails).",
             {"goal": "build it with the sanitizers on",
              "fail": bash("cmake -B build -DSANITIZE=ON",
                           "CMake Error at CMakeLists.txt:41 (message):\n  Unknown option "
                           "SANITIZE; use a preset", 1),
              "note": "Sanitizer builds are configured through CMake presets.",
              "ok": bash("cmake --preset asan && cmake --build --preset asan",
                         "[142/142] Linking CXX executable tests/unit_tests"),
              "done": "The sanitizer build is in build-asan/."}),
        Fact("cmd-fuzzers", "command", ["target fuzzers"],
             ["how do I build and run the fuzzers?",
              "the fuzz binary doesn't exist in my build dir"],
             "Fuzzers are not in the default build: `cmake --build build --target fuzzers` "
             "first.",
             {"goal": "run the fuzz tests for the WAL",
              "fail": bash("./build/fuzz/fuzz_wal corpus/wal",
                           "bash: ./build/fuzz/fuzz_wal: No such file or directory", 127),
              "note": "The fuzzers aren't part of the default build.",
              "ok": bash("cmake --build build --target fuzzers && ./build/fuzz/fuzz_wal "
                         "-max_total_time=60 corpus/wal",
                         "#51234\tDONE   cov: 1873 ft: 6120 corp: 412/88Kb exec/s: 853"),
              "done": "60 seconds of fuzzing, no crashes."}),
        Fact("env-clang", "environment", ["clang-16"],
             ["which compiler version is CI on?",
              "should I test my change with gcc or clang?"],
             "CI builds with clang-16 (clang++-16); gcc is not tested.",
             {"goal": "what compiler does CI use?",
              "probe": [read(".github/workflows/ci.yml",
                             "    env:\n      CC: clang-16\n      CXX: clang++-16\n")],
              "confirm": "CI builds with clang-16 (clang++-16 in ci.yml); nothing runs gcc."}),
        Fact("env-page", "environment", ["16384"],
             ["what's the page size of the storage format?",
              "how many bytes does one on-disk page hold?"],
             "Pages are 16 KiB: kPageSize = 16384 (src/page.h).",
             {"goal": "how big is a page in the storage engine?",
              "probe": [bash("grep -n kPageSize src/*.h",
                             "src/page.h:12:constexpr size_t kPageSize = 16384;")],
              "confirm": "Pages are 16 KiB: kPageSize = 16384 in src/page.h."}),
        Fact("gotcha-threads", "gotcha", ["SPARROW_COMPACTION_THREADS"],
             ["the concurrent compaction test hangs sometimes",
              "ctest times out on compaction, what setting is missing?"],
             "compaction_concurrent deadlocks when SPARROW_COMPACTION_THREADS exceeds the core "
             "count; set it to 2 (as CI does).",
             {"symptom": "the tests deadlock every now and then on my machine",
              "probe": [bash("ctest --test-dir build -R compaction --timeout 30",
                             "17/17 Test #17: compaction_concurrent ...***Timeout  30.01 sec",
                             8)],
              "explain": "compaction_concurrent deadlocks when SPARROW_COMPACTION_THREADS is "
                         "bigger than the number of cores; CI pins it to 2.",
              "fix": [bash("SPARROW_COMPACTION_THREADS=2 ctest --test-dir build -R compaction",
                           "100% tests passed, 0 tests failed out of 3")],
              "done": "Passes reliably with two compaction threads."}),
        Fact("gotcha-cpupower", "gotcha", ["cpupower"],
             ["benchmark results vary wildly between runs",
              "how do I get stable numbers from the bench suite?"],
             "Benchmarks vary ±40% unless the CPU governor is set to performance "
             "(cpupower frequency-set -g performance).",
             {"symptom": "the benchmark numbers are all over the place",
              "probe": [bash("cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor",
                             "powersave")],
              "explain": "The machine is on the powersave governor, so frequency scaling adds "
                         "up to ±40%. Switch to performance with cpupower before benchmarking.",
              "fix": [bash("sudo cpupower frequency-set -g performance",
                           "Setting cpu: 0\nSetting cpu: 1")],
              "done": "Runs now agree within 2%."}),
        Fact("fals-fdatasync", "falsified", ["fdatasync"],
             ["can we make commits faster by syncing less metadata?",
              "has anyone tried cheaper syncs for the write-ahead log?"],
             "fdatasync instead of fsync for the WAL lost an acknowledged write in crash "
             "recovery (file length not persisted); reverted.",
             {"ask": "try replacing our WAL fsync with fdatasync to speed up writes",
              "change": [edit("src/wal.cc", "  if (::fsync(fd_) != 0)",
                              "  if (::fdatasync(fd_) != 0)")],
              "broke": bash("./build/tests/crash_recovery --iterations 200",
                            "iteration 137: recovered 4095 of 4096 acknowledged writes", 1),
              "revert": bash("git checkout -- src/wal.cc", ""),
              "conclusion": "Reverted fdatasync: the WAL file's length isn't flushed with it, "
                            "so crash recovery lost an acknowledged write in iteration 137."}),
        Fact("fals-folly", "falsified", ["folly"],
             ["should the block cache use a lock-free map?",
              "what happened with the third-party concurrent hashmap?"],
             "A folly lock-free map for the block cache pulled in boost and broke the embedded "
             "ARM build; reverted.",
             {"ask": "let's switch the block cache to the lock-free hash map from folly",
              "change": [edit("CMakeLists.txt", "find_package(Threads REQUIRED)",
                              "find_package(Threads REQUIRED)\nfind_package(folly REQUIRED)")],
              "broke": bash("cmake --preset arm-embedded && cmake --build --preset "
                            "arm-embedded",
                            "CMake Error: Could not find a package configuration file provided "
                            "by \"Boost\" (required by folly)", 1),
              "revert": bash("git checkout -- CMakeLists.txt src/block_cache.cc", ""),
              "conclusion": "Backed out folly: it drags in boost, which the embedded ARM "
                            "toolchain doesn't have, so that build breaks."}),
    ]
    return Project(
        "sparrowdb", "git@gitlab.com:acme-storage/sparrowdb.git",
        {"README.md": "# sparrowdb\n\nAn embedded key-value store.\n",
         "CMakeLists.txt": "cmake_minimum_required(VERSION 3.22)\nproject(sparrowdb CXX)\n"},
        facts,
        noise(("src/sparrowdb_memtable.cc",
               "void MemTable::Put(Slice key, Slice value) {\n  table_.insert(key, value);\n  "
               "bytes_ += key.size() + value.size();\n}\n",
               "MemTable::Put inserts the pair and tracks how many bytes the memtable holds."),
              ("unit", "ctest --test-dir build -L unit",
               "100% tests passed, 0 tests failed out of 54"),
              ("ApproxSize", "ApproximateBytes", "src/sparrowdb_memtable.cc",
               "size_t MemTable::ApproxSize() const {",
               "size_t MemTable::ApproximateBytes() const {"),
              "aa11bb2 memtable: track bytes\ncc33dd4 wal: checksum records\nee55ff6 ci: "
              "cache ccache dir\n7788990 docs: format",
              ("README.md", "# sparrowdb\n\nAn embeded key-value store.\n",
               "# sparrowdb\n\nAn embedded key-value store.\n"),
              ("src/sparrowdb_memtable.cc", "MemTable::Put",
               "void MemTable::Put(Slice key, Slice value) {",
               "// Insert or overwrite; the flush check happens in DB::Write.\nvoid MemTable::"
               "Put(Slice key, Slice value) {")),
        "github")


def fieldnotes() -> Project:
    facts = [
        Fact("conv-poetry", "convention", ["poetry"],
             ["how do I add a new library to this project?",
              "what's the right way to install seaborn here?"],
             "Use poetry for all dependencies, never pip install into the env.",
             {"rule": "use poetry for everything here, never pip install directly into the env",
              "task": "add scikit-learn",
              "follow": [bash("poetry add scikit-learn",
                              "Using version ^1.5.0 for scikit-learn\nUpdating dependencies\n"
                              "Writing lock file")],
              "done": "scikit-learn 1.5 is in pyproject.toml and the lock file."}),
        Fact("conv-nbstripout", "convention", ["nbstripout"],
             ["anything I need to do before committing a jupyter notebook?",
              "my notebook diff is huge, what's the rule for notebooks?"],
             "Notebooks are committed with outputs cleared: run nbstripout first.",
             {"rule": "notebooks must be committed with outputs cleared - run nbstripout "
                      "before committing",
              "task": "commit the cleaned survey notebook",
              "follow": [bash("nbstripout notebooks/survey_clean.ipynb && git commit -am "
                              "'Clean survey notebook'",
                              "[main 3c4d5e6] Clean survey notebook\n 1 file changed, 40 "
                              "insertions(+), 1210 deletions(-)")],
              "done": "Committed without outputs."}),
        Fact("cmd-dvc", "command", ["dvc pull"],
             ["how do I get the raw datasets onto my laptop?",
              "the fetch script fails with no credentials, how else can I download the data?"],
             "Get the raw data with `dvc pull data/raw.dvc` (scripts/fetch_data.py fails: "
             "NoCredentialsError).",
             {"goal": "pull the latest raw data",
              "fail": bash("python scripts/fetch_data.py",
                           "botocore.exceptions.NoCredentialsError: Unable to locate "
                           "credentials", 1),
              "note": "The raw data is tracked with DVC now, not fetched by the old script.",
              "ok": bash("dvc pull data/raw.dvc", "A       data/raw/\n1 file added and 14 files"
                         " fetched"),
              "done": "data/raw is up to date."}),
        Fact("cmd-papermill", "command", ["papermill"],
             ["how do I regenerate the quarterly report html?",
              "nbconvert fails with KeyError region when I build the report"],
             "Build the report with papermill (it injects the parameters) then nbconvert; "
             "plain nbconvert fails with KeyError.",
             {"goal": "rebuild the report for 2024",
              "fail": bash("jupyter nbconvert --execute --to html notebooks/report.ipynb",
                           "nbconvert.preprocessors.execute.CellExecutionError: KeyError: "
                           "'region'", 1),
              "note": "The report notebook is parameterised; the parameters have to be "
                      "injected.",
              "ok": bash("papermill notebooks/report.ipynb out/report.ipynb -p year 2024 && "
                         "jupyter nbconvert --to html out/report.ipynb",
                         "Executing: 100%|██████████| 31/31\n[NbConvertApp] Writing 1843022 "
                         "bytes to out/report.html"),
              "done": "out/report.html is rebuilt for 2024."}),
        Fact("env-cuda", "environment", ["cu121"],
             ["which torch build should I install for the GPU machine?",
              "what cuda version is on the training server?"],
             "The training box has CUDA 12.1 (driver 535): install the cu121 torch wheels.",
             {"goal": "set up torch on the training box",
              "probe": [bash("nvidia-smi | head -3",
                             "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA "
                             "Version: 12.1 |")],
              "confirm": "The training box has CUDA 12.1 (driver 535), so install the cu121 "
                         "torch wheels."}),
        Fact("env-cache", "environment", ["/mnt/scratch"],
             ["where are the computed features stored?",
              "which directory can I clear to free disk space from cached features?"],
             "Feature caches live in /mnt/scratch/fieldnotes-cache (not backed up).",
             {"goal": "where do the cached features live?",
              "probe": [bash("python -c 'import fieldnotes.config as c; print(c.CACHE_DIR)'",
                             "/mnt/scratch/fieldnotes-cache")],
              "confirm": "Feature caches go to /mnt/scratch/fieldnotes-cache (CACHE_DIR in "
                         "fieldnotes.config); that disk isn't backed up."}),
        Fact("gotcha-chunksize", "gotcha", ["FIELDNOTES_CHUNKSIZE"],
             ["the kernel keeps dying when I load the survey data",
              "jupyter crashes with out of memory on the responses"],
             "Loading all survey responses at once needs ~30 GB; set "
             "FIELDNOTES_CHUNKSIZE=200000 to stream them.",
             {"symptom": "the survey notebook dies with 'kernel restarting'",
              "probe": [bash("dmesg | tail -1",
                             "Out of memory: Killed process 48121 (python) "
                             "total-vm:31844212kB")],
              "explain": "Loading all responses at once needs about 30 GB. With "
                         "FIELDNOTES_CHUNKSIZE=200000 the loader streams them instead.",
              "fix": [edit("fieldnotes/config.py", "CHUNKSIZE = None",
                           "CHUNKSIZE = int(os.environ.get(\"FIELDNOTES_CHUNKSIZE\", 200_000))")],
              "done": "The notebook loads in chunks now and peaks under 4 GB."}),
        Fact("gotcha-mpl", "gotcha", ["MPLBACKEND"],
             ["charts are blank when generated by the scheduled job",
              "why are the saved figures empty when run headless?"],
             "Headless (cron) runs save blank figures unless MPLBACKEND=Agg.",
             {"symptom": "the plots come out empty when the script runs from cron",
              "probe": [bash("crontab -l | grep plots", "0 6 * * * cd ~/fieldnotes && python "
                             "scripts/plots.py")],
              "explain": "Under cron there's no display; matplotlib needs MPLBACKEND=Agg, "
                         "otherwise savefig writes blank images.",
              "fix": [bash("crontab -l | sed 's|python scripts/plots.py|MPLBACKEND=Agg python "
                           "scripts/plots.py|' | crontab -", "")],
              "done": "Updated the crontab entry."}),
        Fact("fals-polars", "falsified", ["polars"],
             ["would a faster dataframe library help the pipeline?",
              "why haven't we moved off pandas?"],
             "Switching the pipeline to polars changed the weighted means (reproducibility test "
             "failed); reverted to pandas.",
             {"ask": "try switching the pipeline from pandas to polars to make it faster",
              "change": [edit("fieldnotes/pipeline.py", "import pandas as pd",
                              "import polars as pl")],
              "broke": bash("python -m pytest tests/test_weights.py -q",
                            "FAILED tests/test_weights.py::test_survey_weights - "
                            "AssertionError: weighted mean 0.4821 != 0.4817\n1 failed, 6 passed",
                            1),
              "revert": bash("git checkout -- fieldnotes/pipeline.py", ""),
              "conclusion": "Back on pandas: polars changed the weighted means in the 4th "
                            "decimal, which breaks reproducing last year's published numbers."}),
        Fact("fals-knn", "falsified", ["KNN"],
             ["could we use a smarter method for the missing income values?",
              "what imputation did we try for incomes before?"],
             "KNN imputation of missing incomes changed published table 3; reverted to median "
             "imputation.",
             {"ask": "impute the missing incomes with KNN instead of the median",
              "change": [edit("fieldnotes/impute.py", "SimpleImputer(strategy=\"median\")",
                              "KNNImputer(n_neighbors=5)")],
              "broke": bash("python -m pytest tests/test_tables.py -q",
                            "FAILED tests/test_tables.py::test_published_tables - table 3 "
                            "median income 43,950 != published 41,200", 1),
              "revert": bash("git checkout -- fieldnotes/impute.py", ""),
              "conclusion": "Went back to median imputation: KNN changes table 3 against the "
                            "published report."}),
    ]
    return Project(
        "fieldnotes", "git@github.com:acme-research/fieldnotes.git",
        {"README.md": "# fieldnotes\n\nSurvey analysis.\n",
         "pyproject.toml": "[tool.poetry]\nname = \"fieldnotes\"\n"},
        facts,
        noise(("fieldnotes/fieldnotes_clean.py",
               "def drop_partial(df):\n    return df[df.completed_pct >= 0.8]\n",
               "drop_partial keeps only responses that are at least 80% complete."),
              ("cleaning", "python -m pytest tests/test_clean.py -q", "9 passed in 1.12s"),
              ("drop_partial", "drop_incomplete", "fieldnotes/fieldnotes_clean.py",
               "def drop_partial(df):", "def drop_incomplete(df):"),
              "4e5f6a7 Weights: trim at 5x\n8b9c0d1 Clean: drop speeders\n2e3f4a5 Add 2024 "
              "wave\n6b7c8d9 Plots: larger fonts",
              ("README.md", "# fieldnotes\n\nSurvey analysys.\n",
               "# fieldnotes\n\nSurvey analysis.\n"),
              ("fieldnotes/fieldnotes_clean.py", "drop_partial",
               "def drop_partial(df):",
               "# Responses under 80% complete are not analysed.\ndef drop_partial(df):")),
        "aws")


def beaconrelay() -> Project:
    facts = [
        Fact("conv-yarn", "convention", ["yarn"],
             ["what's the command to install a new package in the relay?",
              "how do I add a dependency here?"],
             "Use yarn 4 (plug'n'play), never npm install.",
             {"rule": "we use yarn 4 here - never run npm install, it breaks the plug'n'play "
                      "setup",
              "task": "add the zod dependency",
              "follow": [bash("yarn add zod", "➤ YN0000: · Yarn 4.1.1\n➤ YN0000: └ Completed"
                              "\n➤ YN0000: · Done in 3s 112ms")],
              "done": "zod is added."}),
        Fact("conv-pino", "convention", ["pino"],
             ["how should I add logging in the retry path?",
              "is console.log ok for debugging output in the service?"],
             "Log with pino only, never console.log: the log shipper drops non-JSON lines.",
             {"rule": "log with pino only, never console.log - the log shipper drops anything "
                      "that isn't JSON",
              "task": "add logging when a delivery is retried",
              "follow": [edit("src/deliver.ts", "    await sleep(backoff(attempt));",
                              "    logger.warn({ attempt, url }, 'retrying delivery');\n    "
                              "await sleep(backoff(attempt));")],
              "done": "Retries are logged at warn level with the attempt and URL."}),
        Fact("cmd-tsx", "command", ["tsx watch"],
             ["how do I start the service in dev mode?",
              "ts-node fails with ERR_REQUIRE_ESM, what should I use?"],
             "Run the relay in dev with `npx tsx watch src/server.ts` (ts-node fails: "
             "ERR_REQUIRE_ESM).",
             {"goal": "run the relay locally",
              "fail": bash("npx ts-node src/server.ts",
                           "Error [ERR_REQUIRE_ESM]: require() of ES Module not supported.", 1),
              "note": "The package is ESM-only; tsx handles that.",
              "ok": bash("npx tsx watch src/server.ts", "relay listening on :8787"),
              "done": "Running on 8787 with reload on save."}),
        Fact("cmd-dlq", "command", ["replay-dlq"],
             ["how do I resend webhooks that failed?",
              "what's the tool for reprocessing the dead letter queue?"],
             "Replay failed deliveries with `node scripts/replay-dlq.mjs --queue "
             "deliveries-dlq` (the CLI has no --since).",
             {"goal": "replay the failed webhooks from yesterday",
              "fail": bash("npx relay replay --since yesterday",
                           "error: unknown option '--since'", 1),
              "note": "Failed deliveries sit in the dead-letter queue; there's a script for "
                      "it.",
              "ok": bash("node scripts/replay-dlq.mjs --queue deliveries-dlq",
                         "Replayed 37 deliveries (35 ok, 2 failed again)"),
              "done": "35 of 37 went through; 2 receivers are still down."}),
        Fact("env-limit", "environment", ["256kb"],
             ["how large can an incoming webhook body be?",
              "some senders get a 413 error, what's the limit?"],
             "Incoming payloads are capped at 256kb by the JSON body parser.",
             {"goal": "what's the max payload the relay accepts?",
              "probe": [read("src/server.ts", "app.use(express.json({ limit: '256kb' }));\n")],
              "confirm": "Payloads are capped at 256kb by the JSON body parser; anything "
                         "bigger gets a 413."}),
        Fact("env-rabbit", "environment", ["5673"],
             ["what port is rabbitmq on for local dev?",
              "the relay can't reach the message broker, which address should it use?"],
             "Local RabbitMQ is on port 5673, vhost relay (not 5672).",
             {"goal": "which queue does the relay publish to?",
              "probe": [bash("grep -rn queueUrl config/",
                             "config/default.json:4:  \"queueUrl\": "
                             "\"amqp://localhost:5673/relay\"")],
              "confirm": "It publishes to RabbitMQ on port 5673 (vhost relay), not the default "
                         "5672."}),
        Fact("gotcha-raw", "gotcha", ["express.raw"],
             ["github webhook signatures never validate",
              "HMAC check fails on every incoming request"],
             "Signature checks fail unless the webhook route uses express.raw() before "
             "express.json() re-serialises the body.",
             {"symptom": "signature verification fails for every GitHub webhook in dev",
              "probe": [read("src/server.ts", "app.use(jsonBody);\n"
                             "app.post('/hooks/github', verifyGithub);\n")],
              "explain": "By the time verifyGithub runs, express.json() has parsed the body and "
                         "the HMAC is computed over re-serialised JSON. The route needs "
                         "express.raw() so it sees the exact bytes.",
              "fix": [edit("src/server.ts", "app.post('/hooks/github', verifyGithub);",
                           "app.post('/hooks/github', express.raw({ type: '*/*' }), "
                           "verifyGithub);")],
              "done": "Signatures verify now."}),
        Fact("gotcha-teardown", "gotcha", ["globalTeardown"],
             ["vitest never exits after the tests finish",
              "the test run hangs at the end, what's missing?"],
             "The test run hangs on exit unless the broker connection is closed in "
             "test/globalTeardown.ts.",
             {"symptom": "the integration tests pass but the run hangs and never exits",
              "probe": [bash("npx vitest run --reporter=hanging-process",
                             "There are 1 handle(s) keeping the process running:\n# TCPWRAP "
                             "amqp connection (broker)")],
              "explain": "The broker connection stays open after the tests; it has to be "
                         "closed in test/globalTeardown.ts.",
              "fix": [write("test/globalTeardown.ts",
                            "export default async function () {\n  await closeBroker();\n}\n")],
              "done": "The run exits cleanly."}),
        Fact("fals-fastify", "falsified", ["fastify"],
             ["could we use a faster http framework for the relay?",
              "was switching away from express ever tried?"],
             "Moving the relay to fastify broke signature checks (its raw body handling changes "
             "the bytes); reverted to express.",
             {"ask": "try moving the relay from express to fastify for throughput",
              "change": [bash("yarn remove express && yarn add fastify @fastify/formbody",
                              "➤ YN0000: · Done")],
              "broke": bash("npx vitest run test/signature.test.ts",
                            "FAIL test/signature.test.ts\nError: signature mismatch\n Tests  12 "
                            "failed (12)", 1),
              "revert": bash("git checkout -- package.json yarn.lock src/", ""),
              "conclusion": "Reverted to express: fastify's body handling changes the payload "
                            "bytes, so every signature check fails."}),
        Fact("fals-batching", "falsified", ["batched"],
             ["can we group several deliveries into one http call?",
              "why do we send webhooks one at a time?"],
             "Sending batched deliveries (50 per request) was rejected with 400 by 9 of 14 "
             "subscribers; undone.",
             {"ask": "batch outgoing deliveries, 50 per request, to cut latency",
              "change": [edit("src/deliver.ts", "const BATCH_SIZE = 1;",
                              "const BATCH_SIZE = 50;")],
              "broke": bash("node scripts/smoke-subscribers.mjs",
                            "9 of 14 subscribers answered 400 Bad Request to batched payloads",
                            1),
              "revert": bash("git checkout -- src/deliver.ts", ""),
              "conclusion": "Undid the batching: 9 of 14 subscribers reject batched payloads "
                            "with 400."}),
    ]
    return Project(
        "beaconrelay", "https://gitlab.example.org/platform/beaconrelay.git",
        {"README.md": "# beaconrelay\n\nWebhook relay.\n",
         "package.json": "{\n  \"name\": \"beaconrelay\",\n  \"type\": \"module\"\n}\n"},
        facts,
        noise(("src/beaconrelay_backoff.ts",
               "export function backoff(attempt: number): number {\n  return Math.min(30_000, "
               "2 ** attempt * 250);\n}\n",
               "backoff doubles the wait per attempt from 250 ms, capped at 30 seconds."),
              ("unit", "npx vitest run src/", " Test Files  6 passed (6)\n      Tests  41 passed "
               "(41)"),
              ("maxWait", "maxDelayMs", "src/beaconrelay_backoff.ts",
               "const maxWait = 30_000;", "const maxDelayMs = 30_000;"),
              "f1e2d3c Retry on 429 too\nb4a5968 Add delivery metrics\n7c6b5a4 Bump vitest\n"
              "3d2c1b0 README: setup",
              ("README.md", "# beaconrelay\n\nWebhook realy.\n",
               "# beaconrelay\n\nWebhook relay.\n"),
              ("src/beaconrelay_backoff.ts", "backoff",
               "export function backoff(attempt: number): number {",
               "// Exponential backoff for redeliveries.\nexport function backoff(attempt: "
               "number): number {")),
        "stripe")


def projects() -> list[Project]:
    return [harborview(), sparrowdb(), fieldnotes(), beaconrelay()]
