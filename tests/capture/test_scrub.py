"""Secret scrubbing against a corpus built from the providers' public token formats."""

from __future__ import annotations

import json

import pytest
from secret_corpus import (
    AWS_DOC_EXAMPLES,
    NEGATIVES,
    SECRETS,
    TOOL_OUTPUT_SECRETS,
    contexts,
)

from rlat.scrub import (
    RULE_NAMES,
    RULES,
    ScrubLog,
    detect,
    is_placeholder,
    names_secret_file,
    scrub,
)

CASES = [(s, ctx) for s in SECRETS for ctx in ("prose", "json", "yaml", "shell", "stack")]


@pytest.mark.parametrize("secret,where", CASES,
                         ids=[f"{s.family}:{s.value[:10]}:{w}" for s, w in CASES])
def test_every_family_is_caught_in_every_context(secret, where):
    text = contexts(secret)[where]
    result = scrub(text)
    for fragment in secret.fragments():
        assert fragment not in result.text, f"{secret.family} leaked in {where}"
    assert secret.rule in [f.rule for f in result.findings]
    # the text around the secret is still there
    assert "billing" in result.text or "restarted" in result.text or "git status" in result.text \
        or "connect" in result.text


@pytest.mark.parametrize("secret", TOOL_OUTPUT_SECRETS, ids=lambda s: f"len{len(s.value)}")
def test_bare_high_entropy_tokens_are_caught_in_tool_output_and_in_prose(secret):
    assert secret.value not in scrub(secret.snippet, context="tool_output").text
    # a key read out of `printenv` and repeated by the assistant, or pasted into a sentence,
    # is as secret there (identifiers in conversation survive: the negatives, both contexts)
    said = f"DEPLOY_KEY is set to {secret.value} in this environment."
    assert secret.value not in scrub(said, context="text").text


@pytest.mark.parametrize("name", sorted(NEGATIVES))
@pytest.mark.parametrize("context", ["text", "tool_output"])
def test_negatives_survive_untouched(name, context):
    text = NEGATIVES[name]
    assert scrub(text, context=context).text == text


def test_wrapped_base64_document_survives_but_a_lone_token_does_not():
    import base64
    import random

    blob = base64.encodebytes(random.Random(1).randbytes(900)).decode()  # 76-char lines
    assert scrub(blob, context="tool_output").text == blob


def test_aws_documentation_examples_are_redacted_like_real_keys():
    """Policy (docs/capture.md): format rules fire on shape, example values included."""
    text = (f"[default]\naws_access_key_id = {AWS_DOC_EXAMPLES[0]}\n"
            f"aws_secret_access_key = {AWS_DOC_EXAMPLES[1]}\n")
    out = scrub(text).text
    assert AWS_DOC_EXAMPLES[0] not in out and AWS_DOC_EXAMPLES[1] not in out
    assert "[REDACTED:aws-access-key]" in out and "[REDACTED:aws-secret-key]" in out


@pytest.mark.parametrize("value", ["changeme", "<your-api-key>", "${API_KEY}", "xxxxxxxx",
                                   "****", "your_password_here", "REDACTED", "%(password)s",
                                   "{{ vault_password }}"])
def test_heuristic_rules_skip_obvious_placeholders(value):
    assert is_placeholder(value)
    for line in (f"password: {value}", f'"api_key": "{value}"', f"DB_PASSWORD={value}"):
        assert scrub(line).text == line


def test_keyword_rules_keep_the_name_and_replace_only_the_value():
    out = scrub('DB_PASSWORD=s3cr3t-Pa55 ./run.sh --verbose').text
    assert out == "DB_PASSWORD=[REDACTED:keyword-assignment] ./run.sh --verbose"
    out = scrub("postgresql://app:Sup3rS3cret@db.internal:5432/app").text
    assert out == "postgresql://app:[REDACTED:uri-credentials]@db.internal:5432/app"


def test_json_escaped_inside_a_string_is_still_caught():
    inner = json.dumps({"password": "hunter2!x9", "client_secret": "Zq8pL2mN7xR4tY6wK1vB3"})
    outer = json.dumps({"stdout": inner})  # a tool that printed JSON, stored as JSON
    out = scrub(outer).text
    assert "hunter2!x9" not in out and "Zq8pL2mN7xR4tY6wK1vB3" not in out


def test_private_spans_are_removed_entirely_even_unclosed():
    assert scrub("keep <private>my home address is 1 Main St</private> this").text == "keep  this"
    assert scrub("keep <PRIVATE>cut from here on").text == "keep "


def test_pem_block_across_lines_and_unterminated():
    pem = "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIObLW92AqkWunJXowVR2Z5/+yVPBaFHnEedDk5WJxk/BoAoGCCqGSM49\n"
    out = scrub("before\n" + pem + "(output truncated)").text
    assert out.startswith("before\n[REDACTED:private-key]")
    assert "MHcCAQEE" not in out


def test_rules_each_have_a_prefilter_or_a_literal_start():
    """The pre-filter is what keeps scrubbing fast: a rule without trigger literals must find
    its candidates itself (a finder: substring scans) or be a format rule whose regex starts
    with a literal (the regex engine searches for it)."""
    for rule in RULES:
        if rule.triggers:
            assert all(t == t.lower() for t in rule.triggers) or rule.exact
            continue
        if rule.finder is not None:
            continue
        assert rule.name == "high-entropy" or rule.pattern.pattern[:1].isalnum() \
            or rule.pattern.pattern.startswith(("(?:-u", "://", "A(?:")), rule.name


@pytest.mark.parametrize("command,secret", [
    ("cat .env", True), ("cat .env.local", True), ("less ~/.aws/credentials", True),
    ("cat ~/.ssh/id_rsa", True), ("cat ~/.ssh/id_ed25519.pub", False), ("cat server.pem", True),
    ("cat certs/tls.key", True), ("cat ~/.netrc", True), ("cat ~/.npmrc", True),
    ("cat ~/.pypirc", True), ("cat environment.py", False), ("cat src/.envrc-notes.md", False),
    ("C:\\Users\\ada\\project\\.env", True), ("/home/ada/project/.env.production", True),
    ("grep TOKEN README.md", False), ("ls keys/", False),
])
def test_secret_file_detection(command, secret):
    assert names_secret_file(command) is secret


def test_detect_names_the_rules_that_fire():
    assert detect("nothing to see here") == []
    assert "github-token" in detect("token ghp_" + "a1B2c3D4e5" * 3 + "F6g7h8")


def test_scrub_log_is_append_only_and_never_holds_the_secret(tmp_path):
    log = ScrubLog(tmp_path / "scrub.log")
    secret = SECRETS[0].value
    result = scrub(f"key {secret}")
    rows = [{"session": "s1", "message": "m1", "field": "prompt", "rule": f.rule,
             "count": f.count} for f in result.findings]
    assert log.write(rows) == 1
    assert log.write(rows) == 1
    text = (tmp_path / "scrub.log").read_text()
    assert secret not in text and secret[:8] not in text
    read = log.read()
    assert len(read) == 2 and read[0]["rule"] == "aws-access-key" and read[0]["message"] == "m1"


def test_rule_names_are_unique_and_markers_match_no_rule():
    assert len(set(RULE_NAMES)) == len(RULE_NAMES)
    for name in RULE_NAMES:
        marker = f"[REDACTED:{name}]"
        for context in ("text", "tool_output"):
            assert detect(f"value: {marker} and token={marker}", context=context) == []


def test_docs_list_every_rule_and_state_the_count():
    """docs/capture.md has one table row per rule (plus secret-file withholding) and
    docs/architecture.md states how many there are."""
    import re
    from pathlib import Path

    docs = Path(__file__).resolve().parents[2] / "docs"
    rows = re.findall(r"^\| `([a-z0-9\-]+)` \| (?:format|heuristic|span|withhold) \|",
                      (docs / "capture.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert sorted(rows) == sorted([*RULE_NAMES, "secret-file"])
    stated = re.search(r"(\d+) rules \((\d+) in one table",
                       (docs / "architecture.md").read_text(encoding="utf-8"))
    assert stated and int(stated.group(1)) == len(RULES) + 1
    assert int(stated.group(2)) == len(RULES)


@pytest.mark.parametrize("line,kept", [
    ("mysql -u root -pS3cretPw app", "mysql -u root -p[REDACTED:password-flag] app"),
    ("docker login -u ada -p Welcome1 reg.io && docker run -p 8080:8080 app",
     "docker login -u ada -p [REDACTED:password-flag] reg.io && docker run -p 8080:8080 app"),
    ("redis://:Welcome1@cache:6379/0", "redis://:[REDACTED:uri-credentials]@cache:6379/0"),
    ("curl -H 'Authorization: Bearer ab1.cd2.ef3gh4'",
     "curl -H 'Authorization: Bearer [REDACTED:authorization-header]'"),
])
def test_command_line_rules_keep_the_command_and_replace_only_the_value(line, kept):
    assert scrub(line).text == kept


def test_a_token_an_earlier_rule_replaced_is_not_scrubbed_again_as_a_password():
    text = "git clone https://ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8" + "@github.com/o/r.git"
    result = scrub(text)
    assert result.text == "git clone https://[REDACTED:github-token]@github.com/o/r.git"
    assert scrub(result.text).text == result.text  # idempotent


@pytest.mark.parametrize("text, kept", [
    ("VAULT_TOKEN=hvs.CAESIJ3kZ9qL7mN2pR5tV8wY1zA4cD6e", "VAULT_TOKEN="),
    ('{"token": "hvs.CAESIJ3kZ9qL7mN2pR5tV8wY1zA4cD6e"}', '{"token": "'),
    ("SECRET_KEY=k3y.w1th.d0ts.AbC9", "SECRET_KEY="),
])
def test_a_config_or_quoted_value_with_dots_is_a_value_not_a_dotted_name(text, kept):
    result = scrub(text)
    assert "CAESIJ3k" not in result.text and "w1th" not in result.text
    assert result.text.startswith(kept + "[REDACTED:")
    # in code, a dotted name is still a reference, not a secret
    assert scrub("token = self.session.refresh_token").text == "token = self.session.refresh_token"


@pytest.mark.parametrize("text", [
    "GITHUB_TOKEN = credentials.githubToken2",
    "SECRET_KEY = settings.DJANGO_SECRET_KEY",
    '"apiKey": "process.env.NEXT_PUBLIC_API_KEY"',
    "SESSION_SECRET = process.env.SESSION_SECRET",
])
def test_a_dotted_name_of_words_stays_a_reference_even_after_an_upper_case_name(text):
    assert scrub(text).text == text


def test_a_password_after_a_token_in_a_urls_user_place_is_still_redacted():
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    result = scrub(f"git clone https://{token}:MyGitPassw0rd@github.com/acme/app.git")
    assert result.text == ("git clone https://[REDACTED:github-token]:"
                           "[REDACTED:uri-credentials]@github.com/acme/app.git")


@pytest.mark.parametrize("text", [
    "Pin it: integrity sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+5FTIcVFbOs6yAi5Q"
    "v9mjvMzBkm3YhOhQyl3SZA== in the lockfile",
    "go.sum has h1:Xk9LmP3vR8sT1wY4zB6nC0dF5gJa7Hq2Xk9LmP3vR8sT1wY4z= for it",
    "add ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGk9LmP3vR8sT1wY4zB6nC0dF5gJa7Hq2Xk9LmP3vR8s "
    "dev@laptop to authorized_keys",
    "the page is pinned at QmXk9LmP3vR8sT1wY4zB6nC0dF5gJa7Hq2Xk9LmP3vR8sT on IPFS",
    "forge script script/Deploy.s.sol --account coop-deployer --sender "
    "0x9C41e2b7A0d5F36c81E4b2a9D07c5E3f1A6b8d24",
])
def test_public_digests_and_keys_in_prose_are_not_secrets(text):
    assert scrub(text).text == text


@pytest.mark.parametrize("text,secret", [
    ("DB_PASSWORD=summer_2024", "summer_2024"),
    ("export PGPASSWORD=welcome_123 && psql", "welcome_123"),
    ("password: acme_prod_99", "acme_prod_99"),
    ("SHOPIFY_ACCESS_TOKEN=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",
     "d3cef4844cffb822087ba89ae180fc6c"),
    ("SECRET_KEY=prod_a8f93kd02jf8s7", "prod_a8f93kd02jf8s7"),
    ("The prod DB password is summer_2024", "summer_2024"),
    ('mongosh "mongodb://db" --password Hx9kP2mQ', "Hx9kP2mQ"),
    ("redis-cli -h cache -a s3cretRedis ping", "s3cretRedis"),
    ("az login -u me@x.com -p Azur3Pass!", "Azur3Pass!"),
    ("kubectl --token eyXkd93kdkKDK39dk get pods", "eyXkd93kdkKDK39dk"),
    ("gpg --batch --passphrase MyPhrase99 -d f.gpg", "MyPhrase99"),
    ("openssl enc -d -in x -passin pass:Op3nSSLpw", "Op3nSSLpw"),
    ("curl --user=admin:Curl9pass https://x", "Curl9pass"),
    ("htpasswd -b .htpasswd admin Htp4sswd", "Htp4sswd"),
    ("RAILS_MASTER_KEY=9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    ("ENCRYPTION_KEY=aZ9kdk30dkDKe93kdd", "aZ9kdk30dkDKe93kdd"),
    ("DO_TOKEN=dop_v1_" + "0123456789abcdef" * 4, "0123456789abcdef" * 4),
    ("db.example.com:5432:shop:app:PgP4ss_word", "PgP4ss_word"),
    ("machine api.heroku.com login me@x.com password H3rokuPw", "H3rokuPw"),
    ("htpasswd -nb admin s3cret99", "s3cret99"),
    ("htpasswd -c -b .htpasswd admin s3cret99", "s3cret99"),
    ("htpasswd -b -c .htpasswd admin s3cret99", "s3cret99"),
    ("redis-cli --pass R3dis99x ping", "R3dis99x"),
    ("mycli --db-password Db9xPw12", "Db9xPw12"),
    ("openssl pkcs12 -export -password pass:P12pw99", "P12pw99"),
    ("keytool -importkeystore -storepass Ks9pass1 -keypass Kp9pass2", "Ks9pass1"),
    ('machine api.heroku.com login me password "s3cret 99"', "s3cret 99"),
])
def test_secret_forms_a_hostile_review_found_are_redacted(text, secret):
    assert secret not in scrub(text).text


@pytest.mark.parametrize("text", [
    "docker login --password-stdin registry.example.com",
    "gh auth login --token $GITHUB_TOKEN",
    "SECRET_KEY = settings.DJANGO_SECRET_KEY",
    "the password is stored in vault",
    "password_hash = make_password_hash",
    "First pass: we check the inputs",
    "--token-file ~/.config/tok",
    "the password is correct.",
    "cache_key = user_profile_key",
    "Pass --token when the registry is private.",
    "The --passphrase option is ignored",
    "docker build --secret id=npmrc,src=$HOME/.npmrc .",
    "Each machine has password login turned off",
    "12:30:45:100:200",
    "password_field = password_input_2",
    "htpasswd -c .htpasswd admin",
])
def test_options_and_sentences_about_secrets_that_hold_none_are_kept(text):
    assert scrub(text).text == text
