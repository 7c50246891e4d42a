"""A real Prefect server (Prefect 3's orchestration API: FastAPI, OpenAPI 3.1) for `ron drift`'s
live-server tests.

What `prefect server start` runs, in this process: the app of
`prefect.server.api.server.create_app()` under uvicorn, on a socket bound here to a free loopback
port. Everything it writes lives in a temporary directory (PREFECT_HOME and a SQLite database);
the UI, analytics and the background services that would change the data under the test
(scheduler, late runs, foreman, triggers, ...) are off. Only the event persister runs, so the
events that state changes emit are stored. Outbound HTTP is pointed at a dead proxy, so the
one route that fetches from the internet (/collections/views/{view}) behaves the same with or
without a network: `aggregate-worker-metadata` answers from the copy Prefect ships, the other
views answer 500.

At start Prefect creates its tables and registers its built-in block types and schemas; then
this seeds through the REST API: flows, a work pool with a second queue, a work queue of the
default pool, deployments with a schedule, flow runs (one from a deployment) with states, an
input and logs, task runs with states, block documents, variables, artifacts, v1 and v2
concurrency limits, a saved search and an automation that refers to a deployment. It prints one
line of JSON and serves until its standard input closes or SIGTERM comes, and removes its
temporary directory, so it never outlives the test that started it. How long each part of the
start took is printed on standard error (about 14 s on 2 CPUs: 4 s importing Prefect, 5 s of
database migrations, 1.5 s registering block types, 2 s seeding).

Ready line (one line on standard output):
  {"name": "prefect", "base": "http://127.0.0.1:PORT",
   "description": "http://127.0.0.1:PORT/api/openapi.json",   OpenAPI 3.1, the server's own
   "credentials": {},                                          it declares no security scheme
   "seeded": {...}}                                            the ids and names, by kind

The description's paths have no /api prefix: its `servers` is `[{"url": "/api"}]`, relative
to `base`. The server has no authentication (Prefect's optional PREFECT_SERVER_API_AUTH_STRING
basic auth is off, and the description would not declare it anyway).

Prefect pins many packages, so it has a virtual environment of its own; CI makes it with
  python3 -m venv /var/tmp/venv-prefect && /var/tmp/venv-prefect/bin/pip install prefect
and runs this file with /var/tmp/venv-prefect/bin/python. Without Prefect it prints
`missing:<error>` and exits with status 3.
"""

import contextlib
import json
import os
import shutil
import signal
import socket
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

started = time.monotonic()
workdir = tempfile.mkdtemp(prefix="ron-prefect-")


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

# Prefect reads its settings from the environment when it is imported.
QUIET_SERVICES = [
    "CANCELLATION_CLEANUP",
    "DB_VACUUM",
    "EVENT_LOGGER",
    "FOREMAN",
    "LATE_RUNS",
    "SCHEDULER",
    "PAUSE_EXPIRATIONS",
    "REPOSSESSOR",
    "CLEANUP_RECONCILER",
    "TASK_RUN_RECORDER",
    "TRIGGERS",
]
os.environ.update(
    {
        "PREFECT_HOME": os.path.join(workdir, "home"),
        "PREFECT_API_DATABASE_CONNECTION_URL": "sqlite+aiosqlite:///"
        + os.path.join(workdir, "prefect.db"),
        "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
        "PREFECT_UI_ENABLED": "false",
        "PREFECT_SERVER_UI_ENABLED": "false",
        "PREFECT_SERVER_LOGGING_LEVEL": "WARNING",
        "PREFECT_LOGGING_LEVEL": "WARNING",
        "PREFECT_SERVER_CSRF_PROTECTION_ENABLED": "false",
        # No outbound call: a proxy nobody listens on (port 9, discard), loopback excepted.
        "HTTP_PROXY": "http://127.0.0.1:9",
        "HTTPS_PROXY": "http://127.0.0.1:9",
        "NO_PROXY": "127.0.0.1,localhost",
        **{f"PREFECT_SERVER_SERVICES_{name}_ENABLED": "false" for name in QUIET_SERVICES},
    }
)
for variable in ("PREFECT_API_URL", "PREFECT_API_KEY", "PREFECT_PROFILE"):
    os.environ.pop(variable, None)

try:
    import uvicorn
    from prefect.server.api.server import create_app
except ImportError as error:
    print("missing:" + str(error), flush=True)
    shutil.rmtree(workdir, ignore_errors=True)
    os._exit(3)  # sys.exit would wait on the thread reading stdin

imported = time.monotonic()
listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(128)
port = listener.getsockname()[1]
base = f"http://127.0.0.1:{port}"
api = base + "/api"

app = create_app(final=True, ignore_cache=True)


class Server(uvicorn.Server):
    """uvicorn, without its signal handlers (a graceful shutdown of Prefect's services, then the
    signal again): SIGTERM ends the process at once, through `end`."""

    @contextlib.contextmanager
    def capture_signals(self):  # uvicorn >= 0.29
        yield

    def install_signal_handlers(self):  # older uvicorn
        pass


server = Server(
    uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False, timeout_keep_alive=30)
)
# Seeding calls the server directly, never through the proxy above.
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(method, path, body=None):
    """One request to the running server; returns the decoded JSON answer (raises on >= 400)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(api + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with opener.open(request, timeout=60) as answer:
            return json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        raise RuntimeError(f"{method} {path}: {error.code} {error.read()[:800]!r}") from None


def moment(minutes=0):
    return (datetime.now(timezone.utc) + timedelta(minutes=minutes)).isoformat()


def seed():
    ids = {}
    # Flows.
    etl = call("POST", "/flows/", {"name": "etl", "tags": ["ron"]})
    report = call("POST", "/flows/", {"name": "report"})
    ids["flows"] = {"etl": etl["id"], "report": report["id"]}

    # Work pools and queues: a process pool (it comes with a `default` queue) and a second queue;
    # a queue of the default agent pool, the one /work_queues/name/{name} reads.
    pool = call(
        "POST", "/work_pools/", {"name": "local", "type": "process", "description": "seeded"}
    )
    high = call("POST", "/work_pools/local/queues", {"name": "high", "priority": 1})
    legacy = call("POST", "/work_queues/", {"name": "legacy", "description": "default pool"})
    ids["workPools"] = {"local": pool["id"]}
    ids["workPoolQueues"] = {"local": ["default", "high"]}
    ids["workQueues"] = {"high": high["id"], "legacy": legacy["id"]}

    # Deployments, one with an interval schedule.
    nightly = call(
        "POST",
        "/deployments/",
        {
            "name": "nightly",
            "flow_id": etl["id"],
            "work_pool_name": "local",
            "work_queue_name": "high",
            "parameters": {"rows": 10},
            "tags": ["ron"],
            "schedules": [{"schedule": {"interval": 86400}, "active": True}],
            "paused": True,
        },
    )
    adhoc = call("POST", "/deployments/", {"name": "adhoc", "flow_id": report["id"]})
    schedules = call("GET", f"/deployments/{nightly['id']}/schedules")
    ids["deployments"] = {"etl/nightly": nightly["id"], "report/adhoc": adhoc["id"]}
    ids["deploymentSchedules"] = [schedule["id"] for schedule in schedules]

    # Flow runs: one from the deployment, one direct; states, an input, task runs, logs.
    run = call("POST", f"/deployments/{nightly['id']}/create_flow_run", {"name": "nightly-1"})
    direct = call("POST", "/flow_runs/", {"flow_id": report["id"], "name": "report-1"})
    for flow_run in (run, direct):
        for state in ("PENDING", "RUNNING"):
            call(
                "POST",
                f"/flow_runs/{flow_run['id']}/set_state",
                {"state": {"type": state}, "force": True},
            )
    call(
        "POST",
        f"/flow_runs/{run['id']}/input",
        {"key": "approval", "value": json.dumps({"ok": True})},
    )
    task_runs = {}
    for key in ("extract", "load"):
        task_run = call(
            "POST",
            "/task_runs/",
            {
                "flow_run_id": run["id"],
                "task_key": f"etl.{key}",
                "dynamic_key": "0",
                "name": f"{key}-0",
            },
        )
        for state in ("RUNNING", "COMPLETED"):
            call(
                "POST",
                f"/task_runs/{task_run['id']}/set_state",
                {"state": {"type": state}, "force": True},
            )
        task_runs[key] = task_run["id"]
    call(
        "POST",
        f"/flow_runs/{direct['id']}/set_state",
        {"state": {"type": "COMPLETED"}, "force": True},
    )
    flow_run_states = call("GET", f"/flow_run_states/?flow_run_id={run['id']}")
    task_run_states = call("GET", f"/task_run_states/?task_run_id={task_runs['extract']}")
    call(
        "POST",
        "/logs/",
        [
            {
                "name": "ron.seed",
                "level": level,
                "message": f"seeded log line {index}",
                "timestamp": moment(),
                "flow_run_id": run["id"],
                "task_run_id": task_runs["extract"] if index else None,
            }
            for index, level in enumerate((20, 30, 40))
        ],
    )
    ids["flowRuns"] = {"nightly-1": run["id"], "report-1": direct["id"]}
    ids["flowRunInputs"] = {run["id"]: ["approval"]}
    ids["taskRuns"] = task_runs
    ids["flowRunStates"] = [state["id"] for state in flow_run_states]
    ids["taskRunStates"] = [state["id"] for state in task_run_states]

    # Blocks: the built-in `secret` and `webhook` types are registered at start.
    documents = {}
    hook = {"method": "POST", "url": "https://hooks.example.invalid/ron", "headers": {"X-Ron": "1"}}
    for slug, name, data in (
        ("secret", "api-key", {"value": "s3cr3t"}),
        ("webhook", "notify", hook),
    ):
        block_type = call("GET", f"/block_types/slug/{slug}")
        schemas = call(
            "POST",
            "/block_schemas/filter",
            {"block_schemas": {"block_type_id": {"any_": [block_type["id"]]}}},
        )
        document = call(
            "POST",
            "/block_documents/",
            {
                "name": name,
                "block_type_id": block_type["id"],
                "block_schema_id": schemas[0]["id"],
                "data": data,
            },
        )
        documents[f"{slug}/{name}"] = document["id"]
        ids.setdefault("blockTypes", {})[slug] = block_type["id"]
        ids.setdefault("blockSchemas", {})[slug] = {
            "id": schemas[0]["id"],
            "checksum": schemas[0]["checksum"],
        }
    ids["blockDocuments"] = documents

    # Variables, artifacts, concurrency limits, a saved search.
    ids["variables"] = {
        name: call("POST", "/variables/", {"name": name, "value": value, "tags": ["ron"]})["id"]
        for name, value in (
            ("region", "eu-west"),
            ("retries", 3),
            ("limits", {"cpu": 2, "tags": ["a"]}),
        )
    }
    ids["artifacts"] = {}
    for index, kind in enumerate(("markdown", "table")):
        artifact = call(
            "POST",
            "/artifacts/",
            {
                "key": "daily-report",
                "type": kind,
                "data": "# Report" if kind == "markdown" else [{"rows": 10, "ok": True}],
                "description": f"version {index}",
                "flow_run_id": run["id"],
                "task_run_id": task_runs["load"],
            },
        )
        ids["artifacts"][f"daily-report/{index}"] = artifact["id"]
    ids["artifactKeys"] = ["daily-report"]
    limit = call("POST", "/concurrency_limits/", {"tag": "database", "concurrency_limit": 5})
    limit_v2 = call("POST", "/v2/concurrency_limits/", {"name": "gpu", "limit": 2, "active": True})
    ids["concurrencyLimits"] = {"database": limit["id"]}
    ids["concurrencyLimitsV2"] = {"gpu": limit_v2["id"]}
    search = call("PUT", "/saved_searches/", {"name": "failures", "filters": []})
    ids["savedSearches"] = {"failures": search["id"]}

    # An automation whose action runs a deployment: /automations/related-to/{resource_id}.
    automation = call(
        "POST",
        "/automations/",
        {
            "name": "rerun-on-failure",
            "description": "seeded",
            "enabled": False,
            "trigger": {
                "type": "event",
                "match": {"prefect.resource.id": "prefect.flow-run.*"},
                "expect": ["prefect.flow-run.Failed"],
                "posture": "Reactive",
                "threshold": 1,
                "within": 0,
            },
            "actions": [
                {"type": "run-deployment", "source": "selected", "deployment_id": nightly["id"]}
            ],
        },
    )
    ids["automations"] = {"rerun-on-failure": automation["id"]}
    ids["automationResources"] = [f"prefect.deployment.{nightly['id']}"]
    # The only view Prefect ships a copy of; the others answer 500 without the internet.
    ids["collectionViews"] = ["aggregate-worker-metadata"]
    return ids


def seed_then_announce():
    while not server.started:
        time.sleep(0.02)
    up = time.monotonic()
    try:
        seeded = seed()
    except Exception as error:  # noqa: BLE001 - the test shows standard error when start fails
        print(f"seeding failed: {error}", file=sys.stderr, flush=True)
        end()
    now = time.monotonic()
    print(
        f"prefect: import {imported - started:.2f}s, app up {up - imported:.2f}s, "
        f"seeded {now - up:.2f}s, total {now - started:.2f}s",
        file=sys.stderr,
        flush=True,
    )
    ready = {
        "name": "prefect",
        "base": base,
        "description": api + "/openapi.json",
        "credentials": {},
        "seeded": seeded,
    }
    print(json.dumps(ready), flush=True)


threading.Thread(target=seed_then_announce, daemon=True).start()
server.run(sockets=[listener])
end()
