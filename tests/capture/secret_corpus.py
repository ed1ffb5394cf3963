"""A secret corpus built from the providers' public token formats, generated at test time.

Nothing here is or was a credential: every value is random characters in the documented
shape (so nothing secret-shaped is committed as a literal). ``SECRETS`` lists, per family, the
secret value, how it usually appears (``snippet``) and the scrub rule that must catch it.
``CONTEXTS`` embeds a snippet the way it turns up in a session: in prose, in JSON, in YAML, in
shell history and in a stack trace. ``NEGATIVES`` must survive scrubbing untouched.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import string
import struct
import uuid
import zlib
from dataclasses import dataclass

ALNUM = string.ascii_letters + string.digits
UPPER32 = string.ascii_uppercase + "234567"
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"
URLSAFE = ALNUM + "-_"


def rand(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@dataclass(frozen=True)
class Secret:
    family: str
    value: str  # the part that must never survive
    snippet: str  # how it appears in text
    rule: str  # the rule expected to fire

    def fragments(self) -> list[str]:
        """Pieces of the secret that must not survive (each line of a multi-line key)."""
        parts = [line for line in self.value.splitlines() if len(line) >= 8
                 and not line.startswith("-----")]
        return parts or [self.value]


def build_secrets(seed: int = 7) -> list[Secret]:
    r = random.Random(seed)
    pw = "Tr0ub4dor&" + rand(r, ALNUM, 6)
    jwt = ".".join([b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode()),
                    b64url(json.dumps({"sub": "1234567890", "name": "Ada", "iat": 1516239022}).encode()),
                    b64url(r.randbytes(32))])
    pem_body = "\n".join(base64.b64encode(r.randbytes(48)).decode() for _ in range(6))
    ssh_body = "\n".join(base64.b64encode(r.randbytes(48)).decode() for _ in range(4))
    basic = base64.b64encode(f"deploy:{pw}".encode()).decode()
    s = []

    def add(family, value, snippet=None, rule=None):
        s.append(Secret(family, value, snippet or value, rule or family))

    add("aws-access-key", "AKIA" + rand(r, UPPER32, 16))
    add("aws-access-key", "ASIA" + rand(r, UPPER32, 16))
    aws_secret = rand(r, B64, 40)
    add("aws-secret-key", aws_secret, f"aws_secret_access_key = {aws_secret}")
    for prefix in ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"):
        add("github-token", prefix + rand(r, ALNUM, 36))
    add("github-token", "github_pat_" + rand(r, ALNUM, 22) + "_" + rand(r, ALNUM, 59))
    add("gitlab-token", "glpat-" + rand(r, URLSAFE, 20))
    add("slack-token", f"xoxb-{rand(r, string.digits, 11)}-{rand(r, string.digits, 13)}-"
        + rand(r, ALNUM, 24))
    add("slack-token", f"xoxp-{rand(r, string.digits, 11)}-{rand(r, string.digits, 12)}-"
        f"{rand(r, string.digits, 13)}-{rand(r, HEX, 32)}")
    add("slack-webhook", "hooks.slack.com/services/T" + rand(r, string.ascii_uppercase, 8)
        + "/B" + rand(r, string.ascii_uppercase, 8) + "/" + rand(r, ALNUM, 24),
        rule="slack-webhook")
    add("stripe-key", "sk_live_" + rand(r, ALNUM, 24))
    add("stripe-key", "rk_live_" + rand(r, ALNUM, 24))
    add("stripe-key", "sk_test_" + rand(r, ALNUM, 24))
    add("anthropic-key", "sk-ant-api03-" + rand(r, URLSAFE, 93) + "AA")
    add("openai-key", "sk-proj-" + rand(r, URLSAFE, 120))
    add("openai-key", "sk-" + rand(r, ALNUM, 20) + "T3BlbkFJ" + rand(r, ALNUM, 20))
    add("google-api-key", "AIza" + rand(r, URLSAFE, 35))
    add("npm-token", "npm_" + rand(r, ALNUM, 36))
    add("pypi-token", "pypi-AgEIcHlwaS5vcmc" + rand(r, URLSAFE, 70))
    add("huggingface-token", "hf_" + rand(r, ALNUM, 34))
    add("sendgrid-key", "SG." + rand(r, URLSAFE, 22) + "." + rand(r, URLSAFE, 43))
    add("twilio-key", "SK" + rand(r, HEX, 32))
    add("jwt", jwt)
    add("private-key", f"-----BEGIN RSA PRIVATE KEY-----\n{pem_body}\n-----END RSA PRIVATE KEY-----")
    add("private-key", f"-----BEGIN OPENSSH PRIVATE KEY-----\n{ssh_body}\n"
        "-----END OPENSSH PRIVATE KEY-----")
    add("uri-credentials", pw, f"postgresql://app:{pw}@db.internal:5432/app")
    bearer = rand(r, ALNUM, 40)
    add("authorization-header", bearer, f"Authorization: Bearer {bearer}")
    add("authorization-header", basic, f"Authorization: Basic {basic}")
    token = rand(r, ALNUM, 32)
    add("api-key-header", token, f"X-Api-Key: {token}")
    add("basic-auth-flag", pw + "x", f"curl -u deploy:{pw}x https://ci.internal/api")
    add("keyword-assignment", pw + "y", f"DB_PASSWORD={pw}y")
    key = rand(r, ALNUM, 20) + "9"
    add("keyword-assignment", key, f"api_key: {key}")
    secret = rand(r, ALNUM, 30) + "7"
    add("keyword-assignment", secret, f'client_secret = "{secret}"')

    # Passwords people actually choose: words with digits, unquoted; and the command lines and
    # connection strings they are typed into (issue 14).
    def word_pw():
        return r.choice(["Welcome", "BlueSky", "Summer", "Dragon", "Winter"]) + rand(
            r, string.digits, 2)

    for template in ("DB_PASSWORD={}", "password: {}", "PGPASSWORD={} psql -h db -U app",
                     "MYSQL_PWD={} mysql -u root app", "mysql -u root --password={} app"):
        value = word_pw()
        add("keyword-assignment", value, template.format(value))
    for template in ("mysql -p{} app", "mysql -u root -p{} app", "mysqldump -uroot -p{} app",
                     "sshpass -p {} ssh deploy@db", "sshpass -p'{}' scp dump.sql deploy@db:",
                     "docker login -u ada -p {} registry.example.com",
                     "docker login --password {} -u ada registry.example.com",
                     "podman login --password={} quay.io"):
        value = word_pw()
        add("password-flag", value, template.format(value))
    for template in ("redis://:{}@cache:6379/0", "amqp://guest:{}@rabbit:5672/",
                     "mongodb+srv://app:{}@cluster0.example.net/db"):
        value = word_pw()
        add("uri-credentials", value, template.format(value))
    account_key = base64.b64encode(r.randbytes(64)).decode()
    add("azure-key", account_key, "DefaultEndpointsProtocol=https;AccountName=billing;"
        f"AccountKey={account_key};EndpointSuffix=core.windows.net")
    bus_key = base64.b64encode(r.randbytes(32)).decode()
    add("azure-key", bus_key, "Endpoint=sb://billing.servicebus.windows.net/;"
        f"SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={bus_key}")
    dotted = ".".join(rand(r, ALNUM, n) for n in (12, 20, 24))
    add("authorization-header", dotted, f"Authorization: Bearer {dotted}")
    lower_dotted = ".".join(rand(r, string.ascii_lowercase, n) for n in (6, 9, 12))
    add("authorization-header", lower_dotted, f"Authorization: Bearer {lower_dotted}")

    # Token formats with fixed public prefixes (hostile review, defect 4).
    hook = f"{rand(r, string.digits, 19)}/{rand(r, URLSAFE, 68)}"
    add("discord-webhook", hook, f"https://discord.com/api/webhooks/{hook}")
    hook = f"{rand(r, string.digits, 18)}/{rand(r, URLSAFE, 68)}"
    add("discord-webhook", hook, f"https://discordapp.com/api/webhooks/{hook}")
    add("age-secret-key", "AGE-SECRET-KEY-1" + rand(r, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58))
    add("supabase-token", "sbp_" + rand(r, HEX, 40))
    add("postman-key", "PMAK-" + rand(r, HEX, 24) + "-" + rand(r, HEX, 34))
    add("rubygems-key", "rubygems_" + rand(r, HEX, 48))
    add("databricks-token", "dapi" + rand(r, HEX, 32))
    add("mailgun-key", "key-" + rand(r, HEX, 30) + "7a")
    add("sentry-token", "sntryu_" + rand(r, HEX, 64))
    add("sentry-token", "sntrys_" + b64url(json.dumps({"iat": 1735064623, "url":
        "https://sentry.io", "region_url": "https://us.sentry.io", "org": "acme"}).encode())
        + "_" + rand(r, URLSAFE, 43))
    add("planetscale-token", "pscale_pw_" + rand(r, URLSAFE, 43))
    add("planetscale-token", "pscale_tkn_" + rand(r, URLSAFE, 43))
    add("azure-client-secret", rand(r, ALNUM, 3) + "8Q~" + rand(r, URLSAFE + ".~", 34))
    vault = "hvs." + rand(r, ALNUM, 24)
    add("vault-token", vault, f"vault login {vault}")
    add("vault-token", "hvb." + rand(r, URLSAFE, 120))
    token = rand(r, HEX, 32)
    add("api-key-header", token, f"curl -H 'Ocp-Apim-Subscription-Key: {token}' "
        "https://api.example.com/orders")
    token = rand(r, HEX, 40)
    add("secret-argument", token, f"git config --global github.token {token}")
    return s


SECRETS = build_secrets()


def build_tool_output_secrets(seed: int = 9) -> list[Secret]:
    """Bare random tokens with no recognisable name or prefix: only the high-entropy rule (tool
    output only) catches them."""
    r = random.Random(seed)
    out = []
    for n in (32, 40, 64):
        value = rand(r, ALNUM, n - 4) + "7Qz9"
        out.append(Secret("high-entropy", value, f"generated session secret {value} (stored)",
                          "high-entropy"))
    return out


TOOL_OUTPUT_SECRETS = build_tool_output_secrets()


def contexts(secret: Secret) -> dict[str, str]:
    """The snippet as it shows up in sessions: prose, JSON, YAML, shell history, stack trace."""
    sn = secret.snippet
    return {
        "prose": f"I set it up with {sn} and restarted the service; it works now.",
        "json": json.dumps({"service": "billing", "config": {"value": sn, "retries": 3}},
                           indent=2),
        "yaml": f"service: billing\nenv:\n  - name: CONFIG\n    value: {sn}\nreplicas: 2\n",
        "shell": f": 1700000000:0;cd ~/src/billing\n: 1700000004:0;echo {sn} | deploy --stdin\n"
                 f": 1700000009:0;git status\n",
        "stack": (
            "Traceback (most recent call last):\n"
            '  File "/srv/app/main.py", line 12, in <module>\n'
            f"    client = connect({sn!r})\n"
            '  File "/srv/app/db.py", line 40, in connect\n'
            "    raise ConnectionError(f'cannot connect with {dsn}')\n"
            f"ConnectionError: cannot connect with {sn}\n"
        ),
    }


def _png_1x1() -> bytes:
    def chunk(tag: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + tag + data
                + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0)
    idat = zlib.compress(b"\x00\xff\x00\x00\xff")
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def build_negatives(seed: int = 11) -> dict[str, str]:
    r = random.Random(seed)
    png = base64.b64encode(_png_1x1()).decode()
    big_image = base64.b64encode(_png_1x1() + r.randbytes(3000)).decode()
    jpeg = base64.b64encode(b"\xff\xd8\xff\xe0" + r.randbytes(600)).decode()
    return {
        "git sha": "3f786850e387550fdab836ed7e6dc881de23001b",
        "git log": "commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nAuthor: Ada <ada@example.com>",
        "short sha": "merged in 9fceb02 and e83c516",
        "uuid": str(uuid.UUID(int=r.getrandbits(128), version=4)),
        "sha256": hashlib.sha256(b"rlat").hexdigest(),
        "docker digest": "image@sha256:" + hashlib.sha256(b"image").hexdigest(),
        "sha512": hashlib.sha512(b"rlat").hexdigest(),
        "png data uri": f"![chart](data:image/png;base64,{png})",
        "png base64": png,
        "large image base64": big_image,
        "jpeg base64": jpeg,
        "camel identifier": "AbstractSingletonProxyFactoryBean2Impl3",
        "snake identifier": "test_scrub_keeps_long_identifiers_intact_when_nothing_is_secret",
        "constant": "MAX_RETRY_BACKOFF_MILLISECONDS_FOR_UPSTREAM_REQUESTS = 30000",
        "java package": "com.example.platform.billing.ServiceImplementationFactoryProvider",
        "path": "/home/user/.cache/pip/wheels/ab/cd/ef0123456789abcdef0123456789abcdef01234",
        "url": "https://github.com/example-org/example-repo.git",
        "scp url": "git@github.com:example-org/example-repo.git",
        "local url": "http://localhost:8080/api/v1/items?page=2",
        "arn": "arn:aws:iam::123456789012:role/DeployRole",
        "prose password": "Reset your password from the settings page; the token expires in 1h.",
        "token count": "max_tokens: 4096\ntoken_count = 1234\ntokenizer: bert-base-uncased",
        "type annotation": "def login(user: str, password: str, token: Optional[str] = None):",
        "code reference": "password = getpass.getpass()\napi_key = os.environ['API_KEY']\n"
                          "token = self.session.token\nsecret = load_secret(name)",
        "env placeholder": "api_key: ${API_KEY}\npassword: <your-password>\n"
                           "DB_PASSWORD=changeme\ntoken: xxxxxxxxxxxx",
        "bearer prose": "Send a bearer token in the Authorization header.",
        "sk words": "pip install scikit-learn sk-learn-compatible-estimators",
        "version": "python 3.11.7, node v20.11.1, rlat 0.1.0",
        "hex color": "color: #1a2b3c; background: #ffffff;",
        "log line": "2026-03-01T10:00:00.123Z INFO request_id=req_01HZX8K3M9 took 12ms",
        # code and commands that name a password without holding one (issue 14)
        "password none": "def connect(host, password=None):\n    password: str = ''",
        "password from env": 'password = os.environ["DB_PASSWORD"]\n'
                             "DB_PASSWORD = os.environ.get('DB_PASSWORD')",
        "password optional": "password: Optional[str] = None\nDB_PASSWORD: SecretStr",
        "docker ports": "docker run -p 8080:8080 -p 5432:5432 -e POSTGRES_PASSWORD=$PW app",
        "mysql prompts": "mysql -u root -p app\nmysql -p\nmysql -u root -p -h db.internal",
        "ssh port": "ssh -p 2222 deploy@host && psql -p 5433 -h db",
        "password stdin": 'echo "$PW" | docker login -u ada --password-stdin registry',
        "sshpass env": 'sshpass -e ssh deploy@db\nsshpass -p "$SSHPASS" ssh deploy@db',
        "bearer scheme prose": "We use a bearer token-based-authentication scheme for the API.",
        "url without password": "redis://cache:6379/0 and https://ada@github.com/org/repo",
        "azure placeholder": "AccountKey=<storage-account-key>;EndpointSuffix=core.windows.net",
        "pwd": "cd $(pwd) && OLDPWD=/home/ada/src && pwd = os.getcwd()",
        # the prefixes of the token formats above, in prose and as words (defect 4)
        "token prefixes in prose": "Supabase tokens start with sbp_, Postman keys with PMAK-, "
                                   "Vault service tokens with hvs. and batch ones with hvb.; a "
                                   "key-value store keeps key-1234 under its key-value pair.",
        "dapi and webhooks": "The dapi endpoint is documented; see discord.com/api/webhooks/ "
                             "for the webhook API. Azure shows 8Q~ in new client secrets.",
    }


NEGATIVES = build_negatives()

# Documented example values (AWS's own docs). Policy: format rules fire on shape, so these are
# redacted like real keys; docs/capture.md says so.
AWS_DOC_EXAMPLES = ("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
