"""Capture rules of the twenty-fifth pass (read on dev41, a newspaper data desk's election
fortnight)."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, proposed_texts, session

from rlat.capture import fact_rules


@pytest.mark.parametrize("name", ["VotingPrecincts_2024", "Sheet1_Final", "WardMap_v3"])
def test_a_name_in_mixed_case_with_underscores_is_a_name(name):
    assert "code:" + name in fact_rules.codes_of_things(f"The map uses the layer {name}.")


def test_the_answer_after_looking_names_a_layer_by_its_mixed_case_name(tmp_path):
    b = session(tmp_path)
    b.prompt("which precinct shapes is the map built from? county redistricted in 2023 i think")
    b.say("Looking it up.")
    b.run("Bash", {"command": "head -c 240 src/data/precincts.meta.json"},
          '{"source": "Merriam County GIS, layer VotingPrecincts_2024", "features": 143}')
    b.say("The map uses the county GIS layer VotingPrecincts_2024: 143 precincts, so it has "
          "the 2023 redraw. The 2020 layer had 131.")
    texts = proposed_texts(proposed(b))
    assert any("VotingPrecincts_2024" in t for t in texts), texts


def test_an_offer_turned_down_with_what_it_cost_on_an_occasion_named_by_its_year(tmp_path):
    b = session(tmp_path)
    b.prompt("theo keeps asking for roads and town names under the precinct map. can we get a "
             "proper basemap in there?")
    b.say("Mapbox GL JS with a light style and the precincts as a fill layer on top would give "
          "roads and labels for free. Want me to wire it up?")
    b.prompt("we've been here. we had a Mapbox basemap for the 2022 general. 240k map loads on "
             "the night, way past the free tier, finance got a $1,900 bill and the page crawled "
             "on phones.")
    b.say("Understood, leaving it as it is.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert len(texts) == 1 and "Mapbox GL JS" in texts[0] and "$1,900 bill" in texts[0], texts


@pytest.mark.parametrize("said,tried", [
    ("we've been here before, it broke the build", True),
    ("we have been down this road", True),
    ("we've been here all day", False),
])
def test_having_been_here_before_says_it_was_tried(said, tried):
    assert bool(fact_rules.TRIED_BEFORE.search(said)) is tried


@pytest.mark.parametrize("said,used", [
    ("we had a Mapbox basemap for the 2022 general", True),
    ("they ran the old importer during the 2019 count", True),
    ("we had a basemap for the general", False),
])
def test_an_occasion_named_by_its_year_dates_what_was_used(said, used):
    assert bool(fact_rules.USED_BEFORE.search(said)) is used


@pytest.mark.parametrize("said", ["finance got a $1,900 bill and the page crawled on phones",
                                  "way past the free tier", "the overage was brutal"])
def test_what_an_attempt_cost_says_why_it_went(said):
    assert fact_rules.DROPPED_FOR.search(said)


def test_a_live_page_that_froze_is_a_problem_whose_explanation_is_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("live blog froze for logged-out readers in the rehearsal. logged in (me) it updates "
             "fine, incognito shows entries from 5 min ago\n\n```\n$ curl -sI 'https://www."
             "bellhavencourier.com/wp-json/inkbarrow/v1/entries?post=88121' | grep -iE "
             "'cache|age'\ncache-control: max-age=300, must-revalidate\nx-cache: hit\nage: 241\n```")
    b.run("Read", {"file_path": "inc/class-liveblog-rest.php"},
          "register_rest_route( 'inkbarrow/v1', '/entries', [ 'methods' => 'GET' ] );")
    b.say("Logged-out requests to our REST route are served from VIP's edge cache, and since the "
          "route sends no Cache-Control of its own it gets the default five minutes "
          "(max-age=300). A rest_post_dispatch filter that sets a short max-age on the entries "
          "route fixes it.")
    texts = [f["text"] for f in proposed(b).get("gotcha", [])]
    assert any("max-age=300" in t for t in texts), texts


def test_an_offer_turned_down_because_we_did_it_in_a_named_year(tmp_path):
    b = session(tmp_path)
    b.prompt("the seo person says AMP would get the live blog into google's top stories "
             "carousel. worth doing?")
    b.say("The AMP plugin plus an amp-live-list template would let Google's AMP cache serve and "
          "refresh the live blog. Want me to build the template?")
    b.prompt("no. we did that. we did an AMP live blog in 2020 with amp-live-list. the embeds "
             "got mangled into amp-iframes that wouldn't render above the fold, and it lagged "
             "ours by minutes.")
    b.say("Understood, leaving it as it is.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert len(texts) == 1 and "amp-live-list" in texts[0] and "2020" in texts[0], texts


@pytest.mark.parametrize("output,line", [
    # (npm's echo of the script it runs, then a prompt library's frame)
    ("Exit code 1\n> swingloft@0.4.0 deploy\n> observable deploy\n\n┌   observable deploy\n│\n"
     "■  You are not signed in to Observable.\n│  To sign in, run: observable login\n└",
     "You are not signed in to Observable."),
    ("Test project /home/dev/src/tilesmith\nNo tests were found!!!", "No tests were found!!!"),
    # (an error line still wins)
    ("> app@1.0.0 build\n> tsc\nerror TS2307: Cannot find module 'x'", "error TS2307: Cannot "
     "find module 'x'"),
])
def test_a_failure_without_an_error_word_is_told_by_what_it_says_is_not_so(output, line):
    from rlat.capture.session import error_line
    assert error_line(output)[1] == line


def test_a_command_the_team_does_not_use_makes_the_next_one_a_recovery(tmp_path):
    b = session(tmp_path)
    b.prompt("push the current build to staging so theo can look on his phone")
    b.run("Bash", {"command": "npm run deploy"},
          "Exit code 1\n> swingloft@0.4.0 deploy\n> observable deploy\n\n┌   observable deploy"
          "\n│\n■  You are not signed in to Observable.\n│  To sign in, run: observable login\n└",
          is_error=True)
    b.say("npm run deploy is the Framework template's script for Observable's own hosting, "
          "which we don't use. Ours go to our bucket behind the CDN through the repo's ship "
          "script.")
    b.run("Bash", {"command": "./scripts/ship.sh staging"},
          "syncing dist/ -> gs://bucket/elex/ (118 files, 2 changed)\nstaging: https://"
          "staging-graphics.example.com/elex/")
    b.say("Staging is updated.")
    texts = [f["text"] for f in proposed(b).get("recovery", [])]
    assert texts and texts[0].startswith(
        "Use `./scripts/ship.sh staging` here (`npm run deploy` fails: You are not signed in"), \
        texts


def test_what_is_filed_under_a_dead_end_section_with_notes_is_a_falsified_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("add to docs/decisions.md, tried-and-dropped section. my notes:\n\nthe 2019 intern "
             "tried OCR with tesseract on the 1990s scans. 1s read as 7s, 3s as 8s, half the "
             "contests didn't sum to the certified county totals. double-keying by hand it is")
    b.run("Edit", {"file_path": "docs/decisions.md", "old_string": "## Tried and dropped\n",
                   "new_string": "## Tried and dropped\n\n### OCR with Tesseract\n"},
          "The file docs/decisions.md has been updated.")
    b.say("Added under \"Tried and dropped\" in docs/decisions.md.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert len(texts) == 1 and texts[0].startswith(
        "Tried-and-dropped: the 2019 intern tried OCR with tesseract") \
        and "didn't sum" in texts[0], texts


@pytest.mark.parametrize("said,label", [
    ("add to docs/decisions.md, tried-and-dropped section. my notes:\n\nthe 2019 intern",
     "tried-and-dropped section. my notes:"),
    ("dead ends section: the old importer", "dead ends section:"),
    ("the tried-and-dropped section is long", None),
])
def test_a_dead_end_label_may_name_its_section_and_the_notes_after_it(said, label):
    found = fact_rules.DEAD_END_LABEL.search(said)
    assert (found.group(0).strip() if found else None) == label


def test_a_wish_told_before_a_question_is_no_value_of_the_setup(tmp_path):
    # (a message passed on: what someone wants to do, then what they ask)
    b = session(tmp_path)
    b.prompt("kim asking in #webdesk:\n\n[2:49 PM] Kim Aldana: want to rehearse the live blog on "
             "something that isn't the real site — what's the preprod address again and do I "
             "need a login?\n\ncan you check + give me something to paste back")
    b.run("Bash", {"command": "vip app bellhaven-courier"},
          "│ 4128 │ preprod    │ preprod    │ bhcourier-preprod.go-vip.net     │")
    b.say("Preprod is the VIP environment at https://bhcourier-preprod.go-vip.net (app 4128).")
    texts = proposed_texts(proposed(b))
    assert not any(t.startswith("[2:49 PM] Kim Aldana: want to") for t in texts), texts
    assert any(t.startswith("Preprod is the VIP environment") for t in texts), texts


@pytest.mark.parametrize("told,wish", [
    ("[2:49 PM] Kim Aldana: want to rehearse the live blog on something that isn't the real "
     "site", True),
    ("we'd like to move the cron to 5am", True),
    ("app id is 2715430 if you need it", False),
    ("the db you want to use is /srv/refdb/k2", False),
])
def test_what_someone_wants_to_do_is_a_wish(told, wish):
    assert bool(fact_rules.TOLD_WISH.match(told)) is wish


def test_a_message_copied_with_its_byline_in_front_is_the_team_s_words(tmp_path):
    # (Slack copies a message as "[9:08 AM] Denise Okafor: …": its rule is a convention, and
    # the byline's time no value of the setup)
    b = session(tmp_path)
    b.prompt("build the save handler for editing published entries\n\nand follow this pls, "
             "denise posted it this morning:\n\n[9:08 AM] Denise Okafor: Standards reminder for "
             "the live blog Tuesday: if an entry was wrong, we don't quietly fix it.\n[9:10 AM] "
             "Kim Aldana: every correction keeps the original text and never deletes it.")
    b.say("Doing it that way.")
    found = proposed(b)
    rules = [f["text"] for f in found.get("convention", [])]
    assert "Standards reminder for the live blog Tuesday: if an entry was wrong, we don't " \
           "quietly fix it." in rules, found
    assert "Every correction keeps the original text and never deletes it." in rules, found
    assert not any("9:08" in t for t in proposed_texts(found)), found


@pytest.mark.parametrize("line,said", [
    ("[9:08 AM] Denise Okafor: Standards reminder", "Standards reminder"),
    ("[14:02] Ravi: dokku app still deploys from master", "dokku app still deploys from master"),
    ("Tom  9:14 AM", ""),
])
def test_a_chat_byline_in_front_of_its_message_ends_where_the_message_starts(line, said):
    found = fact_rules.RELAY_LINE.search(line)
    assert found is not None and line[found.end():] == said


@pytest.mark.parametrize("reply", [
    "did you check the folder for the 2024 shapefile? i don't think it's there, the county never "
    "sent it.",
    "hmm, did the deploy go out at the 2023 cutover? the old box is not responding since then",
])
def test_did_asking_a_question_tells_no_approach_used_before(tmp_path, reply):
    # ("did" is used before only when someone did it: "we did an AMP live blog in 2020")
    b = session(tmp_path)
    b.prompt("the precinct map needs roads under it")
    b.say("I could rebuild the precinct layer from the county's shapefile and add a basemap. "
          "Want me to?")
    b.prompt(reply)
    b.say("Checking.")
    assert not proposed(b).get("falsified"), proposed(b)


@pytest.mark.parametrize("said,used", [
    ("did you check the folder for the 2024 shapefile", False),
    ("did the deploy go out at the 2023 cutover", False),
    ("we did an AMP live blog in 2020", True),
    ("we already did that for the 2022 general", True),
])
def test_did_is_used_before_after_whoever_did_it(said, used):
    assert bool(fact_rules.USED_BEFORE.search(said)) is used


@pytest.mark.parametrize("report", [
    "the staging deploy broke again on the cert step, we've been here before, the renewal cron "
    "is not running on the new box. can you look?",
    "same 502 on the results page as yesterday - we've been here - the upstream pool is too "
    "small. can you bump it?",
    "nightly tiles build failed with the same gdal error, we have been here before: the docker "
    "image doesn't pin gdal. fix the pin please",
])
def test_a_problem_met_before_is_no_approach_tried(tmp_path, report):
    # ("we've been here" tells an approach tried only turning down what was offered)
    b = session(tmp_path)
    b.prompt(report)
    b.say("Looking.")
    assert not proposed(b).get("falsified"), proposed(b)


def test_notes_after_a_dead_end_named_in_passing_are_no_dead_end(tmp_path):
    # (the label runs on to the notes only when it names its section: "tried-and-dropped
    # section. my notes: …")
    b = session(tmp_path)
    b.prompt("write the sprint retro into docs/retro.md: what went well, what didn't work. my "
             "notes: the deploy pipeline ran green all sprint, the new importer handled all 143 "
             "precincts, and the cache warmup now takes 4 minutes instead of 40.")
    b.run("Edit", {"file_path": "docs/retro.md", "old_string": "# Retro\n",
                   "new_string": "# Retro\n\n## Sprint 12\n"},
          "The file docs/retro.md has been updated.")
    b.say("Added the retro.")
    assert not proposed(b).get("falsified"), proposed(b)
    assert fact_rules.DEAD_END_LABEL.search("what went well, what didn't work. my notes: the "
                                            "deploy") is None


@pytest.mark.parametrize("said,symptom", [
    ("live blog froze for logged-out readers in the rehearsal", True),
    ("the page froze on phones", True),
    ("we froze the node version at 20.11.1 in .nvmrc", False),
    ("i froze main for the election night release", False),
])
def test_what_froze_is_a_problem_what_someone_froze_a_choice(said, symptom):
    assert bool(fact_rules.SYMPTOM.search(said)) is symptom


def test_a_version_the_team_froze_is_still_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("heads up: we froze the node version at 20.11.1 in .nvmrc because the tile builder "
             "segfaults on 22. keep it there.")
    b.say("Noted.")
    assert any("20.11.1" in t for t in proposed_texts(proposed(b))), proposed(b)


@pytest.mark.parametrize("output,line", [
    # (black's exclamation says nothing of what is not so: its first line does)
    ("Exit code 1\nwould reformat /home/dev/app/src/app.py\n\nOh no! 💥 💔 💥\n1 file would be "
     "reformatted, 12 files would be left unchanged.", "would reformat /home/dev/app/src/app.py"),
    # (nor an option's "--no-…")
    ("Exit code 1\n+ docker build --no-cache -t app .\nStep 1/4 : FROM python:3.12-slim\n"
     "no space left on device", "no space left on device"),
])
def test_a_line_saying_no_says_what_is_not_so(output, line):
    from rlat.capture.session import error_line
    assert error_line(output)[1] == line


def test_a_value_told_in_a_copied_message_before_its_question_is_kept(tmp_path):
    # (it was kept for its byline's time, "[2:49 PM]"; without the byline, for the name it
    # gives, as a message passed on is)
    b = session(tmp_path)
    b.prompt("kim asking in #webdesk:\n\n[2:49 PM] Kim Aldana: the preprod address is "
             "bhcourier-preprod.go-vip.net - can you check it still answers?")
    b.say("Done.")
    texts = proposed_texts(proposed(b))
    assert "The preprod address is bhcourier-preprod.go-vip.net" in texts, texts


@pytest.mark.parametrize("reply", [
    "we set one up for the 2026 primary already, it's not switched on yet.",
    "we made one for the 2024 general, it's in components/Ticker.svelte but not wired to the "
    "homepage. reuse that",
])
def test_an_offer_answered_with_the_one_already_made_is_no_dead_end(tmp_path, reply):
    # (made for an occasion named by its year, and waiting: not tried and dropped)
    b = session(tmp_path)
    b.prompt("the homepage needs something live for election night")
    b.say("I could add a results ticker component to the homepage. Want me to build it?")
    b.prompt(reply)
    b.say("OK.")
    assert not proposed(b).get("falsified"), proposed(b)


def test_an_offer_turned_down_with_the_one_made_before_and_why_is_still_a_dead_end(tmp_path):
    b = session(tmp_path)
    b.prompt("the homepage needs something live for election night")
    b.say("I could add a results ticker component to the homepage. Want me to build it?")
    b.prompt("no, we made a ticker for the 2024 general and it was not worth it, readers "
             "ignored it. not building another one yet")
    b.say("OK.")
    assert proposed(b).get("falsified"), proposed(b)


def test_a_crawl_run_before_is_no_reason_it_went(tmp_path):
    # (a page that crawled went for its slowness; a web crawl is a thing done)
    b = session(tmp_path)
    b.prompt("search on the results site misses the precinct pages")
    b.say("I could add a sitemap-based crawler that feeds the search index. Want me to build it?")
    b.prompt("we ran a crawl for the 2022 general to build the search index, the script is "
             "scripts/crawl.py")
    b.say("OK.")
    assert not proposed(b).get("falsified"), proposed(b)
    assert fact_rules.DROPPED_FOR.search("the page slowed to a crawl on phones")
    assert not fact_rules.DROPPED_FOR.search("we ran a crawl for the general")


@pytest.mark.parametrize("reply,falsified", [
    ("we used Algolia for the 2022 general, it was expensive but fine, so yes go ahead", False),
    ("we had Algolia for the 2022 general, way past the free tier. anyway, go for it", False),
    ("we had Algolia for the 2022 general, way past the free tier, don't do it", True),
])
def test_an_offer_taken_up_at_the_end_of_the_reply_is_not_turned_down(tmp_path, reply,
                                                                        falsified):
    b = session(tmp_path)
    b.prompt("search on the results site misses the precinct pages")
    b.say("I could move search to a hosted index like Algolia. Want me to set it up?")
    b.prompt(reply)
    b.say("OK.")
    assert bool(proposed(b).get("falsified")) is falsified, proposed(b)


@pytest.mark.parametrize("after", ["use that static image from the 2020 map instead",
                                   "just use this: static tiles from our bucket"])
def test_an_offer_turned_down_for_something_else_to_use_is_still_a_dead_end(tmp_path, after):
    # (what to use instead is no ask to reuse the one made before)
    b = session(tmp_path)
    b.prompt("theo keeps asking for roads under the precinct map")
    b.say("Mapbox GL JS with a light style would give roads and labels. Want me to wire it up?")
    b.prompt(f"we had a Mapbox basemap for the 2022 general, way past the free tier. {after}")
    b.say("OK.")
    assert proposed(b).get("falsified"), proposed(b)


@pytest.mark.parametrize("said,problem", [
    ("the nightly export timed out again", True),
    ("the results job errored at 9pm", True),
    ("the build stalled at 40%", True),
    ("the worker is wedged", True),
    ("the plugin won't compile since the bump", True),
    ("CI is red on main", True),
    ("the app refuses to start", True),
    ("we stalled the release until monday", False),
])
def test_software_going_wrong_in_other_words_is_a_problem_reported(said, problem):
    assert bool(fact_rules.SYMPTOM.search(said)) is problem


def test_an_export_that_timed_out_is_a_problem_whose_explanation_is_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("the nightly LEDES export timed out again at 2am, third night running")
    b.run("Bash", {"command": "journalctl -u ledes-export --since yesterday | tail -3"},
          "ledes-export[812]: query over matters took 1804 s\nledes-export[812]: killed: "
          "TimeoutStartSec=30min")
    b.say("The matters query scans every time entry since 2015 because the date filter is "
          "applied after the join; the unit's TimeoutStartSec=30min kills it. Filtering "
          "time_entries by billing period before the join brings it under a minute.")
    texts = [f["text"] for f in proposed(b).get("gotcha", [])]
    assert any("TimeoutStartSec=30min" in t for t in texts), texts
