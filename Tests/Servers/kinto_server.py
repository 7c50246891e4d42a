"""A real Kinto server (Mozilla's JSON storage service) for `ron drift`'s live-server tests.

Kinto is configured here, with no .ini file: the in-memory storage, cache and permission
backends, the accounts, history and default_bucket plugins and the permissions endpoint, so
that as many of its GET routes as possible answer with data. It is served by waitress (a Kinto
dependency) on a free loopback port, then seeded through its own HTTP API: an admin account
and a second account, buckets, collections, records, groups, history entries and permissions.
It prints one line of JSON and serves until its standard input closes or SIGTERM comes, and
removes its temporary directory (the version file /__version__ reads), so it never outlives the
test that started it.

Ready line (one line on standard output):
  {"name": "kinto", "base": "http://127.0.0.1:PORT",
   "description": "http://127.0.0.1:PORT/v1/__api__",       Swagger 2.0, Kinto's own
   "credentials": {"basicauth": "admin:<password>"},         the description's securityDefinitions
   "seeded": {...}}                                           the ids created, by kind

Authentication: `multiauth.policies = account basicauth`. The seeded user is a Kinto account
(`account:admin`, the administrator); Basic credentials that are not an account fall through
to the `basicauth` policy, which accepts any user:password (each pair is its own user). The
description names only one scheme, `basicauth` (type basic), and the credentials value is the
`user:password` pair to send with it.

Needs `python3 -m pip install kinto` (waitress comes with it); without it this prints
`missing:<error>` and exits with status 3.
"""

import base64
import json
import logging
import os
import secrets
import shutil
import signal
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

started = time.monotonic()
workdir = tempfile.mkdtemp(prefix="ron-kinto-")


def end(signum=None, frame=None):
    """Remove the temporary directory, then exit: with status 0 when standard input closed, by
    the signal itself on SIGTERM."""
    shutil.rmtree(workdir, ignore_errors=True)
    if signum is not None:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    os._exit(0)


signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
signal.signal(signal.SIGTERM, end)


def watch_stdin():
    sys.stdin.buffer.read()
    end()


threading.Thread(target=watch_stdin, daemon=True).start()

try:
    import kinto
    import waitress
except ImportError as error:
    print("missing:" + str(error), flush=True)
    shutil.rmtree(workdir, ignore_errors=True)
    os._exit(3)  # sys.exit would wait on the thread reading stdin

# What /__version__ reads (Kinto answers 500 without one): the Dockerflow version file.
VERSION_FILE = os.path.join(workdir, "version.json")
with open(VERSION_FILE, "w") as file:
    json.dump(
        {
            "source": "https://github.com/Kinto/kinto",
            "version": kinto.__version__,
            "commit": "",
            "build": "",
        },
        file,
    )

ADMIN_PASSWORD = secrets.token_urlsafe(12)
OTHER_PASSWORD = secrets.token_urlsafe(12)

SETTINGS = {
    "kinto.storage_backend": "kinto.core.storage.memory",
    "kinto.cache_backend": "kinto.core.cache.memory",
    "kinto.permission_backend": "kinto.core.permission.memory",
    "kinto.userid_hmac_secret": secrets.token_hex(32),
    "kinto.default_bucket_hmac_secret": secrets.token_hex(32),
    "kinto.includes": "kinto.plugins.accounts kinto.plugins.history kinto.plugins.default_bucket",
    # `account` must come first (the accounts plugin refuses the other order).
    "multiauth.policies": "account basicauth",
    "multiauth.policy.account.use": "kinto.plugins.accounts.AccountsPolicy",
    "kinto.account_create_principals": "system.Everyone",
    "kinto.account_write_principals": "account:admin",
    # A verified account password is cached this long; past it each request pays for bcrypt.
    "kinto.account_cache_ttl_seconds": "86400",
    "kinto.bucket_create_principals": "system.Authenticated",
    "kinto.experimental_permissions_endpoint": "true",
    "kinto.experimental_collection_schema_validation": "true",
    "kinto.version_json_path": VERSION_FILE,
}

logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
for noisy in ("kinto", "request.summary", "waitress"):
    logging.getLogger(noisy).setLevel(logging.ERROR)

application = kinto.main({}, **SETTINGS)
server = waitress.create_server(application, host="127.0.0.1", port=0, threads=8)
port = server.effective_port
base = f"http://127.0.0.1:{port}"
threading.Thread(target=server.run, daemon=True).start()


# Seeding calls the server directly, whatever proxy the environment names.
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(method, path, body=None, user=("admin", ADMIN_PASSWORD), etag=False):
    """One request to the running server; returns the decoded JSON answer, or with etag=True
    the ETag header's number (raises on a status >= 400)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + "/v1" + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if user:
        pair = f"{user[0]}:{user[1]}".encode()
        request.add_header("Authorization", "Basic " + base64.b64encode(pair).decode())
    try:
        with opener.open(request, timeout=30) as answer:
            if etag:
                return int(answer.headers["ETag"].strip('"'))
            return json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {path}: {error.code} {error.read()[:500]!r}") from None


def seed():
    seeded = {}
    # Accounts: anyone may create one (PUT /accounts/{id}); `admin` is the administrator.
    call("PUT", "/accounts/admin", {"data": {"password": ADMIN_PASSWORD}}, user=None)
    call("PUT", "/accounts/alice", {"data": {"password": OTHER_PASSWORD}}, user=None)
    seeded["accounts"] = ["admin", "alice"]

    buckets = {"blog": ["articles", "comments"], "shop": ["products"]}
    seeded["buckets"] = list(buckets)
    seeded["collections"] = {}
    seeded["records"] = {}
    seeded["groups"] = {}
    seeded["timestamps"] = {}
    for bucket, collections in buckets.items():
        call("PUT", f"/buckets/{bucket}", {"data": {"title": bucket.title()}})
        seeded["collections"][bucket] = collections
        for collection in collections:
            schema = {
                "type": "object",
                "properties": {"title": {"type": "string"}, "rank": {"type": "integer"}},
            }
            call(
                "PUT",
                f"/buckets/{bucket}/collections/{collection}",
                {"data": {"schema": schema, "title": collection}},
            )
            ids = []
            for rank in range(3):
                record = call(
                    "POST",
                    f"/buckets/{bucket}/collections/{collection}/records",
                    {"data": {"title": f"{collection} {rank}", "rank": rank}},
                )
                ids.append(record["data"]["id"])
            # One record with an id chosen here, and one deleted (a tombstone for ?_since=).
            call(
                "PUT",
                f"/buckets/{bucket}/collections/{collection}/records/first",
                {"data": {"title": "first", "rank": -1}},
            )
            call("DELETE", f"/buckets/{bucket}/collections/{collection}/records/{ids.pop()}")
            seeded["records"][f"{bucket}/{collection}"] = ["first", *ids]
            # The collection's timestamp: the `{timestamp}` of the history plugin's
            # /buckets/{bucket_id}/snapshot/collections/{collection_id}@{timestamp}.
            seeded["timestamps"][f"{bucket}/{collection}"] = call(
                "GET", f"/buckets/{bucket}/collections/{collection}/records", etag=True
            )
        call(
            "PUT",
            f"/buckets/{bucket}/groups/editors",
            {"data": {"members": ["account:admin", "account:alice"]}},
        )
        call("PUT", f"/buckets/{bucket}/groups/readers", {"data": {"members": ["account:alice"]}})
        seeded["groups"][bucket] = ["editors", "readers"]
    # Permissions given to another principal, so /permissions lists more than the owner's.
    call(
        "PATCH",
        "/buckets/blog/collections/articles",
        {"permissions": {"read": ["system.Everyone"], "write": ["account:alice"]}},
    )
    return seeded


try:
    seeded = seed()
except Exception as error:  # noqa: BLE001 - the test shows standard error when start fails
    print(f"seeding failed: {error}", file=sys.stderr, flush=True)
    shutil.rmtree(workdir, ignore_errors=True)
    os._exit(1)

print(f"kinto: started and seeded in {time.monotonic() - started:.2f}s", file=sys.stderr)
print(
    json.dumps(
        {
            "name": "kinto",
            "base": base,
            "description": base + "/v1/__api__",
            "credentials": {"basicauth": "admin:" + ADMIN_PASSWORD},
            "seeded": seeded,
        }
    ),
    flush=True,
)
threading.Event().wait()
